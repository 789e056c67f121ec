//! Timing settings: human durations ("12h", "2d", "90s"), the server's defaults (from
//! the config) and a table's own choices over them (`/game settings`).

use crate::text::{escape_user_text, TYPED_CHARS};
use storage::{Settings, TimeoutPolicy};
use words::Lang;

/// Parses a human duration: a number with a unit (`s`, `m`, `h`, `d`, `w`), several
/// joined (`1h30m`), or `off` / `0` (none). Returns seconds; the refusal is in English
/// (the config and the terminal).
pub fn parse_duration(text: &str) -> Result<u64, String> {
    parse_duration_in(Lang::En, text)
}

/// [`parse_duration`] refusing in `lang`.
pub fn parse_duration_in(lang: Lang, text: &str) -> Result<u64, String> {
    let t = text.trim().to_lowercase();
    if matches!(t.as_str(), "off" | "never" | "none" | "0") {
        return Ok(0);
    }
    let typed = escape_user_text(text, TYPED_CHARS);
    let bad = || {
        words::text(
            lang,
            "table-settings-not-a-duration",
            &[("value", typed.as_str().into())],
        )
    };
    let mut total: u64 = 0;
    let mut number = String::new();
    let mut any = false;
    for c in t.chars().filter(|c| !c.is_whitespace()) {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3_600,
            'd' => 86_400,
            'w' => 604_800,
            _ => return Err(bad()),
        };
        let n: u64 = number.parse().map_err(|_| bad())?;
        total = n
            .checked_mul(unit)
            .and_then(|v| total.checked_add(v))
            .ok_or_else(bad)?;
        number.clear();
        any = true;
    }
    if !number.is_empty() || !any {
        return Err(bad());
    }
    if total > 365 * 86_400 {
        return Err(words::text(
            lang,
            "table-settings-too-long",
            &[("value", typed.as_str().into())],
        ));
    }
    Ok(total)
}

/// A duration in seconds as people write it (`1h30m`, `2d`, `off`).
pub fn format_duration(secs: u64) -> String {
    if secs == 0 {
        return "off".into();
    }
    let mut out = String::new();
    let mut rest = secs;
    for (unit, size) in [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)] {
        if rest >= size {
            out.push_str(&format!("{}{unit}", rest / size));
            rest %= size;
        }
    }
    out
}

/// "3 h ago"-style age of something that happened `ms` milliseconds ago, in `lang`.
pub fn ago(lang: words::Lang, ms: u64) -> String {
    let secs = ms / 1000;
    let (key, n) = match secs {
        0..=59 => ("timer-ago-now", 0),
        60..=3_599 => ("timer-ago-minutes", secs / 60),
        3_600..=172_799 => ("timer-ago-hours", secs / 3_600),
        _ => ("timer-ago-days", secs / 86_400),
    };
    words::text(lang, key, &[("n", n.into())])
}

/// Parses a timeout policy word (refusing in English: the config).
pub fn parse_policy(text: &str) -> Result<TimeoutPolicy, String> {
    parse_policy_in(Lang::En, text)
}

/// [`parse_policy`] refusing in `lang`.
pub fn parse_policy_in(lang: Lang, text: &str) -> Result<TimeoutPolicy, String> {
    match text.trim().to_lowercase().as_str() {
        "auto" => Ok(TimeoutPolicy::Auto),
        "default" | "fixed" => Ok(TimeoutPolicy::Default),
        "skip" | "pass" => Ok(TimeoutPolicy::Skip),
        "drop" | "leave" => Ok(TimeoutPolicy::Drop),
        "bot" => Ok(TimeoutPolicy::Bot),
        other => Err(words::text(
            lang,
            "table-settings-not-a-policy",
            &[("value", escape_user_text(other, TYPED_CHARS).into())],
        )),
    }
}

/// A policy's word, as [`parse_policy`] reads it.
pub fn policy_name(policy: TimeoutPolicy) -> &'static str {
    match policy {
        TimeoutPolicy::Auto => "auto",
        TimeoutPolicy::Default => "default",
        TimeoutPolicy::Skip => "skip",
        TimeoutPolicy::Drop => "drop",
        TimeoutPolicy::Bot => "bot",
    }
}

