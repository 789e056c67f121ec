//! Component custom ids. A prompt's buttons carry the channel, the game id, the state
//! version and the seat they were made for, so that a click can be routed without any
//! in-memory collector (prompts keep working after a restart) and so that a click on an
//! old prompt, or on an id that was tampered with, is recognised and refused.

use crate::panel::Target;
use table::{HistoryMove, StateVersion};

const PREFIX: &str = "cm1";
/// Discord's limit on a custom id.
pub const MAX_LEN: usize = 100;

/// What a component does when clicked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ComponentAction {
    /// Play the seat's `n`-th legal action (a button).
    Choice(usize),
    /// Play the legal action picked in a select menu (the index is the menu's value).
    Menu,
    /// Show the clicker's private hand.
    MyHand,
    /// Show the full board, privately (the turn message is short).
    Board,
    /// Show the board as plain text for a screen reader, privately.
    TextBoard,
    /// Open the clicker's private move panel (their legal actions, ephemeral).
    Moves,
    /// A component of the move panel tree: play a move, open a group, or (a menu) the
    /// target picked in it.
    Panel(Target),
    /// Approve the proposed timing change the id names (its game, and its number as the
    /// state's version).
    Approve,
    /// Refuse that proposed timing change.
    Refuse,
    /// A lobby button: take a seat (`/game join`).
    Join,
    /// A lobby button: seat a normal bot (`/game bot add`).
    AddBot,
    /// A lobby button: start the game (`/game start`).
    Start,
    /// Move through a replay (`/game history`): the id's game, and as its version the
    /// number of the step shown (from 0).
    History(HistoryMove),
}

/// The letters of the replay buttons' moves, after `v` in an id.
const HISTORY_MOVES: [(HistoryMove, char); 6] = [
    (HistoryMove::Stay, 's'),
    (HistoryMove::First, 'f'),
    (HistoryMove::Previous, 'p'),
    (HistoryMove::Next, 'n'),
    (HistoryMove::Last, 'l'),
    (HistoryMove::NextRound, 'r'),
];

/// A decoded custom id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComponentId {
    pub channel: u64,
    pub state: StateVersion,
    pub seat: usize,
    pub action: ComponentAction,
}

/// Why a custom id was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    #[error(
        "I do not recognise that button: it may be from an older version of the bot. \
         Use the latest turn message, or /game status."
    )]
    Foreign,
    #[error("That button is damaged; use the latest turn message or `/game status`.")]
    Malformed,
    #[error("That button belongs to another channel.")]
    WrongChannel,
}

impl IdError {
    /// The sentence the clicker reads, in `lang` (`Display` stays English, for logs).
    pub fn text(&self, lang: words::Lang) -> String {
        let key = match self {
            IdError::Foreign => "reply-button-foreign",
            IdError::Malformed => "reply-button-damaged",
            IdError::WrongChannel => "reply-button-other-channel",
        };
        words::text(lang, key, &[])
    }
}

impl ComponentId {
    pub fn encode(&self) -> String {
        let action = match &self.action {
            ComponentAction::Choice(n) => format!("c{n}"),
            ComponentAction::Menu => "m".into(),
            ComponentAction::MyHand => "h".into(),
            ComponentAction::Board => "b".into(),
            ComponentAction::TextBoard => "t".into(),
            ComponentAction::Moves => "y".into(),
            ComponentAction::Panel(target) => format!("p{}", target.encode()),
            ComponentAction::Approve => "sa".into(),
            ComponentAction::Refuse => "sr".into(),
            ComponentAction::Join => "lj".into(),
            ComponentAction::AddBot => "lb".into(),
            ComponentAction::Start => "ls".into(),
            ComponentAction::History(step) => {
                let letter = HISTORY_MOVES
                    .iter()
                    .find(|(m, _)| m == step)
                    .map_or('s', |(_, c)| *c);
                format!("v{letter}")
            }
        };
        format!(
            "{PREFIX}:{}:{}:{}:{}:{action}",
            self.channel, self.state.game_id, self.state.version, self.seat
        )
    }

