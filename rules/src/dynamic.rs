//! Type-erased games for the table: actions travel as text (typed by players) and as
//! JSON (the stored log), views as rendered text. One [`GameKind`] per game id.

use crate::engine::{
    replay, Absent, Audience, Game, GameEvent, Outcome, ReplayError, Seat, SetupError,
};
use crate::phrase::{Phrase, Phrased, Say};
use crate::views::{PrivatePicture, PublicPicture};
use serde::{de::DeserializeOwned, Serialize};
use serde_json::{Map, Value};

/// First byte of a binary snapshot. 0xC1 never starts UTF-8 text, so it never starts a
/// JSON snapshot written by older builds (which still restore).
pub const SNAPSHOT_TAG: u8 = 0xC1;
/// Layout version of binary snapshots: tag, this byte, then the engine state in
/// postcard (compact, floats bit-exact). A higher version is refused, not misread.
pub const SNAPSHOT_VERSION: u8 = 1;

/// Encodes an engine state as a stored snapshot (tag, version, postcard body).
pub fn encode_snapshot<G: Serialize>(game: &G) -> Vec<u8> {
    // Serializing plain engine data cannot fail; an empty snapshot would be
    // quarantined on load rather than crash.
    postcard::to_extend(game, vec![SNAPSHOT_TAG, SNAPSHOT_VERSION]).unwrap_or_default()
}

/// Decodes a stored snapshot: binary, or JSON from older builds.
pub fn decode_snapshot<G: DeserializeOwned>(bytes: &[u8]) -> Result<G, String> {
    match bytes {
        [SNAPSHOT_TAG, version, body @ ..] => {
            if *version > SNAPSHOT_VERSION {
                return Err(format!(
                    "snapshot written by a newer version (layout {version}, this build reads {SNAPSHOT_VERSION})"
                ));
            }
            let (game, rest) = postcard::take_from_bytes(body).map_err(|e| e.to_string())?;
            if rest.is_empty() {
                Ok(game)
            } else {
                Err(format!("{} stray bytes after the snapshot", rest.len()))
            }
        }
        [SNAPSHOT_TAG] => Err("snapshot cut short".into()),
        json => serde_json::from_slice(json).map_err(|e| e.to_string()),
    }
}

/// For a field added at the END of an engine state after snapshots were stored: binary
/// (postcard) snapshots written before it simply stop where the field would start, so a
/// read that fails there gives the field's default instead of refusing the whole state.
/// JSON snapshots rely on `#[serde(default)]` beside this and are read strictly: a JSON
/// field that is present but wrong is an error. Use only on trailing fields.
pub(crate) fn default_if_absent<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de> + Default,
{
    if d.is_human_readable() {
        T::deserialize(d)
    } else {
        Ok(T::deserialize(d).unwrap_or_default())
    }
}

/// One narrated fact, already addressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Narration {
    pub audience: Audience,
    /// The English sentence (what the log keeps).
    pub text: String,
    /// The same as a phrase, for the reader's language, where the game has one.
    pub phrase: Option<Phrase>,
}

/// An accepted action, ready to be logged and narrated.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied {
    /// The action as stored in the log (serde JSON of the engine's action).
    pub action: Value,
    /// The canonical text of the action (`bid R4 G4 B4`).
    pub text: String,
    pub narrations: Vec<Narration>,
}

/// Why a typed command was refused, shown privately to the caller: the English sentence
/// (logs, tests) and the same as a [`Phrase`], which `words::phrase` puts into the
/// caller's language.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text}")]
pub struct Refusal {
    /// The English sentence (the error's `Display`).
    pub text: String,
    /// The sentence as a key and arguments, for the reader's language.
    pub phrase: Phrase,
}

impl Refusal {
    /// The refusal for an engine's error (parse or rule).
    pub fn of<E: std::fmt::Display + Phrased>(error: &E) -> Refusal {
        Refusal {
            text: error.to_string(),
            phrase: error.phrase(),
        }
    }

    /// A refusal whose sentence is `text` in every language: a logged action that does
    /// not read back (only a damaged record), which no player typed.
    fn unreadable(text: String) -> Refusal {
        Refusal {
            phrase: Phrase::new("parse-error").text("text", &text),
            text,
        }
    }
}

