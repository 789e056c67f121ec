use rules::princes::Princes;
fn main() {
    let t = std::time::Instant::now();
    let mut n = 0;
    for seed in 0..300u64 {
        for players in 3..=5 {
            let p = rules::playout::random_playout::<Princes>(
                players,
                &Default::default(),
                seed,
                100000,
            )
            .unwrap();
            n += p.log.len();
        }
    }
    println!("random_playout 900 games: {:?}, {n} actions", t.elapsed());
    let t = std::time::Instant::now();
    for seed in 0..100u64 {
        for players in 3..=5 {
            rules::playout::check_random_game::<Princes>(
                players,
                &Default::default(),
                seed,
                100000,
                |_| Ok(()),
            )
            .unwrap();
        }
    }
    println!("check 300 games: {:?}", t.elapsed());
}