    /// Parses an id and checks it was clicked in the channel it was made for.
    pub fn decode(id: &str, clicked_in: u64) -> Result<ComponentId, IdError> {
        // The action comes last and may hold ':' itself (a panel menu's target).
        let mut parts = id.splitn(6, ':');
        if parts.next() != Some(PREFIX) {
            return Err(IdError::Foreign);
        }
        let mut number = || {
            parts
                .next()
                .and_then(|p| p.parse::<u64>().ok())
                .ok_or(IdError::Malformed)
        };
        let channel = number()?;
        let game_id = number()?;
        let version = number()?;
        let seat = usize::try_from(number()?).map_err(|_| IdError::Malformed)?;
        let action = match parts.next() {
            Some("m") => ComponentAction::Menu,
            Some("h") => ComponentAction::MyHand,
            Some("b") => ComponentAction::Board,
            Some("t") => ComponentAction::TextBoard,
            Some("y") => ComponentAction::Moves,
            Some("sa") => ComponentAction::Approve,
            Some("sr") => ComponentAction::Refuse,
            Some("lj") => ComponentAction::Join,
            Some("lb") => ComponentAction::AddBot,
            Some("ls") => ComponentAction::Start,
            Some(c) if c.starts_with('c') => {
                ComponentAction::Choice(c[1..].parse().map_err(|_| IdError::Malformed)?)
            }
            Some(p) if p.starts_with('p') => {
                ComponentAction::Panel(Target::decode(&p[1..]).ok_or(IdError::Malformed)?)
            }
            Some(v) if v.len() == 2 && v.starts_with('v') => ComponentAction::History(
                HISTORY_MOVES
                    .iter()
                    .find(|(_, c)| v.ends_with(*c))
                    .map(|(m, _)| *m)
                    .ok_or(IdError::Malformed)?,
            ),
            _ => return Err(IdError::Malformed),
        };
        if id.len() > MAX_LEN {
            return Err(IdError::Malformed);
        }
        if channel != clicked_in {
            return Err(IdError::WrongChannel);
        }
        Ok(ComponentId {
            channel,
            state: StateVersion { game_id, version },
            seat,
            action,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(action: ComponentAction) -> ComponentId {
        ComponentId {
            channel: u64::MAX,
            state: StateVersion {
                game_id: u64::MAX,
                version: u64::MAX,
            },
            seat: 4,
            action,
        }
    }

    #[test]
    fn ids_round_trip_within_discord_limits() {
        for a in [
            ComponentAction::Choice(24),
            ComponentAction::Menu,
            ComponentAction::MyHand,
            ComponentAction::Board,
            ComponentAction::TextBoard,
            ComponentAction::Panel(Target::Leaf(829)),
            ComponentAction::Approve,
            ComponentAction::Refuse,
            ComponentAction::Join,
            ComponentAction::AddBot,
            ComponentAction::Start,
            ComponentAction::Panel(Target::Open(crate::panel::PanelPath(vec![12, 3, 24]))),
            ComponentAction::Panel(Target::Menu(crate::panel::PanelPath(vec![12, 3]), 3)),
            ComponentAction::History(HistoryMove::Stay),
            ComponentAction::History(HistoryMove::First),
            ComponentAction::History(HistoryMove::Previous),
            ComponentAction::History(HistoryMove::Next),
            ComponentAction::History(HistoryMove::Last),
            ComponentAction::History(HistoryMove::NextRound),
        ] {
            let s = id(a.clone()).encode();
            assert!(s.len() <= MAX_LEN, "{s}");
            assert_eq!(ComponentId::decode(&s, u64::MAX), Ok(id(a)));
        }
    }

    #[test]
    fn forged_and_foreign_ids_are_refused() {
        let good = id(ComponentAction::Choice(3)).encode();
        assert_eq!(ComponentId::decode(&good, 5), Err(IdError::WrongChannel));
        assert_eq!(ComponentId::decode("other:1:2:3", 1), Err(IdError::Foreign));
        for bad in [
            "cm1:1:2:3:0",
            "cm1:1:2:x:0:c1",
            "cm1:1:2:3:0:cx",
            "cm1:1:2:3:0:z",
            "cm1:1:2:3:0:c1:extra",
            "cm1:1:2:3:0:pz1",
            "cm1:1:2:3:0:pm1",
            "cm1:-1:2:3:0:c1",
            "cm1:1:2:3:0:vz",
            "cm1:1:2:3:0:vnn",
        ] {
            assert_eq!(
                ComponentId::decode(bad, 1),
                Err(IdError::Malformed),
                "{bad}"
            );
        }
    }
}
