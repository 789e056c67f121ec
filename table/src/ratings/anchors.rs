//! The bots' fixed ratings per title (anchors), read from `anchors.tsv` beside this file:
//! the data `capomaestro arena … --calibrate` printed, with the commit and games they
//! came from.

use super::model::Skill;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The anchors as stored in the repository.
const ANCHORS: &str = include_str!("anchors.tsv");

/// One anchor: a bot level's fixed skill at one title.
#[derive(Debug, Clone, PartialEq)]
pub struct Anchor {
    pub title: String,
    /// `random`, `easy`, `normal` or `hard`.
    pub level: String,
    pub skill: Skill,
}

/// Reads anchor lines (`title level mu sigma`, tab-separated; `#` starts a comment).
pub fn parse(text: &str) -> Result<Vec<Anchor>, String> {
    let mut anchors = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
        let number = |i: usize| -> Result<f64, String> {
            fields
                .get(i)
                .and_then(|f| f.parse::<f64>().ok())
                .filter(|v| v.is_finite())
                .ok_or_else(|| format!("anchors line {}: field {} is not a number", n + 1, i + 1))
        };
        if fields.len() < 4 {
            return Err(format!(
                "anchors line {}: expected title, level, mu, sigma",
                n + 1
            ));
        }
        anchors.push(Anchor {
            title: fields[0].to_string(),
            level: fields[1].to_string(),
            skill: Skill {
                mu: number(2)?,
                sigma: number(3)?,
            },
        });
    }
    Ok(anchors)
}

fn table() -> &'static HashMap<(String, String), Skill> {
    static TABLE: OnceLock<HashMap<(String, String), Skill>> = OnceLock::new();
    TABLE.get_or_init(|| {
        // The file is checked by `anchors_file_reads` below: a bad line cannot ship.
        parse(ANCHORS)
            .unwrap_or_default()
            .into_iter()
            .map(|a| ((a.title, a.level), a.skill))
            .collect()
    })
}

/// The fixed skill of a bot `level` (`easy`…) at `title` (a game id), if measured.
pub fn anchor(title: &str, level: &str) -> Option<Skill> {
    table()
        .get(&(title.to_string(), level.to_string()))
        .copied()
}

/// The fixed skill of a bot seat of `level` at `title`, if measured.
pub fn bot_anchor(title: &str, level: storage::BotLevel) -> Option<Skill> {
    anchor(title, level.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anchors_file_reads() {
        let anchors = parse(ANCHORS).expect("anchors.tsv reads");
        for title in ["palazzo", "villa", "estates", "princes"] {
            for level in ["random", "easy", "normal", "hard"] {
                assert!(
                    anchor(title, level).is_some(),
                    "no anchor for {level} at {title}"
                );
            }
        }
        assert!(anchors.iter().all(|a| a.skill.sigma > 0.0));
    }

    #[test]
    fn a_bad_line_is_refused_with_its_number() {
        let err = parse("# c\npalazzo\teasy\tx\t1\n").unwrap_err();
        assert!(err.contains("line 2"), "{err}");
    }
}
