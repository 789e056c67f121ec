//! Public and private views and their chat text.

use super::board;
use super::data::{bonus_card, prestige_card, profession, Stack, BUILDINGS, PROFESSIONS, ROUNDS};
use super::{scoring, terms, DeckKind, Face, Pending, Phase, Princes};
use crate::engine::{CommandHelp, Seat};
use crate::phrase::{Phrase, Say};
use serde::Serialize;

/// What everyone sees of one player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublicPlayer {
    pub seat: Seat,
    pub prestige: i64,
    pub grid: Vec<u8>,
    pub buildings: Vec<u8>,
    pub landscapes: [u8; 3],
    pub jesters: u8,
    pub builders: u8,
    pub freedoms: [bool; 3],
    /// Face-up cards: profession numbers, 0 for a recruiting card.
    pub display: Vec<u8>,
    /// Profession + recruiting cards in hand.
    pub hand_cards: usize,
    pub recruiting_in_hand: u8,
    pub bonus_cards: usize,
    pub prestige_cards: usize,
    pub works: u32,
    pub best_work_this_round: u32,
}

/// The running auction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LiveView {
    pub stack: Stack,
    pub high: u32,
    pub leader: Seat,
    pub to_act: Option<Seat>,
    pub bidders: Vec<Seat>,
}

/// A step one player must finish before the game goes on, as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Waiting {
    /// Placing the landscape just bought.
    Place { seat: Seat, landscape: u8 },
    /// Choosing one of `count` cards looked at.
    Look {
        seat: Seat,
        deck: DeckKind,
        count: usize,
    },
    /// May play the recruiting card just bought now, or keep it.
    RecruitNow { seat: Seat },
}

/// Phase A as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AuctionView {
    /// (seat, what they bought) this round.
    pub bought: Vec<(Seat, Stack)>,
    pub declined: Vec<Seat>,
    pub opener: Seat,
    pub live: Option<LiveView>,
}

/// The board, without any secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrincesPublic {
    pub round: u8,
    pub rounds: u8,
    pub min_work: u32,
    pub start: Seat,
    /// "setup", "auctions", "actions" or "over".
    pub phase: &'static str,
    pub awaiting: Vec<Seat>,
    pub players: Vec<PublicPlayer>,
    pub auction: Option<AuctionView>,
    /// Phase B: whose turn and actions used.
    pub turn: Option<(Seat, u8)>,
    /// A step someone must finish (a landscape to place, cards to choose from, the
    /// recruiting card), for texts in the reader's language ([`waiting_phrase`]).
    pub waiting: Option<Waiting>,
    pub landscape_supply: [u8; 3],
    pub jester_supply: u8,
    pub builder_supply: u8,
    pub building_supply: [u8; 10],
    pub freedom_supply: [u8; 3],
    pub recruiting_supply: u8,
    pub profession_deck: usize,
    pub bonus_deck: usize,
    pub prestige_deck: usize,
}

/// A profession in hand with the work value it would score now (no bonus cards).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandCard {
    pub number: u8,
    pub name: &'static str,
    pub value_now: u32,
}

