//! Player actions, their canonical text, and a forgiving parser.

use super::data::{palace_letter, parse_palace_letter, Card, Tile};
use super::sets::{Cards, TileList, MAX_COPIES};
use crate::engine::ParseError;
use crate::phrase::Phrase;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where a newly built tile goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// On top of the player's palace with this index (letter A = 0).
    On(usize),
    /// As the first floor of a new palace.
    New,
}

/// A move in Palazzo. Card sets are multisets listed in card order (as typed commands are
/// read), so actions are small `Copy` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PalazzoAction {
    /// Take money: reveal players + 1 cards.
    Money,
    /// Take revealed cards (2 for the active player, then 1 each).
    Pick(Cards),
    /// Draw two tiles, then buy or auction.
    Draw,
    /// Buy 1 or 2 supply tiles with one payment (empty when the price is 0).
    Buy { tiles: TileList, pay: Cards },
    /// Auction the next quarry holding tiles.
    Auction,
    /// Add cards to your bid.
    Raise(Cards),
    /// Leave the auction and take your bid cards back.
    Pass,
    /// Build a tile you bought, won or took.
    Build { tile: Tile, place: Place },
    /// Put such a tile out of the game instead.
    Discard(Tile),
    /// Reconstruct: take a tile out of a palace to stand alone.
    Lift { tile: Tile, pay: Card },
    /// Reconstruct: put a single-tile palace into another palace.
    Insert { tile: Tile, into: usize, pay: Card },
    /// Reconstruct: put a single-tile palace out of the game.
    Remove { tile: Tile, pay: Card },
}

impl fmt::Display for PalazzoAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PalazzoAction::*;
        match self {
            Money => write!(f, "money"),
            Pick(cards) => write!(f, "pick {cards}"),
            Draw => write!(f, "draw"),
            Buy { tiles, pay } => {
                let t: Vec<String> = tiles.iter().map(|t| t.id()).collect();
                if pay.is_empty() {
                    write!(f, "buy {}", t.join(" "))
                } else {
                    write!(f, "buy {} pay {pay}", t.join(" "))
                }
            }
            Auction => write!(f, "auction"),
            Raise(cards) => write!(f, "raise {cards}"),
            Pass => write!(f, "pass"),
            Build {
                tile,
                place: Place::New,
            } => write!(f, "build {tile} new"),
            Build {
                tile,
                place: Place::On(p),
            } => write!(f, "build {tile} on {}", palace_letter(*p)),
            Discard(tile) => write!(f, "discard {tile}"),
            Lift { tile, pay } => write!(f, "reconstruct lift {tile} pay {pay}"),
            Insert { tile, into, pay } => {
                write!(
                    f,
                    "reconstruct insert {tile} into {} pay {pay}",
                    palace_letter(*into)
                )
            }
            Remove { tile, pay } => write!(f, "reconstruct remove {tile} pay {pay}"),
        }
    }
}

/// A typed word as echoed back in a refusal: cut short so a pasted wall of text cannot
/// blow up the reply.
fn echo(word: &str) -> String {
    const MAX: usize = 24;
    if word.chars().count() <= MAX {
        word.to_string()
    } else {
        let cut: String = word.chars().take(MAX).collect();
        format!("{cut}…")
    }
}

/// A parse error: its English sentence (what `Display` shows) and the same as a phrase
/// (`palazzo-parse-…`, in the reader's language).
fn refusal(english: impl Into<String>, phrase: Phrase) -> ParseError {
    ParseError(english.into(), Some(phrase))
}

fn card(word: &str) -> Result<Card, ParseError> {
    if word.eq_ignore_ascii_case("c3") {
        return Err(refusal(
            "The certificate 3 (`C3`) only opens an auction and is never typed: raise with R/G/B 3–7 and C2 cards.",
            Phrase::new("palazzo-parse-c3"),
        ));
    }
    Card::parse(word).ok_or_else(|| {
        refusal(
            format!(
                "`{}` is not a money card; write cards as R5 G7 B3 C2 (red/green/blue 3–7, certificate C2).",
                echo(word)
            ),
            Phrase::new("palazzo-parse-not-a-card").text("word", echo(word)),
        )
    })
}

/// The typed cards as a set (in card order).
fn cards(words: &[&str]) -> Result<Cards, ParseError> {
    let mut out = Cards::EMPTY;
    for w in words {
        let c = card(w)?;
        out = out.try_with(c).ok_or_else(|| {
            refusal(
                format!(
                    "More than {MAX_COPIES}× {c}: the game has only 3 of each currency card and 10 C2."
                ),
                Phrase::new("palazzo-parse-too-many")
                    .number("max", MAX_COPIES)
                    .text("card", c),
            )
        })?;
    }
    Ok(out)
}

fn tile(word: &str) -> Result<Tile, ParseError> {
    Tile::parse(word).ok_or_else(|| {
        refusal(
            format!(
                "`{}` is not a tile id; tiles are written material-floor-windows, e.g. marble-3-2w (the extra floor-3 one-window tile is marble-3-1w-b).",
                echo(word)
            ),
            Phrase::new("palazzo-parse-not-a-tile").text("word", echo(word)),
        )
    })
}

