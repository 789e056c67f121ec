//! Why a tournament refused a step: each variant is the sentence the person reads.

use words::{Lang, Value};

/// A refused step of a tournament; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentError {
    /// Tables seat 2 to `most`.
    TableSize { most: u32 },
    /// From 1 to `most` rounds.
    Rounds { most: u32 },
    /// A points row needs one value per place, never rising.
    PointsRow { places: u32 },
    /// The smallest table is from 2 to the table size.
    SmallestTable { size: u32 },
    /// A knockout sends 1 to `most` of each table on.
    Advance { most: u32 },
    /// From 2 to `most` players.
    MaxPlayers { most: u32 },
    /// The person is in already.
    AlreadyIn,
    /// The person is not in.
    NotIn,
    /// The tournament has started: no joining or leaving.
    Started,
    /// Leaving after the start (dropping out is the way).
    LeaveStarted,
    /// The tournament has not started.
    NotStarted,
    /// The tournament is over.
    Over,
    /// Too few people to start.
    TooFew { need: u32 },
    /// The tournament is full.
    Full { most: u32 },
    /// The person has dropped out already.
    AlreadyDropped,
    /// No such table in the round being played.
    NoSuchTable { round: u32, table: u32 },
    /// A result for another round than the one being played.
    NotThisRound { round: u32, current: u32 },
    /// The table's result is in already.
    TableDone { round: u32, table: u32 },
    /// A result whose places do not fit the table's seats.
    ResultSeats { seats: u32 },
    /// `next` while tables of the round still play.
    StillPlaying { left: u32 },
    /// `next` in a tournament whose rounds start by themselves.
    AutomaticRounds,
    /// Saved by a newer build.
    Newer { found: u32, known: u32 },
    /// Saved data that cannot be read.
    Unreadable,
}

impl TournamentError {
    /// The key and arguments of the sentence.
    fn key(&self) -> (&'static str, Vec<(&'static str, i64)>) {
        use TournamentError as E;
        let n = |v: u32| i64::from(v);
        match *self {
            E::TableSize { most } => ("tournament-error-table-size", vec![("most", n(most))]),
            E::Rounds { most } => ("tournament-error-rounds", vec![("most", n(most))]),
            E::PointsRow { places } => ("tournament-error-points-row", vec![("places", n(places))]),
            E::SmallestTable { size } => {
                ("tournament-error-smallest-table", vec![("size", n(size))])
            }
            E::Advance { most } => ("tournament-error-advance", vec![("most", n(most))]),
            E::MaxPlayers { most } => ("tournament-error-max-players", vec![("most", n(most))]),
            E::AlreadyIn => ("tournament-error-already-in", vec![]),
            E::NotIn => ("tournament-error-not-in", vec![]),
            E::Started => ("tournament-error-started", vec![]),
            E::LeaveStarted => ("tournament-error-leave-started", vec![]),
            E::NotStarted => ("tournament-error-not-started", vec![]),
            E::Over => ("tournament-error-over", vec![]),
            E::TooFew { need } => ("tournament-error-too-few", vec![("need", n(need))]),
            E::Full { most } => ("tournament-error-full", vec![("most", n(most))]),
            E::AlreadyDropped => ("tournament-error-already-dropped", vec![]),
            E::NoSuchTable { round, table } => (
                "tournament-error-no-such-table",
                vec![("round", n(round)), ("table", n(table))],
            ),
            E::NotThisRound { round, current } => (
                "tournament-error-not-this-round",
                vec![("round", n(round)), ("current", n(current))],
            ),
            E::TableDone { round, table } => (
                "tournament-error-table-done",
                vec![("round", n(round)), ("table", n(table))],
            ),
            E::ResultSeats { seats } => {
                ("tournament-error-result-seats", vec![("seats", n(seats))])
            }
            E::StillPlaying { left } => ("tournament-error-still-playing", vec![("left", n(left))]),
            E::AutomaticRounds => ("tournament-error-automatic-rounds", vec![]),
            E::Newer { found, known } => (
                "tournament-error-newer",
                vec![("found", n(found)), ("known", n(known))],
            ),
            E::Unreadable => ("tournament-error-unreadable", vec![]),
        }
    }

    /// The sentence, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let (key, args) = self.key();
        let args: Vec<(&str, Value<'_>)> = args.into_iter().map(|(k, v)| (k, v.into())).collect();
        words::text(lang, key, &args)
    }
}

impl std::fmt::Display for TournamentError {
    /// The English sentence.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Lang::En))
    }
}

impl std::error::Error for TournamentError {}
