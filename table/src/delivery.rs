//! What a command produces: messages addressed to the channel, to one user, or to the
//! caller alone. Adapters (Discord, the local terminal) only transport these.

use rules::Seat;
use serde::{Deserialize, Serialize};
use storage::UserId;
use words::Lang;

/// A game's position in its history: prompts carry it so a click on an old prompt can
/// be recognised as stale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StateVersion {
    pub game_id: u64,
    /// Number of actions taken so far (`Table::state_version`, never sent), or on a
    /// turn message's buttons the digest of the public position (see `public.rs`: a
    /// move nobody was told of does not change it), or (panels) a digest of the seat's
    /// legal actions: see [`StateVersion::for_seat`].
    pub version: u64,
}

impl StateVersion {
    /// A seat's panel version: the game and a digest of that seat's legal actions. A
    /// panel stays good while the seat's own options are the same, whatever others do
    /// meanwhile (players acting in one phase never spoil each other's panels).
    pub fn for_seat(game_id: u64, legal: &[String]) -> StateVersion {
        // FNV-1a over the texts (a separator between them), kept to 32 bits: short ids.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for text in legal {
            for byte in text.bytes().chain(std::iter::once(0xff)) {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        StateVersion {
            game_id,
            version: (hash ^ (hash >> 32)) & 0xffff_ffff,
        }
    }
}

/// The field of an outbox payload saying when the message was queued (Unix ms).
const QUEUED_FIELD: &str = "queued_ms";

/// The queue stamp of an outbox payload, read apart from the message itself.
#[derive(Deserialize)]
struct Stamp {
    #[serde(default)]
    queued_ms: Option<u64>,
}

/// [`Delivery`]'s shape, reading only the stamp.
#[derive(Deserialize)]
enum Stamped {
    Channel(Stamp),
    Private(Stamp),
    Ephemeral(Stamp),
    Hand(Stamp),
}

/// "It is your move": the awaited player. Their legal actions are private (see
/// `Table::legal_actions`), since a list of payments or bids can reveal a hand or money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnPrompt {
    pub seat: Seat,
    pub user: UserId,
    /// The player's name on one line, not escaped: for a button label or the terminal.
    /// Message text takes it through [`crate::escape_name`].
    pub name: String,
    pub state: StateVersion,
}

/// Which picture a message carries: the public board of a game at one version, or
/// (`seat`) that seat's private picture. Stored as this small reference and drawn when
/// the message is sent, from the views only (see [`crate::Table::picture`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PictureOf {
    pub game_id: u64,
    /// The game's version (actions taken) the picture shows.
    pub version: u64,
    /// `Some(seat)`: that seat's private picture (only ever sent to that player).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// The public board's digest at that version (0: none, a private picture): the
    /// board is still drawn after moves nobody was told of, which leave it unchanged, so
    /// whether a message has its picture tells nothing of them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub view: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A proposed timing change or undo awaiting the players' approval: a channel message
/// asking for it carries Approve and Refuse buttons naming it (see `Command::Vote`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Approval {
    pub game_id: u64,
    /// The proposal's number in its channel (a newer proposal replaces an older one).
    pub proposal: u64,
    /// An undo request (`/game undo`) rather than a timing change.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub undo: bool,
}

/// A lobby message's buttons: Join, Add a bot and Start for the table of this game (the
/// same as `/game join`, `/game bot add` and `/game start`). Only the newest lobby message
/// keeps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LobbyButtons {
    pub game_id: u64,
    /// The language of the buttons' labels: the channel's (rows stored by older builds
    /// read as English).
    #[serde(default, with = "lang_code", skip_serializing_if = "is_english")]
    pub lang: Lang,
}

impl LobbyButtons {
    /// The labels of the Join, Add a bot and Start buttons, in the lobby's language.
    pub fn labels(&self) -> [String; 3] {
        [
            "lobby-button-join",
            "lobby-button-add-bot",
            "lobby-button-start",
        ]
        .map(|key| words::text(self.lang, key, &[]))
    }
}

fn is_english(lang: &Lang) -> bool {
    *lang == Lang::En
}

