//! Public and private views and their chat text.

use super::board;
use super::data::{
    bonus_card, prestige_card, profession, Stack, BUILDINGS, FREEDOMS, LANDSCAPES, ROUNDS,
};
use super::{fill_names, scoring, Face, Pending, Phase, Princes};
use crate::engine::{CommandHelp, Seat};
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
    /// A step someone must finish, in words (`{S1} places a lake`).
    pub pending: Option<String>,
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
    /// Cards being looked at (keep one): the deck and the labels.
    pub looking: Option<(&'static str, Vec<String>)>,
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
    let pending = g.pending.as_ref().map(|p| match p {
        Pending::Place { seat, landscape } => format!(
            "{{S{seat}}} places a {}",
            LANDSCAPES
                .get(usize::from(*landscape))
                .map_or("?", |l| l.name)
        ),
        Pending::Look { seat, deck, cards } => format!(
            "{{S{seat}}} is choosing 1 of {} {} cards",
            cards.len(),
            deck.name()
        ),
        Pending::RecruitNow { seat } => {
            format!("{{S{seat}}} may play the recruiting card now or keep it")
        }
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
        pending,
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
            looking: None,
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
    let looking = match &g.pending {
        Some(Pending::Look {
            seat: s,
            deck,
            cards,
        }) if *s == seat => Some((
            deck.name(),
            cards
                .iter()
                .map(|c| super::card_label(*deck, *c).to_string())
                .collect(),
        )),
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
        looking,
        dealt,
    }
}

fn name(names: &[String], s: Seat) -> String {
    names
        .get(s)
        .cloned()
        .unwrap_or_else(|| format!("seat {}", s + 1))
}

pub const LEGEND: &str = "# palazzo · U univ · L lab · W workshop · B library · O opera · S studio · H hospital · T theatre · I tower · C chapel · f forest · l lake · p park";

/// The board's first line: the round, the minimum work value and the start player.
pub fn headline(v: &PrincesPublic, names: &[String]) -> String {
    format!(
        "**The Princes of Florence** — round {}/{}, minimum work {}. Start player: {}.",
        v.round,
        v.rounds,
        v.min_work,
        name(names, v.start)
    )
}

pub fn render_public(v: &PrincesPublic, names: &[String]) -> String {
    let mut out = headline(v, names);
    out.push('\n');
    match v.phase {
        "setup" => out.push_str("Setup: everyone keeps 3 of 4 professions (secretly).\n"),
        "auctions" => {
            out.push_str("Phase A — auctions.");
            if let Some(a) = &v.auction {
                if !a.bought.is_empty() {
                    let list: Vec<String> = a
                        .bought
                        .iter()
                        .map(|(s, st)| format!("{} {}", name(names, *s), st.slug()))
                        .collect();
                    out.push_str(&format!(" Bought: {}.", list.join(", ")));
                }
                if !a.declined.is_empty() {
                    let list: Vec<String> = a.declined.iter().map(|s| name(names, *s)).collect();
                    out.push_str(&format!(" Declined: {}.", list.join(", ")));
                }
                match &a.live {
                    Some(l) => out.push_str(&format!(
                        "\nAuction: **{}**, high bid {} by {}; in: {}.{}",
                        l.stack.slug(),
                        l.high,
                        name(names, l.leader),
                        l.bidders
                            .iter()
                            .map(|s| name(names, *s))
                            .collect::<Vec<_>>()
                            .join(", "),
                        l.to_act
                            .map(|s| format!(
                                " {} to bid {} or pass.",
                                name(names, s),
                                l.high + 100
                            ))
                            .unwrap_or_default()
                    )),
                    None => out.push_str(&format!(" {} opens next.", name(names, a.opener))),
                }
            }
            out.push('\n');
        }
        "actions" => {
            if let Some((s, used)) = v.turn {
                out.push_str(&format!(
                    "Phase B — actions: {}'s turn ({used}/2 actions used).\n",
                    name(names, s)
                ));
            }
        }
        _ => out.push_str("The game is over.\n"),
    }
    if let Some(p) = &v.pending {
        out.push_str(&format!("Waiting: {}.\n", fill_names(p, names)));
    }
    let ls = v.landscape_supply;
    out.push_str(&format!(
        "Supply: forest {} · lake {} · park {} · jester {} · builder {} · prestige {} · recruiting {}\n",
        ls[0], ls[1], ls[2], v.jester_supply, v.builder_supply, v.prestige_deck, v.recruiting_supply
    ));
    let blds: Vec<String> = BUILDINGS
        .iter()
        .zip(v.building_supply.iter())
        .map(|(b, n)| format!("{}{}", b.letter, n))
        .collect();
    out.push_str(&format!(
        "Buildings left: {} · freedoms left: Opi {} Rel {} Tra {} · decks: professions {}, bonus {}\n",
        blds.join(" "),
        v.freedom_supply[0],
        v.freedom_supply[1],
        v.freedom_supply[2],
        v.profession_deck,
        v.bonus_deck
    ));
    for p in &v.players {
        let freedoms: Vec<&str> = FREEDOMS
            .iter()
            .zip(p.freedoms.iter())
            .filter(|(_, h)| **h)
            .map(|(f, _)| *f)
            .collect();
        let display: Vec<String> = p
            .display
            .iter()
            .map(|&d| {
                if d == 0 {
                    "(recruiting)".to_string()
                } else {
                    profession(d).map_or("?".into(), |x| x.name.to_string())
                }
            })
            .collect();
        out.push_str(&format!(
            "**{}** — prestige {} · jesters {} · builders {} · freedoms: {} · hand {} ({} recruiting) · bonus {} · prestige cards {} · works {}{}\n",
            name(names, p.seat),
            p.prestige,
            p.jesters,
            p.builders,
            if freedoms.is_empty() { "none".into() } else { freedoms.join(", ") },
            p.hand_cards,
            p.recruiting_in_hand,
            p.bonus_cards,
            p.prestige_cards,
            p.works,
            if p.best_work_this_round > 0 {
                format!(" · best work this round {}", p.best_work_this_round)
            } else {
                String::new()
            }
        ));
        if !display.is_empty() {
            out.push_str(&format!("  display: {}\n", display.join(", ")));
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
    out.push_str(LEGEND);
    out.push('\n');
    if !v.awaiting.is_empty() && v.phase != "over" {
        let list: Vec<String> = v.awaiting.iter().map(|s| name(names, *s)).collect();
        out.push_str(&format!("Waiting for: {}\n", list.join(", ")));
    }
    out
}

pub fn render_private(v: &PrincesPrivate, names: &[String]) -> String {
    let mut out = format!(
        "**{}** — {} florins · prestige {} · round {} (work minimum {})\n",
        name(names, v.seat),
        v.florins,
        v.prestige,
        v.round,
        v.min_work
    );
    if !v.dealt.is_empty() {
        let list: Vec<String> = v
            .dealt
            .iter()
            .map(|d| profession(*d).map_or("?".into(), |p| p.slug.to_string()))
            .collect();
        out.push_str(&format!(
            "Dealt: {} — keep three of them.\n",
            list.join(", ")
        ));
    }
    if v.hand.is_empty() {
        out.push_str("Professions: none\n");
    } else {
        out.push_str("Professions (work value now, before bonus cards):\n");
        for h in &v.hand {
            let detail = profession(h.number).map_or(String::new(), |p| {
                format!(
                    "{}, {}, {}",
                    BUILDINGS
                        .get(usize::from(p.building))
                        .map_or("?", |b| b.name),
                    LANDSCAPES
                        .get(usize::from(p.landscape))
                        .map_or("?", |l| l.name),
                    FREEDOMS.get(usize::from(p.freedom)).copied().unwrap_or("?")
                )
            });
            let ok = if h.value_now >= v.min_work {
                ""
            } else {
                " (below minimum)"
            };
            out.push_str(&format!(
                " · {} #{} [{}] — {}{}\n",
                h.name, h.number, detail, h.value_now, ok
            ));
        }
    }
    if v.recruiting > 0 {
        out.push_str(&format!("Recruiting cards: {}\n", v.recruiting));
    }
    if !v.bonus.is_empty() {
        out.push_str("Bonus cards:\n");
        for (id, text, now) in &v.bonus {
            out.push_str(&format!(" · B{id:02} {text} (+{now} now)\n"));
        }
    }
    if !v.prestige_cards.is_empty() {
        out.push_str("Prestige cards:\n");
        for (id, text) in &v.prestige_cards {
            out.push_str(&format!(" · P{id:02} {text}\n"));
        }
    }
    if let Some((deck, cards)) = &v.looking {
        out.push_str(&format!("Looking at the top {deck} cards — keep one:\n"));
        for c in cards {
            out.push_str(&format!(" · {c}\n"));
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