/// Reminders and timeouts in effect, in seconds (0 is off): the server's defaults
/// (config `[timers]`), or a table's own settings over them ([`Timing::of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    pub remind_after: u64,
    pub remind_every: u64,
    pub timeout_after: u64,
    pub on_timeout: TimeoutPolicy,
}

/// The server's timing: what a table without settings of its own uses.
pub type Defaults = Timing;

impl Default for Timing {
    /// Remind after 12 h, again every 24 h; no timeout (the bot makes the default move
    /// when one is set).
    fn default() -> Self {
        Timing {
            remind_after: 12 * 3_600,
            remind_every: 24 * 3_600,
            timeout_after: 0,
            on_timeout: TimeoutPolicy::Auto,
        }
    }
}

impl Timing {
    /// A table's `settings` over the server's `defaults`.
    pub fn of(settings: &Settings, defaults: &Defaults) -> Timing {
        Timing {
            remind_after: settings.remind_after.unwrap_or(defaults.remind_after),
            remind_every: settings.remind_every.unwrap_or(defaults.remind_every),
            timeout_after: settings.timeout_after.unwrap_or(defaults.timeout_after),
            on_timeout: settings.on_timeout.unwrap_or(defaults.on_timeout),
        }
    }

    /// Whether `next` makes any clock run out sooner than `self` does: a reminder or
    /// timeout shortened, or turned on where it was off (off counts as never).
    pub fn shortened_by(&self, next: &Timing) -> bool {
        // Repeats matter only while reminders are on at all.
        let every = |t: &Timing| {
            if t.remind_after == 0 {
                0
            } else {
                t.remind_every
            }
        };
        let sooner = |old: u64, new: u64| new > 0 && (old == 0 || new < old);
        sooner(self.remind_after, next.remind_after)
            || sooner(every(self), every(next))
            || sooner(self.timeout_after, next.timeout_after)
    }

    /// The settings as a few lines for chat (English: the terminal and tests).
    pub fn describe(&self, settings: &Settings) -> String {
        self.describe_in(Lang::En, settings)
    }

    /// The settings as a few lines for chat, in `lang`.
    pub fn describe_in(&self, lang: Lang, settings: &Settings) -> String {
        let server = words::text(lang, "table-settings-server-default", &[]);
        let mark = |own: bool| if own { String::new() } else { server.clone() };
        let policy = match self.on_timeout {
            TimeoutPolicy::Auto => "table-settings-policy-auto",
            TimeoutPolicy::Default => "table-settings-policy-default",
            TimeoutPolicy::Skip => "table-settings-policy-skip",
            TimeoutPolicy::Bot => "table-settings-policy-bot",
            TimeoutPolicy::Drop => "table-settings-policy-drop",
        };
        words::text(
            lang,
            "table-settings-described",
            &[
                ("remind", format_duration(self.remind_after).into()),
                ("remind_mark", mark(settings.remind_after.is_some()).into()),
                ("every", format_duration(self.remind_every).into()),
                ("every_mark", mark(settings.remind_every.is_some()).into()),
                ("timeout", format_duration(self.timeout_after).into()),
                (
                    "timeout_mark",
                    mark(settings.timeout_after.is_some()).into(),
                ),
                ("policy", words::text(lang, policy, &[]).into()),
                ("policy_mark", mark(settings.on_timeout.is_some()).into()),
            ],
        )
    }
}

/// Whether a typed setting asks for the server's value: `server` (or, for a duration,
/// `default`; for the timeout policy `default` is a policy of its own).
fn is_server_default(value: &str) -> bool {
    ["default", "server", "server-default"]
        .iter()
        .any(|w| value.eq_ignore_ascii_case(w))
}

