//! Checking a record: its moves replayed through the engine from its seed, each one
//! legal and told as recorded, and the final scores the same.

use super::{public_told, result_of, GameRecord, RecordError, RecordResult, RecordStatus};
use rules::DynGame;

/// Why a record does not replay to itself.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("{0}")]
    Record(#[from] RecordError),
    #[error(
        "This is the record of a running game: it holds no seed and no move texts, so it \
         replays only once the game is over."
    )]
    Running,
    #[error("The record's seed `{0}` is not a number.")]
    BadSeed(String),
    #[error("Move {n} has no text to replay.")]
    NoText { n: usize },
    #[error("Move {n} (`{text}` by seat {seat}) is not legal there: {why}")]
    Illegal {
        n: usize,
        seat: usize,
        text: String,
        why: String,
    },
    #[error("Move {n} was told otherwise: the record says {recorded:?}, the engine {replayed:?}.")]
    Told {
        n: usize,
        recorded: Vec<String>,
        replayed: Vec<String>,
    },
    #[error("The record says the game finished, but after its {0} moves it is still going.")]
    NotOver(usize),
    #[error("Seat {seat}'s final score is {recorded} in the record but {replayed} in the replay.")]
    Score {
        seat: usize,
        recorded: i64,
        replayed: i64,
    },
    #[error(
        "The record's final result (winners or a score's breakdown) differs from the replay's."
    )]
    Result,
}

/// A record that replays to itself.
#[derive(Debug, Clone, PartialEq)]
pub struct Verified {
    /// Moves replayed.
    pub moves: usize,
    /// The replay's final scores (a finished game).
    pub result: Option<RecordResult>,
}

/// One step of a replay: the state after `at` of the record's moves (0: the setup).
pub struct Step<'a> {
    pub at: usize,
    pub game: &'a dyn DynGame,
}

/// Replays `record`, checking it, and shows `each` the setup and the state after every
/// move. Stops at the first move that does not replay as recorded.
pub fn replay_steps(
    record: &GameRecord,
    each: &mut dyn FnMut(Step<'_>),
) -> Result<Verified, VerifyError> {
    if record.status == RecordStatus::Running {
        return Err(VerifyError::Running);
    }
    let seed = record.seed.as_deref().ok_or(VerifyError::Running)?;
    let seed: u64 = seed
        .parse()
        .map_err(|_| VerifyError::BadSeed(seed.to_string()))?;
    let kind = rules::catalog::find(&record.game)
        .ok_or_else(|| RecordError::UnknownGame(record.game.clone()))?;
    let mut game = (kind.new)(record.players.len(), &record.options, seed)
        .map_err(|e| RecordError::Setup(e.to_string()))?;
    let names = record.names();
    each(Step {
        at: 0,
        game: game.as_ref(),
    });
    for (i, m) in record.moves.iter().enumerate() {
        let text = m.text.as_deref().ok_or(VerifyError::NoText { n: m.n })?;
        let applied = game
            .apply_text(m.seat, text, &names)
            .map_err(|e| VerifyError::Illegal {
                n: m.n,
                seat: m.seat,
                text: text.to_string(),
                why: e.text,
            })?;
        let told = public_told(&applied.narrations, &names);
        if told.en != m.narration.en {
            return Err(VerifyError::Told {
                n: m.n,
                recorded: m.narration.en.clone(),
                replayed: told.en,
            });
        }
        each(Step {
            at: i + 1,
            game: game.as_ref(),
        });
    }
    let result = game.outcome().map(|o| result_of(&o, &names));
    if record.status == RecordStatus::Finished {
        let Some(replayed) = &result else {
            return Err(VerifyError::NotOver(record.moves.len()));
        };
        let recorded = record.result.as_ref().ok_or(VerifyError::Result)?;
        for (r, p) in recorded.scores.iter().zip(&replayed.scores) {
            if r.total != p.total || r.seat != p.seat {
                return Err(VerifyError::Score {
                    seat: r.seat,
                    recorded: r.total,
                    replayed: p.total,
                });
            }
        }
        if recorded != replayed {
            return Err(VerifyError::Result);
        }
    }
    Ok(Verified {
        moves: record.moves.len(),
        result,
    })
}

/// Replays `record` and checks every move is legal, told as recorded, and the final
/// scores match.
pub fn verify(record: &GameRecord) -> Result<Verified, VerifyError> {
    replay_steps(record, &mut |_| {})
}
