//! `capomaestro arena … --calibrate`: the bots' anchor ratings at one title, measured
//! from arena games, and how well they predict games they were not fitted on.
//!
//! Every fourth game (numbers 3, 7, 11…) is held out; the others are rated in order by
//! the rating model (`table::ratings`), each level a player starting new. The held-out
//! games then score the model's predicted win chances (log loss of the winners' chances,
//! a shared win split evenly) against a flat 1/N guess.

use crate::arena::Report;
use table::ratings::{rate, win_chances, Entry, Skill};

/// What a calibration found.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    pub game: &'static str,
    /// Per player (the arena's seats, in order): level name and fitted skill.
    pub anchors: Vec<(String, Skill)>,
    pub rated_games: usize,
    pub held_out: usize,
    /// Mean log loss of the model's win chances on the held-out games.
    pub model_log_loss: f64,
    /// The same for a flat 1/N guess (ln N).
    pub flat_log_loss: f64,
}

/// Whether game `number` is held out of the fit.
pub fn held_out(number: usize) -> bool {
    number % 4 == 3
}

/// Fits the players' skills on the rated games and scores the held-out ones.
pub fn calibrate(report: &Report) -> Calibration {
    let players = report.seats.len();
    let mut skills = vec![Skill::NEW; players];
    let mut rated_games = 0;
    for (_, places) in report
        .places
        .iter()
        .enumerate()
        .filter(|(n, _)| !held_out(*n))
    {
        let entries: Vec<Entry> = skills
            .iter()
            .zip(places)
            .map(|(skill, &place)| Entry {
                skill: *skill,
                place,
                anchor: false,
            })
            .collect();
        skills = rate(&entries);
        rated_games += 1;
    }
    let chances = win_chances(&skills);
    let mut loss = 0.0;
    let mut held = 0;
    for (_, places) in report
        .places
        .iter()
        .enumerate()
        .filter(|(n, _)| held_out(*n))
    {
        loss += log_loss(&chances, places);
        held += 1;
    }
    let flat = (players as f64).ln();
    Calibration {
        game: report.game,
        anchors: report
            .seats
            .iter()
            .zip(skills)
            .map(|(s, skill)| (s.player.name().to_string(), skill))
            .collect(),
        rated_games,
        held_out: held,
        model_log_loss: if held == 0 {
            f64::NAN
        } else {
            loss / held as f64
        },
        flat_log_loss: flat,
    }
}

/// The log loss of one game's winners under `chances`: −ln of the winner's chance, a
/// shared win counting each winner's chance at 1/k.
pub fn log_loss(chances: &[f64], places: &[u32]) -> f64 {
    let winners: Vec<usize> = (0..places.len()).filter(|&p| places[p] == 1).collect();
    let k = winners.len().max(1) as f64;
    winners
        .iter()
        .map(|&w| -chances[w].max(1e-12).ln() / k)
        .sum()
}

/// Whether the anchors order the levels as their strength should: each level above the
/// ones below it (random < easy < normal < hard) by its mean μ, the skill an anchor plays
/// at (its σ is how well the arena measured it, not how strong it is).
pub fn ordered(calibration: &Calibration) -> bool {
    let rank = |name: &str| {
        ["random", "auto", "easy", "normal", "hard"]
            .iter()
            .position(|l| *l == name)
    };
    let mut levels: Vec<(usize, f64)> = calibration
        .anchors
        .iter()
        .filter_map(|(name, skill)| Some((rank(name)?, skill.mu)))
        .collect();
    levels.sort_by_key(|l| l.0);
    levels
        .windows(2)
        .all(|w| w[0].0 == w[1].0 || w[0].1 < w[1].1)
}

/// The anchors as `anchors.tsv` lines (title, level, mu, sigma), with the run's facts
/// and the log losses as comments.
pub fn render(c: &Calibration, seed: u64) -> String {
    let levels: Vec<&str> = c.anchors.iter().map(|(l, _)| l.as_str()).collect();
    let mut out = format!(
        "# {}: {} games ({}), seats rotating, seed {seed}: {} rated, {} held out\n",
        c.game,
        c.rated_games + c.held_out,
        levels.join(", "),
        c.rated_games,
        c.held_out
    );
    for (level, skill) in &c.anchors {
        out.push_str(&format!(
            "{}\t{level}\t{:.4}\t{:.4}\t# shown {}\n",
            c.game,
            skill.mu,
            skill.sigma,
            skill.display()
        ));
    }
    out.push_str(&format!(
        "# held-out log loss: model {:.4}, flat 1/{} {:.4}\n# levels in order (random < easy < normal < hard): {}\n",
        c.model_log_loss,
        c.anchors.len(),
        c.flat_log_loss,
        if ordered(c) { "yes" } else { "no" }
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::Standing;
    use ai::Level;

    fn report(levels: &[Level], places: Vec<Vec<u32>>) -> Report {
        let standing = |player| Standing {
            player,
            wins: 0.0,
            win_rate: 0.0,
            ci95: (0.0, 1.0),
            mean_score: 0.0,
            ms_per_move_p50: 0.0,
            ms_per_move_p99: 0.0,
            capped_moves: 0,
            moves: 0,
        };
        Report {
            game: "palazzo",
            games: places.len(),
            seats: levels.iter().copied().map(standing).collect(),
            places,
        }
    }

    #[test]
    fn a_level_that_always_wins_is_rated_above_and_predicts_better_than_flat() {
        // Hard always first, easy second, random last, in 40 games.
        let places = vec![vec![3, 2, 1]; 40];
        let c = calibrate(&report(&[Level::Random, Level::Easy, Level::Hard], places));
        assert_eq!((c.rated_games, c.held_out), (30, 10));
        assert!(ordered(&c), "{c:?}");
        assert!(c.model_log_loss < c.flat_log_loss, "{c:?}");
        assert!((c.flat_log_loss - 3f64.ln()).abs() < 1e-12);
        let text = render(&c, 1);
        assert!(text.contains("palazzo\thard\t"), "{text}");
        assert!(
            text.contains("in order (random < easy < normal < hard): yes"),
            "{text}"
        );
    }

    #[test]
    fn reversed_strength_is_reported_out_of_order() {
        let places = vec![vec![1, 2]; 12];
        let c = calibrate(&report(&[Level::Random, Level::Hard], places));
        assert!(!ordered(&c));
        // Held-out games that go against the fit cost more than a flat guess.
        let mut against = vec![vec![1, 2]; 12];
        for n in (3..12).step_by(4) {
            against[n] = vec![2, 1];
        }
        let c = calibrate(&report(&[Level::Random, Level::Hard], against));
        assert!(c.model_log_loss > c.flat_log_loss, "{c:?}");
    }

    #[test]
    fn a_shared_win_splits_the_loss() {
        let chances = [0.5, 0.25, 0.25];
        let shared = log_loss(&chances, &[1, 1, 3]);
        assert!((shared - (-(0.5f64.ln()) / 2.0 - (0.25f64.ln()) / 2.0)).abs() < 1e-12);
    }
}