/// One seat's secrets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrincesPrivate {
    pub seat: Seat,
    pub florins: i64,
    pub prestige: i64,
    pub round: u8,
    pub min_work: u32,
    pub hand: Vec<HandCard>,
    pub recruiting: u8,
    /// Bonus cards in hand: (id, text, value it would add now).
    pub bonus: Vec<(u8, &'static str, u32)>,
    pub prestige_cards: Vec<(u8, &'static str)>,
    /// Cards being looked at (keep one): the deck and the card ids.
    pub looking_cards: Option<(DeckKind, Vec<u8>)>,
    /// Setup: the four professions dealt.
    pub dealt: Vec<u8>,
}

pub fn public(g: &Princes) -> PrincesPublic {
    let players = g
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| PublicPlayer {
            seat: i,
            prestige: p.prestige,
            grid: p.grid.clone(),
            buildings: p.buildings.clone(),
            landscapes: p.landscapes,
            jesters: p.jesters,
            builders: p.builders,
            freedoms: p.freedoms,
            display: p
                .display
                .iter()
                .map(|f| match f {
                    Face::Profession(x) => *x,
                    Face::Recruit => 0,
                })
                .collect(),
            hand_cards: p.hand.len() + usize::from(p.recruits),
            recruiting_in_hand: p.recruits,
            bonus_cards: p.bonus.len(),
            prestige_cards: p.prestige_cards.len(),
            works: p.works,
            best_work_this_round: p.best_work,
        })
        .collect();
    let auction = match &g.phase {
        Phase::Auction(a) => Some(AuctionView {
            bought: a
                .bought
                .iter()
                .enumerate()
                .filter_map(|(i, b)| b.map(|st| (i, st)))
                .collect(),
            declined: (0..g.players.len())
                .filter(|&i| a.declined.get(i).copied().unwrap_or(false))
                .collect(),
            opener: a.opener,
            live: a.live.as_ref().map(|l| LiveView {
                stack: l.stack,
                high: l.high,
                leader: l.bidding.leader(),
                to_act: l.bidding.current(),
                bidders: l.bidding.bidders().to_vec(),
            }),
        }),
        _ => None,
    };
    let turn = match &g.phase {
        Phase::Actions(b) => b.order.current().map(|s| (s, b.used.actions)),
        _ => None,
    };
    let waiting = g.pending.as_ref().map(|p| match p {
        Pending::Place { seat, landscape } => Waiting::Place {
            seat: *seat,
            landscape: *landscape,
        },
        Pending::Look { seat, deck, cards } => Waiting::Look {
            seat: *seat,
            deck: *deck,
            count: cards.len(),
        },
        Pending::RecruitNow { seat } => Waiting::RecruitNow { seat: *seat },
    });
    PrincesPublic {
        round: g.round,
        rounds: ROUNDS,
        min_work: g.min_work(),
        start: g.start,
        phase: match g.phase {
            Phase::Setup { .. } => "setup",
            Phase::Auction(_) => "auctions",
            Phase::Actions(_) => "actions",
            Phase::Over => "over",
        },
        awaiting: super::Game::awaiting(g),
        players,
        auction,
        turn,
        waiting,
        landscape_supply: g.landscape_supply,
        jester_supply: g.jester_supply,
        builder_supply: g.builder_supply,
        building_supply: g.building_supply,
        freedom_supply: g.freedom_supply,
        recruiting_supply: g.recruiting_supply,
        profession_deck: g.profession_deck.len(),
        bonus_deck: g.bonus_deck.len(),
        prestige_deck: g.prestige_deck.len(),
    }
}

pub fn private(g: &Princes, seat: Seat) -> PrincesPrivate {
    let Some(p) = g.players.get(seat) else {
        return PrincesPrivate {
            seat,
            florins: 0,
            prestige: 0,
            round: g.round,
            min_work: g.min_work(),
            hand: vec![],
            recruiting: 0,
            bonus: vec![],
            prestige_cards: vec![],
            looking_cards: None,
            dealt: vec![],
        };
    };
    let hand = p
        .hand
        .iter()
        .map(|&n| HandCard {
            number: n,
            name: profession(n).map_or("?", |x| x.name),
            value_now: scoring::base_value(p, n),
        })
        .collect();
    let bonus = p
        .bonus
        .iter()
        .filter_map(|&b| bonus_card(b).map(|c| (b, c.text, scoring::bonus_value(p, b))))
        .collect();
    let prestige_cards = p
        .prestige_cards
        .iter()
        .filter_map(|&c| prestige_card(c).map(|x| (c, x.text)))
        .collect();
    let looking_cards = match &g.pending {
        Some(Pending::Look {
            seat: s,
            deck,
            cards,
        }) if *s == seat => Some((*deck, cards.clone())),
        _ => None,
    };
    let dealt = match &g.phase {
        Phase::Setup { dealt } => dealt.get(seat).cloned().unwrap_or_default(),
        _ => vec![],
    };
    PrincesPrivate {
        seat,
        florins: p.florins,
        prestige: p.prestige,
        round: g.round,
        min_work: g.min_work(),
        hand,
        recruiting: p.recruits,
        bonus,
        prestige_cards,
        looking_cards,
        dealt,
    }
}

