//! The local terminal table: plays a whole game through `table`, printing channel
//! messages, each player's private messages (labelled) and who is awaited. `--lang es`
//! makes it speak Spanish: its own lines from `locales/<lang>/local.ftl`, and the table's
//! through the channel's and every player's language, set to the same.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::{mpsc, Arc};
use std::time::Duration;
use storage::SledStore;
use table::{Caller, Command, Delivery, FastClock, Table, TableOptions, TurnPrompt};
use words::Lang;

/// The channel id the local table plays in.
pub const LOCAL_CHANNEL: u64 = 1;
/// Choices listed per prompt before "… and N more".
const SHOWN_CHOICES: usize = 20;
/// A random game that has not ended after this many actions is reported as stuck.
const AUTO_LIMIT: usize = 200_000;

/// How the local table runs.
#[derive(Debug, Clone)]
pub struct LocalOptions {
    pub game: String,
    pub players: Vec<String>,
    pub seed: Option<u64>,
    /// `key=value` game options.
    pub options: Vec<String>,
    pub auto: bool,
    pub script: Option<PathBuf>,
    pub resume: bool,
    /// Print only the final result (with `--auto`).
    pub quiet: bool,
    /// Write the public picture after every move to `DIR/<turn>.png`.
    pub pictures: Option<PathBuf>,
    pub data_dir: PathBuf,
    /// The table's timing, `key=value` as `/game settings` takes it (`remind=1h`).
    pub settings: Vec<String>,
    /// The table's clock runs this many times faster than real time (timers in seconds).
    pub accelerate: Option<f64>,
    /// Every table's timing defaults (config `[timers]`).
    pub timers: table::Defaults,
    /// Bot seats after the players, by level (`--bots normal,hard`).
    pub bots: Vec<table::BotLevel>,
    /// The language the table speaks (`--lang es`).
    pub lang: Lang,
    /// Moves played as soon as the game starts, (seat, text): a record's first moves
    /// (`--from FILE --at N`).
    pub moves: Vec<(usize, String)>,
}

/// `--lang`'s value as a language, or the sentence refusing it (naming the languages
/// spoken).
pub fn parse_lang(code: &str) -> Result<Lang, String> {
    Lang::parse(code)
        .filter(|l| l.code().eq_ignore_ascii_case(code.trim()))
        .ok_or_else(|| {
            let known: Vec<&str> = Lang::ALL.iter().map(|l| l.code()).collect();
            words::text(
                Lang::En,
                "local-unknown-language",
                &[
                    ("code", code.to_string().into()),
                    ("languages", known.join(", ").into()),
                ],
            )
        })
}

struct Session<'a> {
    table: Table,
    clock: Arc<FastClock>,
    out: &'a mut dyn Write,
    quiet: bool,
    last_channel: String,
    pictures: Option<Pictures>,
    /// What the terminal's own lines are written in.
    lang: Lang,
}

/// `--pictures DIR`: the board picture each channel message carries — drawn by the table
/// from the public view, as Discord shows it — written as `DIR/<turn>.png`.
struct Pictures {
    dir: PathBuf,
    /// The last picture written (a status message repeats the board; draw it once).
    written: Option<table::PictureOf>,
}

impl Pictures {
    /// Writes the picture `of` if it is new; returns the file written.
    fn write(
        &mut self,
        table: &Table,
        of: table::PictureOf,
        lang: Lang,
    ) -> Result<Option<PathBuf>, String> {
        if self.written == Some(of) {
            return Ok(None);
        }
        self.written = Some(of);
        let Some(png) = table.picture(LOCAL_CHANNEL, of) else {
            return Ok(None);
        };
        let path = self.dir.join(format!("{}.png", of.version));
        std::fs::write(&path, png.png.as_slice()).map_err(|e| {
            words::text(
                lang,
                "local-cannot-write",
                &[
                    ("path", path.display().to_string().into()),
                    ("error", e.to_string().into()),
                ],
            )
        })?;
        Ok(Some(path))
    }
}

