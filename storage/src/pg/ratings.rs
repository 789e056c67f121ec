//! Ratings in PostgreSQL (migration 6): a rated game's result and its people's new
//! ratings written in the archive's transaction, under one advisory lock that puts the
//! rated games of every process in one order (the order a rebuild replays).

use super::commit::{OutboxArrays, ADD_OUTBOX_SQL};
use super::sql::{execute, query};
use super::{big, db, unbig};
use crate::ratings::{self, Archived, Rated, RatedGame, RatingEntry, RatingRow};
use crate::{StoreError, UserId};
use deadpool_postgres::GenericClient;
use std::collections::HashMap;

/// The advisory lock a transaction writing ratings holds until it ends ("ratings!" in
/// ASCII, as a number).
const RATINGS_LOCK: i64 = 0x7261_7469_6e67_7321;

/// The columns of a rating, in [`row_of`]'s order.
pub(crate) const RATING_COLUMNS: &str = "mu, sigma, games, last_change, updated, name";

/// Waits for the ratings' lock, held until the transaction ends.
pub(crate) async fn lock<C: GenericClient>(c: &C) -> Result<(), StoreError> {
    query(c, "SELECT pg_advisory_xact_lock($1)", &[&RATINGS_LOCK]).await?;
    Ok(())
}

/// A rating from a row whose first columns are [`RATING_COLUMNS`].
pub(crate) fn row_of(r: &tokio_postgres::Row, at: usize) -> RatingRow {
    RatingRow {
        mu: r.get(at),
        sigma: r.get(at + 1),
        games: r.get::<_, i32>(at + 2) as u32,
        last_change: r.get(at + 3),
        updated: unbig(r.get(at + 4)),
        name: r.get(at + 5),
    }
}

/// Rates an archived game in the archive's transaction (the ratings' lock held): its
/// result stored after the others, its people's ratings read and rewritten, the
/// announcement added to the outbox.
pub(crate) async fn rate_in<C: GenericClient>(c: &C, rated: Rated) -> Result<Archived, StoreError> {
    let game = &rated.game;
    let inserted = execute(
        c,
        "INSERT INTO rated_games (game_id, result) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        &[&big(game.game_id), &to_json(game)?],
    )
    .await?;
    if inserted == 0 {
        return Ok(Archived::default());
    }
    let people: Vec<i64> = game
        .seats
        .iter()
        .filter_map(|s| match s.player {
            ratings::RatedPlayer::Person(user) => Some(big(user)),
            ratings::RatedPlayer::Anchor { .. } => None,
        })
        .collect();
    let mut known: HashMap<(String, UserId), RatingRow> = HashMap::new();
    for row in query(
        c,
        &format!(
            "SELECT ladder, user_id, {RATING_COLUMNS} FROM ratings \
             WHERE ladder = ANY($1) AND title = $2 AND user_id = ANY($3)"
        ),
        &[&game.ladders, &game.title, &people],
    )
    .await?
    {
        known.insert((row.get(0), unbig(row.get(1))), row_of(&row, 2));
    }
    let read = |ladder: &str, user| Ok(known.get(&(ladder.to_string(), user)).cloned());
    let changes = ratings::apply(game, rated.rate, read)?;
    for ch in &changes {
        upsert(c, &ch.ladder, &game.title, ch.user, &ch.after).await?;
    }
    let outbox = match (rated.announce)(&changes) {
        Some(row) => {
            let o = OutboxArrays::of(&[row]);
            let ids: Vec<i64> = query(c, ADD_OUTBOX_SQL, &o.params())
                .await?
                .first()
                .map_or_else(Vec::new, |r| r.get(0));
            ids.first().copied().map(unbig)
        }
        None => None,
    };
    Ok(Archived { changes, outbox })
}

/// Writes one rating (new or replacing the stored one).
pub(crate) async fn upsert<C: GenericClient>(
    c: &C,
    ladder: &str,
    title: &str,
    user: UserId,
    row: &RatingRow,
) -> Result<(), StoreError> {
    execute(
        c,
        &format!(
            "INSERT INTO ratings (ladder, title, user_id, {RATING_COLUMNS}) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (ladder, title, user_id) \
             DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma, games = EXCLUDED.games, \
             last_change = EXCLUDED.last_change, updated = EXCLUDED.updated, \
             name = EXCLUDED.name"
        ),
        &[
            &ladder,
            &title,
            &big(user),
            &row.mu,
            &row.sigma,
            &(row.games.min(i32::MAX as u32) as i32),
            &row.last_change,
            &big(row.updated),
            &row.name,
        ],
    )
    .await?;
    Ok(())
}

/// Every rated result, in the order they were rated.
pub(crate) async fn rated_games<C: GenericClient>(c: &C) -> Result<Vec<RatedGame>, StoreError> {
    query(c, "SELECT result FROM rated_games ORDER BY seq", &[])
        .await?
        .iter()
        .map(rated_of)
        .collect()
}

/// A rated result from a row whose first column is `result`.
pub(crate) fn rated_of(r: &tokio_postgres::Row) -> Result<RatedGame, StoreError> {
    serde_json::from_str(r.get::<_, &str>(0))
        .map_err(|e| StoreError::Backend(format!("unreadable rated result: {e}")))
}

/// Stores a rated result after the others (a copy's).
pub(crate) async fn insert_rated<C: GenericClient>(
    c: &C,
    game: &RatedGame,
) -> Result<(), StoreError> {
    execute(
        c,
        "INSERT INTO rated_games (game_id, result) VALUES ($1, $2)",
        &[&big(game.game_id), &to_json(game)?],
    )
    .await?;
    Ok(())
}

/// Replaces every rating with `rows` in one transaction, under the ratings' lock.
pub(crate) async fn replace(
    client: &mut deadpool_postgres::Client,
    rows: Vec<RatingEntry>,
) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(db)?;
    lock(&tx).await?;
    execute(&tx, "DELETE FROM ratings", &[]).await?;
    for r in &rows {
        upsert(&tx, &r.ladder, &r.title, r.user, &r.row).await?;
    }
    tx.commit().await.map_err(db)
}

fn to_json(game: &RatedGame) -> Result<String, StoreError> {
    serde_json::to_string(game).map_err(|e| StoreError::Encode(e.to_string()))
}