/// The step the game waits for, as the board and the pictures say it.
pub fn waiting_phrase(w: &Waiting) -> Phrase {
    match w {
        Waiting::Place { seat, landscape } => Phrase::new("princes-board-waiting-place")
            .player("name", *seat)
            .term("landscape", terms::landscape(*landscape)),
        Waiting::Look { seat, deck, count } => Phrase::new("princes-board-waiting-look")
            .player("name", *seat)
            .count("count", *count)
            .term("deck", terms::deck(*deck)),
        Waiting::RecruitNow { seat } => {
            Phrase::new("princes-board-waiting-recruit").player("name", *seat)
        }
    }
}

fn name(names: &[String], s: Seat) -> String {
    names
        .get(s)
        .cloned()
        .unwrap_or_else(|| format!("seat {}", s + 1))
}

/// An auction stack's word on the board (`prestige`, `recruiting`), as typed.
fn stack_term(s: Stack) -> &'static str {
    match s {
        Stack::Forest => "princes-stack-forest",
        Stack::Lake => "princes-stack-lake",
        Stack::Park => "princes-stack-park",
        Stack::Jester => "princes-stack-jester",
        Stack::Builder => "princes-stack-builder",
        Stack::Prestige => "princes-stack-prestige",
        Stack::Recruiting => "princes-stack-recruiting",
    }
}

/// Game words said once per text, then reused on every line that names them.
struct Said<'a> {
    say: &'a dyn Say,
    /// Profession names by number (0 unused), said on first use.
    professions: Vec<Option<String>>,
}

impl<'a> Said<'a> {
    fn new(say: &'a dyn Say) -> Self {
        Said {
            say,
            professions: vec![None; PROFESSIONS.len() + 1],
        }
    }

    fn key(&self, key: &'static str) -> String {
        self.say.say(&Phrase::new(key))
    }

    fn phrase(&self, p: Phrase) -> String {
        self.say.say(&p)
    }

    fn profession(&mut self, n: u8) -> String {
        let say = self.say;
        match self.professions.get_mut(usize::from(n)) {
            Some(slot) => slot
                .get_or_insert_with(|| say.say(&Phrase::new(terms::profession(n))))
                .clone(),
            None => say.say(&Phrase::new(terms::UNKNOWN)),
        }
    }
}

/// The board's first line: the round, the minimum work value and the start player.
pub fn headline(v: &PrincesPublic, names: &[String], say: &dyn Say) -> String {
    say.say(
        &Phrase::new("princes-board-headline")
            .number("round", v.round)
            .number("rounds", v.rounds)
            .number("min", v.min_work)
            .text("start", name(names, v.start)),
    )
}

