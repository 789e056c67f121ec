//! The pictures: they decode as PNGs of the expected size, a fixed state always gives the
//! same bytes (hashes pinned per game), hidden information never changes a public
//! picture, and random late-game states of every game render without panicking.

use rules::engine::Game;
use rules::estates::Estates;
use rules::palazzo::Palazzo;
use rules::playout::random_playout;
use rules::princes::Princes;
use rules::villa::Villa;
use rules::{PrivatePicture, PublicPicture};
use serde_json::Value;

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
    render::public_png(&g.public_view().into(), &names()).expect("a picture")
}

fn private<G: Game>(g: &G, seat: usize) -> Option<Vec<u8>> {
    render::private_png(&g.private_view(seat).into(), &names())
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
    assert!(render::public_png(&view, &names()).is_none());
    let view: PrivatePicture = countdown.private_view(0).into();
    assert!(render::private_png(&view, &names()).is_none());
}

/// Same state → same bytes. When a picture's design changes on purpose, look at it and
/// update the hash (the failure message prints the new one).
#[test]
fn a_fixed_state_gives_the_same_bytes() {
    let cases: [(&str, Vec<u8>, u64); 4] = [
        (
            "palazzo",
            public(&fixture::<Palazzo>("palazzo")),
            0x006855ef56b6d29c,
        ),
        (
            "estates",
            public(&fixture::<Estates>("estates")),
            0xf4358dd40b741378,
        ),
        (
            "princes",
            public(&fixture::<Princes>("princes")),
            0x2c3a0b27872a4071,
        ),
        (
            "villa",
            public(&fixture::<Villa>("villa")),
            0xeef58b7f3da0e009,
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
