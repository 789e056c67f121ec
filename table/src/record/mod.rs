//! Game records: one versioned JSON document per game (`docs/records.md`, schema in
//! `docs/record.schema.json`) that anyone can keep, check and replay outside the bot.
//! Built from a game's metadata and action log by replaying it from the seed, so the
//! narration is the engine's own, in English and Spanish. A running game's record holds
//! only what its channel was told: no seed, no move text, no private fact.

mod export;
mod html;
mod verify;

pub use export::{archived_games, export_archive, ArchiveSource, ExportError, ExportReport};
pub use html::page;

pub use verify::{replay_steps, verify, Step, Verified, VerifyError};

use rules::dynamic::Narration;
use rules::engine::ScoreLine;
use rules::{Audience, DynGame, Outcome};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use storage::{LogEntry, Meta, Status};
use words::Lang;

/// What every record's `format` says.
pub const RECORD_FORMAT: &str = "capomaestro-record";
/// The layout this build writes; it reads this one and refuses a newer one.
pub const RECORD_VERSION: u32 = 1;

/// One game's record (see `docs/records.md`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// The layout, [`RECORD_VERSION`].
    pub version: u32,
    /// The engine id (`palazzo`).
    pub game: String,
    /// The game's title (`Palazzo`).
    pub title: String,
    /// The table options the game was set up with.
    pub options: Value,
    /// Seats in turn order.
    pub players: Vec<RecordPlayer>,
    /// The language a replay page speaks (`en`, `es`); the narration is in both.
    pub lang: String,
    /// `finished`, `abandoned` or `running`.
    pub status: RecordStatus,
    /// Unix seconds: when the game was set up, and of its last move.
    pub started: u64,
    pub updated: u64,
    /// The seed of the game's randomness, as a decimal string (a JavaScript number
    /// cannot hold every u64). Only once the game is over: it gives away every card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The final scores (a finished game only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<RecordResult>,
    /// The moves in effect (undone ones left out), in order.
    pub moves: Vec<RecordMove>,
    /// The state as set up, as the engine's JSON (hands dealt, the order of every pile):
    /// only once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Value>,
}

/// Where the recorded game is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RecordStatus {
    Finished,
    Abandoned,
    Running,
}

impl RecordStatus {
    /// Whether the game is over, so its hidden facts can be told.
    pub fn is_over(self) -> bool {
        self != RecordStatus::Running
    }
}

/// A seat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordPlayer {
    pub seat: usize,
    /// The player's name, or a pseudonym (`Player 2`) when asked for.
    pub name: String,
    /// A bot's level (`easy`, `normal`, `hard`); absent for a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
}

/// A text in each language a record carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Texts {
    pub en: String,
    pub es: String,
}

/// Sentences in each language.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Told {
    pub en: Vec<String>,
    pub es: Vec<String>,
}

/// One move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordMove {
    /// The move's number in the record, from 1.
    pub n: usize,
    pub seat: usize,
    /// Unix seconds.
    pub at: u64,
    /// The canonical text the engine reads back (`bid 12`); only once the game is over,
    /// since a move's text can name a secret card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// What everyone was told, sentence by sentence.
    pub narration: Told,
    /// What only one seat was told (a card drawn): only once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private: Option<Vec<PrivateLine>>,
}

/// A fact told to one seat only.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivateLine {
    pub seat: usize,
    pub en: String,
    pub es: String,
}

/// The final scores.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordResult {
    /// The winning seats (several on a shared win, none when nobody wins).
    pub winners: Vec<usize>,
    /// Why the game ended, when the game says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<Texts>,
    /// One per seat, in seat order.
    pub scores: Vec<RecordScore>,
}

/// A seat's final score and where it comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordScore {
    pub seat: usize,
    pub total: i64,
    pub breakdown: Vec<RecordLine>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiebreak: Option<RecordLine>,
}

/// One line of a score's breakdown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordLine {
    pub label: Texts,
    pub points: i64,
}

/// How a record is made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RecordOptions {
    /// People's names replaced by `Player N` (bots keep theirs).
    pub pseudonyms: bool,
    /// The record's language (what a replay page speaks).
    pub lang: Lang,
}

/// Why a record could not be made or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("There is no game called `{0}`.")]
    UnknownGame(String),
    #[error("The game could not be set up again: {0}")]
    Setup(String),
    #[error("Logged move {n} does not replay: {why}")]
    Move { n: usize, why: String },
    #[error("This is not a game record (its format is `{0}`).")]
    NotARecord(String),
    #[error("This record has layout {0}, newer than this build reads ({RECORD_VERSION}): update capomaestro.")]
    Newer(u32),
    #[error("The record does not read as JSON: {0}")]
    Json(String),
    #[error("A lobby has no game to record yet.")]
    Lobby,
}

/// The names a record gives the seats.
fn record_names(meta: &Meta, options: RecordOptions) -> Vec<String> {
    let mut people = 0;
    meta.seats
        .iter()
        .map(|s| {
            if options.pseudonyms && !s.is_bot() {
                people += 1;
                words::text(options.lang, "record-pseudonym", &[("n", people.into())])
            } else {
                s.name.clone()
            }
        })
        .collect()
}

/// A narration's sentence in `lang`: the engine's phrase, else its English.
fn said(lang: Lang, n: &Narration, names: &[String]) -> String {
    match &n.phrase {
        Some(p) => words::phrase(lang, p, names),
        None => n.text.clone(),
    }
}

/// What everyone was told of one move, in both languages.
pub(crate) fn public_told(narrations: &[Narration], names: &[String]) -> Told {
    let public: Vec<&Narration> = narrations
        .iter()
        .filter(|n| n.audience == Audience::Everyone)
        .collect();
    Told {
        en: public.iter().map(|n| said(Lang::En, n, names)).collect(),
        es: public.iter().map(|n| said(Lang::Es, n, names)).collect(),
    }
}

