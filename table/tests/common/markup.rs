//! What Discord would render as markup in a bot message: shared by the table's and the
//! Discord adapter's tests (`commands/tests/common` includes this file by path).

/// Fails if `text`, once the bot's own markup `allowed` is taken out (its `<@id>` pings,
/// `<#id>` channel links, links to discord.com), holds what Discord renders as a masked
/// link, a mention (user, role, channel, command) or timestamp, `@everyone`/`@here`, or
/// a heading, subtext or quote line. A character escaped by a backslash (an odd run of
/// them before it) does not count.
pub fn assert_no_markup(text: &str, allowed: &[String]) {
    let mut rest = text.to_string();
    for a in allowed {
        rest = rest.replace(a.as_str(), "");
    }
    let chars: Vec<char> = rest.chars().collect();
    let unescaped = |i: usize| chars[..i].iter().rev().take_while(|c| **c == '\\').count() % 2 == 0;
    for (i, pair) in chars.windows(2).enumerate() {
        match (pair[0], pair[1]) {
            (']', '(') if unescaped(i) => panic!("a masked link in:\n{text}"),
            ('<', '@' | '#' | 't' | '/') if unescaped(i) => {
                panic!("a mention or timestamp in:\n{text}")
            }
            _ => {}
        }
    }
    for ping in ["@everyone", "@here"] {
        assert!(!rest.contains(ping), "{ping} in:\n{text}");
    }
    for line in rest.lines() {
        let line = line.trim_start();
        assert!(
            !(line.starts_with('#') || line.starts_with("-#") || line.starts_with('>')),
            "a heading, subtext or quote line `{line}` in:\n{text}"
        );
    }
}