impl Session<'_> {
    fn names(&self) -> Vec<(u64, String)> {
        self.table
            .seats(LOCAL_CHANNEL)
            .into_iter()
            .map(|s| (s.user, s.name))
            .collect()
    }

    fn name_of(&self, user: u64) -> String {
        self.names()
            .into_iter()
            .find(|(u, _)| *u == user)
            .map_or_else(
                || {
                    words::text(
                        self.lang,
                        "local-user",
                        &[("user", user.to_string().into())],
                    )
                },
                |(_, n)| n,
            )
    }

    /// A line of the terminal's own, in its language.
    fn say(&self, key: &str, args: &[(&str, words::Value<'_>)]) -> String {
        words::text(self.lang, key, args)
    }

    fn send(&mut self, user: u64, name: &str, command: Command) -> std::io::Result<()> {
        let deliveries =
            self.table
                .handle(LOCAL_CHANNEL, &moderator(user, name, self.lang), command);
        self.print(name, &deliveries)
    }

    fn print(&mut self, caller: &str, deliveries: &[Delivery]) -> std::io::Result<()> {
        for d in deliveries {
            // Printed is delivered: the terminal is this table's "Discord".
            if let Some(id) = d.outbox() {
                self.table.delivered(id);
            }
            match d {
                Delivery::Channel {
                    text,
                    prompts,
                    picture,
                    ..
                } => {
                    // The board Discord attaches as a picture, here as text under it.
                    let board = picture.and_then(|of| self.table.board_text(LOCAL_CHANNEL, of));
                    let text = plain(text);
                    self.last_channel = match &board {
                        Some(board) => format!("{text}\n\n{}", plain(board)),
                        None => text,
                    };
                    if let (Some(p), Some(of)) = (self.pictures.as_mut(), picture) {
                        p.write(&self.table, *of, self.lang)
                            .map_err(std::io::Error::other)?;
                    }
                    if !self.quiet {
                        let shown = &self.last_channel;
                        let head = words::text(self.lang, "local-channel", &[]);
                        writeln!(self.out, "{head}\n{shown}")?;
                        for p in prompts {
                            let choices = self.table.legal_actions(LOCAL_CHANNEL, p.user);
                            print_prompt(self.out, p, &choices, self.lang)?;
                        }
                    }
                }
                Delivery::Private { user, text, .. } if !self.quiet => {
                    let who = self.name_of(*user);
                    let head = words::text(self.lang, "local-private", &[("name", who.into())]);
                    writeln!(self.out, "{head}\n{}", plain(text))?;
                }
                // The live hand Discord edits in place: here, its latest state.
                Delivery::Hand {
                    user, text, news, ..
                } if !self.quiet => {
                    let who = self.name_of(*user);
                    let body = plain(&table::hand_body_in(self.lang, text, news));
                    let head = words::text(self.lang, "local-hand", &[("name", who.into())]);
                    writeln!(self.out, "{head}\n{body}")?;
                }
                Delivery::Ephemeral { text, .. } if !self.quiet => {
                    let head = words::text(
                        self.lang,
                        "local-only-sees",
                        &[("name", caller.to_string().into())],
                    );
                    writeln!(self.out, "{head}\n{}", plain(text))?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Fires the timers that are due and prints what they sent; a chain of bot moves
    /// (one timer each, due at once) is played to its end.
    fn tick(&mut self) -> std::io::Result<()> {
        for _ in 0..AUTO_LIMIT {
            let fired = !self.table.fire_due_timers().is_empty();
            let more_due = self
                .table
                .next_timer_due()
                .is_some_and(|due| due <= self.table.now_ms());
            if !fired && !more_due {
                return Ok(());
            }
            let sent: Vec<Delivery> = self
                .table
                .pending_in(LOCAL_CHANNEL)
                .into_iter()
                .map(|p| p.delivery)
                .collect();
            let clock = self.say("local-the-clock", &[]);
            self.print(&clock, &sent)?;
        }
        Ok(())
    }

    /// `wait 2h` moves the table's clock on; a bare `wait` jumps to the next timer.
    fn wait(&mut self, arg: &str) -> std::io::Result<()> {
        let ms = if arg.is_empty() {
            match self.table.next_timer_due() {
                Some(due) => due.saturating_sub(self.table.now_ms()),
                None => {
                    writeln!(self.out, "{}", self.say("local-no-timer", &[]))?;
                    return Ok(());
                }
            }
        } else {
            match table::timing::parse_duration(arg) {
                Ok(s) => s * 1000,
                Err(e) => {
                    writeln!(self.out, "{e}")?;
                    return Ok(());
                }
            }
        };
        self.clock.skip(ms);
        let later = self.say(
            "local-later",
            &[(
                "duration",
                table::timing::format_duration(ms.div_ceil(1000)).into(),
            )],
        );
        writeln!(self.out, "{later}")?;
        self.tick()
    }

    /// Real time until the next timer is due by the table's clock (`None`: no timer).
    fn until_next_timer(&self) -> Option<Duration> {
        let due = self.table.next_timer_due()?;
        let ms = due.saturating_sub(self.table.now_ms());
        Some(Duration::from_millis(self.clock.real_ms(ms)))
    }

    /// One input line: `ana: bid R4`, `ana: 3` (third choice), `ana: ?` (all choices),
    /// `help`, `wait 2h`, or a bare command when exactly one player is awaited.
    fn line(&mut self, line: &str) -> std::io::Result<bool> {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            return Ok(true);
        }
        if matches!(line, "quit" | "exit") {
            return Ok(false);
        }
        if let Some(arg) = line
            .strip_prefix("wait")
            .filter(|r| r.is_empty() || r.starts_with(' '))
        {
            self.wait(arg.trim())?;
            return Ok(true);
        }
        if line == "help" {
            let you = self.say("local-you", &[]);
            let d = self
                .table
                .handle(LOCAL_CHANNEL, &moderator(0, &you, self.lang), Command::Help);
            writeln!(self.out, "{}", self.say("local-help", &[]))?;
            return self.print(&you, &d).map(|_| true);
        }
        let names = self.names();
        let (user, name, rest) = match line.split_once(':') {
            Some((who, rest)) => match names
                .iter()
                .find(|(_, n)| n.eq_ignore_ascii_case(who.trim()))
            {
                Some((u, n)) => (*u, n.clone(), rest.trim().to_string()),
                None => {
                    let list: Vec<&str> = names.iter().map(|(_, n)| n.as_str()).collect();
                    let line = self.say(
                        "local-no-such-player",
                        &[
                            ("name", who.trim().to_string().into()),
                            ("players", list.join(", ").into()),
                        ],
                    );
                    writeln!(self.out, "{line}")?;
                    return Ok(true);
                }
            },
            None => {
                let prompts = self.table.prompts(LOCAL_CHANNEL);
                match prompts.as_slice() {
                    [p] => (p.user, p.name.clone(), line.to_string()),
                    _ => {
                        let say = self.say("local-say-who", &[("line", line.to_string().into())]);
                        writeln!(self.out, "{say}")?;
                        return Ok(true);
                    }
                }
            }
        };
        let legal = self.table.legal_actions(LOCAL_CHANNEL, user);
        if rest == "?" {
            if legal.is_empty() {
                let line = self.say("local-nothing-to-play", &[("name", name.into())]);
                writeln!(self.out, "{line}")?;
                return Ok(true);
            }
            writeln!(
                self.out,
                "{}",
                self.say("local-may-play", &[("name", name.into())])
            )?;
            for (i, a) in legal.iter().enumerate() {
                writeln!(self.out, "  {:>3}) {a}", i + 1)?;
            }
            return Ok(true);
        }
        let command = match rest.parse::<usize>() {
            Ok(n) if n >= 1 && n <= legal.len() => Command::Play(legal[n - 1].clone()),
            _ => Command::parse(&rest),
        };
        self.send(user, &name, command)?;
        Ok(true)
    }
}

/// A text the table wrote for Discord as the terminal shows it: markdown stays (it reads
/// well as it is), but names lose the backslashes that keep them from being markup.
fn plain(text: &str) -> String {
    table::unescape_user_text(text)
}

/// In the local table everyone may abandon (there is no channel moderator).
fn moderator(user: u64, name: &str, lang: Lang) -> Caller {
    let mut caller = Caller::new(user, name).with_lang(lang);
    caller.can_manage_channel = true;
    caller
}

/// The turn prompt. The choices are the player's private business (they can show a hand
/// or money), so they are labelled like private messages.
fn print_prompt(
    out: &mut dyn Write,
    p: &TurnPrompt,
    choices: &[String],
    lang: Lang,
) -> std::io::Result<()> {
    let head = words::text(
        lang,
        "local-your-move",
        &[
            ("name", p.name.clone().into()),
            ("count", choices.len().into()),
        ],
    );
    writeln!(out, "{head}")?;
    for (i, a) in choices.iter().take(SHOWN_CHOICES).enumerate() {
        writeln!(out, "  {:>3}) {a}", i + 1)?;
    }
    if choices.len() > SHOWN_CHOICES {
        let more = words::text(
            lang,
            "local-more-choices",
            &[
                ("count", (choices.len() - SHOWN_CHOICES).into()),
                ("name", p.name.clone().into()),
            ],
        );
        writeln!(out, "  {more}")?;
    }
    Ok(())
}

/// Makes the table speak `lang` at the terminal: the channel's language and each
/// player's own (users 1…n, as seated here), stored as `/game settings language:` and
/// `/game language` store them. English is stored too: the data directory may hold
/// another language from an earlier run.
fn speak(table: &Table, lang: Lang, users: impl IntoIterator<Item = u64>) {
    let host = moderator(1, "local", lang);
    // Only private confirmations come back: nothing to show.
    let _ = table.set_channel_lang(LOCAL_CHANNEL, &host, lang, Some(lang));
    for user in users {
        let _ = table.set_person_lang(&moderator(user, "local", lang), None, Some(Some(lang)));
    }
}

/// Runs the local table; `input` feeds lines when neither `--auto` nor `--script` is set.
pub fn run(
    opts: &LocalOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), String> {
    let dir = opts.data_dir.join("local");
    let cannot_create = |dir: &std::path::Path, e: std::io::Error| {
        words::text(
            opts.lang,
            "local-cannot-create",
            &[
                ("dir", dir.display().to_string().into()),
                ("error", e.to_string().into()),
            ],
        )
    };
    storage::create_private_dir(&dir).map_err(|e| cannot_create(&dir, e))?;
    let store = SledStore::open(&dir).map_err(|e| e.to_string())?;
    let clock = Arc::new(FastClock::new(opts.accelerate.unwrap_or(1.0)));
    let table = Table::with_options(
        Arc::new(store),
        TableOptions {
            clock: clock.clone(),
            defaults: opts.timers,
            // Everyone at the terminal is a moderator: only the 10 s floor holds here.
            minimums: table::Minimums::LOCAL,
            // The terminal shows a bot's answer right after the move it answers.
            bot_delay_ms: 0,
            ..TableOptions::default()
        },
    );
    let mut s = Session {
        table,
        clock,
        out,
        quiet: opts.quiet,
        last_channel: String::new(),
        pictures: None,
        lang: opts.lang,
    };
    if let Some(dir) = &opts.pictures {
        std::fs::create_dir_all(dir).map_err(|e| cannot_create(dir, e))?;
        s.pictures = Some(Pictures {
            dir: dir.clone(),
            written: None,
        });
    }
    let io = |e: std::io::Error| e.to_string();

    if opts.resume {
        if s.table.state_version(LOCAL_CHANNEL).is_none() {
            return Err(s.say(
                "local-nothing-to-resume",
                &[("dir", dir.display().to_string().into())],
            ));
        }
        let users: Vec<u64> = s.names().iter().map(|(u, _)| *u).collect();
        speak(&s.table, opts.lang, users);
        let first = s
            .names()
            .first()
            .cloned()
            .unwrap_or_else(|| (1, s.say("local-you", &[])));
        writeln!(s.out, "{}", s.say("local-resuming", &[])).map_err(io)?;
        // Whatever the last run stored but did not get to show (it was killed).
        let unsent: Vec<Delivery> = s
            .table
            .pending_in(LOCAL_CHANNEL)
            .into_iter()
            .map(|p| p.delivery)
            .collect();
        s.print(&first.1, &unsent).map_err(io)?;
        s.send(first.0, &first.1, Command::Status).map_err(io)?;
        let prompts = s.table.prompts(LOCAL_CHANNEL);
        for p in &prompts {
            let choices = s.table.legal_actions(LOCAL_CHANNEL, p.user);
            print_prompt(s.out, p, &choices, s.lang).map_err(io)?;
        }
    } else {
        if opts.players.is_empty() {
            return Err(s.say("local-name-the-players", &[]));
        }
        if s.table.state_version(LOCAL_CHANNEL).is_some() {
            // A new local game replaces the stored one.
            s.table.handle(
                LOCAL_CHANNEL,
                &moderator(1, "local", opts.lang),
                Command::Abandon,
            );
        }
        speak(&s.table, opts.lang, 1..=opts.players.len() as u64);
        let mut new = format!("new {} {}", opts.game, opts.options.join(" "));
        if let Some(seed) = opts.seed {
            new.push_str(&format!(" seed={seed}"));
        }
        let host = opts.players[0].clone();
        let d = s.table.handle(
            LOCAL_CHANNEL,
            &moderator(1, &host, opts.lang),
            Command::parse(&new),
        );
        if d.iter().any(|d| matches!(d, Delivery::Ephemeral { .. })) {
            return Err(d
                .iter()
                .map(|d| d.text().to_string())
                .collect::<Vec<_>>()
                .join("\n"));
        }
        s.print(&host, &d).map_err(io)?;
        for (i, name) in opts.players.iter().enumerate().skip(1) {
            s.send(i as u64 + 1, name, Command::Join).map_err(io)?;
        }
        if !opts.settings.is_empty() {
            let words: Vec<&str> = opts.settings.iter().map(String::as_str).collect();
            let change = table::SettingsChange::parse(&words)?;
            let d = s.table.handle(
                LOCAL_CHANNEL,
                &moderator(1, &host, opts.lang),
                Command::Settings(change),
            );
            if let Some(refusal) = d.iter().find(|d| matches!(d, Delivery::Ephemeral { .. })) {
                return Err(refusal.text().to_string());
            }
            s.print(&host, &d).map_err(io)?;
        }
        for level in &opts.bots {
            let d = s.table.handle(
                LOCAL_CHANNEL,
                &moderator(1, &host, opts.lang),
                Command::AddBot(*level),
            );
            if let Some(refusal) = d.iter().find(|d| matches!(d, Delivery::Ephemeral { .. })) {
                return Err(refusal.text().to_string());
            }
            s.print(&host, &d).map_err(io)?;
        }
        let d = s.table.handle(
            LOCAL_CHANNEL,
            &moderator(1, &host, opts.lang),
            Command::Start,
        );
        s.print(&host, &d).map_err(io)?;
        if s.table.state_version(LOCAL_CHANNEL).is_none() {
            return Err(s.say("local-not-started", &[]));
        }
        if !opts.moves.is_empty() {
            play_recorded(&mut s, opts)?;
        }
    }
    // A bot may be the first to move (or was about to when the last run stopped).
    s.tick().map_err(io)?;

    if opts.auto {
        let mut rng =
            rand_chacha::ChaCha8Rng::seed_from_u64(opts.seed.unwrap_or_else(rand::random));
        let mut actions = 0;
        loop {
            let prompts = s.table.prompts(LOCAL_CHANNEL);
            let Some(p) = prompts.choose(&mut rng) else {
                if s.table.state_version(LOCAL_CHANNEL).is_none() {
                    break;
                }
                // Only bots are awaited: their stored moves are due.
                s.tick().map_err(io)?;
                actions += 1;
                if actions >= AUTO_LIMIT {
                    return Err(s.say("local-stuck", &[("count", AUTO_LIMIT.to_string().into())]));
                }
                continue;
            };
            let choices = s.table.legal_actions(LOCAL_CHANNEL, p.user);
            let Some(action) = choices.choose(&mut rng).cloned() else {
                return Err(s.say("local-no-legal-action", &[("name", p.name.clone().into())]));
            };
            if !s.quiet {
                writeln!(s.out, "> {}: {action}", p.name).map_err(io)?;
            }
            s.send(p.user, &p.name.clone(), Command::Play(action))
                .map_err(io)?;
            s.tick().map_err(io)?;
            actions += 1;
            if actions >= AUTO_LIMIT {
                return Err(s.say(
                    "local-stuck-random",
                    &[("count", AUTO_LIMIT.to_string().into())],
                ));
            }
        }
        if s.quiet {
            writeln!(s.out, "{}", s.last_channel).map_err(io)?;
        }
        // As digits: the count is read by scripts and tests.
        let over = s.say("local-auto-over", &[("count", actions.to_string().into())]);
        writeln!(s.out, "{over}").map_err(io)?;
        return Ok(());
    }

    let script_lines;
    let lines: Box<dyn Iterator<Item = String> + '_> = match &opts.script {
        Some(path) => {
            script_lines = std::fs::read_to_string(path).map_err(|e| {
                s.say(
                    "local-cannot-read-script",
                    &[
                        ("path", path.display().to_string().into()),
                        ("error", e.to_string().into()),
                    ],
                )
            })?;
            Box::new(script_lines.lines().map(str::to_string))
        }
        None => {
            writeln!(s.out, "{}", s.say("local-help", &[])).map_err(io)?;
            Box::new(input.lines().map_while(Result::ok))
        }
    };
    if opts.script.is_none() && opts.accelerate.is_some() {
        // Timers fire while the players think: lines come from a reader thread.
        drop(lines);
        return interactive(s);
    }
    for line in lines {
        if opts.script.is_some() {
            writeln!(s.out, "> {line}").map_err(io)?;
        }
        if !s.line(&line).map_err(io)? {
            break;
        }
        s.tick().map_err(io)?;
        if s.table.state_version(LOCAL_CHANNEL).is_none() {
            writeln!(s.out, "{}", s.say("local-game-over", &[])).map_err(io)?;
            break;
        }
    }
    s.table.store().flush().map_err(|e| e.to_string())?;
    Ok(())
}

/// A record's first moves, played quietly (refused: the record does not replay here),
/// then the board and who is awaited.
fn play_recorded(s: &mut Session<'_>, opts: &LocalOptions) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    for (seat, text) in &opts.moves {
        let user = *seat as u64 + 1;
        let name = opts.players.get(*seat).cloned().unwrap_or_default();
        let d = s.table.handle(
            LOCAL_CHANNEL,
            &moderator(user, &name, s.lang),
            Command::Play(text.clone()),
        );
        if let Some(refusal) = d.iter().find(|d| matches!(d, Delivery::Ephemeral { .. })) {
            return Err(format!("{name}: {text}: {}", refusal.text()));
        }
    }
    let line = s.say("local-from-record", &[("count", opts.moves.len().into())]);
    writeln!(s.out, "{line}").map_err(io)?;
    let host = opts.players.first().cloned().unwrap_or_default();
    s.send(1, &host, Command::Status).map_err(io)?;
    for p in &s.table.prompts(LOCAL_CHANNEL) {
        let choices = s.table.legal_actions(LOCAL_CHANNEL, p.user);
        print_prompt(s.out, p, &choices, s.lang).map_err(io)?;
    }
    Ok(())
}

/// The terminal with a running clock (`--accelerate`): reminders and timeouts show up
/// when they fall due, between the lines typed.
fn interactive(mut s: Session<'_>) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let (send, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    loop {
        let wait = s
            .until_next_timer()
            .unwrap_or(Duration::from_secs(1))
            .clamp(Duration::from_millis(20), Duration::from_secs(1));
        match lines.recv_timeout(wait) {
            Ok(line) => {
                if !s.line(&line).map_err(io)? {
                    break;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        s.tick().map_err(io)?;
        if s.table.state_version(LOCAL_CHANNEL).is_none() {
            writeln!(s.out, "{}", s.say("local-game-over", &[])).map_err(io)?;
            break;
        }
    }
    s.table.store().flush().map_err(|e| e.to_string())
}
