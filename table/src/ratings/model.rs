//! The rating model: Weng-Lin (OpenSkill's Bradley-Terry, full pairing) through the
//! `skillratings` crate, free-for-all by finishing place with ties. Pure: no I/O, no clock.

use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{
    expected_score_multi_team, weng_lin_multi_team, WengLinConfig, WengLinRating,
};
use skillratings::MultiTeamOutcome;

/// A skill estimate: the mean `mu` and its uncertainty `sigma` (Weng-Lin's units).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    pub mu: f64,
    pub sigma: f64,
}

/// Rated games below which a rating is shown as provisional.
pub const PROVISIONAL_GAMES: u32 = 5;

/// Shown points per unit of `mu - 3 sigma`.
pub const DISPLAY_SCALE: f64 = 40.0;

/// Where a new player's shown rating starts: `mu - 3 sigma` is 0 for a new player.
pub const DISPLAY_BASE: f64 = 1_000.0;

impl Skill {
    /// A player never rated: OpenSkill's defaults (25, 25/3).
    pub const NEW: Skill = Skill {
        mu: 25.0,
        sigma: 25.0 / 3.0,
    };

    /// The shown number: the conservative estimate `mu - 3 sigma`, scaled so that a new
    /// player shows 1,000.
    pub fn display(&self) -> i64 {
        (DISPLAY_BASE + DISPLAY_SCALE * (self.mu - 3.0 * self.sigma)).round() as i64
    }

    fn weng_lin(self) -> WengLinRating {
        WengLinRating {
            rating: self.mu,
            uncertainty: self.sigma,
        }
    }
}

impl Default for Skill {
    fn default() -> Self {
        Skill::NEW
    }
}

/// One seat of a rated game: its skill before the game, its place (1 = first; equal
/// places are a tie) and whether it is an anchor (a bot) whose skill never moves.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry {
    pub skill: Skill,
    pub place: u32,
    pub anchor: bool,
}

/// The model's constants: OpenSkill's defaults (beta 25/6) with no added dynamics (tau 0)
/// and the crate's sigma floor (1e-6).
pub fn config() -> WengLinConfig {
    WengLinConfig::new()
}

/// Every seat's skill after the game, in the entries' order. An anchor comes back
/// unchanged; every other seat is rated against all the others, anchors included.
pub fn rate(entries: &[Entry]) -> Vec<Skill> {
    let teams: Vec<[WengLinRating; 1]> = entries.iter().map(|e| [e.skill.weng_lin()]).collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(entries)
        .map(|(team, e)| (&team[..], MultiTeamOutcome::new(e.place as usize)))
        .collect();
    let rated = weng_lin_multi_team(&ranked, &config());
    entries
        .iter()
        .zip(rated)
        .map(|(e, team)| match (e.anchor, team.first()) {
            (false, Some(r)) => Skill {
                mu: r.rating,
                sigma: r.uncertainty,
            },
            _ => e.skill,
        })
        .collect()
}

/// Each seat's chance to finish first, by the model (they add up to 1).
pub fn win_chances(skills: &[Skill]) -> Vec<f64> {
    let teams: Vec<[WengLinRating; 1]> = skills.iter().map(|s| [s.weng_lin()]).collect();
    let refs: Vec<&[WengLinRating]> = teams.iter().map(|t| &t[..]).collect();
    expected_score_multi_team(&refs, &config())
}
