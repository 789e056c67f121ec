//! Timing settings: human durations ("12h", "2d", "90s"), the server's defaults (from
//! the config) and a table's own choices over them (`/game settings`).

use crate::text::{escape_user_text, TYPED_CHARS};
use storage::{Settings, TimeoutPolicy};

/// Parses a human duration: a number with a unit (`s`, `m`, `h`, `d`, `w`), several
/// joined (`1h30m`), or `off` / `0` (none). Returns seconds.
pub fn parse_duration(text: &str) -> Result<u64, String> {
    let t = text.trim().to_lowercase();
    if matches!(t.as_str(), "off" | "never" | "none" | "0") {
        return Ok(0);
    }
    let bad = || {
        format!(
            "“{}” is not a duration; write a number with a unit, like 90s, 30m, 12h, 2d or 1h30m (or off).",
            escape_user_text(text, TYPED_CHARS)
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
        return Err(format!(
            "“{}” is too long: a year at most.",
            escape_user_text(text, TYPED_CHARS)
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

/// "3 h ago"-style age of something that happened `ms` milliseconds ago.
pub fn ago(ms: u64) -> String {
    let secs = ms / 1000;
    match secs {
        0..=59 => "just now".into(),
        60..=3_599 => format!("{} min ago", secs / 60),
        3_600..=172_799 => format!("{} h ago", secs / 3_600),
        _ => format!("{} days ago", secs / 86_400),
    }
}

/// Parses a timeout policy word.
pub fn parse_policy(text: &str) -> Result<TimeoutPolicy, String> {
    match text.trim().to_lowercase().as_str() {
        "auto" => Ok(TimeoutPolicy::Auto),
        "skip" | "pass" => Ok(TimeoutPolicy::Skip),
        "drop" | "leave" => Ok(TimeoutPolicy::Drop),
        other => Err(format!(
            "“{}” is not a timeout policy; choose auto (the bot makes a default move), skip (the player passes where the rules allow) or drop (the player leaves).",
            escape_user_text(other, TYPED_CHARS)
        )),
    }
}

pub fn policy_name(policy: TimeoutPolicy) -> &'static str {
    match policy {
        TimeoutPolicy::Auto => "auto",
        TimeoutPolicy::Skip => "skip",
        TimeoutPolicy::Drop => "drop",
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

    /// The settings as a few lines for chat.
    pub fn describe(&self, settings: &Settings) -> String {
        let mark = |own: bool| if own { "" } else { " (server default)" };
        let policy = match self.on_timeout {
            TimeoutPolicy::Auto => "auto — the bot makes a default move for them",
            TimeoutPolicy::Skip => "skip — they pass where the rules allow (else a default move)",
            TimeoutPolicy::Drop => "drop — they leave the game",
        };
        format!(
            "· Remind after: **{}**{}\n· Repeat reminders every: **{}**{}\n· Time out after: **{}**{}\n· On timeout: **{}**{}",
            format_duration(self.remind_after),
            mark(settings.remind_after.is_some()),
            format_duration(self.remind_every),
            mark(settings.remind_every.is_some()),
            format_duration(self.timeout_after),
            mark(settings.timeout_after.is_some()),
            policy,
            mark(settings.on_timeout.is_some()),
        )
    }
}

/// A `/game settings` request: each value as typed (`None` leaves it, `default` goes
/// back to the server's default).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub remind_after: Option<String>,
    pub remind_every: Option<String>,
    pub timeout_after: Option<String>,
    pub on_timeout: Option<String>,
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }

    /// Reads `remind=12h every=1d timeout=72h policy=drop` (the local table's words; the
    /// long names work too).
    pub fn parse(words: &[&str]) -> Result<SettingsChange, String> {
        let mut change = SettingsChange::default();
        for word in words {
            let (key, value) = word.split_once('=').ok_or_else(|| {
                format!(
                    "“{}” is not a setting; write key=value, e.g. remind=12h or policy=drop.",
                    escape_user_text(word, TYPED_CHARS)
                )
            })?;
            let slot = match key.to_lowercase().replace('-', "_").as_str() {
                "remind" | "remind_after" => &mut change.remind_after,
                "every" | "repeat" | "remind_every" | "repeat_every" => &mut change.remind_every,
                "timeout" | "timeout_after" | "time_out_after" => &mut change.timeout_after,
                "policy" | "on_timeout" => &mut change.on_timeout,
                other => {
                    return Err(format!(
                    "There is no setting “{}”; the settings are remind, every, timeout and policy.",
                    escape_user_text(other, TYPED_CHARS)
                ))
                }
            };
            *slot = Some(value.to_string());
        }
        Ok(change)
    }

    /// Applies the change to `settings`; the first bad value is refused with its reason.
    pub fn apply(&self, settings: &Settings) -> Result<Settings, String> {
        fn duration(value: &Option<String>, old: Option<u64>) -> Result<Option<u64>, String> {
            match value.as_deref().map(str::trim) {
                None => Ok(old),
                Some(v) if v.eq_ignore_ascii_case("default") => Ok(None),
                Some(v) => parse_duration(v).map(Some),
            }
        }
        let mut next = Settings {
            remind_after: duration(&self.remind_after, settings.remind_after)?,
            remind_every: duration(&self.remind_every, settings.remind_every)?,
            timeout_after: duration(&self.timeout_after, settings.timeout_after)?,
            on_timeout: settings.on_timeout,
        };
        match self.on_timeout.as_deref().map(str::trim) {
            None => {}
            Some(v) if v.eq_ignore_ascii_case("default") => next.on_timeout = None,
            Some(v) => next.on_timeout = Some(parse_policy(v)?),
        }
        for (name, value) in [
            ("remind after", next.remind_after),
            ("repeat every", next.remind_every),
            ("time out after", next.timeout_after),
        ] {
            if matches!(value, Some(s) if s > 0 && s < 10) {
                return Err(format!("{name} must be at least 10s (or off)."));
            }
        }
        Ok(next)
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
        let s = change.apply(&Settings::default()).unwrap();
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
            .apply(&s)
            .unwrap();
        assert_eq!(back.remind_after, None);
        assert_eq!(back.timeout_after, Some(259_200));
        assert!(SettingsChange::parse(&["colour=red"]).is_err());
        assert!(SettingsChange::parse(&["remind"]).is_err());
        let err = SettingsChange::parse(&["policy=maybe"])
            .unwrap()
            .apply(&s)
            .unwrap_err();
        assert!(err.contains("auto"), "{err}");
        let err = SettingsChange::parse(&["timeout=5s"])
            .unwrap()
            .apply(&s)
            .unwrap_err();
        assert!(err.contains("at least 10s"), "{err}");
        assert!(t.describe(&s).contains("Remind after: **30m**\n"));
        assert!(t.describe(&s).contains("every: **1d** (server default)"));
    }
}
