//! Slash-command arguments → table commands, and the small checks the adapter makes
//! before calling the table (pure functions, tested without Discord).

use crate::dispatch::SendError;
use table::{Command, SeatedUser};
use words::Lang;

/// The game choice list of `/game new` and `/game rules`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "Palazzo"]
    Palazzo,
    #[name = "Villa Paletti"]
    Villa,
    #[name = "The Estates"]
    Estates,
    #[name = "The Princes of Florence"]
    Princes,
}

impl GameChoice {
    pub fn all() -> [GameChoice; 4] {
        [
            GameChoice::Palazzo,
            GameChoice::Villa,
            GameChoice::Estates,
            GameChoice::Princes,
        ]
    }

    /// The engine id (`palazzo`), also the name of the game's slash-command group.
    pub fn id(self) -> &'static str {
        match self {
            GameChoice::Palazzo => "palazzo",
            GameChoice::Villa => "villa",
            GameChoice::Estates => "estates",
            GameChoice::Princes => "princes",
        }
    }
}

/// The choices of `/game settings on_timeout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum PolicyChoice {
    #[name = "auto: the bot plays their turn as well as it can"]
    Auto,
    #[name = "default: the game's fixed default move"]
    Fixed,
    #[name = "skip: pass where the rules allow"]
    Skip,
    #[name = "bot: a bot plays their seat until they are back"]
    Bot,
    #[name = "drop: the player leaves the game"]
    Drop,
    #[name = "the server's setting"]
    Server,
}

/// The choices of `/game settings undo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum OnOff {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// `/game notify` choices: how a player hears about their turn on this server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum NotifyChoice {
    #[name = "ping: a mention in the channel on your turn"]
    Ping,
    #[name = "dm: also a DM on your turn and for reminders"]
    Dm,
    #[name = "quiet: no mention, no DM, just your live hand"]
    Quiet,
}

/// `/game language` and `/game settings language:` choices. `Auto` is the person's
/// Discord language, or for a channel its server's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageChoice {
    #[name = "English"]
    English,
    #[name = "Español"]
    Spanish,
    #[name = "auto: your Discord language (for a channel: the server's)"]
    Auto,
}

impl LanguageChoice {
    /// The language chosen; `None` for `Auto`.
    pub fn lang(self) -> Option<Lang> {
        match self {
            LanguageChoice::English => Some(Lang::En),
            LanguageChoice::Spanish => Some(Lang::Es),
            LanguageChoice::Auto => None,
        }
    }
}

/// `/game notify [choice]`.
pub fn notify_command(choice: Option<NotifyChoice>) -> Command {
    Command::Notify(choice.map(|c| match c {
        NotifyChoice::Ping => table::Notify::Ping,
        NotifyChoice::Dm => table::Notify::Dm,
        NotifyChoice::Quiet => table::Notify::Quiet,
    }))
}

/// `/game settings …`: the values as typed; the table checks them.
pub fn settings_command(
    remind_after: Option<String>,
    repeat_every: Option<String>,
    timeout_after: Option<String>,
    on_timeout: Option<PolicyChoice>,
    undo: Option<OnOff>,
    hints: Option<OnOff>,
) -> Command {
    Command::Settings(table::SettingsChange {
        remind_after,
        remind_every: repeat_every,
        timeout_after,
        on_timeout: on_timeout.map(|p| {
            match p {
                PolicyChoice::Auto => "auto",
                PolicyChoice::Fixed => "default",
                PolicyChoice::Skip => "skip",
                PolicyChoice::Bot => "bot",
                PolicyChoice::Drop => "drop",
                PolicyChoice::Server => "server",
            }
            .to_string()
        }),
        undo: undo.map(|u| if u == OnOff::On { "on" } else { "off" }.to_string()),
        hints: hints.map(|u| if u == OnOff::On { "on" } else { "off" }.to_string()),
    })
}