fn palace(word: &str) -> Result<usize, ParseError> {
    parse_palace_letter(word).ok_or_else(|| {
        refusal(
            format!("`{}` is not a palace letter (A, B, C…).", echo(word)),
            Phrase::new("palazzo-parse-not-a-palace").text("word", echo(word)),
        )
    })
}

/// Reads a command. Case-insensitive; extra spaces and commas are ignored.
pub fn parse(text: &str) -> Result<PalazzoAction, ParseError> {
    use PalazzoAction::*;
    let cleaned = text.replace(',', " ").to_ascii_lowercase();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let Some((&verb, rest)) = words.split_first() else {
        return Err(refusal(
            "Type a command: money, draw, buy, auction, raise, pass, pick, build, discard or reconstruct.",
            Phrase::new("palazzo-parse-empty"),
        ));
    };
    match verb {
        "money" | "cash" => Ok(Money),
        "draw" => Ok(Draw),
        "auction" => Ok(Auction),
        "pass" => Ok(Pass),
        "pick" | "take" => {
            if rest.is_empty() {
                return Err(refusal(
                    "Say which revealed cards you take: pick R5 G7",
                    Phrase::new("palazzo-parse-pick-usage"),
                ));
            }
            Ok(Pick(cards(rest)?))
        }
        "raise" | "bid" => {
            if rest.is_empty() {
                return Err(refusal(
                    "Say which cards you add to your bid: raise R4 G4 B4",
                    Phrase::new("palazzo-parse-raise-usage"),
                ));
            }
            Ok(Raise(cards(rest)?))
        }
        "buy" => {
            let split = rest.iter().position(|w| *w == "pay" || *w == "with");
            let (tile_words, pay_words) = match split {
                Some(i) => (&rest[..i], &rest[i + 1..]),
                None => (rest, &[][..]),
            };
            let usage = || {
                refusal(
                    "Buy 1 or 2 supply tiles and say how you pay: buy brick-2-1w pay R4 R5",
                    Phrase::new("palazzo-parse-buy-usage"),
                )
            };
            if tile_words.is_empty() || tile_words.len() > 2 {
                return Err(usage());
            }
            let mut tiles = tile_words.iter().map(|w| tile(w)).collect::<Result<Vec<_>, _>>()?;
            tiles.sort();
            Ok(Buy {
                tiles: TileList::try_from_slice(&tiles).ok_or_else(usage)?,
                pay: cards(pay_words)?,
            })
        }
        "build" => match rest {
            [t, "new"] => Ok(Build {
                tile: tile(t)?,
                place: Place::New,
            }),
            // `build <tile> on` names no palace: "on" is not palace ON.
            [t, "on", p] | [t, p] if *p != "new" && *p != "on" => Ok(Build {
                tile: tile(t)?,
                place: Place::On(palace(p)?),
            }),
            _ => Err(refusal(
                "Build a tile on top of a palace or as a new one: build marble-3-2w on B, build marble-3-2w new",
                Phrase::new("palazzo-parse-build-usage"),
            )),
        },
        "discard" | "drop" => match rest {
            [t] => Ok(Discard(tile(t)?)),
            _ => Err(refusal(
                "Name the tile to put out of the game: discard marble-3-2w",
                Phrase::new("palazzo-parse-discard-usage"),
            )),
        },
        "reconstruct" | "recon" | "rc" => {
            match rest {
                ["lift", t, "pay", c] => Ok(Lift {
                    tile: tile(t)?,
                    pay: card(c)?,
                }),
                ["insert", t, "into", p, "pay", c] | ["insert", t, p, "pay", c] if *p != "into" => Ok(Insert {
                    tile: tile(t)?,
                    into: palace(p)?,
                    pay: card(c)?,
                }),
                ["remove", t, "pay", c] => Ok(Remove {
                    tile: tile(t)?,
                    pay: card(c)?,
                }),
                _ => Err(refusal(
                    "Reconstruct costs one card: reconstruct lift <tile> pay R5 | reconstruct insert <tile> into B pay R5 | reconstruct remove <tile> pay R5",
                    Phrase::new("palazzo-parse-reconstruct-usage"),
                )),
            }
        }
        other => Err(refusal(
            format!(
                "`{}` is not a Palazzo command. Try: money, draw, buy <tiles> pay <cards>, auction, raise <cards>, pass, pick <cards>, build <tile> on <palace>|new, discard <tile>, reconstruct …",
                echo(other)
            ),
            Phrase::new("palazzo-parse-unknown").text("word", echo(other)),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forgiving_parse() {
        assert_eq!(parse("  MONEY ").unwrap(), PalazzoAction::Money);
        let a = parse("raise  r4, g4 b4").unwrap();
        assert_eq!(a.to_string(), "raise R4 G4 B4");
        let b = parse("build Marble-3-2w b").unwrap();
        assert_eq!(b.to_string(), "build marble-3-2w on B");
        assert!(parse("build marble-9-2w new")
            .unwrap_err()
            .0
            .contains("marble-3-2w"));
        assert!(parse("raise R9").unwrap_err().0.contains("R5 G7"));
        assert!(parse("reconstruct lift x")
            .unwrap_err()
            .0
            .contains("reconstruct lift"));
        assert!(parse("hello")
            .unwrap_err()
            .0
            .contains("not a Palazzo command"));
    }
}