fn private_told(narrations: &[Narration], names: &[String]) -> Vec<PrivateLine> {
    narrations
        .iter()
        .filter_map(|n| match n.audience {
            Audience::Seat(seat) => Some(PrivateLine {
                seat,
                en: said(Lang::En, n, names),
                es: said(Lang::Es, n, names),
            }),
            Audience::Everyone => None,
        })
        .collect()
}

fn texts(line_en: &str, phrase: Option<&rules::Phrase>, names: &[String]) -> Texts {
    match phrase {
        Some(p) => Texts {
            en: words::phrase(Lang::En, p, names),
            es: words::phrase(Lang::Es, p, names),
        },
        None => Texts {
            en: line_en.to_string(),
            es: line_en.to_string(),
        },
    }
}

fn line(l: &ScoreLine, names: &[String]) -> RecordLine {
    RecordLine {
        label: texts(&l.label, l.phrase.as_ref(), names),
        points: l.points,
    }
}

/// The final scores of `outcome` as a record keeps them.
pub(crate) fn result_of(outcome: &Outcome, names: &[String]) -> RecordResult {
    RecordResult {
        winners: outcome.winners.clone(),
        note: outcome
            .note
            .as_ref()
            .map(|n| texts(n, outcome.note_phrase.as_ref(), names)),
        scores: outcome
            .results
            .iter()
            .map(|r| RecordScore {
                seat: r.seat,
                total: r.total,
                breakdown: r.breakdown.iter().map(|l| line(l, names)).collect(),
                tiebreak: r.tiebreak.as_ref().map(|l| line(l, names)),
            })
            .collect(),
    }
}

/// The record of the game `meta` describes, whose whole log is `log` (undos included),
/// replayed from the seed. A running game's record keeps only what its channel was told.
pub fn build(
    meta: &Meta,
    log: &[LogEntry],
    options: RecordOptions,
) -> Result<GameRecord, RecordError> {
    let status = match meta.status {
        Status::Lobby => return Err(RecordError::Lobby),
        Status::Running => RecordStatus::Running,
        Status::Finished => RecordStatus::Finished,
        Status::Abandoned => RecordStatus::Abandoned,
    };
    let over = status.is_over();
    let kind = rules::catalog::find(&meta.game)
        .ok_or_else(|| RecordError::UnknownGame(meta.game.clone()))?;
    let mut game: Box<dyn DynGame> = (kind.new)(meta.seats.len(), &meta.options, meta.seed)
        .map_err(|e| RecordError::Setup(e.to_string()))?;
    let setup = if over {
        Some((kind.snapshot_to_json)(&game.snapshot()).map_err(RecordError::Setup)?)
    } else {
        None
    };
    let names = record_names(meta, options);
    let upto = usize::try_from(meta.version)
        .unwrap_or(usize::MAX)
        .min(log.len());
    let mut moves = Vec::new();
    for (index, entry) in storage::effective_log(&log[..upto]) {
        let narrations = game
            .apply_logged_told(entry.seat, &entry.action, &names)
            .map_err(|e| RecordError::Move {
                n: index as usize + 1,
                why: e.text,
            })?;
        let narration = public_told(&narrations, &names);
        // A move nobody else was told of (an Estates stash) is no part of a running
        // game's record: even its place in the order would tell that it happened.
        if !over && narration.en.is_empty() {
            continue;
        }
        moves.push(RecordMove {
            n: moves.len() + 1,
            seat: entry.seat,
            at: entry.at,
            text: over.then(|| entry.text.clone()),
            narration,
            private: over.then(|| private_told(&narrations, &names)),
        });
    }
    let result = match status {
        RecordStatus::Finished => game.outcome().map(|o| result_of(&o, &names)),
        _ => None,
    };
    Ok(GameRecord {
        format: RECORD_FORMAT.to_string(),
        version: RECORD_VERSION,
        game: kind.id.to_string(),
        title: kind.title.to_string(),
        // A table set up without options stored none: the record says `{}`.
        options: match &meta.options {
            Value::Null => Value::Object(Default::default()),
            options => options.clone(),
        },
        players: meta
            .seats
            .iter()
            .zip(&names)
            .enumerate()
            .map(|(seat, (s, name))| RecordPlayer {
                seat,
                name: name.clone(),
                bot: s.bot.map(|b| b.name().to_string()),
            })
            .collect(),
        lang: options.lang.code().to_string(),
        status,
        started: meta.created,
        updated: meta.updated,
        seed: over.then(|| meta.seed.to_string()),
        result,
        moves,
        setup,
    })
}

impl GameRecord {
    /// The record as pretty JSON (a file of its own).
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The record as one line of JSON (a JSON Lines data set).
    pub fn to_json_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a record, refusing another format or a newer layout.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        let format = value
            .get("format")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if format != RECORD_FORMAT {
            return Err(RecordError::NotARecord(format.to_string()));
        }
        let version = value
            .get("version")
            .and_then(Value::as_u64)
            .unwrap_or_default();
        if version > u64::from(RECORD_VERSION) {
            return Err(RecordError::Newer(
                u32::try_from(version).unwrap_or(u32::MAX),
            ));
        }
        serde_json::from_value(value).map_err(|e| RecordError::Json(e.to_string()))
    }

    /// The record's language (English when it names none this build knows).
    pub fn language(&self) -> Lang {
        Lang::parse(&self.lang).unwrap_or(Lang::En)
    }

    /// The seats' names, in seat order.
    pub fn names(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }
}

#[cfg(test)]
mod tests;