/// The bot levels of `/game bot add` and `/game new … level:`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "easy: a quick look ahead"]
    Easy,
    #[name = "normal: a fair opponent"]
    Normal,
    #[name = "hard: thinks longest"]
    Hard,
}

impl LevelChoice {
    pub fn level(self) -> table::BotLevel {
        match self {
            LevelChoice::Easy => table::BotLevel::Easy,
            LevelChoice::Normal => table::BotLevel::Normal,
            LevelChoice::Hard => table::BotLevel::Hard,
        }
    }
}

/// `/game new game:<choice> options:<text> bots:<n> level:<choice> rated:<on|off>`: `n`
/// bots of that level (normal by default) are seated with the caller; `rated:off` makes
/// the table unrated.
pub fn new_command(
    game: GameChoice,
    options: Option<String>,
    bots: Option<u8>,
    level: Option<LevelChoice>,
    rated: Option<OnOff>,
) -> Command {
    let level = level.map_or(table::BotLevel::Normal, LevelChoice::level);
    Command::New {
        game: game.id().to_string(),
        options: options.unwrap_or_default(),
        seed: None,
        bots: vec![level; usize::from(bots.unwrap_or(0))],
        rated: rated.is_none_or(|r| r == OnOff::On),
    }
}

/// `/game rules [game] [topic]`.
pub fn rules_command(game: Option<GameChoice>, topic: Option<String>) -> Command {
    Command::Rules {
        game: game.map(|g| g.id().to_string()),
        topic: topic
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty()),
    }
}

/// Up to 25 legal moves matching what was typed: prefix matches first, then the moves
/// containing every typed word, in the engine's order. Labels stay under 100 characters.
pub fn autocomplete_choices(actions: &[String], partial: &str) -> Vec<String> {
    let typed = partial.trim().to_lowercase();
    let words: Vec<&str> = typed.split_whitespace().collect();
    let fits = |a: &&String| a.chars().count() <= 100;
    let prefix = actions
        .iter()
        .filter(fits)
        .filter(|a| a.to_lowercase().starts_with(&typed));
    let contains = actions.iter().filter(fits).filter(|a| {
        let l = a.to_lowercase();
        !l.starts_with(&typed) && words.iter().all(|w| l.contains(w))
    });
    prefix.chain(contains).take(25).cloned().collect()
}

/// A `/palazzo move` in a channel playing another game (or none) is refused with a
/// pointer to the right command, in the caller's language.
pub fn wrong_game(lang: Lang, group: &str, here: Option<&str>) -> Option<String> {
    match here {
        None => Some(words::text(lang, "no-game-here", &[])),
        Some(id) if id != group => Some(words::text(
            lang,
            "wrong-game",
            &[("game", crate::localize::command_name(lang, id).into())],
        )),
        _ => None,
    }
}

/// A prompt's choice buttons act for the seat they were made for; anyone else is told,
/// in their language.
pub fn prompt_owner_check(
    lang: Lang,
    seats: &[SeatedUser],
    seat: usize,
    clicker: u64,
) -> Option<String> {
    match seats.get(seat) {
        Some(s) if s.user == clicker => None,
        Some(s) if seats.iter().any(|x| x.user == clicker) => Some(words::text(
            lang,
            "prompt-not-yours",
            &[("name", table::escape_name(&s.name).into())],
        )),
        Some(_) => Some(words::text(lang, "prompt-not-seated", &[])),
        None => Some(words::text(lang, "prompt-stale", &[])),
    }
}

