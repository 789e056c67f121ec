use rules::engine::Game;
use rules::princes::Princes;
fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let p =
        rules::playout::random_playout::<Princes>(4, &Default::default(), seed, 100000).unwrap();
    let names: Vec<String> = ["Ana", "Bruno", "Carla", "David"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    println!("actions: {}", p.log.len());
    let mut kinds = std::collections::BTreeMap::new();
    for (_, a) in &p.log {
        *kinds
            .entry(a.to_string().split(' ').next().unwrap().to_string())
            .or_insert(0) += 1;
    }
    println!("{kinds:?}");
    println!("{}", Princes::render_public(&p.game.public_view(), &names));
    println!(
        "{}",
        Princes::render_private(&p.game.private_view(0), &names)
    );
    println!("{}", p.game.outcome().unwrap().render(&names));
}
