//! What a command produces: messages addressed to the channel, to one user, or to the
//! caller alone. Adapters (Discord, the local terminal) only transport these.

use rules::Seat;
use storage::UserId;

/// A game's position in its history: prompts carry it so a click on an old prompt can
/// be recognised as stale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StateVersion {
    pub game_id: u64,
    /// Number of actions taken so far.
    pub version: u64,
}

/// "It is your move": the awaited player. Their legal actions are private (see
/// `Table::legal_actions`), since a list of payments or bids can reveal a hand or money.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnPrompt {
    pub seat: Seat,
    pub user: UserId,
    pub name: String,
    pub state: StateVersion,
}

/// One outgoing message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// Public, in the channel. Built only from public views and public events.
    Channel {
        text: String,
        /// Users to ping (whoever is awaited next).
        mentions: Vec<UserId>,
        prompts: Vec<TurnPrompt>,
    },
    /// Private to one user (a DM): hands, money, secret draws.
    Private { user: UserId, text: String },
    /// A reply only the caller sees: refusals, on-demand views, help.
    Ephemeral { text: String },
}

impl Delivery {
    pub fn ephemeral(text: impl Into<String>) -> Delivery {
        Delivery::Ephemeral { text: text.into() }
    }

    pub fn channel(text: impl Into<String>) -> Delivery {
        Delivery::Channel {
            text: text.into(),
            mentions: vec![],
            prompts: vec![],
        }
    }

    /// The text, whatever the address.
    pub fn text(&self) -> &str {
        match self {
            Delivery::Channel { text, .. }
            | Delivery::Private { text, .. }
            | Delivery::Ephemeral { text } => text,
        }
    }
}
