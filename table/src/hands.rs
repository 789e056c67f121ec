//! Live hands and turn news. Each player has one live hand per game (a DM the adapter
//! edits in place, [`Delivery::Hand`]); a change sends a new hand only to the seats whose
//! private view changed or who have private news. New DMs are few: the end of the game,
//! and the turn, reminder and timeout news of players who chose DMs (`/game notify`).

use crate::{Active, Delivery, Notify, Table};
use rules::Seat;
use words::Lang;

/// Several moves stored one at a time but told as one (a timeout that settles a whole
/// turn): their public lines and private news wait for the last move's messages.
#[derive(Debug, Default)]
pub(crate) struct Batch {
    /// Public lines so far: the bot's headlines (once each) and the events, in order.
    pub lines: Vec<String>,
    /// Some public event happened (not just a headline).
    pub events: bool,
    /// What the bot played for each timed-out seat, in order.
    pub played: Vec<(Seat, String)>,
    /// Private news per seat, in order.
    pub news: Vec<(Seat, String)>,
    /// The seats awaited before the first move (and those still at the table).
    pub was_awaiting: Option<(Vec<Seat>, Vec<Seat>)>,
    /// The move being played is the last: its commit carries every message.
    pub last: bool,
    /// No channel message for this move: a chain of bot moves goes on (its last move
    /// tells the whole chain). Private news and live hands still go out.
    pub quiet: bool,
    /// A bot's move: how many bot moves came before it in its chain.
    pub chain: Option<u32>,
    /// The language of the player who typed the move, if one did: a refusal is told in
    /// it (a bot's or a timeout's move is refused to no one).
    pub typed_in: Option<words::Lang>,
}

impl Batch {
    /// A batch of one move (an ordinary move): told at once.
    pub fn single() -> Batch {
        Batch {
            last: true,
            ..Batch::default()
        }
    }

    /// Adds the move's public headline lines (each once) and events.
    pub fn tell(&mut self, headline: Vec<String>, public: &[String]) {
        for line in headline {
            if !self.lines.contains(&line) {
                self.lines.push(line);
            }
        }
        self.events |= !public.is_empty();
        self.lines.extend(public.iter().cloned());
    }

    /// What the bot played for timed-out seats, one sentence per seat, each in the
    /// language of that seat's player (`lang_of`), each move as `named` reads it.
    pub fn timed_out_news(
        &self,
        lang_of: impl Fn(Seat) -> Lang,
        named: impl Fn(Lang, &str) -> String,
    ) -> Vec<(Seat, String)> {
        let mut seats: Vec<Seat> = Vec::new();
        for (s, _) in &self.played {
            if !seats.contains(s) {
                seats.push(*s);
            }
        }
        seats
            .into_iter()
            .map(|seat| {
                let lang = lang_of(seat);
                let moves: Vec<String> = self
                    .played
                    .iter()
                    .filter(|(s, _)| *s == seat)
                    .map(|(_, m)| named(lang, m))
                    .collect();
                let then = words::text(lang, "timer-played-then", &[]);
                (
                    seat,
                    words::text(
                        lang,
                        "timer-played-for-you",
                        &[("moves", moves.join(&then).into())],
                    ),
                )
            })
            .collect()
    }
}

/// The live hand as its DM shows it under the header: the private view, then the news
/// (English: the local table).
pub fn hand_body(text: &str, news: &[String]) -> String {
    hand_body_in(Lang::En, text, news)
}

/// [`hand_body`] for a reader of `lang` (the "Latest:" label).
pub fn hand_body_in(lang: Lang, text: &str, news: &[String]) -> String {
    let mut body = text.trim_end().to_string();
    for (i, n) in news.iter().enumerate() {
        body.push_str(if i == 0 { "\n\n" } else { "\n" });
        body.push_str(&words::text(
            lang,
            "table-hand-latest",
            &[("news", n.as_str().into())],
        ));
    }
    body
}

/// Private news by seat, oldest first.
pub(crate) type News = [(Seat, String)];

/// The live hand updates of a change: every seat whose private text (`now`, by seat) or
/// news (`active.news`) differs from `before` (texts and news; every seat at the start:
/// `None`). A seat with nothing private (Villa Paletti) has no live hand.
pub(crate) fn hand_updates(
    active: &Active,
    now: &[String],
    before: Option<(&[String], &News)>,
) -> Vec<Delivery> {
    let of = |news: &News, seat: Seat| -> Vec<String> {
        news.iter()
            .filter(|(s, _)| *s == seat)
            .map(|(_, n)| n.clone())
            .collect()
    };
    active
        .meta
        .seats
        .iter()
        .zip(now)
        .enumerate()
        .filter_map(|(seat, (user, text))| {
            let seat_news = of(&active.news, seat);
            let changed = match before {
                None => true,
                Some((texts, news)) => texts.get(seat) != Some(text) || of(news, seat) != seat_news,
            };
            if text.trim().is_empty() || !changed {
                return None;
            }
            Some(Delivery::Hand {
                user: user.user,
                game_id: active.meta.game_id,
                game: active.meta.game.clone(),
                text: text.clone(),
                news: seat_news,
                outbox: None,
            })
        })
        .collect()
}

impl Table {
    /// A passing fact of `user`'s current decision in `channel` (how far their bid can
    /// go), for their move panel: it changes too often for the live hand.
    /// Written in `lang`, the reader's.
    pub fn decision_note(
        &self,
        channel: crate::ChannelId,
        user: crate::UserId,
        lang: Lang,
    ) -> Option<String> {
        self.with_slot(channel, |slot| {
            let active = slot.active.as_ref()?;
            let seat = active.seat_of(user)?;
            let names = active.names();
            active
                .game
                .as_ref()?
                .decision_note(seat, &names, &words::Speaker::new(lang, &names))
        })
    }

