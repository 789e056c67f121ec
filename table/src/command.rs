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
        /// Whether the finished game changes ratings (`rated=off`: not).
        rated: bool,
    },
    Join,
    Leave,
    Start,
    Abandon,
    /// The board and who is awaited (answered privately).
    Status,
    /// The board as plain text for a screen reader (`hand`: the caller's own hand
    /// instead), answered privately.
    TextBoard {
        hand: bool,
    },
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
    /// A person's ratings on this server (default: the caller), at one title or all, on
    /// the server's ladder, the one across servers or the server's season.
    Rating {
        user: Option<(UserId, String)>,
        game: Option<String>,
        ladder: crate::LadderView,
    },
    /// The server's best players, for one game or all.
    Leaderboard {
        game: Option<String>,
    },
    /// Show (`None`) or change how the caller hears about their turn on this server.
    Notify(Option<crate::Notify>),
    /// A command that could not be read; why (answered privately, in the caller's
    /// language).
    Invalid(ParseRefusal),
}

/// Why a typed command could not be read (the word as typed, where one is named).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseRefusal {
    /// Not `easy`, `normal` or `hard`.
    BotLevel(String),
    /// Not a bot level or a number of normal bots (`new … bots=…`).
    BotLevelOrCount(String),
    /// More bots than a table seats.
    TooManyBots,
    /// Not `ping`, `dm` or `quiet`.
    NotifyChoice(String),
    /// A `/game settings` word that is not `key=value`.
    NotASetting(String),
    /// A `/game settings` key that does not exist.
    NoSuchSetting(String),
}

impl ParseRefusal {
    /// The sentence, in `lang`.
    pub fn text(&self, lang: words::Lang) -> String {
        let typed = |w: &str| crate::escape_user_text(w, crate::text::TYPED_CHARS);
        let (key, value) = match self {
            ParseRefusal::BotLevel(w) => ("table-parse-bot-level", typed(w)),
            ParseRefusal::BotLevelOrCount(w) => ("table-parse-bot-level-or-count", typed(w)),
            ParseRefusal::TooManyBots => ("table-parse-too-many-bots", String::new()),
            ParseRefusal::NotifyChoice(w) => ("table-parse-notify-choice", typed(w)),
            ParseRefusal::NotASetting(w) => ("table-parse-not-a-setting", typed(w)),
            ParseRefusal::NoSuchSetting(w) => ("table-parse-no-such-setting", typed(w)),
        };
        words::text(
            lang,
            key,
            &[("value", value.into()), ("most", MOST_BOTS.into())],
        )
    }
}

impl std::fmt::Display for ParseRefusal {
    /// The English sentence (the terminal and the config).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(words::Lang::En))
    }
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
    "rating",
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
                let mut rated = true;
                let mut options = Vec::new();
                for w in rest.iter().skip(1) {
                    match *w {
                        "rated=off" => {
                            rated = false;
                            continue;
                        }
                        "rated=on" => {
                            rated = true;
                            continue;
                        }
                        _ => {}
                    }
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
                    rated,
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
            "settings" => match SettingsChange::parse_words(&rest) {
                Ok(change) => Command::Settings(change),
                Err(why) => Command::Invalid(why),
            },
            "nudge" => Command::Nudge,
            "addbot" => match rest.first() {
                None => Command::AddBot(storage::BotLevel::Normal),
                Some(w) => match storage::BotLevel::parse(w) {
                    Some(level) => Command::AddBot(level),
                    None => Command::Invalid(ParseRefusal::BotLevel(w.to_string())),
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
            "rating" => {
                // `rating [title] [server|global|season]`, in either order.
                let ladder = rest.iter().find_map(|w| crate::LadderView::parse(w));
                Command::Rating {
                    user: None,
                    game: rest
                        .iter()
                        .find(|w| crate::LadderView::parse(w).is_none())
                        .map(|g| g.to_string()),
                    ladder: ladder.unwrap_or_default(),
                }
            }
            "leaderboard" | "top" => Command::Leaderboard {
                game: rest.first().map(|g| g.to_string()),
            },
            "notify" => match rest.first() {
                None => Command::Notify(None),
                Some(w) => match crate::Notify::parse(w) {
                    Some(n) => Command::Notify(Some(n)),
                    None => Command::Invalid(ParseRefusal::NotifyChoice(w.to_string())),
                },
            },
            _ => Command::Play(line.to_string()),
        }
    }
}

/// Most bots a table can seat (the largest game seats five).
const MOST_BOTS: usize = 5;

/// Reads the bots of `new … bots=…`: a count of normal bots (`2`) or a list of levels
/// (`normal,hard`). `Err` says why not.
pub fn parse_bots(text: &str) -> Result<Vec<storage::BotLevel>, ParseRefusal> {
    let text = text.trim();
    if let Ok(n) = text.parse::<usize>() {
        if n > MOST_BOTS {
            return Err(ParseRefusal::TooManyBots);
        }
        return Ok(vec![storage::BotLevel::Normal; n]);
    }
    let levels: Vec<storage::BotLevel> = text
        .split(',')
        .map(|w| {
            storage::BotLevel::parse(w).ok_or_else(|| ParseRefusal::BotLevelOrCount(w.to_string()))
        })
        .collect::<Result<_, _>>()?;
    if levels.len() > MOST_BOTS {
        return Err(ParseRefusal::TooManyBots);
    }
    Ok(levels)
}

impl SettingsChange {
    /// [`SettingsChange::parse`], refusing with a [`ParseRefusal`] (said
    /// in the reader's language).
    pub fn parse_words(words: &[&str]) -> Result<SettingsChange, ParseRefusal> {
        let mut change = SettingsChange::default();
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| ParseRefusal::NotASetting(word.to_string()))?;
            let slot = match key.to_lowercase().replace('-', "_").as_str() {
                "remind" | "remind_after" => &mut change.remind_after,
                "every" | "repeat" | "remind_every" | "repeat_every" => &mut change.remind_every,
                "timeout" | "timeout_after" | "time_out_after" => &mut change.timeout_after,
                "policy" | "on_timeout" => &mut change.on_timeout,
                "undo" => &mut change.undo,
                "hints" | "hint" => &mut change.hints,
                other => return Err(ParseRefusal::NoSuchSetting(other.to_string())),
            };
            *slot = Some(value.to_string());
        }
        Ok(change)
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
                seed: Some(42),
                bots: vec![],
                rated: true,
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
                rated: true,
            }
        );
        assert_eq!(
            Command::parse("new palazzo rated=off"),
            Command::New {
                game: "palazzo".into(),
                options: String::new(),
                seed: None,
                bots: vec![],
                rated: false,
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
