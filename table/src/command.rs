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
        /// Bots to seat at once, by level (`bots=2`: two normal bots). With enough seats
        /// the game then starts at once.
        bots: Vec<storage::BotLevel>,
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
    /// The host seats a bot at this level in the lobby.
    AddBot(storage::BotLevel),
    /// The host takes a bot's seat away in the lobby: the one whose name holds this word,
    /// or the last one seated.
    RemoveBot(Option<String>),
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
    "addbot",
    "removebot",
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
                let mut bots = Vec::new();
                let mut options = Vec::new();
                for w in rest.iter().skip(1) {
                    if let Some(list) = w.strip_prefix("bots=") {
                        match parse_bots(list) {
                            Ok(levels) => bots = levels,
                            Err(why) => return Command::Invalid(why),
                        }
                        continue;
                    }
                    match w.strip_prefix("seed=").map(str::parse::<u64>) {
                        Some(Ok(n)) => seed = Some(n),
                        _ => options.push(*w),
                    }
                }
                Command::New {
                    game,
                    options: options.join(" "),
                    seed,
                    bots,
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
            "addbot" => match rest.first() {
                None => Command::AddBot(storage::BotLevel::Normal),
                Some(w) => match storage::BotLevel::parse(w) {
                    Some(level) => Command::AddBot(level),
                    None => Command::Invalid(format!(
                        "“{}” is not a bot level: use easy, normal or hard.",
                        crate::escape_user_text(w, 40)
                    )),
                },
            },
            "removebot" => Command::RemoveBot((!rest.is_empty()).then(|| rest.join(" "))),
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

/// Most bots a table can seat (the largest game seats five).
const MOST_BOTS: usize = 5;

/// Reads the bots of `new … bots=…`: a count of normal bots (`2`) or a list of levels
/// (`normal,hard`). `Err` is the sentence saying why not.
pub fn parse_bots(text: &str) -> Result<Vec<storage::BotLevel>, String> {
    let text = text.trim();
    if let Ok(n) = text.parse::<usize>() {
        if n > MOST_BOTS {
            return Err(format!("A table seats at most {MOST_BOTS} bots."));
        }
        return Ok(vec![storage::BotLevel::Normal; n]);
    }
    let levels: Vec<storage::BotLevel> = text
        .split(',')
        .map(|w| {
            storage::BotLevel::parse(w).ok_or_else(|| {
                format!(
                    "“{}” is not a bot level: use easy, normal or hard (or a number of normal bots).",
                    crate::escape_user_text(w, 40)
                )
            })
        })
        .collect::<Result<_, _>>()?;
    if levels.len() > MOST_BOTS {
        return Err(format!("A table seats at most {MOST_BOTS} bots."));
    }
    Ok(levels)
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
                seed: Some(42),
                bots: vec![],
            }
        );
        use storage::BotLevel::{Hard, Normal};
        assert_eq!(
            Command::parse("new palazzo bots=2"),
            Command::New {
                game: "palazzo".into(),
                options: String::new(),
                seed: None,
                bots: vec![Normal, Normal],
            }
        );
        assert_eq!(parse_bots("normal,HARD"), Ok(vec![Normal, Hard]));
        assert!(parse_bots("9").is_err());
        assert!(matches!(
            Command::parse("new palazzo bots=smart"),
            Command::Invalid(_)
        ));
        assert_eq!(Command::parse("addbot hard"), Command::AddBot(Hard));
        assert_eq!(Command::parse("addbot"), Command::AddBot(Normal));
        assert_eq!(
            Command::parse("removebot lorenzo"),
            Command::RemoveBot(Some("lorenzo".into()))
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
