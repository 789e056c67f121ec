//! The pictures: they decode as PNGs of the expected size, a fixed state always gives the
//! same bytes (hashes pinned per game), hidden information never changes a public
//! picture, and random late-game states of every game render without panicking. Their
//! legends: snapshots of every text drawn per game in English and Spanish
//! (`snapshots/pictures__legends_*.snap`), the English status lines word for word the
//! engines' own, and no Fluent key ever drawn raw.

use rules::engine::Game;
use rules::estates::Estates;
use rules::palazzo::Palazzo;
use rules::playout::random_playout;
use rules::princes::Princes;
use rules::villa::Villa;
use rules::{PrivatePicture, PublicPicture};
use serde_json::Value;
use words::Lang;

fn names() -> Vec<String> {
    ["Ana", "Bruno", "Carla", "Dario", "Elena"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A late-game state stored as an engine snapshot (`tests/fixtures/<game>.json`).
fn fixture<G: Game>(game: &str) -> G {
    let path = format!("{}/tests/fixtures/{game}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    serde_json::from_str(&text).expect("fixture is a valid snapshot")
}

fn fixture_json(game: &str) -> Value {
    let path = format!("{}/tests/fixtures/{game}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Decodes a PNG, returning (width, height).
fn decode(png_bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(png_bytes);
    let mut reader = decoder.read_info().expect("PNG header decodes");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("PNG data decodes");
    (info.width, info.height)
}

/// FNV-1a, 64 bit: a stable fingerprint of the bytes.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn public<G: Game>(g: &G) -> Vec<u8> {
    render::public_png(&g.public_view().into(), &names(), words::Lang::En).expect("a picture")
}

fn private<G: Game>(g: &G, seat: usize) -> Option<Vec<u8>> {
    render::private_png(&g.private_view(seat).into(), &names(), words::Lang::En)
}

fn check_public<G: Game>(g: &G) -> (u32, u32, usize) {
    let png = public(g);
    let (w, h) = decode(&png);
    assert_eq!(w, render::WIDTH);
    assert!((500..=3000).contains(&h), "height {h}");
    (w, h, png.len())
}

#[test]
fn every_picture_decodes_with_the_expected_size() {
    let palazzo: Palazzo = fixture("palazzo");
    let estates: Estates = fixture("estates");
    let princes: Princes = fixture("princes");
    let villa: Villa = fixture("villa");
    for (_, _, size) in [
        check_public(&palazzo),
        check_public(&estates),
        check_public(&princes),
        check_public(&villa),
    ] {
        assert!(size <= 150 * 1024, "{size} bytes");
    }
    for png in [
        private(&palazzo, 0),
        private(&estates, 1),
        private(&princes, 2),
    ] {
        let png = png.expect("a private picture");
        let (w, h) = decode(&png);
        assert_eq!(w, render::WIDTH);
        assert!((150..=2000).contains(&h), "height {h}");
    }
    // Villa Paletti has no secrets, the test game no pictures.
    assert!(private(&villa, 0).is_none());
    let countdown = <rules::testgame::Countdown as Game>::new(2, &Default::default(), 1).unwrap();
    let view: PublicPicture = countdown.public_view().into();
    assert!(matches!(view, PublicPicture::None));
    assert!(render::public_png(&view, &names(), words::Lang::En).is_none());
    let view: PrivatePicture = countdown.private_view(0).into();
    assert!(render::private_png(&view, &names(), words::Lang::En).is_none());
}

/// Same state → same bytes. When a picture's design changes on purpose, look at it and
/// update the hash (the failure message prints the new one).
#[test]
fn a_fixed_state_gives_the_same_bytes() {
    let cases: [(&str, Vec<u8>, u64); 4] = [
        (
            "palazzo",
            public(&fixture::<Palazzo>("palazzo")),
            0x382536674f2cc7c7,
        ),
        (
            "estates",
            public(&fixture::<Estates>("estates")),
            0xd956e60f2dd7f08d,
        ),
        (
            "princes",
            public(&fixture::<Princes>("princes")),
            0xecfc03ee5e49ed0f,
        ),
        (
            "villa",
            public(&fixture::<Villa>("villa")),
            0xeea94372df87a4c9,
        ),
    ];
    let mut wrong = vec![];
    for (game, png, pinned) in &cases {
        let again = match *game {
            "palazzo" => public(&fixture::<Palazzo>("palazzo")),
            "estates" => public(&fixture::<Estates>("estates")),
            "princes" => public(&fixture::<Princes>("princes")),
            _ => public(&fixture::<Villa>("villa")),
        };
        assert_eq!(png, &again, "{game}: two renders differ");
        if fnv(png) != *pinned {
            wrong.push(format!("{game}: {:#018x}", fnv(png)));
        }
    }
    assert!(wrong.is_empty(), "pinned hashes changed: {wrong:?}");
}

/// Swaps one card between two hands so both keep their size.
fn swap_a_card(a: &mut [Value], b: &mut [Value]) -> bool {
    for i in 0..a.len() {
        for j in 0..b.len() {
            if a[i] != b[j] && !b.contains(&a[i]) && !a.contains(&b[j]) {
                std::mem::swap(&mut a[i], &mut b[j]);
                return true;
            }
        }
    }
    false
}

/// Two states whose only difference is hidden: the public views agree, the public
/// pictures are byte-identical, and the private picture of the changed seat differs.
fn hidden_change_is_invisible<G: Game>(game: &str, change: impl Fn(&mut Value)) {
    let original: G = fixture(game);
    let mut json = fixture_json(game);
    change(&mut json);
    let changed: G = serde_json::from_value(json).expect("changed snapshot is valid");
    assert_ne!(
        serde_json::to_string(&original).unwrap(),
        serde_json::to_string(&changed).unwrap(),
        "{game}: the change must change the state"
    );
    assert_eq!(
        serde_json::to_value(original.public_view()).unwrap(),
        serde_json::to_value(changed.public_view()).unwrap(),
        "{game}: the change must be hidden information"
    );
    assert_eq!(
        public(&original),
        public(&changed),
        "{game}: public picture leaks"
    );
    assert_ne!(
        private(&original, 0),
        private(&changed, 0),
        "{game}: seat 0's private picture shows its secret"
    );
    for lang in Lang::ALL {
        let alt = |g: &G| render::public_alt(&g.public_view().into(), &names(), lang);
        let text = |g: &G| render::public_text(&g.public_view().into(), &names(), lang);
        assert_eq!(
            alt(&original),
            alt(&changed),
            "{game}: public alt text leaks"
        );
        assert_eq!(text(&original), text(&changed), "{game}: text board leaks");
        let mine = |g: &G| render::private_alt(&g.private_view(0).into(), &names(), lang);
        assert_ne!(
            mine(&original),
            mine(&changed),
            "{game}: private alt misses its secret"
        );
    }
}

#[test]
fn hidden_information_never_changes_a_public_picture() {
    hidden_change_is_invisible::<Palazzo>("palazzo", |j| {
        let hands = j["hands"].as_array_mut().unwrap();
        let (first, rest) = hands.split_at_mut(1);
        let a = first[0].as_array_mut().unwrap();
        let b = rest[0].as_array_mut().unwrap();
        assert!(swap_a_card(a, b));
    });
    hidden_change_is_invisible::<Estates>("estates", |j| {
        // $1M moves from seat 0's cash to seat 1's: money is conserved, cash is secret.
        let cash = j["cash"].as_array_mut().unwrap();
        let c0 = cash[0].as_u64().unwrap();
        assert!(c0 > 0);
        cash[0] = Value::from(c0 - 1);
        cash[1] = Value::from(cash[1].as_u64().unwrap() + 1);
    });
    hidden_change_is_invisible::<Princes>("princes", |j| {
        let players = j["players"].as_array_mut().unwrap();
        let (first, rest) = players.split_at_mut(1);
        let a = first[0]["hand"].as_array_mut().unwrap();
        let b = rest[0]["hand"].as_array_mut().unwrap();
        assert!(swap_a_card(a, b));
    });
}

/// Plays a random game to its end, then again to `percent` of its length.
fn late<G: Game>(players: usize, seed: u64, percent: usize) -> G {
    let options = G::Options::default();
    let full = random_playout::<G>(players, &options, seed, 50_000).expect("game plays");
    let cut = full.log.len() * percent / 100;
    random_playout::<G>(players, &options, seed, cut)
        .expect("game plays")
        .game
}

fn random_states_render<G: Game>(players: (usize, usize), seeds: u64) {
    for seed in 0..seeds {
        let p = players.0 + (seed as usize) % (players.1 - players.0 + 1);
        let percent = 50 + (seed as usize * 7) % 51;
        let g: G = late(p, seed, percent);
        let (_, _, size) = check_public(&g);
        assert!(size <= 200 * 1024, "seed {seed}: {size} bytes");
        for seat in 0..p {
            if let Some(png) = private(&g, seat) {
                decode(&png);
            }
        }
    }
}

#[test]
fn random_late_states_of_palazzo_render() {
    random_states_render::<Palazzo>((2, 4), 60);
}

#[test]
fn random_late_states_of_estates_render() {
    random_states_render::<Estates>((2, 5), 60);
}

#[test]
fn random_late_states_of_princes_render() {
    random_states_render::<Princes>((3, 5), 60);
}

#[test]
fn random_late_states_of_villa_render() {
    random_states_render::<Villa>((2, 4), 60);
}

/// Every text of a game's pictures in `lang`: the board, then each seat's private picture.
fn legends_text<G: Game>(g: &G, players: usize, lang: Lang) -> String
where
    G::PublicView: Into<PublicPicture>,
    G::PrivateView: Into<PrivatePicture>,
{
    let mut out = String::from("## board\n");
    for line in render::public_legends(&g.public_view().into(), &names(), lang) {
        out.push_str(&line);
        out.push('\n');
    }
    for seat in 0..players {
        let lines = render::private_legends(&g.private_view(seat).into(), &names(), lang);
        if lines.is_empty() {
            continue;
        }
        out.push_str(&format!("## seat {}\n", seat + 1));
        for line in lines {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// A Fluent key drawn as itself (`words::text` returns a missing key unchanged).
fn raw_keys(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.contains("picture-")).collect()
}

/// The "pictures' legends in Spanish (snapshot)": every text each game's pictures
/// draw for a late-game fixture, in both languages. Review a changed snapshot with
/// `cargo insta review` (or `INSTA_UPDATE=always`, then `git diff`).
#[test]
fn legends_of_every_game_in_english_and_spanish() {
    let palazzo: Palazzo = fixture("palazzo");
    let estates: Estates = fixture("estates");
    let princes: Princes = fixture("princes");
    let villa: Villa = fixture("villa");
    for lang in Lang::ALL {
        let code = lang.code();
        let texts = [
            (
                "palazzo",
                legends_text(&palazzo, palazzo.public_view().players, lang),
            ),
            (
                "estates",
                legends_text(&estates, estates.public_view().players, lang),
            ),
            (
                "princes",
                legends_text(&princes, princes.public_view().players.len(), lang),
            ),
            (
                "villa",
                legends_text(&villa, villa.public_view().players, lang),
            ),
        ];
        for (game, text) in texts {
            assert!(
                raw_keys(&text).is_empty(),
                "{game} {code}: {:?}",
                raw_keys(&text)
            );
            insta::assert_snapshot!(format!("legends_{game}_{code}"), text);
        }
    }
}

/// Spanish pictures are really drawn in Spanish: same size class, other pixels, same
/// bytes twice; English ones keep their pinned bytes (see `a_fixed_state_gives_the_same_bytes`).
#[test]
fn spanish_pictures_differ_from_english_and_are_stable() {
    let views: [PublicPicture; 4] = [
        fixture::<Palazzo>("palazzo").public_view().into(),
        fixture::<Estates>("estates").public_view().into(),
        fixture::<Princes>("princes").public_view().into(),
        fixture::<Villa>("villa").public_view().into(),
    ];
    for view in &views {
        let en = render::public_png(view, &names(), Lang::En).expect("a picture");
        let es = render::public_png(view, &names(), Lang::Es).expect("a picture");
        assert_ne!(en, es);
        assert_eq!(es, render::public_png(view, &names(), Lang::Es).unwrap());
        let (w, h) = decode(&es);
        assert_eq!(w, render::WIDTH);
        assert!((500..=3000).contains(&h), "height {h}");
        let legends = render::public_legends(view, &names(), Lang::Es).join("\n");
        assert!(
            ["á", "é", "í", "ó", "ú", "ñ"]
                .iter()
                .any(|c| legends.contains(c))
                || legends.contains("Turno")
                || legends.contains("Fila"),
            "{legends}"
        );
    }
    let hand: PrivatePicture = fixture::<Palazzo>("palazzo").private_view(0).into();
    let es = render::private_legends(&hand, &names(), Lang::Es);
    assert!(
        es.iter().any(|l| l.starts_with("Palazzo · mano de Ana")),
        "{es:?}"
    );
}

/// Random states of every phase: the Spanish texts never show a raw key, and the
/// English status lines are the engines' own sentences word for word (the pictures
/// build them from Fluent; the engines' text boards still use theirs).
fn legends_match_the_engine<G: Game>(
    players: (usize, usize),
    seeds: u64,
    check: impl Fn(&G, &[String]),
) where
    G::PublicView: Into<PublicPicture>,
    G::PrivateView: Into<PrivatePicture>,
{
    for seed in 0..seeds {
        let p = players.0 + (seed as usize) % (players.1 - players.0 + 1);
        let percent = (seed as usize * 13) % 101;
        let g: G = late(p, 1000 + seed, percent);
        let en = render::public_legends(&g.public_view().into(), &names(), Lang::En);
        check(&g, &en);
        let es = legends_text(&g, p, Lang::Es);
        assert!(raw_keys(&es).is_empty(), "seed {seed}: {:?}", raw_keys(&es));
        assert_ne!(legends_text(&g, p, Lang::En), es, "seed {seed}");
    }
}

#[test]
fn palazzo_legends_say_what_the_engine_says() {
    legends_match_the_engine::<Palazzo>((2, 4), 40, |g, en| {
        let v = g.public_view();
        if v.over {
            assert_eq!(en[1], "Game over: the fifth rider was drawn.");
        } else {
            let ask = words::phrase(Lang::En, &rules::palazzo::ask_phrase(&v), &[]);
            assert!(en[1].ends_with(&format!(": {ask}.")), "{} / {ask}", en[1]);
        }
    });
}

#[test]
fn villa_legends_say_what_the_engine_says() {
    legends_match_the_engine::<Villa>((2, 4), 40, |g, en| {
        let v = g.public_view();
        let names = names();
        let english = words::Speaker::new(words::Lang::En, &names);
        let line = rules::villa::waiting_line(&v, &english).replace("**", "");
        assert_eq!(en[1], line);
        let (seal, scores) = rules::villa::seal_and_points(&v, &english);
        let seal_line = format!(
            "Seal: {seal} · points on the top level: {}",
            scores.join(", ")
        );
        assert!(en.contains(&seal_line), "{seal_line} / {en:?}");
    });
}

#[test]
fn estates_legends_say_what_the_engine_says() {
    legends_match_the_engine::<Estates>((2, 5), 40, |g, en| {
        let v = g.public_view();
        if let rules::estates::PhaseView::Auction { bids, .. } = &v.phase {
            let line = rules::estates::bid_list(bids, &names()).join(" · ");
            if !line.is_empty() {
                assert!(en.contains(&line), "{line} / {en:?}");
            }
        }
    });
}

#[test]
fn princes_legends_never_show_a_raw_key() {
    legends_match_the_engine::<Princes>((3, 5), 30, |_, en| {
        assert!(
            en[0].starts_with("The Princes of Florence · round "),
            "{}",
            en[0]
        );
    });
}

/// The states the accessibility checks look at: the fixture, then random playouts of
/// every seat count at several points of the game (start, a quarter, half, three
/// quarters, the end).
fn states<G: Game>(fixture_name: &str, players: (usize, usize)) -> Vec<(usize, G)> {
    let first: G = fixture(fixture_name);
    let seats = serde_json::to_value(first.public_view())
        .ok()
        .and_then(|v| {
            v["players"]
                .as_u64()
                .map(|n| n as usize)
                .or_else(|| v["players"].as_array().map(|a| a.len()))
        })
        .unwrap_or(players.1);
    let mut out = vec![(seats, first)];
    for p in players.0..=players.1 {
        for (k, percent) in [0, 25, 50, 75, 100].into_iter().enumerate() {
            out.push((p, late(p, 7000 + (p * 10 + k) as u64, percent)));
        }
    }
    out
}

/// Every line drawn below the phone bar over every public and private picture of
/// `states`, in both languages (each text once, with its smallest size), and the
/// smallest size drawn at all.
fn below_the_bar<G: Game>(states: &[(usize, G)]) -> (f32, Vec<(f32, String)>)
where
    G::PublicView: Into<PublicPicture>,
    G::PrivateView: Into<PrivatePicture>,
{
    let mut min = f32::MAX;
    let mut below: Vec<(f32, String)> = vec![];
    for (players, g) in states {
        for lang in Lang::ALL {
            let mut sizes = render::public_text_sizes(&g.public_view().into(), &names(), lang);
            for seat in 0..*players {
                sizes.extend(render::private_text_sizes(
                    &g.private_view(seat).into(),
                    &names(),
                    lang,
                ));
            }
            assert!(!sizes.is_empty());
            for (px, line) in sizes {
                min = min.min(px);
                if px >= render::PHONE_MIN_PX {
                    continue;
                }
                match below.iter_mut().find(|(_, l)| *l == line) {
                    Some(seen) => seen.0 = seen.0.min(px),
                    None => below.push((px, line)),
                }
            }
        }
    }
    below.sort_by(|a, b| a.0.total_cmp(&b.0));
    (min, below)
}

/// Phones: every picture scaled to 360 px wide keeps its smallest text at least 9 px
/// tall, i.e. no line drawn below 9 × WIDTH / 360 px (`render::PHONE_MIN_PX`, measured
/// from the drawing's own sizes, after a line is shrunk to fit), over the fixture and
/// random playouts of every seat count at five points of the game, every public and
/// private picture, both languages. A failure names every line below the bar.
#[test]
fn every_text_is_readable_on_a_phone() {
    let floor = render::PHONE_MIN_PX;
    let games = [
        (
            "palazzo",
            below_the_bar(&states::<Palazzo>("palazzo", (2, 4))),
        ),
        (
            "estates",
            below_the_bar(&states::<Estates>("estates", (2, 5))),
        ),
        (
            "princes",
            below_the_bar(&states::<Princes>("princes", (3, 5))),
        ),
        ("villa", below_the_bar(&states::<Villa>("villa", (2, 4)))),
    ];
    let mut wrong = vec![];
    for (game, (min, below)) in games {
        println!(
            "{game}: smallest text {min:.1} px = {:.1} px at 360 px wide (phone bar {floor:.1} px)",
            min * 360.0 / render::WIDTH as f32
        );
        if !below.is_empty() {
            wrong.push(format!("{game}: {below:?}"));
        }
    }
    assert!(wrong.is_empty(), "too small for a phone: {wrong:#?}");
}

/// The rating leaderboard meets the same phone rule: header, column names, rows (a
/// long name shrunk to fit stays at or above the bar), the provisional mark and the
/// reader's own row, in both languages.
#[test]
fn the_leaderboard_is_readable_on_a_phone() {
    let row = |rank, name: &str, games| render::BoardRow {
        rank,
        name: name.into(),
        rating: 2_100 - 37 * rank as i64,
        games,
        provisional: games < 5,
    };
    let board = render::Board {
        title: "Principi e Principesse".into(),
        rows: vec![
            row(1, "Ana", 40),
            row(2, "a very long display name that cannot fit the column", 3),
            row(3, "Bruno", 7),
        ],
        rated: 10_000,
        you: Some(row(9_999, "Carla", 1)),
        scope: render::BoardScope::Global,
    };
    for lang in Lang::ALL {
        let sizes = render::leaderboard_text_sizes(&board, lang);
        assert!(sizes.len() > 10, "{sizes:?}");
        let below: Vec<_> = sizes
            .iter()
            .filter(|(px, _)| *px < render::PHONE_MIN_PX)
            .collect();
        assert!(
            below.is_empty(),
            "{lang:?}: too small for a phone: {below:?}"
        );
        let png = render::leaderboard_png(&board, lang).expect("a picture");
        assert_eq!(decode(&png).0, render::WIDTH);
    }
}

/// A tournament's standings meet the same phone rule (header, column names, 20 of 64
/// rows with long names and dropped players, the reader's own row), and their alt text
/// and plain text read well, in both languages.
#[test]
fn the_tournament_standings_are_readable_on_a_phone_and_to_a_screen_reader() {
    let row = |rank: usize| render::StandingsRow {
        rank,
        name: if rank.is_multiple_of(3) {
            format!("a very long display name that cannot fit the column {rank}")
        } else {
            format!("Player {rank}")
        },
        points: format!("{}.5", 200 - rank),
        played: 12,
        wins: (64 - rank as u32) / 8,
        opponents: format!("{}.25", 100 - rank),
        dropped: rank.is_multiple_of(7),
    };
    let standings = render::Standings {
        event: "The Grand Autumn Cup of the Florentine Builders' Guild, open to all".into(),
        title: "The Princes of Florence".into(),
        round: 4,
        rounds: 7,
        finished: false,
        rows: (1..=64).map(row).collect(),
        you: Some(row(63)),
    };
    for lang in Lang::ALL {
        let sizes = render::standings_text_sizes(&standings, lang);
        assert!(sizes.len() > 100, "{sizes:?}");
        let below: Vec<_> = sizes
            .iter()
            .filter(|(px, _)| *px < render::PHONE_MIN_PX)
            .collect();
        assert!(
            below.is_empty(),
            "{lang:?}: too small for a phone: {below:?}"
        );
        let png = render::standings_png(&standings, lang).expect("a picture");
        assert_eq!(decode(&png).0, render::WIDTH);
        let alt = render::standings_alt(&standings, lang);
        assert!(alt.chars().count() <= render::ALT_MAX, "{lang:?}: {alt}");
        let text = render::standings_text(&standings, lang);
        for line in text.lines() {
            assert!(line.chars().count() <= render::LINE_MAX, "{lang:?}: {line}");
        }
        for c in text.chars().chain(alt.chars()) {
            let n = u32::from(c);
            let symbol = matches!(n, 0x2500..=0x259F | 0x2600..=0x27BF | 0x1F000..=0x1FAFF);
            assert!(!symbol && c != '`' && c != '*', "{lang:?}: {c:?} in {text}");
        }
        // The reader's own row (63rd, a dropped player) follows the first 20.
        assert!(text.contains("63. a very long display name"), "{text}");
    }
}

/// Colour-vision deficiency simulation matrices at severity 1.0, applied to linear RGB:
/// Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for Simulation
/// of Color Vision Deficiency", IEEE TVCG 15(6), supplementary table.
const VISIONS: [(&str, [[f64; 3]; 3]); 4] = [
    (
        "normal",
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
    ),
    (
        "protanopia",
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ],
    ),
    (
        "deuteranopia",
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ],
    ),
    (
        "tritanopia",
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ],
    ),
];

/// An sRGB colour as seen with `matrix`, in CIE L*a*b* (D65).
fn seen(rgb: [u8; 3], matrix: &[[f64; 3]; 3]) -> palette::Lab {
    use palette::{FromColor, LinSrgb, Srgb};
    let lin: LinSrgb<f64> = Srgb::new(rgb[0], rgb[1], rgb[2])
        .into_format::<f64>()
        .into_linear();
    let v = [lin.red, lin.green, lin.blue];
    let m = |row: &[f64; 3]| (row[0] * v[0] + row[1] * v[1] + row[2] * v[2]).clamp(0.0, 1.0);
    let sim = LinSrgb::new(
        m(&matrix[0]) as f32,
        m(&matrix[1]) as f32,
        m(&matrix[2]) as f32,
    );
    palette::Lab::from_color(sim)
}

/// Colour-blind safe: for every title at its most seats, every pair of the colours that
/// tell seats apart stays at CIEDE2000 ΔE ≥ 20 in normal vision and under simulated
/// protanopia, deuteranopia and tritanopia.
#[test]
fn seat_colours_stay_apart_for_colour_blind_players() {
    use palette::color_difference::Ciede2000;
    let views: [(&str, PublicPicture); 4] = [
        ("palazzo", late::<Palazzo>(4, 1, 50).public_view().into()),
        ("estates", late::<Estates>(5, 1, 50).public_view().into()),
        ("princes", late::<Princes>(5, 1, 50).public_view().into()),
        ("villa", late::<Villa>(4, 1, 50).public_view().into()),
    ];
    let mut failing = vec![];
    for (game, view) in &views {
        let colours = render::seat_colours(view);
        assert!(colours.len() >= 4, "{game}: {colours:?}");
        let mut worst = (f32::MAX, "", 0, 0);
        for (vision, matrix) in &VISIONS {
            for i in 0..colours.len() {
                for j in i + 1..colours.len() {
                    let d = seen(colours[i], matrix).difference(seen(colours[j], matrix));
                    if d < worst.0 {
                        worst = (d, vision, i, j);
                    }
                    if d < 20.0 {
                        failing.push(format!("{game} {vision}: {i} vs {j}: ΔE {d:.1}"));
                    }
                }
            }
        }
        println!(
            "{game}: worst pair seat colours {} and {} under {}: ΔE {:.1}",
            worst.2 + 1,
            worst.3 + 1,
            worst.1,
            worst.0
        );
    }
    assert!(failing.is_empty(), "{failing:#?}");
}

/// What a screen reader gets must read well: lines of at most 80 characters, no
/// Markdown, no box drawing or emoji; alt texts within Discord's 1,024 characters.
fn assert_readable(game: &str, text: &str, alt: &str) {
    assert!(!text.is_empty() && !alt.is_empty(), "{game}");
    for line in text.lines() {
        assert!(line.chars().count() <= render::LINE_MAX, "{game}: {line}");
    }
    for c in text.chars().chain(alt.chars()) {
        let n = u32::from(c);
        let symbol = matches!(n, 0x2500..=0x259F | 0x2600..=0x27BF | 0x1F000..=0x1FAFF);
        assert!(!symbol && c != '`', "{game}: {c:?} in {text}");
    }
    assert!(!text.contains("**"), "{game}: {text}");
    assert!(
        alt.chars().count() <= render::ALT_MAX,
        "{game}: {} chars",
        alt.chars().count()
    );
    assert!(!alt.contains('\n'), "{game}: {alt}");
}

fn texts_read_well<G: Game>(game: &str, states: &[(usize, G)])
where
    G::PublicView: Into<PublicPicture>,
    G::PrivateView: Into<PrivatePicture>,
{
    for (players, g) in states {
        for lang in Lang::ALL {
            let view: PublicPicture = g.public_view().into();
            let text = render::public_text(&view, &names(), lang);
            assert_readable(game, &text, &render::public_alt(&view, &names(), lang));
            for seat in 0..*players {
                let view: PrivatePicture = g.private_view(seat).into();
                if matches!(view, PrivatePicture::None) {
                    continue;
                }
                let text = render::private_text(&view, &names(), lang);
                assert_readable(game, &text, &render::private_alt(&view, &names(), lang));
            }
        }
    }
}

#[test]
fn text_boards_and_alt_texts_read_well_in_every_state() {
    texts_read_well("palazzo", &states::<Palazzo>("palazzo", (2, 4)));
    texts_read_well("estates", &states::<Estates>("estates", (2, 5)));
    texts_read_well("princes", &states::<Princes>("princes", (3, 5)));
    texts_read_well("villa", &states::<Villa>("villa", (2, 4)));
}

/// The text board and the alt text of each game's fixture, in both languages.
#[test]
fn text_boards_and_alt_texts_of_every_game() {
    let views: [(&str, PublicPicture); 4] = [
        (
            "palazzo",
            fixture::<Palazzo>("palazzo").public_view().into(),
        ),
        (
            "estates",
            fixture::<Estates>("estates").public_view().into(),
        ),
        (
            "princes",
            fixture::<Princes>("princes").public_view().into(),
        ),
        ("villa", fixture::<Villa>("villa").public_view().into()),
    ];
    for (game, view) in &views {
        for lang in Lang::ALL {
            let code = lang.code();
            let text = render::public_text(view, &names(), lang);
            insta::assert_snapshot!(format!("text_board_{game}_{code}"), text);
            let alt = render::public_alt(view, &names(), lang);
            insta::assert_snapshot!(format!("alt_{game}_{code}"), alt);
        }
    }
}