/// A running game whose type the caller does not know.
pub trait DynGame: Send + Sync {
    fn kind(&self) -> &'static GameKind;
    /// Parses and applies `text` for `seat`; on error nothing changed.
    fn apply_text(&mut self, seat: Seat, text: &str, names: &[String]) -> Result<Applied, Refusal>;
    /// Applies a logged action (replay and crash recovery).
    fn apply_logged(&mut self, seat: Seat, action: &Value) -> Result<(), Refusal>;
    /// Applies a logged action and tells what happened, as [`DynGame::apply_text`] does:
    /// a replay that shows the narration again, in another language.
    fn apply_logged_told(
        &mut self,
        seat: Seat,
        action: &Value,
        names: &[String],
    ) -> Result<Vec<Narration>, Refusal>;
    fn awaiting(&self) -> Vec<Seat>;
    /// Canonical texts of `seat`'s legal actions.
    fn legal_texts(&self, seat: Seat) -> Vec<String>;
    fn public_text(&self, names: &[String], say: &dyn Say) -> String;
    /// The first line of `public_text` (see `Game::render_headline`), without the cost
    /// of the whole board.
    fn public_headline(&self, names: &[String], say: &dyn Say) -> String;
    /// The canonical text of the move `seat` makes when absent (see `Game::absent_move`);
    /// `None` when it has no move, or no pass for `Absent::Pass`.
    fn absent_text(&self, seat: Seat, absent: Absent) -> Option<String>;
    fn private_text(&self, seat: Seat, names: &[String], say: &dyn Say) -> String;
    /// A passing fact of `seat`'s current decision, for its move panel (see
    /// `Game::render_decision_note`).
    fn decision_note(&self, seat: Seat, names: &[String], say: &dyn Say) -> Option<String>;
    /// The public view, for drawing the board (the renderer never sees the state).
    fn public_picture_view(&self) -> PublicPicture;
    /// `seat`'s private view, for drawing their secrets (hand, cash).
    fn private_picture_view(&self, seat: Seat) -> PrivatePicture;
    fn is_over(&self) -> bool;
    fn outcome(&self) -> Option<Outcome>;
    /// The full state, serialized (the stored snapshot).
    fn snapshot(&self) -> Vec<u8>;
    fn box_clone(&self) -> Box<dyn DynGame>;
    /// Whether `seat`'s logged `action`, which turned this state into `after`, may be
    /// taken back (see `Game::undoable`). False when `after` is another game or the
    /// action does not read.
    fn undoable(&self, seat: Seat, action: &Value, after: &dyn DynGame) -> bool;
    /// The engine state, for [`DynGame::undoable`] to compare two states of one game.
    fn as_any(&self) -> &dyn std::any::Any;
}

/// A running game of any kind.
pub type BoxedGame = Box<dyn DynGame>;

/// Replays `(seat, action JSON)` pairs from the player count, options and seed.
pub type ReplayFn = fn(usize, &Value, u64, &[(Seat, Value)]) -> Result<BoxedGame, ReplayError>;

/// A game id's entry points: set up, restore from a snapshot, replay a log.
pub struct GameKind {
    pub id: &'static str,
    pub title: &'static str,
    pub players: (usize, usize),
    pub rules_text: fn() -> &'static str,
    pub command_help: fn() -> &'static [crate::engine::CommandHelp],
    /// Sets up a game from JSON options (see [`options_from_text`]).
    pub new: fn(usize, &Value, u64) -> Result<BoxedGame, SetupError>,
    /// Restores a snapshot; `Err` carries the decoder's reason (the record is quarantined).
    pub restore: fn(&[u8]) -> Result<BoxedGame, String>,
    /// Replays `(seat, action JSON)` pairs from the seed and options.
    pub replay: ReplayFn,
    /// A snapshot as readable JSON (operator export, bug reports).
    pub snapshot_to_json: fn(&[u8]) -> Result<Value, String>,
    /// The stored snapshot of a state given as JSON (operator import).
    pub snapshot_from_json: fn(&Value) -> Result<Vec<u8>, String>,
}

impl std::fmt::Debug for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameKind").field("id", &self.id).finish()
    }
}

