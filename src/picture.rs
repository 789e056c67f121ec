//! `capomaestro render`: a game's board picture after a number of random legal moves
//! (for the README pictures, bug reports and eyeballing a change to the renderer).

use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::path::Path;

/// Player names used in rendered pictures, in seat order.
pub const NAMES: [&str; 5] = ["Ana", "Bruno", "Carla", "Dario", "Elena"];

/// What to draw.
#[derive(Debug, Clone)]
pub struct Request {
    pub game: String,
    pub seed: u64,
    pub moves: usize,
    pub players: Option<usize>,
    /// 1-based seat whose private picture to draw instead of the board.
    pub private: Option<usize>,
    /// The language of the picture's words.
    pub lang: words::Lang,
}

/// Plays `moves` random legal moves (seeded) and writes the picture to `out`; returns a
/// one-line summary.
pub fn render_random(req: &Request, out: &Path) -> Result<String, String> {
    let kind = rules::catalog::find(&req.game).ok_or_else(|| {
        format!(
            "Unknown game `{}`: try palazzo, villa, estates or princes.",
            req.game
        )
    })?;
    let (min, max) = kind.players;
    let players = req.players.unwrap_or(4).clamp(min, max);
    if req.players.is_some_and(|p| p != players) {
        return Err(format!(
            "{} is played by {min} to {max} players.",
            kind.title
        ));
    }
    let mut game =
        (kind.new)(players, &serde_json::Value::Null, req.seed).map_err(|e| e.to_string())?;
    let names: Vec<String> = NAMES.iter().take(players).map(|s| s.to_string()).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(req.seed);
    let mut played = 0;
    while played < req.moves && !game.is_over() {
        let mut seats = game.awaiting();
        seats.sort_unstable();
        let Some(&seat) = seats.choose(&mut rng) else {
            break;
        };
        let texts = game.legal_texts(seat);
        let Some(text) = texts.choose(&mut rng) else {
            return Err(format!("{} is awaited but has no legal move.", names[seat]));
        };
        game.apply_text(seat, text, &names)
            .map_err(|e| format!("the legal move `{text}` was refused: {e}"))?;
        played += 1;
    }
    let png = match req.private {
        Some(seat) if seat == 0 || seat > players => {
            return Err(format!("--private takes a seat from 1 to {players}."))
        }
        Some(seat) => render::private_png(&game.private_picture_view(seat - 1), &names, req.lang)
            .ok_or_else(|| format!("{} has no private picture.", kind.title))?,
        None => render::public_png(&game.public_picture_view(), &names, req.lang)
            .ok_or_else(|| format!("{} has no board picture.", kind.title))?,
    };
    std::fs::write(out, &png).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    Ok(format!(
        "{} after {played} random move{} ({} players, seed {}{}) → {} ({} KB)",
        kind.title,
        if played == 1 { "" } else { "s" },
        players,
        req.seed,
        if game.is_over() { ", game over" } else { "" },
        out.display(),
        png.len().div_ceil(1024)
    ))
}
