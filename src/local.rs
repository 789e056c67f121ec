//! The local terminal table: plays a whole game through `table`, printing channel
//! messages, each player's private messages (labelled) and who is awaited.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::{mpsc, Arc};
use std::time::Duration;
use storage::SledStore;
use table::{Caller, Command, Delivery, FastClock, Table, TableOptions, TurnPrompt};

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
}

struct Session<'a> {
    table: Table,
    clock: Arc<FastClock>,
    out: &'a mut dyn Write,
    quiet: bool,
    last_channel: String,
    pictures: Option<Pictures>,
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
    fn write(&mut self, table: &Table, of: table::PictureOf) -> Result<Option<PathBuf>, String> {
        if self.written == Some(of) {
            return Ok(None);
        }
        self.written = Some(of);
        let Some(png) = table.picture(LOCAL_CHANNEL, of) else {
            return Ok(None);
        };
        let path = self.dir.join(format!("{}.png", of.version));
        std::fs::write(&path, png.as_slice())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
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
            .map_or_else(|| format!("user {user}"), |(_, n)| n)
    }

    fn send(&mut self, user: u64, name: &str, command: Command) -> std::io::Result<()> {
        let deliveries = self
            .table
            .handle(LOCAL_CHANNEL, &moderator(user, name), command);
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
                    self.last_channel = match &board {
                        Some(board) => format!("{text}\n\n{board}"),
                        None => text.clone(),
                    };
                    if let (Some(p), Some(of)) = (self.pictures.as_mut(), picture) {
                        p.write(&self.table, *of).map_err(std::io::Error::other)?;
                    }
                    if !self.quiet {
                        let shown = &self.last_channel;
                        writeln!(self.out, "── #table ──────────────\n{shown}")?;
                        for p in prompts {
                            let choices = self.table.legal_actions(LOCAL_CHANNEL, p.user);
                            print_prompt(self.out, p, &choices)?;
                        }
                    }
                }
                Delivery::Private { user, text, .. } if !self.quiet => {
                    let who = self.name_of(*user);
                    writeln!(self.out, "── 🔒 private to {who} ──\n{text}")?;
                }
                // The live hand Discord edits in place: here, its latest state.
                Delivery::Hand {
                    user, text, news, ..
                } if !self.quiet => {
                    let who = self.name_of(*user);
                    let body = table::hand_body(text, news);
                    writeln!(self.out, "── 🔒 private to {who} (hand) ──\n{body}")?;
                }
                Delivery::Ephemeral { text, .. } if !self.quiet => {
                    writeln!(self.out, "── only {caller} sees ──\n{text}")?;
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
            self.print("the clock", &sent)?;
        }
        Ok(())
    }

    /// `wait 2h` moves the table's clock on; a bare `wait` jumps to the next timer.
    fn wait(&mut self, arg: &str) -> std::io::Result<()> {
        let ms = if arg.is_empty() {
            match self.table.next_timer_due() {
                Some(due) => due.saturating_sub(self.table.now_ms()),
                None => {
                    writeln!(self.out, "No reminder or timeout is set.")?;
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
        writeln!(
            self.out,
            "⏩ {} later.",
            table::timing::format_duration(ms.div_ceil(1000))
        )?;
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
            let d = self
                .table
                .handle(LOCAL_CHANNEL, &moderator(0, "you"), Command::Help);
            writeln!(self.out, "{}", LOCAL_HELP)?;
            return self.print("you", &d).map(|_| true);
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
                    writeln!(
                        self.out,
                        "No player called `{}`; players: {}.",
                        who.trim(),
                        list.join(", ")
                    )?;
                    return Ok(true);
                }
            },
            None => {
                let prompts = self.table.prompts(LOCAL_CHANNEL);
                match prompts.as_slice() {
                    [p] => (p.user, p.name.clone(), line.to_string()),
                    _ => {
                        writeln!(self.out, "Say who plays, like `ana: {line}`.")?;
                        return Ok(true);
                    }
                }
            }
        };
        let legal = self.table.legal_actions(LOCAL_CHANNEL, user);
        if rest == "?" {
            if legal.is_empty() {
                writeln!(self.out, "{name} has nothing to play right now.")?;
                return Ok(true);
            }
            writeln!(self.out, "{name} may play:")?;
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

const LOCAL_HELP: &str = "Local table: type `<player>: <command>`, e.g. `ana: join` or `ana: 2` \
(the second listed choice); `ana: ?` lists all of ana's choices; a bare command goes to the \
only awaited player; `wait 2h` moves the clock on (a bare `wait` jumps to the next reminder \
or timeout); `quit` stops (the game stays stored: `--resume` continues it).";

/// In the local table everyone may abandon (there is no channel moderator).
fn moderator(user: u64, name: &str) -> Caller {
    Caller {
        user,
        name: name.to_string(),
        can_manage_channel: true,
        guild: None,
        lang: table::Lang::En,
    }
}

/// The turn prompt. The choices are the player's private business (they can show a hand
/// or money), so they are labelled like private messages.
fn print_prompt(out: &mut dyn Write, p: &TurnPrompt, choices: &[String]) -> std::io::Result<()> {
    writeln!(
        out,
        "→ {}, your move. 🔒 {}'s choices ({}):",
        p.name,
        p.name,
        choices.len()
    )?;
    for (i, a) in choices.iter().take(SHOWN_CHOICES).enumerate() {
        writeln!(out, "  {:>3}) {a}", i + 1)?;
    }
    if choices.len() > SHOWN_CHOICES {
        writeln!(
            out,
            "  … and {} more (`{}: ?` lists all)",
            choices.len() - SHOWN_CHOICES,
            p.name
        )?;
    }
    Ok(())
}

/// Runs the local table; `input` feeds lines when neither `--auto` nor `--script` is set.
pub fn run(
    opts: &LocalOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), String> {
    let dir = opts.data_dir.join("local");
    storage::create_private_dir(&dir)
        .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
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
    };
    if let Some(dir) = &opts.pictures {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        s.pictures = Some(Pictures {
            dir: dir.clone(),
            written: None,
        });
    }
    let io = |e: std::io::Error| e.to_string();

    if opts.resume {
        if s.table.state_version(LOCAL_CHANNEL).is_none() {
            return Err(format!(
                "There is no stored local game to resume in {}.",
                dir.display()
            ));
        }
        let first = s.names().first().cloned().unwrap_or((1, "you".into()));
        writeln!(s.out, "Resuming the stored game.").map_err(io)?;
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
            print_prompt(s.out, p, &choices).map_err(io)?;
        }
    } else {
        if opts.players.is_empty() {
            return Err("Name the players: --players ana,bruno,carla".into());
        }
        if s.table.state_version(LOCAL_CHANNEL).is_some() {
            // A new local game replaces the stored one.
            s.table
                .handle(LOCAL_CHANNEL, &moderator(1, "local"), Command::Abandon);
        }
        let mut new = format!("new {} {}", opts.game, opts.options.join(" "));
        if let Some(seed) = opts.seed {
            new.push_str(&format!(" seed={seed}"));
        }
        let host = opts.players[0].clone();
        let d = s
            .table
            .handle(LOCAL_CHANNEL, &moderator(1, &host), Command::parse(&new));
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
                &moderator(1, &host),
                Command::Settings(change),
            );
            if let Some(refusal) = d.iter().find(|d| matches!(d, Delivery::Ephemeral { .. })) {
                return Err(refusal.text().to_string());
            }
            s.print(&host, &d).map_err(io)?;
        }
        for level in &opts.bots {
            let d = s
                .table
                .handle(LOCAL_CHANNEL, &moderator(1, &host), Command::AddBot(*level));
            if let Some(refusal) = d.iter().find(|d| matches!(d, Delivery::Ephemeral { .. })) {
                return Err(refusal.text().to_string());
            }
            s.print(&host, &d).map_err(io)?;
        }
        let d = s
            .table
            .handle(LOCAL_CHANNEL, &moderator(1, &host), Command::Start);
        s.print(&host, &d).map_err(io)?;
        if s.table.state_version(LOCAL_CHANNEL).is_none() {
            return Err("The game did not start.".into());
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
                    return Err(format!("The game did not end after {AUTO_LIMIT} actions."));
                }
                continue;
            };
            let choices = s.table.legal_actions(LOCAL_CHANNEL, p.user);
            let Some(action) = choices.choose(&mut rng).cloned() else {
                return Err(format!("{} is awaited but has no legal action.", p.name));
            };
            if !s.quiet {
                writeln!(s.out, "> {}: {action}", p.name).map_err(io)?;
            }
            s.send(p.user, &p.name.clone(), Command::Play(action))
                .map_err(io)?;
            s.tick().map_err(io)?;
            actions += 1;
            if actions >= AUTO_LIMIT {
                return Err(format!(
                    "The game did not end after {AUTO_LIMIT} random actions."
                ));
            }
        }
        if s.quiet {
            writeln!(s.out, "{}", s.last_channel).map_err(io)?;
        }
        writeln!(s.out, "Game over after {actions} random actions.").map_err(io)?;
        return Ok(());
    }

    let script_lines;
    let lines: Box<dyn Iterator<Item = String> + '_> = match &opts.script {
        Some(path) => {
            script_lines = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read script {}: {e}", path.display()))?;
            Box::new(script_lines.lines().map(str::to_string))
        }
        None => {
            writeln!(s.out, "{LOCAL_HELP}").map_err(io)?;
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
            writeln!(s.out, "The game is over.").map_err(io)?;
            break;
        }
    }
    s.table.store().flush().map_err(|e| e.to_string())?;
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
            writeln!(s.out, "The game is over.").map_err(io)?;
            break;
        }
    }
    s.table.store().flush().map_err(|e| e.to_string())
}
