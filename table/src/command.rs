//! What a user can ask of a table, parsed from a line of text (the local table) or built
//! by the Discord adapter from slash-command options.

use crate::timing::SettingsChange;
use crate::StateVersion;
use storage::UserId;

/// A table command. Anything that is not a table word is a game action (`Play`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Open a lobby for `game` with `key=value` options; `seed` fixes the shuffle (tests,
    /// local demos); otherwise it is random.
    New {
        game: String,
        options: String,
        seed: Option<u64>,
    },
    Join,
    Leave,
    Start,
    Abandon,
    /// The board and who is awaited (answered privately).
    Status,
    /// The caller's private view (hand, money…).
    Hand,
    /// Live scores, or the final result of the last game here.
    Scores,
    /// The last actions.
    Log,
    /// The rules digest, optionally of one game and one topic.
    Rules {
        game: Option<String>,
        topic: Option<String>,
    },
    Help,
    /// A game action, as typed (`bid R4 G4 B4`).
    Play(String),
    /// A click on a turn prompt: the caller's `index`-th legal action in the state `at`.
    /// Refused as stale when the game has moved on since the prompt was shown.
    Choose {
        index: usize,
        at: StateVersion,
    },
    /// Show (empty change) or change the table's timing: reminders and timeouts.
    Settings(SettingsChange),
    /// A seated player approves (or refuses) a proposed timing change: a click on the
    /// buttons of the channel message that asked for it.
    Vote {
        on: crate::Approval,
        approve: bool,
    },
    /// Ping the players the game waits for (a seated player; once an hour).
    Nudge,
    /// Take back the caller's last move (asking those who moved since).
    Undo,
    /// The normal bot's suggestion for the caller's decision (answered privately).
    Hint,
    /// The caller takes back their seat from the bot that played it while they were away
    /// (`bot` timeout policy).
    Resume,
    /// The caller's games on this server (or every server, from a DM).
    Mine,
    /// A player's record on this server (default: the caller), for one game or all.
    Stats {
        user: Option<(UserId, String)>,
        game: Option<String>,
    },
    /// The server's best players, for one game or all.
    Leaderboard {
        game: Option<String>,
    },
    /// Show (`None`) or change how the caller hears about their turn on this server.
    Notify(Option<crate::Notify>),
    /// A command that could not be read; the sentence says why (answered privately).
    Invalid(String),
}

/// Words the table keeps for itself; games must not start actions with them.
pub const TABLE_WORDS: &[&str] = &[
    "new",
    "join",
    "leave",
    "start",
    "abandon",
    "status",
    "hand",
    "scores",
    "log",
    "rules",
    "help",
    "settings",
    "nudge",
    "undo",
    "hint",
    "resume",
    "mine",
    "stats",
    "leaderboard",
    "notify",
];

impl Command {
    /// Reads a line: `new palazzo rounds=2`, `join`, `rules estates scoring`, or an action.
    pub fn parse(line: &str) -> Command {
        // The slash forms the texts use work too: `/game join`, `/palazzo move take money`.
        let line = line.trim();
        let line = match line.strip_prefix('/') {
            Some(slash) => {
                let (group, rest) = slash.split_once(' ').unwrap_or((slash, ""));
                let rest = rest.trim_start();
                if group == "game" {
                    rest
                } else {
                    rest.strip_prefix("move")
                        .map(str::trim_start)
                        .unwrap_or(rest)
                }
            }
            None => line,
        };
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or("").to_lowercase();
        let rest: Vec<&str> = words.collect();
        match first.as_str() {
            "new" => {
                let game = rest.first().map(|s| s.to_string()).unwrap_or_default();
                let mut seed = None;
                let mut options = Vec::new();
                for w in rest.iter().skip(1) {
                    match w.strip_prefix("seed=").map(str::parse::<u64>) {
                        Some(Ok(n)) => seed = Some(n),
                        _ => options.push(*w),
                    }
                }
                Command::New {
                    game,
                    options: options.join(" "),
                    seed,
                }
            }
            "join" => Command::Join,
            "leave" => Command::Leave,
            "start" => Command::Start,
            "abandon" => Command::Abandon,
            "status" | "board" => Command::Status,
            "hand" => Command::Hand,
            "scores" | "score" => Command::Scores,
            "log" => Command::Log,
            "rules" => {
                let mut game = None;
                let mut topic = Vec::new();
                for (i, w) in rest.iter().enumerate() {
                    if i == 0 && rules::catalog::find(w).is_some() {
                        game = Some(w.to_string());
                    } else {
                        topic.push(*w);
                    }
                }
                let topic = (!topic.is_empty()).then(|| topic.join(" "));
                Command::Rules { game, topic }
            }
            "help" | "?" => Command::Help,
            "settings" => match SettingsChange::parse(&rest) {
                Ok(change) => Command::Settings(change),
                Err(why) => Command::Invalid(why),
            },
            "nudge" => Command::Nudge,
            "undo" => Command::Undo,
            "hint" => Command::Hint,
            "resume" | "back" => Command::Resume,
            "mine" | "games" => Command::Mine,
            "stats" => Command::Stats {
                user: None,
                game: rest.first().map(|g| g.to_string()),
            },
            "leaderboard" | "top" => Command::Leaderboard {
                game: rest.first().map(|g| g.to_string()),
            },
            "notify" => match rest.first() {
                None => Command::Notify(None),
                Some(w) => match crate::Notify::parse(w) {
                    Some(n) => Command::Notify(Some(n)),
                    None => Command::Invalid(format!(
                        "“{}” is not a choice: use ping, dm or quiet.",
                        crate::escape_user_text(w, 40)
                    )),
                },
            },
            _ => Command::Play(line.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_table_words_and_leaves_actions_alone() {
        assert_eq!(
            Command::parse("new countdown fast=true seed=42"),
            Command::New {
                game: "countdown".into(),
                options: "fast=true".into(),
                seed: Some(42)
            }
        );
        assert_eq!(Command::parse("  JOIN "), Command::Join);
        assert_eq!(Command::parse("/game join"), Command::Join);
        assert_eq!(
            Command::parse("/palazzo move take money"),
            Command::parse("take money")
        );
        assert_eq!(
            Command::parse("rules"),
            Command::Rules {
                game: None,
                topic: None
            }
        );
        assert_eq!(
            Command::parse("rules auction bids"),
            Command::Rules {
                game: None,
                topic: Some("auction bids".into())
            }
        );
        assert_eq!(
            Command::parse("bid R4 G4 B4"),
            Command::Play("bid R4 G4 B4".into())
        );
        for w in TABLE_WORDS {
            assert!(!matches!(Command::parse(w), Command::Play(_)), "{w}");
        }
    }
}