/// A `/game settings` request: each value as typed (`None` leaves it, `server` — or for
/// a duration `default` — goes back to the server's value).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub remind_after: Option<String>,
    pub remind_every: Option<String>,
    pub timeout_after: Option<String>,
    pub on_timeout: Option<String>,
    /// `on` or `off`: whether players may take back moves (`/game undo`).
    pub undo: Option<String>,
    /// `on` or `off`: whether players may ask the bot for a hint (`/game hint`).
    pub hints: Option<String>,
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }

    /// Reads `remind=12h every=1d timeout=72h policy=drop` (the local table's words; the
    /// long names work too); the refusal in English.
    pub fn parse(words: &[&str]) -> Result<SettingsChange, String> {
        SettingsChange::parse_words(words).map_err(|e| e.to_string())
    }

    /// Applies the change to `settings`; the first bad value is refused with its reason
    /// (in English), and so is a duration it sets below `minimums` (naming the minimum).
    pub fn apply(&self, settings: &Settings, minimums: &Minimums) -> Result<Settings, String> {
        self.apply_in(settings, minimums, Lang::En)
    }

    /// [`SettingsChange::apply`] refusing in `lang`.
    pub fn apply_in(
        &self,
        settings: &Settings,
        minimums: &Minimums,
        lang: Lang,
    ) -> Result<Settings, String> {
        let duration = |value: &Option<String>,
                        old: Option<u64>,
                        name: &str,
                        min: u64|
         -> Result<Option<u64>, String> {
            match value.as_deref().map(str::trim) {
                None => Ok(old),
                Some(v) if is_server_default(v) => Ok(None),
                Some(v) => {
                    let secs = parse_duration_in(lang, v)?;
                    if secs > 0 && secs < min {
                        return Err(words::text(
                            lang,
                            "table-settings-too-short",
                            &[
                                ("setting", words::text(lang, name, &[]).into()),
                                ("min", format_duration(min).into()),
                                ("value", escape_user_text(v, TYPED_CHARS).into()),
                            ],
                        ));
                    }
                    Ok(Some(secs))
                }
            }
        };
        let mut next = Settings {
            remind_after: duration(
                &self.remind_after,
                settings.remind_after,
                "table-settings-name-remind",
                minimums.reminder,
            )?,
            remind_every: duration(
                &self.remind_every,
                settings.remind_every,
                "table-settings-name-every",
                minimums.reminder,
            )?,
            timeout_after: duration(
                &self.timeout_after,
                settings.timeout_after,
                "table-settings-name-timeout",
                minimums.timeout,
            )?,
            on_timeout: settings.on_timeout,
        };
        match self.on_timeout.as_deref().map(str::trim) {
            None => {}
            // `default` is a policy (the fixed default move): only `server` goes back.
            Some(v) if is_server_default(v) && !v.eq_ignore_ascii_case("default") => {
                next.on_timeout = None
            }
            Some(v) => next.on_timeout = Some(parse_policy_in(lang, v)?),
        }
        Ok(next)
    }
}

/// No reminder or timeout is ever shorter than this (seconds), whatever the minimums say.
pub const FLOOR_SECS: u64 = 10;

/// The shortest reminders and timeouts a table may choose with `/game settings`
/// (seconds). On Discord they are realistic ([`Minimums::DISCORD`]: 15 min, 1 h), so a
/// host cannot have the bot ping and DM the others every few seconds, or play for them
/// and drop them within seconds; the local table and tests go down to
/// [`Minimums::LOCAL`]. The server's own defaults (config `[timers]`) are the operator's
/// and not bound by them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Minimums {
    /// The shortest `remind after` and `repeat every`.
    pub reminder: u64,
    /// The shortest `time out after`.
    pub timeout: u64,
}

impl Minimums {
    /// Discord's: a reminder at most every 15 minutes, a timeout after an hour at least.
    pub const DISCORD: Minimums = Minimums {
        reminder: 15 * 60,
        timeout: 3_600,
    };
    /// The local table's and tests': the floor of [`FLOOR_SECS`].
    pub const LOCAL: Minimums = Minimums {
        reminder: FLOOR_SECS,
        timeout: FLOOR_SECS,
    };

    /// Minimums of these many seconds, never under [`FLOOR_SECS`].
    pub fn new(reminder: u64, timeout: u64) -> Minimums {
        Minimums {
            reminder: reminder.max(FLOOR_SECS),
            timeout: timeout.max(FLOOR_SECS),
        }
    }