/// The private warning when the join-time test DM fails, in the caller's language.
pub fn dm_warning(lang: Lang, e: &SendError) -> String {
    match e {
        SendError::DmClosed => words::text(lang, "dm-test-closed", &[]),
        _ => words::text(lang, "dm-test-failed", &[]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use table::{Caller, Table};

    #[test]
    fn arguments_become_table_commands() {
        assert_eq!(
            new_command(
                GameChoice::Estates,
                Some("rounds=2".into()),
                None,
                None,
                None
            ),
            Command::New {
                game: "estates".into(),
                options: "rounds=2".into(),
                seed: None,
                bots: vec![],
                rated: true,
            }
        );
        assert_eq!(
            new_command(
                GameChoice::Palazzo,
                None,
                Some(2),
                Some(LevelChoice::Hard),
                Some(OnOff::Off)
            ),
            Command::New {
                game: "palazzo".into(),
                options: String::new(),
                seed: None,
                bots: vec![table::BotLevel::Hard; 2],
                rated: false,
            }
        );
        assert_eq!(
            rules_command(Some(GameChoice::Villa), Some("  ".into())),
            Command::Rules {
                game: Some("villa".into()),
                topic: None
            }
        );
        assert_eq!(
            rules_command(None, Some("scoring".into())),
            Command::Rules {
                game: None,
                topic: Some("scoring".into())
            }
        );
        for g in GameChoice::all() {
            assert!(
                rules::catalog::find(g.id())
                    .is_none_or(|k| k.title == poise::ChoiceParameter::name(&g)),
                "{g:?}"
            );
        }
    }

    #[test]
    fn autocomplete_comes_from_the_callers_legal_actions() {
        // A fixture state: a Countdown game where ana is awaited.
        let dir = tempfile::tempdir().unwrap();
        let table = Table::new(Arc::new(storage::SledStore::open(dir.path()).unwrap()));
        let ana = Caller::new(1, "ana");
        table.handle(5, &ana, Command::parse("new countdown seed=1"));
        table.handle(5, &Caller::new(2, "bruno"), Command::Join);
        table.handle(5, &ana, Command::Start);
        let legal = table.legal_actions(5, 1);
        assert_eq!(
            autocomplete_choices(&legal, ""),
            vec!["add 1", "add 2", "add 3"]
        );
        assert_eq!(autocomplete_choices(&legal, "ADD 2"), vec!["add 2"]);
        assert_eq!(autocomplete_choices(&legal, "3"), vec!["add 3"]);
        assert!(
            autocomplete_choices(&table.legal_actions(5, 2), "").is_empty(),
            "bruno is not awaited"
        );
        let many: Vec<String> = (0..60).map(|i| format!("build t{i} on A")).collect();
        let found = autocomplete_choices(&many, "on a");
        assert_eq!(found.len(), 25);
        let t5 = autocomplete_choices(&many, "t5 on");
        assert_eq!(t5.len(), 11, "t5 and t50..t59");
        assert_eq!(t5[0], "build t5 on A");
    }

    #[test]
    fn moves_go_to_the_right_game_and_prompts_to_their_owner() {
        assert_eq!(wrong_game(Lang::En, "palazzo", Some("palazzo")), None);
        assert!(wrong_game(Lang::En, "palazzo", Some("estates"))
            .unwrap()
            .contains("`/estates move`"));
        assert!(wrong_game(Lang::Es, "palazzo", Some("princes"))
            .unwrap()
            .contains("`/principes jugar`"));
        assert!(wrong_game(Lang::En, "villa", None)
            .unwrap()
            .contains("/game new"));
        let seats = vec![SeatedUser::person(1, "ana"), SeatedUser::person(2, "bruno")];
        assert_eq!(prompt_owner_check(Lang::En, &seats, 0, 1), None);
        assert!(prompt_owner_check(Lang::En, &seats, 0, 2)
            .unwrap()
            .contains("ana's"));
        assert!(prompt_owner_check(Lang::Es, &seats, 0, 2)
            .unwrap()
            .contains("son de ana"));
        assert!(prompt_owner_check(Lang::En, &seats, 0, 9)
            .unwrap()
            .contains("not seated"));
        assert!(prompt_owner_check(Lang::En, &seats, 5, 1).is_some());
        assert!(dm_warning(Lang::En, &SendError::DmClosed).contains("/game hand"));
        assert!(dm_warning(Lang::Es, &SendError::DmClosed).contains("/partida mano"));
    }
}