pub fn render_public(v: &PrincesPublic, names: &[String], say: &dyn Say) -> String {
    let mut w = Said::new(say);
    let mut out = headline(v, names, say);
    out.push('\n');
    match v.phase {
        "setup" => {
            out.push_str(&w.key("princes-board-setup"));
            out.push('\n');
        }
        "auctions" => {
            out.push_str(&w.key("princes-board-auctions"));
            if let Some(a) = &v.auction {
                if !a.bought.is_empty() {
                    let list: Vec<String> = a
                        .bought
                        .iter()
                        .map(|(s, st)| {
                            w.phrase(
                                Phrase::new("princes-board-bought-item")
                                    .text("name", name(names, *s))
                                    .term("stack", stack_term(*st)),
                            )
                        })
                        .collect();
                    out.push(' ');
                    out.push_str(
                        &w.phrase(
                            Phrase::new("princes-board-bought").text("list", list.join(", ")),
                        ),
                    );
                }
                if !a.declined.is_empty() {
                    let list: Vec<String> = a.declined.iter().map(|s| name(names, *s)).collect();
                    out.push(' ');
                    out.push_str(&w.phrase(
                        Phrase::new("princes-board-declined").text("list", list.join(", ")),
                    ));
                }
                match &a.live {
                    Some(l) => {
                        out.push('\n');
                        out.push_str(
                            &w.phrase(
                                Phrase::new("princes-board-auction")
                                    .term("stack", stack_term(l.stack))
                                    .text("high", l.high)
                                    .text("leader", name(names, l.leader))
                                    .text(
                                        "bidders",
                                        l.bidders
                                            .iter()
                                            .map(|s| name(names, *s))
                                            .collect::<Vec<_>>()
                                            .join(", "),
                                    ),
                            ),
                        );
                        if let Some(s) = l.to_act {
                            out.push(' ');
                            out.push_str(
                                &w.phrase(
                                    Phrase::new("princes-board-to-bid")
                                        .text("name", name(names, s))
                                        .text("bid", l.high + 100),
                                ),
                            );
                        }
                    }
                    None => {
                        out.push(' ');
                        out.push_str(
                            &w.phrase(
                                Phrase::new("princes-board-opens-next")
                                    .text("name", name(names, a.opener)),
                            ),
                        );
                    }
                }
            }
            out.push('\n');
        }
        "actions" => {
            if let Some((s, used)) = v.turn {
                out.push_str(
                    &w.phrase(
                        Phrase::new("princes-board-actions")
                            .text("name", name(names, s))
                            .number("used", used),
                    ),
                );
                out.push('\n');
            }
        }
        _ => {
            out.push_str(&w.key("princes-board-over"));
            out.push('\n');
        }
    }
    if let Some(p) = &v.waiting {
        out.push_str(&w.phrase(waiting_phrase(p)));
        out.push('\n');
    }
    let ls = v.landscape_supply;
    out.push_str(
        &w.phrase(
            Phrase::new("princes-board-supply")
                .number("forest", ls[0])
                .number("lake", ls[1])
                .number("park", ls[2])
                .number("jester", v.jester_supply)
                .number("builder", v.builder_supply)
                .count("prestige", v.prestige_deck)
                .number("recruiting", v.recruiting_supply),
        ),
    );
    out.push('\n');
    let blds: Vec<String> = BUILDINGS
        .iter()
        .zip(v.building_supply.iter())
        .map(|(b, n)| format!("{}{}", b.letter, n))
        .collect();
    out.push_str(
        &w.phrase(
            Phrase::new("princes-board-left")
                .text("buildings", blds.join(" "))
                .number("opinion", v.freedom_supply[0])
                .number("religion", v.freedom_supply[1])
                .number("travel", v.freedom_supply[2])
                .count("professions", v.profession_deck)
                .count("bonus", v.bonus_deck),
        ),
    );
    out.push('\n');
    let freedom_names: Vec<String> = terms::FREEDOMS.iter().map(|k| w.key(k)).collect();
    let none = w.key("princes-board-none");
    let mut recruiting: Option<String> = None;
    for p in &v.players {
        let freedoms: Vec<&str> = freedom_names
            .iter()
            .zip(p.freedoms.iter())
            .filter(|(_, h)| **h)
            .map(|(f, _)| f.as_str())
            .collect();
        let display: Vec<String> = p
            .display
            .iter()
            .map(|&d| {
                if d == 0 {
                    recruiting
                        .get_or_insert_with(|| w.key("princes-board-recruiting-card"))
                        .clone()
                } else {
                    w.profession(d)
                }
            })
            .collect();
        let line = Phrase::new("princes-board-player")
            .text("name", name(names, p.seat))
            .number("prestige", p.prestige)
            .number("jesters", p.jesters)
            .number("builders", p.builders)
            .text(
                "freedoms",
                if freedoms.is_empty() {
                    none.clone()
                } else {
                    freedoms.join(", ")
                },
            )
            .count("hand", p.hand_cards)
            .number("recruiting", p.recruiting_in_hand)
            .count("bonus", p.bonus_cards)
            .count("cards", p.prestige_cards)
            .number("works", p.works);
        out.push_str(&w.phrase(line));
        if p.best_work_this_round > 0 {
            out.push_str(" · ");
            out.push_str(&w.phrase(
                Phrase::new("princes-board-best-work").number("best", p.best_work_this_round),
            ));
        }
        out.push('\n');
        if !display.is_empty() {
            out.push_str("  ");
            out.push_str(
                &w.phrase(Phrase::new("princes-board-display").text("list", display.join(", "))),
            );
            out.push('\n');
        }
    }
    // Grids side by side, three per row.
    out.push_str("```\n");
    for chunk in v.players.chunks(3) {
        let rendered: Vec<Vec<String>> = chunk
            .iter()
            .map(|p| board::render(&p.grid).lines().map(str::to_string).collect())
            .collect();
        let heads: Vec<String> = chunk
            .iter()
            .map(|p| {
                let n: String = name(names, p.seat).chars().take(9).collect();
                format!("{n:<9}")
            })
            .collect();
        out.push_str(heads.join("  ").trim_end());
        out.push('\n');
        for line in 0..8 {
            let row: Vec<String> = rendered
                .iter()
                .map(|r| format!("{:<9}", r.get(line).cloned().unwrap_or_default()))
                .collect();
            out.push_str(row.join("  ").trim_end());
            out.push('\n');
        }
    }
    out.push_str("```\n");
    out.push_str(&w.key("princes-board-legend"));
    out.push('\n');
    if !v.awaiting.is_empty() && v.phase != "over" {
        let list: Vec<String> = v.awaiting.iter().map(|s| name(names, *s)).collect();
        out.push_str(
            &w.phrase(Phrase::new("princes-board-waiting-for").text("list", list.join(", "))),
        );
        out.push('\n');
    }
    out
}

