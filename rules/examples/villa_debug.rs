use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rules::engine::{Game, GameEvent};
use rules::villa::policy::careful_action;
use rules::villa::{Villa, VillaOptions};

fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut g = Villa::new(4, &VillaOptions::default(), seed).unwrap();
    let names: Vec<String> = ["Ana", "Bruno", "Carla", "Dario"].iter().map(|s| s.to_string()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    while !g.is_over() {
        let seat = g.awaiting()[0];
        let a = careful_action(&g, seat, &mut rng).unwrap();
        let m = g.true_margin();
        let ev = g.apply(seat, &a).unwrap();
        println!("[{}] {} (margin before {:.2})", names[seat], a, m);
        for e in ev {
            println!("   {}", e.narrate(&names));
        }
    }
    println!("{}", Villa::render_public(&g.public_view(), &names));
}