/// A [`Lang`] stored as its code (`es`); an unknown code reads as English.
mod lang_code {
    use serde::{Deserialize, Deserializer, Serializer};
    use words::Lang;

    pub fn serialize<S: Serializer>(lang: &Lang, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(lang.code())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(d)?;
        Ok(Lang::parse(&code).unwrap_or_default())
    }
}

/// One outgoing message. Channel and private messages are stored in the outbox in the
/// same transaction as the change that produced them (`outbox` is their row id once
/// stored); the adapter sends them and reports back with [`crate::Table::delivered`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Delivery {
    /// Public, in the channel. Built only from public views and public events.
    Channel {
        text: String,
        /// Users to ping (whoever is awaited next).
        mentions: Vec<UserId>,
        prompts: Vec<TurnPrompt>,
        /// A short form for chat (what happened, one line of state, who is awaited); the
        /// full board stays on demand. `None`: `text` is short already.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<String>,
        /// The board picture to attach (the public view at the move's version).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        picture: Option<PictureOf>,
        /// Add a link to the channel's live turn message (reminders, nudges).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        link_turn: bool,
        /// Approve and Refuse buttons for this proposed timing change.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        approval: Option<Approval>,
        /// Join, Add a bot and Start buttons under a lobby message.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lobby: Option<LobbyButtons>,
        /// The outbox row holding this message (`None` until stored).
        #[serde(skip)]
        outbox: Option<u64>,
    },
    /// A new private message to one user (a DM): the end of a game, and the turn news a
    /// player chose to get by DM (`/game notify dm`). Hands go in [`Delivery::Hand`].
    Private {
        user: UserId,
        text: String,
        /// The engine id (`palazzo`) the DM is about, when the game may have ended by
        /// the time it is sent (its header names the game).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
        #[serde(skip)]
        outbox: Option<u64>,
    },
    /// A player's live hand: one DM per player and game, sent at the start and then
    /// edited in place (no new notification) whenever the seat's private view changes or
    /// private news arrives. Only the newest one waiting for a player needs sending.
    Hand {
        user: UserId,
        game_id: u64,
        /// The engine id (`palazzo`): the DM's header names the game.
        game: String,
        /// The seat's private view, exactly as `/game hand` shows it.
        text: String,
        /// Private news nobody else may read (a stash, the move the bot made for a player
        /// who ran out of time), shown under the hand as "Latest:" lines until the next
        /// change.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        news: Vec<String>,
        #[serde(skip)]
        outbox: Option<u64>,
    },
    /// A reply only the caller sees: refusals, on-demand views, help. Never stored.
    Ephemeral {
        text: String,
        /// A short form for chat when the picture is shown (the text is the full board).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        summary: Option<String>,
        /// A picture to attach: the board, or the caller's own private picture.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        picture: Option<PictureOf>,
    },
}

impl Delivery {
    pub fn ephemeral(text: impl Into<String>) -> Delivery {
        Delivery::Ephemeral {
            text: text.into(),
            summary: None,
            picture: None,
        }
    }

    pub fn channel(text: impl Into<String>) -> Delivery {
        Delivery::Channel {
            text: text.into(),
            mentions: vec![],
            prompts: vec![],
            summary: None,
            picture: None,
            link_turn: false,
            approval: None,
            lobby: None,
            outbox: None,
        }
    }

    /// A lobby message (seats changed) with the lobby's buttons for game `game_id`,
    /// labelled in `lang` (the channel's).
    pub fn lobby(text: impl Into<String>, game_id: u64, lang: Lang) -> Delivery {
        let mut message = Delivery::channel(text);
        if let Delivery::Channel { lobby, .. } = &mut message {
            *lobby = Some(LobbyButtons { game_id, lang });
        }
        message
    }

    /// A channel message pinging `mentions`, with a link to the live turn message.
    pub fn ping(text: impl Into<String>, mentions: Vec<UserId>) -> Delivery {
        Delivery::Channel {
            text: text.into(),
            mentions,
            prompts: vec![],
            summary: None,
            picture: None,
            link_turn: true,
            approval: None,
            lobby: None,
            outbox: None,
        }
    }