    /// A table's own settings with every duration below the minimum raised to it (what
    /// an older build let a host store still fires no more often than allowed now).
    pub fn raise(&self, settings: &Settings) -> Settings {
        let up = |value: Option<u64>, min: u64| value.map(|s| if s > 0 { s.max(min) } else { 0 });
        Settings {
            remind_after: up(settings.remind_after, self.reminder),
            remind_every: up(settings.remind_every, self.reminder),
            timeout_after: up(settings.timeout_after, self.timeout),
            on_timeout: settings.on_timeout,
        }
    }
}

impl Default for Minimums {
    /// [`Minimums::DISCORD`]: a table is realistic unless told otherwise.
    fn default() -> Self {
        Minimums::DISCORD
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_and_print_as_people_write_them() {
        assert_eq!(parse_duration("12h"), Ok(43_200));
        assert_eq!(parse_duration("2d"), Ok(172_800));
        assert_eq!(parse_duration(" 90s "), Ok(90));
        assert_eq!(parse_duration("1h30m"), Ok(5_400));
        assert_eq!(parse_duration("1H 30M"), Ok(5_400));
        assert_eq!(parse_duration("off"), Ok(0));
        for bad in [
            "",
            "12",
            "h",
            "12x",
            "1.5h",
            "-3h",
            "99999999999999999999d",
            "400d",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad}");
        }
        assert!(parse_duration("12x").unwrap_err().contains("90s, 30m, 12h"));
        assert_eq!(format_duration(5_400), "1h30m");
        assert_eq!(format_duration(172_800), "2d");
        assert_eq!(format_duration(0), "off");
        for s in [1, 59, 3_600, 90_061] {
            assert_eq!(parse_duration(&format_duration(s)), Ok(s));
        }
    }

    #[test]
    fn a_change_applies_over_the_table_and_defaults_fill_the_rest() {
        let defaults = Defaults::default();
        let change = SettingsChange::parse(&["remind=30m", "timeout=72h", "policy=drop"]).unwrap();
        let s = change
            .apply(&Settings::default(), &Minimums::LOCAL)
            .unwrap();
        let t = Timing::of(&s, &defaults);
        assert_eq!(
            (
                t.remind_after,
                t.remind_every,
                t.timeout_after,
                t.on_timeout
            ),
            (1_800, 86_400, 259_200, TimeoutPolicy::Drop)
        );
        let back = SettingsChange::parse(&["remind=default"])
            .unwrap()
            .apply(&s, &Minimums::LOCAL)
            .unwrap();
        assert_eq!(back.remind_after, None);
        assert_eq!(back.timeout_after, Some(259_200));
        assert!(SettingsChange::parse(&["colour=red"]).is_err());
        assert!(SettingsChange::parse(&["remind"]).is_err());
        let err = SettingsChange::parse(&["policy=maybe"])
            .unwrap()
            .apply(&s, &Minimums::LOCAL)
            .unwrap_err();
        assert!(err.contains("auto"), "{err}");
        let err = SettingsChange::parse(&["timeout=5s"])
            .unwrap()
            .apply(&s, &Minimums::new(0, 0))
            .unwrap_err();
        assert!(err.contains("at least 10s"), "{err}");
        assert!(t.describe(&s).contains("Remind after: **30m**\n"));
        assert!(t.describe(&s).contains("every: **1d** (server default)"));
    }

    #[test]
    fn every_policy_reads_and_server_goes_back_to_the_servers() {
        for policy in [
            TimeoutPolicy::Auto,
            TimeoutPolicy::Default,
            TimeoutPolicy::Skip,
            TimeoutPolicy::Bot,
            TimeoutPolicy::Drop,
        ] {
            assert_eq!(parse_policy(policy_name(policy)), Ok(policy));
            let t = Timing {
                on_timeout: policy,
                ..Timing::default()
            };
            let shown = t.describe(&Settings::default());
            assert!(
                shown.contains(&format!("On timeout: **{} — ", policy_name(policy))),
                "{shown}"
            );
        }
        let set = |words: &[&str], from: &Settings| {
            SettingsChange::parse(words)
                .unwrap()
                .apply(from, &Minimums::LOCAL)
                .unwrap()
        };
        // `default` is the fixed-move policy; `server` is the server's setting.
        let fixed = set(&["policy=default"], &Settings::default());
        assert_eq!(fixed.on_timeout, Some(TimeoutPolicy::Default));
        assert_eq!(set(&["policy=server"], &fixed).on_timeout, None);
        // For a duration both words mean the server's value.
        let own = set(&["remind=1h", "timeout=2h"], &Settings::default());
        let back = set(&["remind=default", "timeout=server"], &own);
        assert_eq!((back.remind_after, back.timeout_after), (None, None));
        let err = parse_policy("later").unwrap_err();
        for word in ["auto", "default", "skip", "bot", "drop"] {
            assert!(err.contains(word), "{err}");
        }
        let hints = SettingsChange::parse(&["hints=off"]).unwrap();
        assert_eq!(hints.hints.as_deref(), Some("off"));
    }