pub fn render_private(v: &PrincesPrivate, names: &[String], say: &dyn Say) -> String {
    let mut w = Said::new(say);
    let mut out = w.phrase(
        Phrase::new("princes-hand-headline")
            .text("name", name(names, v.seat))
            .text("florins", v.florins)
            .number("prestige", v.prestige)
            .number("round", v.round)
            .number("min", v.min_work),
    );
    out.push('\n');
    if !v.dealt.is_empty() {
        let list: Vec<String> = v
            .dealt
            .iter()
            .map(|d| profession(*d).map_or("?".into(), |p| p.slug.to_string()))
            .collect();
        out.push_str(&w.phrase(Phrase::new("princes-hand-dealt").text("list", list.join(", "))));
        out.push('\n');
    }
    if v.hand.is_empty() {
        out.push_str(&w.key("princes-hand-no-professions"));
        out.push('\n');
    } else {
        out.push_str(&w.key("princes-hand-professions"));
        out.push('\n');
        for h in &v.hand {
            let key = if h.value_now >= v.min_work {
                "princes-hand-profession"
            } else {
                "princes-hand-profession-below"
            };
            let mut line = Phrase::new(key)
                .text("name", w.profession(h.number))
                .number("number", h.number);
            line = match profession(h.number) {
                Some(p) => line
                    .term("building", terms::building(p.building))
                    .term("landscape", terms::landscape(p.landscape))
                    .term("freedom", terms::freedom(p.freedom)),
                None => line
                    .term("building", terms::UNKNOWN)
                    .term("landscape", terms::UNKNOWN)
                    .term("freedom", terms::UNKNOWN),
            };
            out.push_str(" · ");
            out.push_str(&w.phrase(line.number("value", h.value_now)));
            out.push('\n');
        }
    }
    if v.recruiting > 0 {
        out.push_str(
            &w.phrase(Phrase::new("princes-hand-recruiting").number("count", v.recruiting)),
        );
        out.push('\n');
    }
    if !v.bonus.is_empty() {
        out.push_str(&w.key("princes-hand-bonus-cards"));
        out.push('\n');
        for (id, _, now) in &v.bonus {
            out.push_str(" · ");
            out.push_str(
                &w.phrase(
                    Phrase::new("princes-hand-bonus")
                        .term("card", terms::card(DeckKind::Bonus, *id))
                        .number("now", *now),
                ),
            );
            out.push('\n');
        }
    }
    if !v.prestige_cards.is_empty() {
        out.push_str(&w.key("princes-hand-prestige-cards"));
        out.push('\n');
        for (id, _) in &v.prestige_cards {
            out.push_str(" · ");
            out.push_str(&w.key(terms::card(DeckKind::Prestige, *id)));
            out.push('\n');
        }
    }
    if let Some((deck, cards)) = &v.looking_cards {
        out.push_str(
            &w.phrase(Phrase::new("princes-hand-looking").term("deck", terms::deck(*deck))),
        );
        out.push('\n');
        for c in cards {
            out.push_str(" · ");
            out.push_str(&w.key(terms::card(*deck, *c)));
            out.push('\n');
        }
    }
    out
}