/// Wraps an engine for the table.
#[derive(Clone)]
pub struct Erased<G: Game> {
    pub game: G,
    kind: &'static GameKind,
}

impl<G: Game> Erased<G> {
    pub fn new(game: G, kind: &'static GameKind) -> Self {
        Erased { game, kind }
    }
}

fn parse_options<G: Game>(options: &Value) -> Result<G::Options, SetupError> {
    let value = match options {
        Value::Null => Value::Object(Map::new()),
        v => v.clone(),
    };
    serde_json::from_value(value).map_err(|e| SetupError::BadOption(e.to_string()))
}

/// The narration of `events`, each addressed, in English and as a phrase.
fn narrations<E: GameEvent>(events: &[E], names: &[String]) -> Vec<Narration> {
    events
        .iter()
        .map(|e| Narration {
            audience: e.audience(),
            text: e.narrate(names),
            phrase: e.phrased(),
        })
        .collect()
}

impl<G: Game> DynGame for Erased<G> {
    fn kind(&self) -> &'static GameKind {
        self.kind
    }

    fn apply_text(&mut self, seat: Seat, text: &str, names: &[String]) -> Result<Applied, Refusal> {
        let action = self
            .game
            .parse_action(seat, text)
            .map_err(|e| Refusal::of(&e))?;
        let events = self
            .game
            .apply(seat, &action)
            .map_err(|e| Refusal::of(&e))?;
        let json = serde_json::to_value(&action).map_err(|e| Refusal::unreadable(e.to_string()))?;
        Ok(Applied {
            action: json,
            text: action.to_string(),
            narrations: narrations(&events, names),
        })
    }

    fn apply_logged_told(
        &mut self,
        seat: Seat,
        action: &Value,
        names: &[String],
    ) -> Result<Vec<Narration>, Refusal> {
        let action: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| Refusal::unreadable(e.to_string()))?;
        let events = self
            .game
            .apply(seat, &action)
            .map_err(|e| Refusal::of(&e))?;
        Ok(narrations(&events, names))
    }

    fn apply_logged(&mut self, seat: Seat, action: &Value) -> Result<(), Refusal> {
        let action: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| Refusal::unreadable(e.to_string()))?;
        self.game
            .apply(seat, &action)
            .map(|_| ())
            .map_err(|e| Refusal::of(&e))
    }

    fn awaiting(&self) -> Vec<Seat> {
        self.game.awaiting()
    }

    fn legal_texts(&self, seat: Seat) -> Vec<String> {
        self.game
            .legal_actions(seat)
            .iter()
            .map(|a| a.to_string())
            .collect()
    }

    fn absent_text(&self, seat: Seat, absent: Absent) -> Option<String> {
        let legal = self.game.legal_actions(seat);
        let public = self.game.public_view();
        let private = self.game.private_view(seat);
        let index = G::absent_move(&public, &private, seat, &legal, absent)?;
        legal.get(index).map(|a| a.to_string())
    }

    fn public_text(&self, names: &[String], say: &dyn Say) -> String {
        G::render_public(&self.game.public_view(), names, say)
    }

    fn public_headline(&self, names: &[String], say: &dyn Say) -> String {
        G::render_headline(&self.game.public_view(), names, say)
    }

    fn private_text(&self, seat: Seat, names: &[String], say: &dyn Say) -> String {
        G::render_private(&self.game.private_view(seat), names, say)
    }

    fn decision_note(&self, seat: Seat, names: &[String], say: &dyn Say) -> Option<String> {
        G::render_decision_note(&self.game.private_view(seat), names, say)
    }

    fn public_picture_view(&self) -> PublicPicture {
        self.game.public_view().into()
    }

    fn private_picture_view(&self, seat: Seat) -> PrivatePicture {
        self.game.private_view(seat).into()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn snapshot(&self) -> Vec<u8> {
        encode_snapshot(&self.game)
    }

    fn box_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn undoable(&self, seat: Seat, action: &Value, after: &dyn DynGame) -> bool {
        let Some(after) = after.as_any().downcast_ref::<Erased<G>>() else {
            return false;
        };
        match serde_json::from_value::<G::Action>(action.clone()) {
            Ok(action) => G::undoable(&self.game, seat, &action, &after.game),
            Err(_) => false,
        }
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// The functions of a [`GameKind`] for engine `G`; `kind` must be the static entry
/// they are stored in (see [`crate::catalog`]).
pub trait Register: Game {
    fn kind() -> &'static GameKind;

    fn dyn_new(players: usize, options: &Value, seed: u64) -> Result<Box<dyn DynGame>, SetupError> {
        let options = parse_options::<Self>(options)?;
        SetupError::check_players::<Self>(players)?;
        let game = Self::new(players, &options, seed)?;
        Ok(Box::new(Erased::new(game, Self::kind())))
    }

    fn dyn_restore(bytes: &[u8]) -> Result<Box<dyn DynGame>, String> {
        let game: Self = decode_snapshot(bytes)?;
        Ok(Box::new(Erased::new(game, Self::kind())))
    }

    fn dyn_snapshot_to_json(bytes: &[u8]) -> Result<Value, String> {
        let game: Self = decode_snapshot(bytes)?;
        serde_json::to_value(&game).map_err(|e| e.to_string())
    }

    fn dyn_snapshot_from_json(json: &Value) -> Result<Vec<u8>, String> {
        let game: Self =
            <Self as serde::Deserialize>::deserialize(json).map_err(|e| e.to_string())?;
        Ok(encode_snapshot(&game))
    }

    fn dyn_replay(
        players: usize,
        options: &Value,
        seed: u64,
        log: &[(Seat, Value)],
    ) -> Result<Box<dyn DynGame>, ReplayError> {
        let options = parse_options::<Self>(options)?;
        let mut actions = Vec::with_capacity(log.len());
        for (index, (seat, json)) in log.iter().enumerate() {
            let action: Self::Action =
                serde_json::from_value(json.clone()).map_err(|e| ReplayError::Refused {
                    index,
                    action: json.to_string(),
                    reason: e.to_string(),
                })?;
            actions.push((*seat, action));
        }
        let game = replay::<Self>(players, &options, seed, &actions)?;
        Ok(Box::new(Erased::new(game, Self::kind())))
    }
}

/// Builds the [`GameKind`] entry for `G` (used by the `game_kind!` macro in the catalog).
pub const fn kind_of<G: Register>() -> GameKind {
    GameKind {
        id: G::ID,
        title: G::TITLE,
        players: G::PLAYERS,
        rules_text: G::rules_text,
        command_help: G::command_help,
        new: G::dyn_new,
        restore: G::dyn_restore,
        replay: G::dyn_replay,
        snapshot_to_json: G::dyn_snapshot_to_json,
        snapshot_from_json: G::dyn_snapshot_from_json,
    }
}

/// Turns `rounds=3 setup=custom` (or `rounds: 3, setup: custom`) into a JSON object for
/// the engine's options. Numbers and booleans are typed; anything else is a string.
pub fn options_from_text(text: &str) -> Result<Value, SetupError> {
    let mut map = Map::new();
    let normalized = text
        .replace([',', ';'], " ")
        .replace(": ", "=")
        .replace(':', "=");
    for pair in normalized.split_whitespace() {
        let (key, raw) = pair.split_once('=').ok_or_else(|| {
            SetupError::BadOption(format!(
                "`{pair}` is not an option; write options as key=value, e.g. rounds=3"
            ))
        })?;
        let value = if let Ok(n) = raw.parse::<i64>() {
            Value::from(n)
        } else if let Ok(b) = raw.parse::<bool>() {
            Value::from(b)
        } else {
            Value::from(raw.to_string())
        };
        map.insert(key.to_lowercase().replace('-', "_"), value);
    }
    Ok(Value::Object(map))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_text_becomes_typed_json() {
        let v = options_from_text("rounds=3, setup: custom strict=true").unwrap();
        assert_eq!(v["rounds"], Value::from(3));
        assert_eq!(v["setup"], Value::from("custom"));
        assert_eq!(v["strict"], Value::from(true));
        assert!(options_from_text("")
            .unwrap()
            .as_object()
            .unwrap()
            .is_empty());
        let err = options_from_text("rounds").unwrap_err();
        assert!(err.to_string().contains("key=value"), "{err}");
    }
}