    #[test]
    fn discord_minimums_refuse_short_settings_with_the_minimum_named() {
        let discord = Minimums::default();
        assert_eq!(discord, Minimums::DISCORD);
        let refused = |words: &[&str]| {
            SettingsChange::parse(words)
                .unwrap()
                .apply(&Settings::default(), &discord)
                .unwrap_err()
        };
        assert_eq!(
            refused(&["remind=10s"]),
            "Remind after must be at least 15m (or off): that is the shortest this bot allows, so “10s” is too short."
        );
        assert!(refused(&["every=14m"]).starts_with("Repeat every must be at least 15m"));
        assert!(refused(&["timeout=59m"]).starts_with("Time out after must be at least 1h"));
        // At the minimum, above it, off, or back to the server's default: accepted.
        let ok = SettingsChange::parse(&["remind=15m", "every=off", "timeout=1h"])
            .unwrap()
            .apply(&Settings::default(), &discord)
            .unwrap();
        assert_eq!(
            (ok.remind_after, ok.remind_every, ok.timeout_after),
            (Some(900), Some(0), Some(3_600))
        );
        // A value the change leaves alone is not judged again.
        let old = Settings {
            remind_after: Some(10),
            ..Settings::default()
        };
        let kept = SettingsChange::parse(&["policy=skip"])
            .unwrap()
            .apply(&old, &discord)
            .unwrap();
        assert_eq!(kept.remind_after, Some(10));
        assert_eq!(Minimums::new(0, 5), Minimums::LOCAL);
    }

    #[test]
    fn stored_settings_under_the_minimum_count_as_the_minimum() {
        let old = Settings {
            remind_after: Some(10),
            remind_every: Some(0),
            timeout_after: Some(20),
            on_timeout: Some(TimeoutPolicy::Drop),
        };
        let raised = Minimums::DISCORD.raise(&old);
        assert_eq!(raised.remind_after, Some(900));
        assert_eq!(raised.remind_every, Some(0), "off stays off");
        assert_eq!(raised.timeout_after, Some(3_600));
        assert_eq!(raised.on_timeout, Some(TimeoutPolicy::Drop));
        assert_eq!(Minimums::LOCAL.raise(&old), old);
        assert_eq!(
            Minimums::DISCORD.raise(&Settings::default()),
            Settings::default()
        );
    }

    #[test]
    fn shortening_is_any_clock_running_out_sooner() {
        let base = Timing {
            remind_after: 3_600,
            remind_every: 7_200,
            timeout_after: 0,
            on_timeout: TimeoutPolicy::Auto,
        };
        let with = |f: fn(&mut Timing)| {
            let mut t = base;
            f(&mut t);
            t
        };
        assert!(base.shortened_by(&with(|t| t.remind_after = 1_800)));
        assert!(base.shortened_by(&with(|t| t.remind_every = 3_600)));
        assert!(
            base.shortened_by(&with(|t| t.timeout_after = 86_400)),
            "a timeout turned on"
        );
        assert!(!base.shortened_by(&base));
        assert!(!base.shortened_by(&with(|t| t.remind_after = 7_200)));
        assert!(!base.shortened_by(&with(|t| t.remind_after = 0)), "off");
        assert!(!base.shortened_by(&with(|t| t.on_timeout = TimeoutPolicy::Drop)));
        // Repeats while reminders are off change nothing.
        let off = with(|t| t.remind_after = 0);
        assert!(!off.shortened_by(&Timing {
            remind_every: 60,
            ..off
        }));
        // Turning reminders back on is sooner than never.
        assert!(off.shortened_by(&base));
    }
}
