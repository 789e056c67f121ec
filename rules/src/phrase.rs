//! A sentence as data: a Fluent key and its named arguments, for the texts the engines
//! produce (refusals, and narrations where a game has moved them). The engines stay free
//! of any language: `words::phrase` renders a [`Phrase`] in the reader's language, and
//! `ai` (which depends on `rules`) never links Fluent.

use crate::engine::Seat;

/// A Fluent key with its named arguments: what a player reads, before it is put into
/// words in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    /// The message's key in `locales/<lang>/*.ftl` (`palazzo-error-bid-too-low`).
    pub key: &'static str,
    /// The named arguments, in the order the English sentence uses them.
    pub args: Vec<(&'static str, Arg)>,
}

/// One named argument of a [`Phrase`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// A count or an amount: written in the reader's number style, selects plurals.
    Number(i64),
    /// Passed through as it is: ids, typed words, card and tile codes.
    Text(String),
    /// A seat: replaced by the seat's (escaped) name when rendered.
    Player(Seat),
    /// The key of a game word (a colour, a row, a piece), written in the reader's
    /// language.
    Term(&'static str),
}

impl Phrase {
    /// A phrase with no arguments yet.
    pub fn new(key: &'static str) -> Phrase {
        Phrase {
            key,
            args: Vec::new(),
        }
    }

    /// Adds a number argument.
    pub fn number(mut self, name: &'static str, n: impl Into<i64>) -> Phrase {
        self.args.push((name, Arg::Number(n.into())));
        self
    }

    /// Adds a count (`usize`); counts in the games are small, so the cast saturates only
    /// in theory.
    pub fn count(self, name: &'static str, n: usize) -> Phrase {
        self.number(name, i64::try_from(n).unwrap_or(i64::MAX))
    }

    /// Adds a text argument, passed through untranslated.
    pub fn text(mut self, name: &'static str, text: impl ToString) -> Phrase {
        self.args.push((name, Arg::Text(text.to_string())));
        self
    }

    /// Adds a player argument (the seat's name when rendered).
    pub fn player(mut self, name: &'static str, seat: Seat) -> Phrase {
        self.args.push((name, Arg::Player(seat)));
        self
    }

    /// Adds a game word by its key (rendered in the reader's language).
    pub fn term(mut self, name: &'static str, key: &'static str) -> Phrase {
        self.args.push((name, Arg::Term(key)));
        self
    }
}

/// A value that can be put into words in any language: each game's error enum (one
/// exhaustive `match`, so a new variant does not compile until it has a key).
pub trait Phrased {
    /// The key and arguments of this value's sentence.
    fn phrase(&self) -> Phrase;
}

/// Puts a [`Phrase`] into words in one reader's language. The engines write every text
/// they show (boards, hands, decision notes) through one, so they never hold a sentence:
/// the bot's is `words::Speaker`; [`Keys`] writes the bare keys, for tests and tools.
pub trait Say {
    /// `phrase` as the reader reads it.
    fn say(&self, phrase: &Phrase) -> String;
}

/// A [`Say`] with no language: writes `key(name=value, …)` (a player as `#<seat + 1>`),
/// so an engine's own tests can check what its texts say without the Fluent files.
#[derive(Debug, Clone, Copy, Default)]
pub struct Keys;

impl Say for Keys {
    fn say(&self, phrase: &Phrase) -> String {
        if phrase.args.is_empty() {
            return phrase.key.to_string();
        }
        let args: Vec<String> = phrase
            .args
            .iter()
            .map(|(name, arg)| match arg {
                Arg::Number(n) => format!("{name}={n}"),
                Arg::Text(t) => format!("{name}={t}"),
                Arg::Player(seat) => format!("{name}=#{}", seat + 1),
                Arg::Term(key) => format!("{name}={key}"),
            })
            .collect();
        format!("{}({})", phrase.key, args.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_write_the_key_and_every_argument() {
        let p = Phrase::new("x-bid")
            .player("name", 1)
            .number("total", 12)
            .text("cards", "R4 G4")
            .term("colour", "colour-red");
        assert_eq!(
            Keys.say(&p),
            "x-bid(name=#2, total=12, cards=R4 G4, colour=colour-red)"
        );
        assert_eq!(Keys.say(&Phrase::new("x-over")), "x-over");
    }
}