    /// A private message to `user`.
    pub fn private(user: UserId, text: impl Into<String>) -> Delivery {
        Delivery::Private {
            user,
            text: text.into(),
            game: None,
            outbox: None,
        }
    }

    /// The user a DM (a new one or the live hand) goes to.
    pub fn dm_user(&self) -> Option<UserId> {
        match self {
            Delivery::Private { user, .. } | Delivery::Hand { user, .. } => Some(*user),
            _ => None,
        }
    }

    /// The outbox row of a stored channel or private message.
    pub fn outbox(&self) -> Option<u64> {
        match self {
            Delivery::Channel { outbox, .. }
            | Delivery::Private { outbox, .. }
            | Delivery::Hand { outbox, .. } => *outbox,
            Delivery::Ephemeral { .. } => None,
        }
    }

    /// True for what goes through the outbox (everything but replies to the caller).
    pub fn is_outgoing(&self) -> bool {
        !matches!(self, Delivery::Ephemeral { .. })
    }

    fn set_outbox(&mut self, id: u64) {
        if let Delivery::Channel { outbox, .. }
        | Delivery::Private { outbox, .. }
        | Delivery::Hand { outbox, .. } = self
        {
            *outbox = Some(id);
        }
    }

    /// The outbox payload of a channel or private message, stamped with when it was
    /// queued (`queued_ms`, inside the message's own object: builds that do not know the
    /// field ignore it, so a rollback still reads the row).
    pub(crate) fn encode(&self, queued_ms: u64) -> Vec<u8> {
        // Plain strings and numbers: serializing cannot fail.
        let mut value = serde_json::to_value(self).unwrap_or_default();
        if let Some(fields) = value
            .as_object_mut()
            .and_then(|o| o.values_mut().next())
            .and_then(|v| v.as_object_mut())
        {
            fields.insert(QUEUED_FIELD.into(), queued_ms.into());
        }
        serde_json::to_vec(&value).unwrap_or_default()
    }

    /// Reads an outbox payload back, with its row id, and when it was queued (`None` for
    /// rows stored by builds that did not stamp them).
    pub(crate) fn decode(bytes: &[u8], id: u64) -> Result<(Delivery, Option<u64>), String> {
        let mut d: Delivery = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        d.set_outbox(id);
        let queued = serde_json::from_slice::<Stamped>(bytes)
            .ok()
            .and_then(|s| match s {
                Stamped::Channel(s)
                | Stamped::Private(s)
                | Stamped::Ephemeral(s)
                | Stamped::Hand(s) => s.queued_ms,
            });
        Ok((d, queued))
    }

    /// Records the outbox row ids, in order, on the outgoing deliveries of `list`.
    pub(crate) fn number(list: &mut [Delivery], ids: &[u64]) {
        for (d, id) in list.iter_mut().filter(|d| d.is_outgoing()).zip(ids) {
            d.set_outbox(*id);
        }
    }

    /// The text, whatever the address.
    pub fn text(&self) -> &str {
        match self {
            Delivery::Channel { text, .. }
            | Delivery::Private { text, .. }
            | Delivery::Hand { text, .. }
            | Delivery::Ephemeral { text, .. } => text,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_stamp_round_trips_and_older_readers_ignore_it() {
        let d = Delivery::ping("your move", vec![7]);
        let bytes = d.encode(1_700_000_000_000);
        let (back, queued) = Delivery::decode(&bytes, 42).unwrap();
        assert_eq!(queued, Some(1_700_000_000_000));
        assert_eq!(back.outbox(), Some(42));
        assert_eq!(back.text(), "your move");
        // A build that does not know the stamp reads the message all the same.
        let plain: Delivery = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(plain, d);
        // A row stored before stamps: read, with no queue time.
        let old = serde_json::to_vec(&Delivery::private(3, "hand")).unwrap();
        let (back, queued) = Delivery::decode(&old, 5).unwrap();
        assert_eq!((back.text(), queued), ("hand", None));
    }
}
