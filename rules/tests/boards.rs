//! Snapshot tests of what players read: every game's opening board (public) and one
//! seat's private view, for a fixed seed. A change to the rendering shows up as a diff.

use rules::engine::Game;
use rules::{estates::Estates, palazzo::Palazzo, princes::Princes, villa::Villa};

fn names(n: usize) -> Vec<String> {
    ["ana", "bruno", "carla", "dino"]
        .iter()
        .take(n)
        .map(|s| s.to_string())
        .collect()
}

fn opening<G: Game>(players: usize) -> (String, String) {
    let game = G::new(players, &Default::default(), 1).expect("setup");
    let names = names(players);
    (
        G::render_public(&game.public_view(), &names, &rules::Keys),
        G::render_private(&game.private_view(0), &names, &rules::Keys),
    )
}

#[test]
fn palazzo_opening() {
    let (public, private) = opening::<Palazzo>(3);
    insta::assert_snapshot!("palazzo_public", public);
    insta::assert_snapshot!("palazzo_private", private);
}

#[test]
fn estates_opening() {
    let (public, private) = opening::<Estates>(4);
    insta::assert_snapshot!("estates_public", public);
    insta::assert_snapshot!("estates_private", private);
}

#[test]
fn princes_opening() {
    let (public, private) = opening::<Princes>(3);
    insta::assert_snapshot!("princes_public", public);
    insta::assert_snapshot!("princes_private", private);
}

#[test]
fn villa_opening() {
    let (public, private) = opening::<Villa>(4);
    insta::assert_snapshot!("villa_public", public);
    insta::assert_snapshot!("villa_private", private);
}

/// Every state of a few random games of `G`: the headline a turn message uses is the
/// board's first line, word for word.
fn headline_is_first_line<G: Game>(players: usize, games: u64) {
    use rand::SeedableRng;
    let names = names(players);
    for seed in 0..games {
        let mut game = G::new(players, &Default::default(), seed).expect("setup");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        loop {
            let view = game.public_view();
            let board = G::render_public(&view, &names, &rules::Keys);
            assert_eq!(
                G::render_headline(&view, &names, &rules::Keys),
                board.lines().next().unwrap_or_default(),
                "seed {seed}"
            );
            let Some((seat, action)) = rules::playout::random_action(&game, &mut rng) else {
                break;
            };
            game.apply(seat, &action).expect("a legal action");
        }
    }
}

#[test]
fn headlines_are_the_boards_first_lines() {
    headline_is_first_line::<Palazzo>(3, 3);
    headline_is_first_line::<Estates>(4, 3);
    headline_is_first_line::<Princes>(3, 2);
    headline_is_first_line::<Villa>(4, 3);
}