pub static COMMANDS: &[CommandHelp] = &[
    CommandHelp {
        syntax: "keep <profession> <profession> <profession>",
        meaning: "setup: keep three of your four dealt professions",
        meaning_key: "princes-help-keep-profession-profession-profession",
        example: "keep poet jurist organist",
    },
    CommandHelp {
        syntax: "open <forest|lake|park|jester|builder|prestige|recruiting>",
        meaning: "Phase A: open an auction at 200 (the last player buys at 200)",
        meaning_key: "princes-help-open-forest-lake-park-jester-builder-pre",
        example: "open jester",
    },
    CommandHelp {
        syntax: "bid [amount]",
        meaning: "Phase A: raise the high bid by exactly 100",
        meaning_key: "princes-help-bid-amount",
        example: "bid 300",
    },
    CommandHelp {
        syntax: "pass",
        meaning: "Phase A: drop out of this auction (final)",
        meaning_key: "princes-help-pass",
        example: "pass",
    },
    CommandHelp {
        syntax: "decline",
        meaning: "Phase A: as opener, buy nothing this round",
        meaning_key: "princes-help-decline",
        example: "decline",
    },
    CommandHelp {
        syntax: "place <landscape> at <square> [rot 90|180|270] [flip]",
        meaning: "place the landscape you just bought",
        meaning_key: "princes-help-place-landscape-at-square-rot-90-180-270",
        example: "place lake at B2 rot 90",
    },
    CommandHelp {
        syntax: "keep <card>",
        meaning: "keep one of the cards you are looking at",
        meaning_key: "princes-help-keep-card",
        example: "keep P03",
    },
    CommandHelp {
        syntax: "recruit <profession>",
        meaning:
            "swap a recruiting card for a face-up profession in another display (not an action)",
        meaning_key: "princes-help-recruit-profession",
        example: "recruit poet",
    },
    CommandHelp {
        syntax: "later",
        meaning: "keep a recruiting card just bought for later",
        meaning_key: "princes-help-later",
        example: "later",
    },
    CommandHelp {
        syntax: "work <profession> [bonus <B..> ...] [prestige <n>]",
        meaning: "Phase B: complete a work; return 200 of the payout per prestige point",
        meaning_key: "princes-help-work-profession-bonus-b-prestige-n",
        example: "work poet bonus B12 B07 prestige 7",
    },
    CommandHelp {
        syntax: "build <building> at <square> [rot 90|180|270] [flip]",
        meaning:
            "Phase B: build (700, 300 with a builder, 0 with three); square = top-left of the piece",
        meaning_key: "princes-help-build-building-at-square-rot-90-180-270",
        example: "build opera at C4 rot 90 flip",
    },
    CommandHelp {
        syntax: "draw profession",
        meaning: "Phase B: pay 300, look at the top 5 professions, keep 1",
        meaning_key: "princes-help-draw-profession",
        example: "draw profession",
    },
    CommandHelp {
        syntax: "draw bonus",
        meaning: "Phase B: pay 300, look at the top 5 bonus cards, keep 1",
        meaning_key: "princes-help-draw-bonus",
        example: "draw bonus",
    },
    CommandHelp {
        syntax: "freedom <opinion|religion|travel>",
        meaning: "Phase B: pay 300 and introduce a freedom",
        meaning_key: "princes-help-freedom-opinion-religion-travel",
        example: "freedom travel",
    },
    CommandHelp {
        syntax: "done",
        meaning: "Phase B: end your turn",
        meaning_key: "princes-help-done",
        example: "done",
    },
    CommandHelp {
        syntax: "sell <n>",
        meaning: "whenever you are awaited: move back n on the prestige track for 100 florins each",
        meaning_key: "princes-help-sell-n",
        example: "sell 2",
    },
];