    /// The notification choice of the player in `seat` (on the table's server).
    pub(crate) fn notify_of(&self, active: &Active, seat: Seat) -> Notify {
        active.meta.seats.get(seat).map_or(Notify::Ping, |u| {
            self.notify_choice(active.meta.guild, u.user)
        })
    }

    /// Every seat's language (see [`Table::seat_lang`]), for their private texts.
    pub(crate) fn seat_langs(&self, active: &Active) -> Vec<Lang> {
        (0..active.meta.seats.len())
            .map(|seat| self.seat_lang(active, seat))
            .collect()
    }

    /// The private texts of every seat of `active`, each in its player's language.
    pub(crate) fn hand_texts(&self, active: &Active) -> Vec<String> {
        active.private_texts(&self.seat_langs(active))
    }

    /// The language of the player in `seat` (their choice, else their client's last).
    pub(crate) fn seat_lang(&self, active: &Active, seat: Seat) -> Lang {
        active
            .meta
            .seats
            .get(seat)
            .filter(|u| !u.is_bot())
            .map_or(Lang::En, |u| self.person_lang(u.user, None))
    }

    /// Timeout news for `seat`: a new DM for a player who chose DMs, else a "Latest:"
    /// line in their live hand (`news`; a seat without a live hand learns it from the
    /// channel). `text` is written in the player's language.
    pub(crate) fn tell_privately(
        &self,
        active: &Active,
        seat: Seat,
        text: impl FnOnce(Lang) -> String,
        news: &mut Vec<(Seat, String)>,
        out: &mut Vec<Delivery>,
    ) {
        let Some(user) = active.meta.seats.get(seat).map(|u| u.user) else {
            return;
        };
        let text = text(self.seat_lang(active, seat));
        if self.notify_of(active, seat).by_dm() {
            out.push(Delivery::private(user, text));
        } else {
            news.push((seat, text));
        }
    }

    /// The turn news of a change that leaves `next` awaiting its players: the turn
    /// message does not ping players who chose `quiet`, and players who chose `dm` get a
    /// DM when their turn begins (awaited now, not in `was_awaiting`).
    pub(crate) fn turn_news(&self, next: &Active, was_awaiting: &[Seat], out: &mut Vec<Delivery>) {
        let awaited = next.awaited_players();
        let mut quiet = Vec::new();
        let names = next.names();
        let headline = |lang: Lang| {
            next.game
                .as_ref()
                .map(|g| g.public_headline(&names, &words::Speaker::new(lang, &names)))
                .unwrap_or_default()
        };
        for seat in awaited {
            let Some(user) = next.meta.seats.get(seat).map(|u| u.user) else {
                continue;
            };
            match self.notify_of(next, seat) {
                Notify::Quiet => quiet.push(user),
                Notify::Dm if !was_awaiting.contains(&seat) => {
                    let lang = self.person_lang(user, None);
                    out.push(Delivery::private(
                        user,
                        words::text(
                            lang,
                            "table-hand-your-move",
                            &[("headline", headline(lang).into())],
                        ),
                    ))
                }
                Notify::Dm | Notify::Ping => {}
            }
        }
        for d in out.iter_mut() {
            if let Delivery::Channel {
                mentions, prompts, ..
            } = d
            {
                if !prompts.is_empty() {
                    mentions.retain(|u| !quiet.contains(u));
                }
            }
        }
    }

    /// The DM every player gets at the end of a game: the final scores and how to see
    /// the game again.
    pub(crate) fn end_dms(&self, active: &Active) -> Vec<Delivery> {
        let Some(outcome) = active.game.as_ref().and_then(|g| g.outcome()) else {
            return vec![];
        };
        let names = active.names();
        active
            .meta
            .seats
            .iter()
            .filter(|u| !u.is_bot())
            .map(|u| {
                let lang = self.person_lang(u.user, None);
                Delivery::Private {
                    user: u.user,
                    text: words::text(
                        lang,
                        "table-hand-game-over",
                        &[(
                            "scores",
                            crate::text::outcome(lang, &outcome, &names).into(),
                        )],
                    ),
                    game: Some(active.meta.game.clone()),
                    outbox: None,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_tells_each_headline_once_and_what_was_played_per_seat() {
        let mut b = Batch::default();
        b.tell(vec!["⏱️ ana ran out".into()], &["ana pulls".into()]);
        b.tell(vec!["⏱️ ana ran out".into()], &[]);
        assert_eq!(b.lines, vec!["⏱️ ana ran out", "ana pulls"]);
        assert!(b.events);
        b.played = vec![(0, "pull".into()), (1, "pass".into()), (0, "stop".into())];
        assert_eq!(
            b.timed_out_news(|_| Lang::En, |_, m| format!("**{m}**")),
            vec![
                (
                    0,
                    "⏱️ Your time ran out, so I played **pull**, then **stop** for you.".into()
                ),
                (
                    1,
                    "⏱️ Your time ran out, so I played **pass** for you.".into()
                ),
            ]
        );
    }

    #[test]
    fn the_body_is_the_view_then_the_news() {
        assert_eq!(hand_body("Hand: 3\n", &[]), "Hand: 3");
        assert_eq!(
            hand_body("Hand: 3", &["a".into(), "b".into()]),
            "Hand: 3\n\n**Latest:** a\n**Latest:** b"
        );
    }
}
