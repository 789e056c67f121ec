//! Villa Paletti: scenarios for every rule, every refusal, the rulebook's seal example,
//! stability cases, and property tests over random playouts.

use rules::engine::{Audience, Craft, Game, GameEvent, Seat};
use rules::playout::check_random_game;
use rules::villa::data::{BUILD_RADIUS, COLUMNS, FAIR_LAYOUT};
use rules::villa::geom::{self, P};
use rules::villa::model::{self, GridPt};
use rules::villa::{
    Ending, Phase, SetupMode, Stage, Villa, VillaAction as A, VillaError as E, VillaEvent,
    VillaOptions, Why, HEAVY_LIFT_CHANCE, SAME_CHANCE,
};

// Column ids: colour × 5 + slot (0 thick, 1 medium, 2–4 thin-1..3).
const BLUE: u8 = 0;
const RED: u8 = 5;
const YELLOW: u8 = 10;
const GREEN: u8 = 15;
const THICK: u8 = 0;
const MEDIUM: u8 = 1;
const THIN1: u8 = 2;
const THIN2: u8 = 3;
const THIN3: u8 = 4;

fn opts() -> VillaOptions {
    VillaOptions::default()
}

/// The rulebook's Fig. 7 situation on the green floor (placed at (0, 2)): on top, red 1,
/// yellow 3 (thick), blue 2 (medium), green 1. Red's and green's thick columns stand free
/// on the base plate, outside the blue floor.
fn fig7_layout() -> Vec<Option<(u8, P)>> {
    let mut l: Vec<Option<(u8, P)>> = vec![None; COLUMNS];
    let mut put = |c: u8, level: u8, p: P| l[c as usize] = Some((level, p));
    // Base plate: holding the blue floor.
    put(BLUE + THICK, 0, (-6.0, 3.0));
    put(BLUE + THIN1, 0, (6.0, 3.0));
    put(BLUE + THIN2, 0, (6.0, -4.0));
    put(BLUE + THIN3, 0, (-6.0, -4.0));
    put(RED + MEDIUM, 0, (0.0, -4.0));
    put(RED + THIN2, 0, (0.0, 5.0));
    put(RED + THIN3, 0, (3.0, 0.0));
    put(YELLOW + MEDIUM, 0, (-3.0, 0.0));
    put(GREEN + MEDIUM, 0, (0.0, 1.5));
    put(GREEN + THIN3, 0, (-8.0, -1.0));
    // Free, outside the blue floor.
    put(RED + THICK, 0, (0.0, -9.0));
    put(GREEN + THICK, 0, (0.0, 9.0));
    // On the blue floor, holding the green floor.
    put(YELLOW + THIN1, 1, (-6.0, -4.0));
    put(YELLOW + THIN2, 1, (6.0, -4.0));
    put(YELLOW + THIN3, 1, (-5.0, 4.0));
    put(GREEN + THIN1, 1, (-2.0, 5.0));
    // On the green floor (top).
    put(RED + THIN1, 2, (-3.0, -2.0));
    put(YELLOW + THICK, 2, (-2.0, 2.0));
    put(BLUE + MEDIUM, 2, (2.0, -3.0));
    put(GREEN + THIN2, 2, (-5.0, -1.0));
    l
}

const FIG7_FLOORS: [P; 2] = [(0.0, 0.0), (0.0, 2.0)];

fn fig7(players: usize, turn: Seat, seed: u64) -> Villa {
    Villa::from_layout(
        players,
        &opts(),
        seed,
        FIG7_FLOORS.to_vec(),
        &fig7_layout(),
        turn,
    )
    .unwrap()
}

fn at(v: &Villa, p: P) -> GridPt {
    let g = v.grid().nearest(p);
    assert_eq!(
        v.grid().point(g),
        Some(p),
        "({}, {}) is not a grid point",
        p.0,
        p.1
    );
    g
}

fn ok(v: &mut Villa, seat: Seat, a: A) -> Vec<VillaEvent> {
    match v.apply(seat, &a) {
        Ok(ev) => ev,
        Err(e) => panic!("`{a}` by seat {seat} refused: {e}"),
    }
}

/// Applies an action that must be refused, checks the state did not change, returns the
/// error.
fn refused(v: &mut Villa, seat: Seat, a: A) -> E {
    let before = serde_json::to_string(v).unwrap();
    let e = v.apply(seat, &a).expect_err("should be refused");
    assert_eq!(
        serde_json::to_string(v).unwrap(),
        before,
        "a refusal changed the state"
    );
    e
}

fn collapsed(ev: &[VillaEvent]) -> bool {
    ev.iter().any(|e| matches!(e, VillaEvent::Collapse { .. }))
}

// ----- setup and geometry ------------------------------------------------------------

#[test]
fn fair_layout_is_valid_and_stands() {
    let v = Villa::new(4, &opts(), 1).unwrap();
    let cols = v.columns();
    assert_eq!(cols.len(), 20);
    let blue = model::floor_poly(1, (0.0, 0.0));
    for (i, &(colour, slot, x, y)) in FAIR_LAYOUT.iter().enumerate() {
        let id = (colour * 5 + slot) as u8;
        let kind = Villa::kind_of(id);
        assert!(
            geom::footprint_in_disc(kind.shape, (x, y), BUILD_RADIUS),
            "column {i} outside the building area"
        );
        assert!(
            geom::inside((x, y), &blue),
            "column {i} not under the blue floor"
        );
        for &(c2, s2, x2, y2) in &FAIR_LAYOUT[i + 1..] {
            let id2 = (c2 * 5 + s2) as u8;
            assert!(
                !geom::footprints_overlap(kind.shape, (x, y), Villa::kind_of(id2).shape, (x2, y2)),
                "{i} overlaps"
            );
        }
    }
    // Every column accounted for, once.
    let mut ids: Vec<usize> = FAIR_LAYOUT.iter().map(|&(c, s, _, _)| c * 5 + s).collect();
    ids.sort_unstable();
    assert_eq!(ids, (0..20).collect::<Vec<_>>());
    assert!(model::floor_inside_base(1, (0.0, 0.0)));
    assert!(v.is_supporting(0));
    assert!(v.true_margin() > 2.0, "{}", v.true_margin());
    // Colours interleave: each quadrant's thick column is a different colour.
    assert_eq!(v.top(), 1);
}

#[test]
fn starting_player_is_the_last_to_choose_a_colour() {
    for players in 2..=4 {
        let v = Villa::new(players, &opts(), 3).unwrap();
        assert_eq!(v.awaiting(), vec![players - 1]);
    }
}

#[test]
fn options_are_checked() {
    let bad = VillaOptions {
        min_supports_from_orange: 4,
        ..opts()
    };
    assert!(Villa::new(4, &bad, 1)
        .unwrap_err()
        .to_string()
        .contains("min_supports_from_orange"));
    assert!(Villa::new(5, &opts(), 1).is_err());
    let v: VillaOptions = serde_json::from_str(r#"{"setup":"custom"}"#).unwrap();
    assert_eq!(v.setup, SetupMode::Custom);
    assert_eq!(v.min_supports_from_orange, 3);
    assert!(serde_json::from_str::<VillaOptions>(r#"{"colour":"red"}"#).is_err());
    let kind = rules::catalog::find("villa-paletti").expect("registered");
    let json =
        rules::dynamic::options_from_text("setup=custom min_supports_from_orange=2").unwrap();
    assert!((kind.new)(3, &json, 1).is_ok());
}

// ----- stability ---------------------------------------------------------------------

#[test]
fn constructed_villas_that_stand() {
    assert!(fig7(4, 1, 1).true_margin() > 1.0);
    // Fair start with two columns moved up to the middle of the blue floor.
    let mut l = fig7_layout();
    l[(RED + THICK) as usize] = Some((2, (-1.0, -4.0)));
    let v = Villa::from_layout(4, &opts(), 1, FIG7_FLOORS.to_vec(), &l, 0).unwrap();
    assert!(v.true_margin() > 1.0);
    assert!(Villa::new(3, &opts(), 1).unwrap().true_margin() > 2.0);
}

#[test]
fn constructed_villas_that_fall() {
    // The green floor on two columns: its weight is not on the line between them.
    let mut l = fig7_layout();
    l[(YELLOW + THIN3) as usize] = None;
    l[(GREEN + THIN1) as usize] = None;
    let v = Villa::from_layout(4, &opts(), 1, FIG7_FLOORS.to_vec(), &l, 0).unwrap();
    assert!(v.true_margin() < 0.0, "{}", v.true_margin());
    // A floor with nothing under it.
    let v = Villa::from_layout(4, &opts(), 1, vec![(0.0, 0.0)], &[None; 20], 0).unwrap();
    assert_eq!(v.true_margin(), f64::NEG_INFINITY);
    // Top-heavy: the green floor held on its left only, loaded on its far right.
    let mut l = fig7_layout();
    l[(YELLOW + THIN2) as usize] = Some((1, (-6.0, 2.0)));
    for (c, p) in [
        (RED + THIN1, (7.0, -5.0)),
        (YELLOW + THICK, (6.0, -1.0)),
        (BLUE + MEDIUM, (4.0, -5.0)),
        (GREEN + THIN2, (7.0, -2.0)),
    ] {
        l[c as usize] = Some((2, p));
    }
    let v = Villa::from_layout(4, &opts(), 1, FIG7_FLOORS.to_vec(), &l, 0).unwrap();
    assert!(v.true_margin() < 0.0, "{}", v.true_margin());
}

#[test]
fn pulling_a_column_the_villa_cannot_spare_always_collapses() {
    // Green rests on exactly three columns; pulling one leaves a line: it must fall.
    let mut l = fig7_layout();
    l[(GREEN + THIN1) as usize] = None;
    for seed in 0..20 {
        let mut v = Villa::from_layout(4, &opts(), seed, FIG7_FLOORS.to_vec(), &l, 2).unwrap();
        assert!(v.true_margin() > 0.0);
        ok(&mut v, 2, A::Pull(YELLOW + THIN3));
        let p = at(&v, (-1.0, -4.0));
        let ev = ok(&mut v, 2, A::Place(p));
        assert!(collapsed(&ev));
        assert_eq!(v.ending(), Some(Ending::Collapse { by: 2 }));
    }
}

#[test]
fn risk_grows_with_height_and_small_margins() {
    // Over many seeds, a low-margin pull collapses sometimes, a high-margin one never.
    let mut falls = 0;
    for seed in 0..200 {
        let mut v = fig7(4, 3, seed);
        ok(&mut v, 3, A::Pull(GREEN + THICK)); // free column: σ small, margin large
        let p = at(&v, (-5.0, 3.0));
        if collapsed(&ok(&mut v, 3, A::Place(p))) {
            falls += 1;
        }
    }
    assert_eq!(falls, 0);
}

// ----- the pull, the feel, place and abort --------------------------------------------

#[test]
fn pull_feel_place_moves_the_column_up() {
    let mut v = fig7(4, 1, 7);
    let ev = ok(&mut v, 1, A::Pull(RED + THICK));
    // The feel is said to everyone.
    let feel = ev
        .iter()
        .find(|e| matches!(e, VillaEvent::Pulled { .. }))
        .unwrap();
    assert_eq!(feel.audience(), Audience::Everyone);
    let text = feel.narrate(&["a".into(), "b".into(), "c".into(), "d".into()]);
    assert!(
        [
            "rock solid",
            "a slight wobble",
            "it creaks",
            "it sways dangerously"
        ]
        .iter()
        .any(|w| text.contains(w)),
        "{text}"
    );
    assert!(matches!(v.phase(), Phase::Feel { .. }));
    assert!(v.public_view().feel.is_some());
    let p = at(&v, (-1.0, -4.0));
    let ev = ok(&mut v, 1, A::Place(p));
    assert!(!collapsed(&ev));
    let c = &v.columns()[(RED + THICK) as usize];
    assert_eq!(c.level, 2);
    // Landing noise moved it a little, never off the floor.
    assert!(geom::seg_dist(c.pos, (-1.0, -4.0), (-1.0, -4.0)) < 1.0);
    assert!(geom::footprint_in_polygon(
        Villa::kind_of(RED + THICK).shape,
        c.pos,
        &model::floor_poly(2, (0.0, 2.0))
    ));
    assert_eq!(v.awaiting(), vec![2]);
}

#[test]
fn abort_freezes_the_column_and_ends_the_turn() {
    let mut v = fig7(4, 1, 7);
    ok(&mut v, 1, A::Pull(RED + THICK));
    let before: Vec<P> = v.columns().iter().map(|c| c.pos).collect();
    ok(&mut v, 1, A::Abort);
    assert!(v.columns()[(RED + THICK) as usize].frozen);
    assert_eq!(
        v.columns().iter().map(|c| c.pos).collect::<Vec<_>>(),
        before
    );
    assert_eq!(v.awaiting(), vec![2]);
    // Later: the frozen column is refused.
    let mut v2 = v.clone();
    v2.tweak(|_, _| {});
    let mut w = fig7(4, 1, 7);
    w.tweak(|cols, _| cols[(RED + THICK) as usize].frozen = true);
    let e = refused(&mut w, 1, A::Pull(RED + THICK));
    assert_eq!(e, E::Frozen("red-thick".into()));
    assert!(e.to_string().contains("may not be moved again"));
}

#[test]
fn placement_refusals() {
    let mut v = fig7(4, 1, 7);
    ok(&mut v, 1, A::Pull(RED + THICK));
    // Off the grid.
    let e = refused(&mut v, 1, A::Place(GridPt { x: 25, y: 50 }));
    assert!(matches!(e, E::OffGrid(..)), "{e}");
    assert!(e.to_string().contains("a1–q17"), "{e}");
    // Off the floor: the empty quarter of the L.
    let g_ = at(&v, (5.0, 6.0));
    let e = refused(&mut v, 1, A::Place(g_));
    assert_eq!(e, E::OffFloor("n13".into()));
    // Overhanging the edge: the thick column's footprint (radius 1.3) 1 cm from the edge.
    let g_ = at(&v, (-7.0, -4.0));
    let e = refused(&mut v, 1, A::Place(g_));
    assert!(matches!(e, E::OffFloor(_)), "{e}");
    // On another column (not the red floor).
    let g_ = at(&v, (-2.0, 2.0));
    let e = refused(&mut v, 1, A::Place(g_));
    let g_ = at(&v, (-2.0, 2.0));
    assert_eq!(e, E::Overlap(g_.to_string(), "yellow-thick".into()));
    assert!(e.to_string().contains("only on the red floor"));
    // legal_actions lists exactly the accepted points.
    for a in v.legal_actions(1) {
        let mut w = v.clone();
        assert!(w.apply(1, &a).is_ok(), "{a}");
    }
}

#[test]
fn pull_refusals() {
    let mut v = fig7(4, 1, 7);
    let e = refused(&mut v, 1, A::Pull(BLUE + THICK));
    assert_eq!(e.to_string(), "blue-thick is not yours to move.");
    let e = refused(&mut v, 1, A::Pull(RED + THIN1));
    assert_eq!(
        e.to_string(),
        "red-thin-1 already stands on the top level; columns on the top level cannot be moved."
    );
    let mut w = fig7(4, 1, 7);
    w.tweak(|cols, _| cols[(RED + THIN2) as usize].gone = true);
    assert_eq!(
        refused(&mut w, 1, A::Pull(RED + THIN2)).to_string(),
        "red-thin-2 has left the game."
    );
    // Not your turn; nothing to do out of phase.
    let e = refused(&mut v, 0, A::Pull(BLUE + THICK));
    assert!(matches!(e, E::NotYourTurn(_)), "{e}");
    let e = refused(&mut v, 1, A::Place(GridPt { x: 1, y: 1 }));
    assert!(matches!(e, E::NotNow(_)), "{e}");
    let e = refused(&mut v, 1, A::Object);
    assert!(e.to_string().starts_with("That is not possible now"), "{e}");
    // Only one column per turn: mid-pull, another pull is refused.
    ok(&mut v, 1, A::Pull(RED + THICK));
    let e = refused(&mut v, 1, A::Pull(RED + MEDIUM));
    assert!(matches!(e, E::NotNow(_)));
    let e = refused(&mut v, 1, A::Propose);
    assert!(
        e.to_string()
            .contains("only be proposed at the start of your turn"),
        "{e}"
    );
}

// ----- the seal and the winner (rulebook Fig. 7) ---------------------------------------

#[test]
fn fig7_red_takes_the_seal_and_a_tie_does_not() {
    let mut v = fig7(4, 1, 11);
    // Yellow holds the seal, taken from blue.
    v.tweak(|_, seal| {
        seal.holder = Some(2);
        seal.previous = Some(0);
        seal.claimed = true;
    });
    assert_eq!(
        (0..4).map(|s| v.score(s)).collect::<Vec<_>>(),
        vec![2, 1, 3, 1]
    );
    ok(&mut v, 1, A::Pull(RED + THICK));
    let p = at(&v, (-1.0, -4.0));
    let ev = ok(&mut v, 1, A::Place(p));
    assert!(!collapsed(&ev));
    assert_eq!(
        (0..4).map(|s| v.score(s)).collect::<Vec<_>>(),
        vec![2, 4, 3, 1]
    );
    assert_eq!(v.seal().holder, Some(1));
    assert_eq!(v.seal().previous, Some(2));
    assert!(ev.iter().any(|e| matches!(
        e,
        VillaEvent::SealTaken {
            seat: 1,
            from: Some(2),
            score: 4
        }
    )));
    // Yellow's turn: yellow moves something harmless; then green's thick makes 4 — a tie.
    ok(&mut v, 2, A::Pull(YELLOW + MEDIUM));
    ok(&mut v, 2, A::Abort);
    ok(&mut v, 3, A::Pull(GREEN + THICK));
    let p = at(&v, (-5.0, 3.0));
    let ev = ok(&mut v, 3, A::Place(p));
    assert!(!collapsed(&ev));
    assert_eq!(
        (0..4).map(|s| v.score(s)).collect::<Vec<_>>(),
        vec![2, 4, 3, 4]
    );
    assert_eq!(v.seal().holder, Some(1), "a tie does not take the seal");
    assert!(!ev.iter().any(|e| matches!(e, VillaEvent::SealTaken { .. })));
}

#[test]
fn the_first_column_on_a_new_floor_takes_the_seal() {
    let mut v = fig7(4, 1, 11);
    v.tweak(|_, seal| {
        seal.holder = Some(2);
        seal.previous = Some(0);
        seal.claimed = false; // the green floor is new
    });
    ok(&mut v, 1, A::Pull(RED + THIN2));
    let g_ = at(&v, (-1.0, -4.0));
    ok(&mut v, 1, A::Place(g_));
    assert_eq!(v.seal().holder, Some(1));
    assert_eq!(v.seal().previous, Some(2));
    assert!(v.seal().claimed);
}

#[test]
fn no_seal_on_the_blue_floor() {
    let mut v = Villa::new(4, &opts(), 5).unwrap();
    ok(&mut v, 3, A::Pull(GREEN + THIN1));
    let p = v
        .legal_actions(3)
        .into_iter()
        .find(|a| matches!(a, A::Place(_)))
        .unwrap();
    ok(&mut v, 3, p);
    assert_eq!(v.seal().holder, None);
    assert_eq!(v.score(3), 0, "points count from the green floor on");
}

/// A fig7 villa where green rests on exactly three columns; yellow-thin-3 is essential.
fn doomed(seed: u64, holder: Option<Seat>, previous: Option<Seat>) -> Villa {
    let mut l = fig7_layout();
    l[(GREEN + THIN1) as usize] = None;
    let mut v = Villa::from_layout(4, &opts(), seed, FIG7_FLOORS.to_vec(), &l, 2).unwrap();
    v.tweak(|_, seal| {
        seal.holder = holder;
        seal.previous = previous;
        seal.claimed = holder.is_some();
    });
    v
}

fn collapse_by_2(mut v: Villa) -> Villa {
    ok(&mut v, 2, A::Pull(YELLOW + THIN3));
    let g_ = at(&v, (-1.0, -4.0));
    let ev = ok(&mut v, 2, A::Place(g_));
    assert!(collapsed(&ev));
    assert!(v.is_over());
    v
}

#[test]
fn collapse_by_someone_else_the_holder_wins() {
    let v = collapse_by_2(doomed(1, Some(1), Some(0)));
    let o = v.outcome().unwrap();
    assert_eq!(o.winners, vec![1]);
    assert_eq!(
        rules::Say::say(&rules::Keys, o.note_phrase.as_ref().unwrap()),
        "villa-note-holder-wins(cause=villa-note-collapse)"
    );
    assert!(o.note.unwrap().contains("The seal holder wins"));
}

#[test]
fn collapse_by_the_holder_the_previous_holder_wins() {
    let v = collapse_by_2(doomed(1, Some(2), Some(0)));
    assert_eq!(v.outcome().unwrap().winners, vec![0]);
    let text = v.outcome().unwrap().render(&[
        "Ana".into(),
        "Bruno".into(),
        "Carla".into(),
        "Dario".into(),
    ]);
    assert!(text.contains("Ana wins!"), "{text}");
}

#[test]
fn collapse_by_the_first_holder_nobody_wins() {
    let v = collapse_by_2(doomed(1, Some(2), None));
    let o = v.outcome().unwrap();
    assert!(o.winners.is_empty());
    assert_eq!(
        o.note_phrase.as_ref().map(|p| p.key),
        Some("villa-note-first-holder-collapsed")
    );
    assert!(o.note.unwrap().contains("nobody wins"));
}

#[test]
fn seal_never_taken_nobody_wins() {
    let v = collapse_by_2(doomed(1, None, None));
    assert!(v.outcome().unwrap().winners.is_empty());
}

#[test]
fn the_game_ends_when_nobody_can_act_and_the_holder_wins() {
    // Only red-thick can move; the top has 2 columns, so no floor fits.
    let mut l = fig7_layout();
    l[(YELLOW + THICK) as usize] = None;
    l[(BLUE + MEDIUM) as usize] = None;
    let mut v = Villa::from_layout(4, &opts(), 1, FIG7_FLOORS.to_vec(), &l, 1).unwrap();
    v.tweak(|cols, seal| {
        for (i, c) in cols.iter_mut().enumerate() {
            if i != (RED + THICK) as usize {
                c.frozen = true;
            }
        }
        seal.holder = Some(3);
        seal.previous = Some(1);
        seal.claimed = true;
    });
    assert!(!v.legal_actions(1).contains(&A::Propose));
    ok(&mut v, 1, A::Pull(RED + THICK));
    let ev = ok(&mut v, 1, A::Abort);
    assert!(v.is_over());
    assert_eq!(v.ending(), Some(Ending::Stalled));
    assert!(ev.iter().any(|e| matches!(e, VillaEvent::GameOver { .. })));
    assert_eq!(v.outcome().unwrap().winners, vec![3]);
    assert_eq!(refused(&mut v, 1, A::Propose), E::GameOver);
}

#[test]
fn players_who_cannot_act_are_skipped() {
    let mut v = fig7(4, 1, 1);
    // Yellow (seat 2) has nothing movable and no floor fits after red's abort.
    v.tweak(|cols, _| {
        for c in [
            YELLOW + MEDIUM,
            YELLOW + THIN1,
            YELLOW + THIN2,
            YELLOW + THIN3,
        ] {
            cols[c as usize].frozen = true;
        }
        cols[(BLUE + MEDIUM) as usize].gone = true;
        cols[(GREEN + THIN2) as usize].gone = true;
    });
    ok(&mut v, 1, A::Pull(RED + THICK));
    let ev = ok(&mut v, 1, A::Abort);
    assert!(ev
        .iter()
        .any(|e| matches!(e, VillaEvent::Skipped { seat: 2 })));
    assert_eq!(v.awaiting(), vec![3]);
}

// ----- floors and objections -----------------------------------------------------------

fn propose_all_allow(v: &mut Villa, proposer: Seat) {
    ok(v, proposer, A::Propose);
    for s in 1..4 {
        ok(v, (proposer + s) % 4, A::Allow);
    }
    assert_eq!(v.phase(), &Phase::PlaceFloor { proposer });
}

#[test]
fn a_floor_needs_three_supports_inside_the_base_plate() {
    let mut v = fig7(4, 1, 3);
    propose_all_allow(&mut v, 1);
    // Far in a corner: the yellow floor would reach beyond the base plate.
    let e = refused(&mut v, 1, A::Floor(GridPt { x: 0, y: 16 }));
    assert_eq!(
        e.to_string(),
        "At a17 the yellow floor would reach beyond the base plate."
    );
    // Over only two of the top columns.
    let p = at(&v, (3.0, -5.0));
    let e = refused(&mut v, 1, A::Floor(p));
    assert!(matches!(e, E::TooFewSupports(_, _, n, 3) if n < 3), "{e}");
    assert!(e.to_string().contains("it needs at least 3"));
    // The legal positions are exactly the accepted ones.
    let legal = v.legal_actions(1);
    assert!(!legal.is_empty());
    for a in &legal {
        let A::Floor(g) = a else { panic!("{a}") };
        let pos = v.grid().point(*g).unwrap();
        assert!(model::floor_inside_base(3, pos));
        let poly = model::floor_poly(3, pos);
        let under = v
            .columns()
            .iter()
            .filter(|c| !c.gone && c.level == 2 && geom::inside(c.pos, &poly))
            .count();
        assert!(under >= 3);
    }
    let a = rules::villa::policy::careful_action(&v, 1, &mut rand::thread_rng()).unwrap();
    let ev = ok(&mut v, 1, a);
    assert!(!collapsed(&ev));
    assert_eq!(v.top(), 3);
    assert!(!v.seal().claimed);
    assert_eq!(v.awaiting(), vec![2], "placing a floor ends the turn");
}

#[test]
fn proposal_refusals() {
    // Fewer than three columns on top: no position works, so no proposal.
    let mut l = fig7_layout();
    l[(YELLOW + THICK) as usize] = None;
    l[(BLUE + MEDIUM) as usize] = None;
    let mut v = Villa::from_layout(4, &opts(), 1, FIG7_FLOORS.to_vec(), &l, 1).unwrap();
    let e = refused(&mut v, 1, A::Propose);
    assert_eq!(
        e.to_string(),
        "No position for the yellow floor rests on 3 top-level columns inside the base plate."
    );
    // All five floors built.
    let floors = vec![(0.0, 0.0), (0.0, 2.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)];
    let mut v = Villa::from_layout(4, &opts(), 1, floors, &fig7_layout(), 1).unwrap();
    assert_eq!(refused(&mut v, 1, A::Propose), E::NoFloorsLeft);
}

#[test]
fn from_orange_on_two_supports_may_be_the_option() {
    // Yellow on top with only two columns on it.
    let floors = vec![(0.0, 0.0), (0.0, 2.0), (0.0, 0.0)];
    let mut l = fig7_layout();
    for c in [RED + THIN1, YELLOW + THICK, BLUE + MEDIUM, GREEN + THIN2] {
        l[c as usize] = Some((2, l[c as usize].unwrap().1));
    }
    l[(RED + THIN2) as usize] = Some((3, (-2.0, 0.0)));
    l[(RED + THIN3) as usize] = Some((3, (1.0, -2.0)));
    let v = Villa::from_layout(4, &opts(), 1, floors.clone(), &l, 1).unwrap();
    assert!(!v.legal_actions(1).contains(&A::Propose));
    let two = VillaOptions {
        min_supports_from_orange: 2,
        ..opts()
    };
    let mut v = Villa::from_layout(4, &two, 1, floors, &l, 1).unwrap();
    assert!(v.legal_actions(1).contains(&A::Propose));
    ok(&mut v, 1, A::Propose);
}

#[test]
fn objection_success_removes_the_column_and_no_floor() {
    let mut v = fig7(4, 1, 5);
    ok(&mut v, 1, A::Propose);
    ok(&mut v, 2, A::Object);
    assert_eq!(
        v.phase(),
        &Phase::Pick {
            seat: 2,
            why: Why::ObjectFloor { proposer: 1 }
        }
    );
    // The objector must pull one of the proposer's columns.
    let e = refused(&mut v, 2, A::Pull(YELLOW + MEDIUM));
    assert_eq!(
        e.to_string(),
        "yellow-medium must be one of the proposer's columns."
    );
    ok(&mut v, 2, A::Pull(RED + THICK));
    let g_ = at(&v, (-1.0, -4.0));
    let ev = ok(&mut v, 2, A::Place(g_));
    assert!(!collapsed(&ev));
    assert!(ev.iter().any(|e| matches!(
        e,
        VillaEvent::ObjectionSucceeded {
            seat: 2,
            proposer: 1,
            ..
        }
    )));
    assert!(v.columns()[(RED + THICK) as usize].gone);
    assert_eq!(v.top(), 2);
    assert_eq!(v.awaiting(), vec![2], "the proposer's turn ended");
}

#[test]
fn objection_abort_the_proposer_removes_and_builds() {
    let mut v = fig7(4, 1, 5);
    ok(&mut v, 1, A::Propose);
    ok(&mut v, 2, A::Object);
    ok(&mut v, 2, A::Pull(RED + THICK));
    ok(&mut v, 2, A::Abort);
    assert!(v.columns()[(RED + THICK) as usize].frozen);
    assert_eq!(
        v.phase(),
        &Phase::Removal {
            proposer: 1,
            objector: 2
        }
    );
    let e = refused(&mut v, 1, A::Remove(BLUE + THIN1));
    assert_eq!(
        e.to_string(),
        "blue-thin-1 is not the objector's; remove one of their columns."
    );
    let e = refused(&mut v, 1, A::Remove(YELLOW + THICK));
    assert!(matches!(e, E::OnTopLevel(_)));
    let ev = ok(&mut v, 1, A::Remove(YELLOW + MEDIUM));
    assert!(!collapsed(&ev));
    assert!(v.columns()[(YELLOW + MEDIUM) as usize].gone);
    assert_eq!(v.phase(), &Phase::PlaceFloor { proposer: 1 });
    let a = rules::villa::policy::careful_action(&v, 1, &mut rand::thread_rng()).unwrap();
    ok(&mut v, 1, a);
    assert_eq!(v.top(), 3);
}

#[test]
fn objection_collapse_the_objector_caused_it() {
    // Green rests on three columns; one of them is red's: pulling it must bring it down.
    let mut l = fig7_layout();
    l[(GREEN + THIN1) as usize] = None;
    l[(YELLOW + THIN3) as usize] = None;
    l[(RED + THIN3) as usize] = Some((1, (-5.0, 4.0)));
    let mut v = Villa::from_layout(4, &opts(), 1, FIG7_FLOORS.to_vec(), &l, 1).unwrap();
    v.tweak(|_, seal| {
        seal.holder = Some(2);
        seal.previous = Some(3);
        seal.claimed = true;
    });
    assert!(v.true_margin() > 0.0);
    ok(&mut v, 1, A::Propose);
    ok(&mut v, 2, A::Object);
    ok(&mut v, 2, A::Pull(RED + THIN3));
    let g_ = at(&v, (-1.0, -4.0));
    let ev = ok(&mut v, 2, A::Place(g_));
    assert!(collapsed(&ev));
    assert_eq!(v.ending(), Some(Ending::Collapse { by: 2 }));
    assert_eq!(
        v.outcome().unwrap().winners,
        vec![3],
        "the objector held the seal"
    );
}

#[test]
fn objections_are_asked_in_seat_order_from_the_proposer() {
    let mut v = fig7(4, 1, 5);
    ok(&mut v, 1, A::Propose);
    assert_eq!(v.awaiting(), vec![2]);
    assert!(matches!(refused(&mut v, 3, A::Object), E::NotYourTurn(_)));
    assert!(matches!(refused(&mut v, 1, A::Allow), E::NotYourTurn(_)));
    ok(&mut v, 2, A::Allow);
    ok(&mut v, 3, A::Object);
    assert_eq!(
        v.phase(),
        &Phase::Pick {
            seat: 3,
            why: Why::ObjectFloor { proposer: 1 }
        }
    );
    assert_eq!(v.awaiting(), vec![3]);
}

#[test]
fn cannot_object_when_the_proposer_has_nothing_to_pull() {
    let mut v = fig7(4, 1, 5);
    v.tweak(|cols, _| {
        for c in RED..RED + 5 {
            cols[c as usize].frozen = true;
        }
    });
    ok(&mut v, 1, A::Propose);
    assert_eq!(v.legal_actions(2), vec![A::Allow]);
    assert_eq!(refused(&mut v, 2, A::Object), E::NothingToObject);
}

// ----- 3 players: the neutral colour ----------------------------------------------------

#[test]
fn three_players_move_a_neutral_then_their_own() {
    let mut v = fig7(3, 1, 9);
    // Green is neutral. The last neutral on a level (green-thin-1 on blue) may not move.
    let e = refused(&mut v, 1, A::Pull(RED + THICK));
    assert_eq!(
        e.to_string(),
        "In the 3-player game you first move a neutral (green) column; red-thick is not neutral."
    );
    let e = refused(&mut v, 1, A::Pull(GREEN + THIN1));
    assert!(
        e.to_string().contains("last neutral column on its level"),
        "{e}"
    );
    assert!(!v.legal_actions(1).contains(&A::Pull(GREEN + THIN1)));
    ok(&mut v, 1, A::Pull(GREEN + THICK));
    let g_ = at(&v, (-5.0, 3.0));
    ok(&mut v, 1, A::Place(g_));
    assert_eq!(
        v.phase(),
        &Phase::Turn {
            seat: 1,
            stage: Stage::Own
        }
    );
    // The green floor was unclaimed: the first column put on it, even a neutral one,
    // takes the seal for the player who put it there.
    assert_eq!(v.seal().holder, Some(1));
    let e = refused(&mut v, 1, A::Propose);
    assert!(matches!(e, E::NotNow(_)));
    ok(&mut v, 1, A::Pull(RED + THICK));
    let g_ = at(&v, (-1.0, -4.0));
    ok(&mut v, 1, A::Place(g_));
    assert_eq!(v.awaiting(), vec![2]);
}

#[test]
fn three_players_aborted_neutral_unchallenged_then_own() {
    let mut v = fig7(3, 1, 9);
    ok(&mut v, 1, A::Pull(GREEN + THICK));
    ok(&mut v, 1, A::Abort);
    assert!(matches!(v.phase(), Phase::Challenges { original: 1, .. }));
    ok(&mut v, 2, A::Allow);
    ok(&mut v, 0, A::Allow);
    assert_eq!(
        v.phase(),
        &Phase::Turn {
            seat: 1,
            stage: Stage::Own
        }
    );
}

#[test]
fn three_players_a_successful_challenge_costs_the_turn() {
    let mut v = fig7(3, 1, 9);
    ok(&mut v, 1, A::Pull(GREEN + THICK));
    ok(&mut v, 1, A::Abort);
    ok(&mut v, 2, A::Challenge);
    let e = refused(&mut v, 2, A::Pull(YELLOW + MEDIUM));
    assert!(matches!(e, E::NeutralFirst(..)));
    ok(&mut v, 2, A::Pull(GREEN + MEDIUM));
    let g_ = at(&v, (-1.0, -4.0));
    let ev = ok(&mut v, 2, A::Place(g_));
    assert!(!collapsed(&ev));
    assert!(ev.iter().any(|e| matches!(
        e,
        VillaEvent::ChallengeSucceeded {
            seat: 2,
            original: 1
        }
    )));
    assert_eq!(v.columns()[(GREEN + MEDIUM) as usize].level, 2);
    assert_eq!(
        v.awaiting(),
        vec![2],
        "seat 1 lost the turn; seat 2 is next"
    );
}

#[test]
fn three_players_a_failed_challenge_lets_the_player_go_on() {
    let mut v = fig7(3, 1, 9);
    ok(&mut v, 1, A::Pull(GREEN + THICK));
    ok(&mut v, 1, A::Abort);
    ok(&mut v, 2, A::Challenge);
    ok(&mut v, 2, A::Pull(GREEN + MEDIUM));
    ok(&mut v, 2, A::Abort);
    assert_eq!(
        v.phase(),
        &Phase::Turn {
            seat: 1,
            stage: Stage::Own
        }
    );
}

#[test]
fn nothing_to_challenge_when_no_neutral_can_move() {
    let mut v = fig7(3, 1, 9);
    v.tweak(|cols, _| {
        cols[(GREEN + MEDIUM) as usize].frozen = true;
        cols[(GREEN + THIN3) as usize].frozen = true;
    });
    // Only green-thick is eligible; after its abort nothing is left to challenge with.
    ok(&mut v, 1, A::Pull(GREEN + THICK));
    ok(&mut v, 1, A::Abort);
    assert_eq!(
        v.phase(),
        &Phase::Turn {
            seat: 1,
            stage: Stage::Own
        }
    );
    assert_eq!(
        refused(&mut v, 1, A::Challenge),
        E::NotNow("pull one of your columns (`pull blue-thick`)".into())
    );
    // And a challenge phase refuses `challenge` when nothing can move any more.
    let mut w = fig7(3, 1, 9);
    ok(&mut w, 1, A::Pull(GREEN + THICK));
    ok(&mut w, 1, A::Abort);
    w.tweak(|cols, _| {
        cols[(GREEN + MEDIUM) as usize].frozen = true;
        cols[(GREEN + THIN3) as usize].frozen = true;
    });
    assert_eq!(refused(&mut w, 2, A::Challenge), E::NothingToChallenge);
}

#[test]
fn three_players_without_a_movable_neutral_move_their_own() {
    let mut v = fig7(3, 1, 9);
    v.tweak(|cols, _| {
        for c in GREEN..GREEN + 5 {
            cols[c as usize].frozen = true;
        }
    });
    ok(&mut v, 1, A::Pull(RED + THICK));
}

// ----- 2 players: choosing a colour -----------------------------------------------------

#[test]
fn two_players_choose_a_colour_before_each_move() {
    // Seat 0 plays blue and yellow, seat 1 red and green.
    let mut v = fig7(2, 1, 4);
    let e = refused(&mut v, 1, A::Pull(RED + THICK));
    assert!(
        e.to_string().contains("first choose which of your colours"),
        "{e}"
    );
    assert_eq!(
        refused(&mut v, 1, A::Play(0)).to_string(),
        "blue is not one of your colours."
    );
    let legal = v.legal_actions(1);
    assert!(
        legal.contains(&A::Play(1)) && legal.contains(&A::Play(3)) && legal.contains(&A::Propose)
    );
    ok(&mut v, 1, A::Play(1));
    let e = refused(&mut v, 1, A::Pull(GREEN + THICK));
    assert_eq!(
        e.to_string(),
        "You are playing red this turn; green-thick is not red."
    );
    ok(&mut v, 1, A::Pull(RED + THICK));
    let g_ = at(&v, (-1.0, -4.0));
    ok(&mut v, 1, A::Place(g_));
    // Both colours score for the player.
    assert_eq!(v.score(1), 1 + 1 + 3);
    assert_eq!(v.score(0), 2 + 3);
    // A colour with nothing movable cannot be chosen.
    let mut w = fig7(2, 0, 4);
    w.tweak(|cols, _| {
        for c in BLUE..BLUE + 5 {
            cols[c as usize].frozen = true;
        }
    });
    assert_eq!(
        refused(&mut w, 0, A::Play(0)).to_string(),
        "None of your blue columns can be moved."
    );
}

// ----- custom setup --------------------------------------------------------------------

/// 20 integer points in x ∈ [0, 8], 3 cm apart (2 cm for the last pair of thin ones).
fn custom_points() -> Vec<P> {
    let mut pts = vec![];
    for y in [-9.0, -6.0, -3.0, 0.0, 3.0, 6.0, 9.0] {
        pts.push((0.0, y));
        pts.push((3.0, y));
    }
    for y in [-6.0, -3.0, 3.0, 6.0] {
        pts.push((6.0, y));
    }
    pts.push((6.0, 0.0));
    pts.push((8.0, 0.0));
    pts
}

#[test]
fn custom_setup_places_columns_then_the_blue_floor() {
    let o = VillaOptions {
        setup: SetupMode::Custom,
        ..opts()
    };
    let mut v = Villa::new(4, &o, 2).unwrap();
    assert_eq!(v.top(), 0);
    assert_eq!(v.awaiting(), vec![3]);
    // Refusals: outside the building area, not yours, twice.
    let e = refused(
        &mut v,
        3,
        A::Set {
            col: GREEN + THIN1,
            at: GridPt { x: 0, y: 0 },
        },
    );
    assert_eq!(
        e.to_string(),
        "At a1 the column would stand outside the building area (radius 11)."
    );
    let g_ = at(&v, (0.0, 0.0));
    let e = refused(
        &mut v,
        3,
        A::Set {
            col: RED + THIN1,
            at: g_,
        },
    );
    assert!(matches!(e, E::NotYours(_)));
    // Thick and medium columns at x ∈ {0, 3}; thin ones fill the rest.
    let pts = custom_points();
    let mut next_pt = 0;
    let mut placed_by = vec![];
    while matches!(v.phase(), Phase::SetupColumns { .. }) {
        let seat = v.awaiting()[0];
        if next_pt == 5 {
            assert_eq!(seat, 0);
            let g_ = at(&v, (5.0, 5.0));
            let e = refused(&mut v, 0, A::Set { col: BLUE, at: g_ });
            assert_eq!(e, E::AlreadySet("blue-thick".into()));
        }
        let colour = [BLUE, RED, YELLOW, GREEN][seat];
        let col = (colour..colour + 5)
            .find(|&c| !v.columns()[c as usize].placed)
            .unwrap();
        let g = at(&v, pts[next_pt]);
        ok(&mut v, seat, A::Set { col, at: g });
        if next_pt == 0 {
            let e = refused(
                &mut v,
                0,
                A::Set {
                    col: BLUE + THICK,
                    at: g,
                },
            );
            assert_eq!(e, E::Overlap(g.to_string(), "green-thick".into()));
        }
        if next_pt == 1 {
            let g_ = at(&v, (5.0, 5.0));
            let e = refused(
                &mut v,
                0,
                A::Set {
                    col: BLUE + MEDIUM,
                    at: g_,
                },
            );
            assert!(matches!(e, E::NotYourTurn(_)), "{e}");
        }
        placed_by.push(seat);
        next_pt += 1;
    }
    assert_eq!(placed_by[..4], [3, 0, 1, 2]);
    // The last to place a column places the blue floor.
    assert_eq!(v.phase(), &Phase::SetupFloor { placer: 2 });
    // At (−3, 0) the D covers the columns but its weight lies left of them: it would fall.
    let g_ = at(&v, (-3.0, 0.0));
    let e = refused(&mut v, 2, A::Floor(g_));
    assert_eq!(e.to_string(), format!("At {} the blue floor would fall at once: its weight would not be over the columns under it.", at(&v, (-3.0, 0.0))));
    let g_ = at(&v, (-8.0, 0.0));
    let e = refused(&mut v, 2, A::Floor(g_));
    assert!(matches!(e, E::FloorOffBase(..)));
    let g_ = at(&v, (3.0, 0.0));
    ok(&mut v, 2, A::Floor(g_));
    assert_eq!(v.top(), 1);
    assert!(v.true_margin() > 0.0);
    assert_eq!(v.awaiting(), vec![3]);
}

/// A custom-setup villa waiting for the blue floor, with only `standing` on the base plate
/// (every other column out of the game).
fn setup_floor_with(standing: &[(u8, P)]) -> Villa {
    let o = VillaOptions {
        setup: SetupMode::Custom,
        ..opts()
    };
    let v = Villa::new(4, &o, 3).unwrap();
    let mut json = serde_json::to_value(&v).unwrap();
    for (i, c) in json["columns"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .enumerate()
    {
        c["placed"] = serde_json::json!(true);
        match standing.iter().find(|(id, _)| *id as usize == i) {
            Some((_, p)) => c["pos"] = serde_json::json!([p.0, p.1]),
            None => c["gone"] = serde_json::json!(true),
        }
    }
    json["phase"] = serde_json::json!({"SetupFloor": {"placer": 2}});
    serde_json::from_value(json).unwrap()
}

#[test]
fn custom_setup_blue_floor_needs_three_columns_even_when_fewer_would_stand() {
    // Two thick columns either side of the middle hold the D at the origin (it stands),
    // but the digest wants the blue floor over at least 3 columns.
    let mut v = setup_floor_with(&[(BLUE + THICK, (-3.0, 0.0)), (RED + THICK, (3.0, 0.0))]);
    let origin = at(&v, (0.0, 0.0));
    assert!(v.legal_actions(2).is_empty(), "{:?}", v.legal_actions(2));
    let e = refused(&mut v, 2, A::Floor(origin));
    assert_eq!(
        e,
        E::TooFewSupports(origin.to_string(), "blue".into(), 2, 3)
    );
    // With a third column under it, the same place is fine.
    let mut v = setup_floor_with(&[
        (BLUE + THICK, (-3.0, 0.0)),
        (RED + THICK, (3.0, 0.0)),
        (YELLOW + THICK, (0.0, 4.0)),
    ]);
    assert!(v.legal_actions(2).contains(&A::Floor(origin)));
    ok(&mut v, 2, A::Floor(origin));
    assert_eq!(v.top(), 1);
    // When the last column is stood and no place over 3 columns stands, the game ends.
    let mut v = setup_floor_with(&[(BLUE + THICK, (-3.0, 0.0)), (RED + THICK, (3.0, 0.0))]);
    v.tweak(|cols, _| cols[(RED + THICK) as usize].placed = false);
    let mut json = serde_json::to_value(&v).unwrap();
    json["phase"] = serde_json::json!({"SetupColumns": {"placer": 1}});
    let mut v: Villa = serde_json::from_value(json).unwrap();
    let g = at(&v, (3.0, 0.0));
    let ev = ok(
        &mut v,
        1,
        A::Set {
            col: RED + THICK,
            at: g,
        },
    );
    assert_eq!(v.ending(), Some(Ending::NoFoundation));
    assert!(ev.iter().any(|e| matches!(e, VillaEvent::GameOver { .. })));
    assert!(v.outcome().unwrap().winners.is_empty());
}

// ----- the red floor: stacking ------------------------------------------------------------

#[test]
fn only_the_red_floor_takes_columns_on_columns() {
    let red = model::floor_poly(5, (0.0, 0.0));
    let thick = Villa::kind_of(RED + THICK);
    let thin = Villa::kind_of(RED + THIN1);
    let standing = [model::Standing {
        id: 0,
        kind: thick,
        pos: (0.0, 0.0),
        covered: false,
    }];
    assert_eq!(
        model::place_target(thin, (0.5, 0.0), &red, &standing, true),
        Ok(model::Target::OnTop(0))
    );
    assert_eq!(
        model::place_target(thin, (0.8, 0.0), &red, &standing, true),
        Err(model::PlaceProblem::Overhang(0))
    );
    assert_eq!(
        model::place_target(thin, (0.5, 0.0), &red, &standing, false),
        Err(model::PlaceProblem::Overlap(0))
    );
    assert_eq!(
        model::place_target(thin, (2.0, 0.0), &red, &standing, true),
        Ok(model::Target::Floor)
    );
    // A covered column takes nothing more; the one on top of it does.
    let stack = [
        model::Standing {
            id: 0,
            kind: thick,
            pos: (0.0, 0.0),
            covered: true,
        },
        model::Standing {
            id: 2,
            kind: thin,
            pos: (0.0, 0.0),
            covered: false,
        },
    ];
    assert_eq!(
        model::place_target(thin, (0.0, 0.0), &red, &stack, true),
        Ok(model::Target::OnTop(2))
    );
    assert_eq!(
        model::place_target(thick, (0.0, 0.0), &red, &stack, true),
        Err(model::PlaceProblem::Overhang(2))
    );
}

/// A five-floor tower: every floor on four thin or medium columns around its middle; on
/// the red floor blue's and yellow's thick columns and green's thick one under the
/// middle; red's thick column waits on the base plate.
fn red_tower() -> (Vec<P>, Vec<Option<(u8, P)>>) {
    let floors = vec![(0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)];
    let sup: [P; 4] = [(-2.0, 0.0), (0.0, -3.0), (1.5, -2.5), (-1.5, 2.0)];
    let mut l: Vec<Option<(u8, P)>> = vec![None; 20];
    let thins: Vec<u8> = (0..4u8)
        .flat_map(|c| [c * 5 + 2, c * 5 + 3, c * 5 + 4])
        .collect();
    let mut k = 0;
    for level in 0..4u8 {
        for &p in &sup[..3] {
            l[thins[k] as usize] = Some((level, p));
            k += 1;
        }
    }
    // Mediums complete each support group; red's thick and medium wait below.
    l[(BLUE + MEDIUM) as usize] = Some((0, sup[3]));
    l[(RED + MEDIUM) as usize] = Some((1, sup[3]));
    l[(YELLOW + MEDIUM) as usize] = Some((2, sup[3]));
    l[(GREEN + MEDIUM) as usize] = Some((3, sup[3]));
    l[(BLUE + THICK) as usize] = Some((4, (-1.0, 0.0)));
    l[(YELLOW + THICK) as usize] = Some((4, (0.5, -1.5)));
    l[(GREEN + THICK) as usize] = Some((5, (0.0, 0.0)));
    l[(RED + THICK) as usize] = Some((0, (0.0, -9.0)));
    (floors, l)
}

#[test]
fn stacking_on_the_red_floor_through_the_engine() {
    let (floors, l) = red_tower();
    let mut found = false;
    for seed in 0..40 {
        let mut v = Villa::from_layout(4, &opts(), seed, floors.clone(), &l, 1).unwrap();
        if v.true_margin() <= 0.0 {
            panic!("the tower should stand: {}", v.true_margin());
        }
        // A thick column on the (thick) green one fits exactly; a thin one too.
        let p = at(&v, (0.0, 0.0));
        ok(&mut v, 1, A::Pull(RED + THIN1));
        let ev = ok(&mut v, 1, A::Place(p));
        if collapsed(&ev) {
            continue;
        }
        let c = &v.columns()[(RED + THIN1) as usize];
        assert_eq!(c.on, Some(GREEN + THICK));
        assert_eq!(c.level, 5);
        // Next: a thick column cannot stand on the thin one.
        ok(&mut v, 2, A::Pull(YELLOW + THIN1));
        ok(&mut v, 2, A::Abort);
        ok(&mut v, 3, A::Pull(GREEN + THIN1));
        ok(&mut v, 3, A::Abort);
        ok(&mut v, 0, A::Pull(BLUE + THIN1));
        ok(&mut v, 0, A::Abort);
        ok(&mut v, 1, A::Pull(RED + THICK));
        let e = refused(&mut v, 1, A::Place(p));
        assert_eq!(e, E::Overhang(p.to_string(), "red-thin-1".into()));
        found = true;
        break;
    }
    assert!(found);
}

// ----- text --------------------------------------------------------------------------------

#[test]
fn actions_read_back_and_parsing_is_forgiving() {
    let v = fig7(4, 1, 1);
    for (text, want) in [
        ("pull red-thick", A::Pull(RED + THICK)),
        ("PULL  Red Thin 2", A::Pull(RED + THIN2)),
        ("pull red_thin_3", A::Pull(RED + THIN3)),
        ("place D4", A::Place(GridPt { x: 3, y: 3 })),
        ("place d 4", A::Place(GridPt { x: 3, y: 3 })),
        ("floor k7", A::Floor(GridPt { x: 10, y: 6 })),
        ("abort", A::Abort),
        ("propose", A::Propose),
        ("object", A::Object),
        ("allow", A::Allow),
        ("pass", A::Allow),
        ("challenge", A::Challenge),
        ("play Yellow", A::Play(2)),
        ("remove green-medium", A::Remove(GREEN + MEDIUM)),
        (
            "set blue-thin-1 d4",
            A::Set {
                col: BLUE + THIN1,
                at: GridPt { x: 3, y: 3 },
            },
        ),
    ] {
        assert_eq!(v.parse_action(1, text), Ok(want.clone()), "{text}");
        assert_eq!(v.parse_action(1, &want.to_string()), Ok(want));
    }
    for bad in [
        "",
        "pull",
        "pull red-thin",
        "place",
        "place 44",
        "play purple",
        "build",
        "set d4",
    ] {
        let e = v.parse_action(1, bad).unwrap_err();
        assert!(!e.0.is_empty(), "{bad}");
    }
    assert!(
        v.parse_action(1, "pull red-thin")
            .unwrap_err()
            .0
            .contains("red-thin-1")
            || v.parse_action(1, "pull red-thin")
                .unwrap_err()
                .0
                .contains("number")
    );
    // No command starts with a word the table intercepts.
    for c in <Villa as Game>::command_help() {
        for w in [
            "new", "join", "leave", "start", "abandon", "status", "hand", "scores", "log", "rules",
            "help",
        ] {
            assert!(!c.syntax.starts_with(w), "{}", c.syntax);
        }
    }
}

#[test]
fn odd_input_never_panics() {
    // Garbage, huge or negative grid coordinates, unicode: parsing and applying whatever
    // parses must refuse cleanly, in every kind of starting state.
    let mut states = vec![];
    for players in 2..=4 {
        states.push(Villa::new(players, &opts(), 1).unwrap());
        let o = VillaOptions {
            setup: SetupMode::Custom,
            ..opts()
        };
        states.push(Villa::new(players, &o, 1).unwrap());
    }
    states.push(fig7(3, 1, 1));
    let words = [
        "pull",
        "place",
        "floor",
        "set",
        "play",
        "remove",
        "abort",
        "propose",
        "object",
        "allow",
        "challenge",
        "blue",
        "thin",
        "-",
        "z99",
        "a0",
        "a100",
        "zz9",
        "a4294967296",
        "a99999999999999999999",
        "İ1",
        "ÿ3",
        "ǅ5",
        "🎉",
        "\u{0}",
        "é4",
        "d",
        "4",
        "red-thin-9",
        "green-thin-3",
        "k7",
        "-1",
        "+5",
        "a+5",
        "a-5",
        "ß",
        "\u{202e}",
        "ﬀ1",
        "w23",
    ];
    let mut seed: u64 = 7;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    for _ in 0..5000 {
        let k = next(4);
        let text: Vec<&str> = (0..k).map(|_| words[next(words.len())]).collect();
        let t = text.join(if next(2) == 0 { " " } else { "" });
        for v in &states {
            for seat in 0..v.players() {
                if let Ok(a) = v.parse_action(seat, &t) {
                    let mut w = v.clone();
                    let _ = w.apply(seat, &a);
                    assert!(!a.to_string().is_empty());
                }
            }
        }
    }
}

#[test]
fn the_picture_shows_levels_grid_ids_and_frozen_marks_but_no_margin() {
    let mut v = fig7(4, 1, 1);
    v.tweak(|cols, _| cols[(YELLOW + THIN1) as usize].frozen = true);
    let names: Vec<String> = ["Ana", "Bruno", "Carla", "Dario"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let text = Villa::render_public(&v.public_view(), &names, &rules::Keys);
    // Through `rules::Keys` every phrase shows its key and arguments (the English is
    // checked in words/tests/games/villa.rs).
    let green_top = "villa-board-level-top(level=villa-board-floor(colour=villa-colour-green))";
    for want in [
        "villa-board-side-view",
        "| villa-colour-green",
        "| villa-colour-blue",
        "| villa-board-base",
        &format!("villa-board-on-level(level={green_top}, columns="),
        "yellow-thick",
        "yellow-thin-1 ^ *villa-board-frozen",
        &format!("villa-board-top-view(level={green_top}, range=a1–q17)"),
        "YT",
        "y1",
        "a b c d e f g h i j k l m n o p q",
        "villa-board-wait-turn(name=#2)",
        // A top view of each level: the top, the blue floor below it, the base plate.
        "villa-board-below-it(level=villa-board-floor(colour=villa-colour-blue), floor=villa-colour-green)",
        "villa-board-further-down(level=villa-board-base-plate, floor=villa-colour-blue)",
    ] {
        assert!(text.contains(want), "missing `{want}` in\n{text}");
    }
    let lower = text.to_lowercase();
    assert!(
        !lower.contains("margin")
            && !lower.contains("centre of mass")
            && !lower.contains("center of mass")
    );
    let json = serde_json::to_string(&v.public_view())
        .unwrap()
        .to_lowercase();
    assert!(!json.contains("margin") && !json.contains("com\"") && !json.contains("rng"));
    // The feel word is shown while a column is half-pulled.
    ok(&mut v, 1, A::Pull(RED + THICK));
    let text = Villa::render_public(&v.public_view(), &names, &rules::Keys);
    assert!(
        text.contains("villa-board-wait-feel(name=#2, column=red-thick, feel=villa-feel-")
            && text.contains("red-thick villa-board-in-hand"),
        "{text}"
    );
    assert!(!<Villa as Game>::rules_text().is_empty());
}

// ----- properties ---------------------------------------------------------------------------

/// Columns are always 20, each standing on a level of the villa or out of the game.
fn conservation(v: &Villa) -> Result<(), String> {
    let cols = v.columns();
    if cols.len() != 20 {
        return Err(format!("{} columns", cols.len()));
    }
    let setup = matches!(
        v.phase(),
        Phase::SetupColumns { .. } | Phase::SetupFloor { .. }
    );
    for (i, c) in cols.iter().enumerate() {
        if !c.placed && !setup && !v.is_over() {
            return Err(format!("column {i} not placed after the setup"));
        }
        if c.gone {
            continue;
        }
        if c.placed && c.level as usize > v.top() {
            return Err(format!(
                "column {i} on level {} above the top {}",
                c.level,
                v.top()
            ));
        }
        if let Some(o) = c.on {
            if c.level != 5 || cols[o as usize].level != 5 || cols[o as usize].gone {
                return Err(format!("column {i} stacked off the red floor"));
            }
        }
    }
    let standing = cols.iter().filter(|c| !c.gone && c.placed).count();
    let out = cols.iter().filter(|c| c.gone).count();
    let unplaced = cols.iter().filter(|c| !c.placed).count();
    if standing + out + unplaced != COLUMNS {
        return Err("columns unaccounted for".into());
    }
    if v.is_over() != v.ending().is_some() {
        return Err("ending and phase disagree".into());
    }
    Ok(())
}

#[test]
fn random_games_pass_the_generic_checks() {
    for seed in 0..1000u64 {
        for players in 2..=4 {
            check_random_game::<Villa>(players, &opts(), seed, 2000, conservation).unwrap();
        }
    }
}

#[test]
fn random_custom_and_variant_games_pass_the_generic_checks() {
    let custom = VillaOptions {
        setup: SetupMode::Custom,
        min_supports_from_orange: 2,
    };
    for seed in 0..60u64 {
        for players in 2..=4 {
            check_random_game::<Villa>(players, &custom, seed, 2000, conservation).unwrap();
        }
    }
}

#[test]
fn careful_games_replay_and_conserve() {
    use rand::SeedableRng;
    for seed in 0..40u64 {
        for players in 2..=4 {
            let mut v = Villa::new(players, &opts(), seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut log = vec![];
            while !v.is_over() {
                assert!(log.len() < 3000);
                let seat = v.awaiting()[0];
                let a = rules::villa::policy::careful_action(&v, seat, &mut rng).unwrap();
                ok(&mut v, seat, a.clone());
                conservation(&v).unwrap();
                log.push((seat, a));
            }
            let r: Villa = rules::engine::replay(players, &opts(), seed, &log).unwrap();
            assert_eq!(
                serde_json::to_string(&r).unwrap(),
                serde_json::to_string(&v).unwrap()
            );
        }
    }
}

#[test]
fn public_view_does_not_depend_on_the_hidden_noise() {
    // The only hidden thing is the RNG (future noise). Two villas that differ only in it
    // must look the same; the view must change when the villa does.
    for seed in 0..60u64 {
        let p = rules::playout::random_playout::<Villa>(4, &opts(), seed, 25).unwrap();
        let a = p.game.clone();
        let mut b = p.game.clone();
        b.reseed_noise(seed + 1000);
        assert_ne!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap()
        );
        assert_eq!(
            serde_json::to_string(&a.public_view()).unwrap(),
            serde_json::to_string(&b.public_view()).unwrap()
        );
        let names: Vec<String> = (0..4).map(|i| format!("p{i}")).collect();
        assert_eq!(
            Villa::render_public(&a.public_view(), &names, &rules::Keys),
            Villa::render_public(&b.public_view(), &names, &rules::Keys)
        );
    }
}

#[test]
fn refused_actions_change_nothing_over_many_states() {
    let all: Vec<A> = {
        let mut v = vec![A::Abort, A::Propose, A::Object, A::Allow, A::Challenge];
        for c in 0..20 {
            v.push(A::Pull(c));
            v.push(A::Remove(c));
        }
        for x in [0u8, 5, 10, 25] {
            v.push(A::Place(GridPt { x, y: x }));
            v.push(A::Floor(GridPt { x, y: x }));
        }
        v.extend((0..4).map(A::Play));
        v
    };
    for seed in 0..40u64 {
        let p = rules::playout::random_playout::<Villa>(3, &opts(), seed, 15).unwrap();
        for seat in 0..3 {
            let legal = p.game.legal_actions(seat);
            for a in &all {
                let mut g = p.game.clone();
                let before = serde_json::to_string(&g).unwrap();
                match g.apply(seat, a) {
                    Err(_) => assert_eq!(serde_json::to_string(&g).unwrap(), before),
                    Ok(_) => assert!(
                        legal.contains(a) || matches!(a, A::Place(_) | A::Floor(_)),
                        "{a} accepted but not listed"
                    ),
                }
            }
        }
    }
}

// ----- fixtures recorded from the engine before the speed rewrite ----------------------
//
// `VILLA_RECORD_FIXTURES=1 cargo test -p rules --release --test villa fixtures` rewrites
// them (only ever from a known-good engine). Each file holds one game: at every step a
// digest of the legal action texts of each awaited seat and the bits of the stability
// numbers (the villa's margin and the margin without each column); at some steps the
// whole state JSON with its picture text and legal texts; and the final state JSON.

const FIXTURE_GAMES: [(&str, usize, bool, u8, u64, bool); 8] = [
    // (name, players, custom setup, min supports from orange, seed, careful policy)
    ("villa_v1_1", 2, false, 3, 11, false),
    ("villa_v1_2", 3, false, 3, 12, false),
    ("villa_v1_3", 4, false, 3, 13, false),
    ("villa_v1_4", 3, true, 2, 14, false),
    ("villa_v1_5", 4, true, 3, 15, false),
    ("villa_v1_6", 2, false, 3, 16, true),
    ("villa_v1_7", 3, false, 2, 17, true),
    ("villa_v1_8", 4, false, 3, 18, true),
];

fn fixture_path(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.json"))
}

/// FNV-1a over the texts (a stable digest that needs no dependency).
fn fnv(texts: &[String]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for t in texts {
        for b in t.bytes().chain(std::iter::once(0u8)) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

/// The stability numbers of a villa as bits: its margin, then its margin without each
/// standing column (what a pull is judged on), built from the public column list.
fn stability_bits(v: &Villa) -> Vec<String> {
    let pieces = |without: Option<usize>| -> Vec<model::Piece> {
        v.columns()
            .iter()
            .enumerate()
            .filter(|(i, c)| c.placed && !c.gone && Some(*i) != without)
            .map(|(i, c)| model::Piece {
                kind: Villa::kind_of(i as u8),
                level: c.level as usize,
                pos: c.pos,
            })
            .collect()
    };
    let mut out = vec![format!("{:016x}", v.true_margin().to_bits())];
    for i in 0..COLUMNS {
        let c = &v.columns()[i];
        if c.placed && !c.gone && !v.floors().is_empty() {
            let m = model::margin(v.floors(), &pieces(Some(i)));
            out.push(format!("{i}:{:016x}", m.to_bits()));
        }
    }
    out
}

fn legal_texts(v: &Villa, seat: Seat) -> Vec<String> {
    v.legal_actions(seat)
        .iter()
        .map(|a| a.to_string())
        .collect()
}

/// Plays one fixture game, returning its record.
fn fixture_record(
    players: usize,
    custom: bool,
    min2: u8,
    seed: u64,
    careful: bool,
) -> serde_json::Value {
    use rand::SeedableRng;
    use serde_json::json;
    let options = VillaOptions {
        setup: if custom {
            SetupMode::Custom
        } else {
            SetupMode::Fair
        },
        min_supports_from_orange: min2,
    };
    let mut v = Villa::new(players, &options, seed).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut steps = vec![];
    let mut snapshots = vec![];
    let mut n = 0usize;
    while !v.is_over() && n < 400 {
        let awaiting = v.awaiting();
        let legal: Vec<Vec<String>> = awaiting.iter().map(|&s| legal_texts(&v, s)).collect();
        steps.push(json!({
            "awaiting": awaiting,
            "legal": legal.iter().map(|l| fnv(l)).collect::<Vec<_>>(),
            "stability": stability_bits(&v),
        }));
        if n.is_multiple_of(7) {
            // A stored snapshot is the state's JSON text; what matters is what loads
            // from it (JSON floats may come back an ulp off).
            let stored = serde_json::to_string(&v).unwrap();
            let r: Villa = serde_json::from_str(&stored).unwrap();
            let seats = r.awaiting();
            snapshots.push(json!({
                "step": n,
                "stored": stored,
                "legal_texts": seats.iter().map(|&s| legal_texts(&r, s)).collect::<Vec<_>>(),
                "stability": stability_bits(&r),
            }));
        }
        let (seat, action) = if careful {
            let seat = awaiting[0];
            let a = rules::villa::policy::careful_action(&v, seat, &mut rng).unwrap();
            (seat, a)
        } else {
            rules::playout::random_action(&v, &mut rng).unwrap()
        };
        v.apply(seat, &action).unwrap();
        n += 1;
    }
    json!({
        "players": players,
        "options": options,
        "seed": seed,
        "careful": careful,
        "steps": steps,
        "snapshots": snapshots,
        "final_state": serde_json::to_value(&v).unwrap(),
    })
}

#[test]
fn fixtures_from_the_old_engine_replay_bit_for_bit() {
    let record = std::env::var("VILLA_RECORD_FIXTURES").is_ok();
    for (name, players, custom, min2, seed, careful) in FIXTURE_GAMES {
        let now = fixture_record(players, custom, min2, seed, careful);
        let path = fixture_path(name);
        if record {
            // The stored English texts (`public_text`, `final_public_text`) came from the
            // old engine; a new record has none (words/tests/games/villa.rs reads them).
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, serde_json::to_string(&now).unwrap()).unwrap();
            continue;
        }
        // Compare through the same text path (JSON floats are read back, not kept).
        let now: serde_json::Value =
            serde_json::from_str(&serde_json::to_string_pretty(&now).unwrap()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let then: serde_json::Value = serde_json::from_str(&text).unwrap();
        let (a, b) = (
            then["steps"].as_array().unwrap(),
            now["steps"].as_array().unwrap(),
        );
        assert_eq!(a.len(), b.len(), "{name}: game length");
        for (i, (x, y)) in a.iter().zip(b).enumerate() {
            assert_eq!(
                x, y,
                "{name}: step {i} differs (legal actions or stability)"
            );
        }
        // Snapshots: the same stored text, picture and choices. Their stability was
        // recorded when JSON floats could come back an ulp off; now they come back bit
        // for bit, so a loaded snapshot must be exactly as stable as the live game was.
        let (a, b) = (
            then["snapshots"].as_array().unwrap(),
            now["snapshots"].as_array().unwrap(),
        );
        assert_eq!(a.len(), b.len(), "{name}: snapshots");
        for (x, y) in a.iter().zip(b) {
            // The stored `public_text` is English: words/tests/games/villa.rs compares it.
            for field in ["step", "stored", "legal_texts"] {
                assert_eq!(x[field], y[field], "{name}: snapshot {} {field}", x["step"]);
            }
            let step = y["step"].as_u64().unwrap() as usize;
            assert_eq!(
                y["stability"], now["steps"][step]["stability"],
                "{name}: snapshot {step} loads exactly"
            );
        }
        assert_eq!(
            then["final_state"], now["final_state"],
            "{name}: final state"
        );
    }
}

#[test]
fn stored_snapshots_load_and_show_the_same_texts_and_choices() {
    // Stored snapshots (state JSON written by the old engine) must load into the new one
    // and give the same legal choices and stability numbers (and the same English picture:
    // words/tests/games/villa.rs).
    for (name, ..) in FIXTURE_GAMES {
        let text = std::fs::read_to_string(fixture_path(name)).expect("fixture recorded");
        let then: serde_json::Value = serde_json::from_str(&text).unwrap();
        for snap in then["snapshots"].as_array().unwrap() {
            let bytes = snap["stored"].as_str().unwrap().as_bytes();
            let restored = (rules::catalog::find("villa").unwrap().restore)(bytes).unwrap();
            let step = &snap["step"];
            let expect: Vec<Vec<String>> =
                serde_json::from_value(snap["legal_texts"].clone()).unwrap();
            let awaiting = restored.awaiting();
            assert_eq!(awaiting.len(), expect.len());
            for (seat, legal) in awaiting.iter().zip(&expect) {
                assert_eq!(&restored.legal_texts(*seat), legal, "{name} step {step}");
            }
            let v: Villa = serde_json::from_slice(bytes).unwrap();
            // Loaded bit for bit: as stable as the live game was at that step.
            let live = &then["steps"][step.as_u64().unwrap() as usize]["stability"];
            let stab: Vec<String> = serde_json::from_value(live.clone()).unwrap();
            assert_eq!(stability_bits(&v), stab, "{name} step {step}");
        }
    }
}

// ----- the picture text, byte for byte ---------------------------------------------------

/// What a batch of pictures covered: the highest tower, and whether frozen, stacked
/// ("on"), doubly stacked (on a column that is on another) and gone columns showed.
#[derive(Debug, Default)]
struct Covered {
    top: usize,
    frozen: bool,
    on: bool,
    on_on: bool,
    gone: bool,
}

/// Folds the public picture of `v` into the FNV-1a digest `h` and notes what it shows.
fn digest_picture(v: &Villa, names: &[String], h: &mut u64, covered: &mut Covered) {
    let view = v.public_view();
    covered.top = covered.top.max(view.floors.len());
    covered.frozen |= view.present().any(|c| c.frozen);
    covered.on |= view.present().any(|c| c.on.is_some());
    covered.on_on |= view.present().any(|c| {
        c.on.and_then(|o| view.columns.get(o as usize))
            .is_some_and(|o| o.on.is_some())
    });
    covered.gone |= view.columns.iter().any(|c| c.gone);
    for b in Villa::render_public(&view, names, &rules::Keys)
        .bytes()
        .chain([0xff])
    {
        *h ^= b as u64;
        *h = h.wrapping_mul(0x0100_0000_01b3);
    }
}

/// Plays `v` on (careful or random play) for at most `max` actions, folding the picture
/// of every state into `h`.
fn digest_game(
    mut v: Villa,
    careful: bool,
    seed: u64,
    max: usize,
    h: &mut u64,
    covered: &mut Covered,
) {
    use rand::SeedableRng;
    let names: Vec<String> = (0..v.public_view().players)
        .map(|i| format!("p{i}"))
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for n in 0.. {
        digest_picture(&v, &names, h, covered);
        if v.is_over() || n >= max {
            break;
        }
        let (seat, action) = if careful {
            let seat = v.awaiting()[0];
            let a = rules::villa::policy::careful_action(&v, seat, &mut rng).unwrap();
            (seat, a)
        } else {
            rules::playout::random_action(&v, &mut rng).unwrap()
        };
        v.apply(seat, &action).unwrap();
    }
}

/// One FNV-1a digest of the public picture of every state of a fixed batch of games:
/// random and careful play, fair and custom setups, 2–4 players, and random play on the
/// red-floor tower after a medium and a thin column were stacked there, one on the other.
fn render_digest() -> (u64, Covered) {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut covered = Covered::default();
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let options = VillaOptions {
            setup: if seed % 4 == 2 {
                SetupMode::Custom
            } else {
                SetupMode::Fair
            },
            min_supports_from_orange: if seed % 5 == 0 { 2 } else { 3 },
        };
        let v = Villa::new(players, &options, seed).unwrap();
        digest_game(v, seed % 2 == 1, seed, 300, &mut h, &mut covered);
    }
    let (floors, layout) = red_tower();
    for seed in 0..8u64 {
        let mut v = Villa::from_layout(4, &opts(), seed, floors.clone(), &layout, 1).unwrap();
        let p = at(&v, (0.0, 0.0));
        for (seat, col) in [(1, RED + MEDIUM), (2, YELLOW + THIN1)] {
            if !v.is_over() {
                ok(&mut v, seat, A::Pull(col));
            }
            if !v.is_over() && v.apply(seat, &A::Place(p)).is_err() {
                ok(&mut v, seat, A::Abort);
            }
        }
        digest_game(v, false, seed, 40, &mut h, &mut covered);
    }
    (h, covered)
}

/// The picture of every state of the batch through `rules::Keys`, byte for byte as when
/// the board's words became phrases (words/tests/games/villa.rs checks the same batch in
/// English against the digest of the renderer before the speed work).
#[test]
fn render_digest_is_unchanged() {
    let (digest, covered) = render_digest();
    eprintln!("render digest {digest:#018x}, {covered:?}");
    assert!(
        covered.top >= 3 && covered.frozen && covered.on_on && covered.gone,
        "the batch covers too little: {covered:?}"
    );
    assert_eq!(digest, RENDER_DIGEST);
}

/// [`render_digest`] through `rules::Keys`.
const RENDER_DIGEST: u64 = 0xd24a_97ca_d8d9_fbfc;

/// A common rule of thumb's move and phrase key at this spot, if one applies.
fn thumb(v: &Villa, seat: Seat) -> Option<(A, &'static str)> {
    thumb_of(v, seat, Craft::Common)
}

/// The move and phrase key of a rule of thumb that a bot of this craft knows, if one
/// applies.
fn thumb_of(v: &Villa, seat: Seat, craft: Craft) -> Option<(A, &'static str)> {
    let legal = v.legal_actions(seat);
    v.rule_of_thumb(seat, &legal, craft)
        .map(|t| (legal[t.index].clone(), t.why.key))
}

/// The surest chance of pulling each of these columns and setting it down.
fn surest(v: &Villa, cols: impl IntoIterator<Item = u8>) -> Vec<(u8, f64)> {
    cols.into_iter()
        .filter_map(|c| Some((c, v.surest_place(c)?.1)))
        .collect()
}

/// Fig. 7 at `players` players, seat 1 to move and holding the seal on the top floor,
/// already built on.
fn seat_1_holding(players: usize) -> Villa {
    let mut v = fig7(players, 1, 11);
    v.tweak(|_, seal| {
        seal.holder = Some(1);
        seal.claimed = true;
    });
    v
}

/// The bots' rules of thumb (`Game::rule_of_thumb`) about the seal, spot by spot.
#[test]
fn bots_hold_the_seal_and_touch_the_villa_only_surely_when_its_fall_would_win() {
    use rules::villa::SURE_TOUCH_CHANCE;
    // Holding the seal on the top floor: no proposal, and a pulled column goes back.
    let mut v = seat_1_holding(4);
    assert!(v.legal_actions(1).contains(&A::Propose));
    let (move_, why) = thumb(&v, 1).expect("the holder's rule");
    assert!(matches!(move_, A::Pull(_)), "{move_}");
    assert_eq!(why, "villa-thumb-hold");
    assert_eq!(thumb(&v, 2), None, "not seat 2's turn");
    ok(&mut v, 1, A::Pull(RED + THIN2));
    assert_eq!(thumb(&v, 1), Some((A::Abort, "villa-thumb-hold")));
    // A hard bot (three or more players) sets it down where that is sure: the others then
    // need more points to take the seal from it.
    let (at, chance) = v.surest_place(RED + THIN2).unwrap();
    assert!(chance >= SURE_TOUCH_CHANCE, "{chance}");
    assert_eq!(
        thumb_of(&v, 1, Craft::Expert),
        Some((A::Place(at), "villa-thumb-raise"))
    );
    // Another seat's seal, and this column cannot beat its holder (1 + 1 against 3): the
    // search decides.
    v.tweak(|_, seal| seal.holder = Some(2));
    assert_eq!((v.score(1), v.score(2)), (1, 3));
    assert_eq!(thumb(&v, 1), None);
    // A new floor, not built on yet, the seal held from below: build first on it only at
    // the surest point, and only when that is sure.
    v.tweak(|_, seal| {
        seal.holder = Some(1);
        seal.claimed = false;
    });
    let (at, chance) = v.surest_place(RED + THIN2).unwrap();
    assert!(chance >= SURE_TOUCH_CHANCE, "{chance}");
    assert_eq!(thumb(&v, 1), Some((A::Place(at), "villa-thumb-surest")));
    // Yellow's thin column holds up the green floor: pulling it brings the villa down.
    let mut v = fig7(4, 2, 11);
    v.tweak(|_, seal| seal.holder = Some(2));
    ok(&mut v, 2, A::Pull(YELLOW + THIN1));
    assert_eq!(v.surest_place(YELLOW + THIN1).unwrap().1, 0.0);
    assert_eq!(thumb(&v, 2), Some((A::Abort, "villa-thumb-hold")));
    assert_eq!(
        thumb_of(&v, 2, Craft::Expert),
        Some((A::Abort, "villa-thumb-hold"))
    );

    // At two players the hard bot's holder puts a column back even where it would stand
    // surely: only measured at three players (docs/ai.md), so the expert rule stops there.
    let mut v = seat_1_holding(2);
    ok(&mut v, 1, A::Play(RED / 5));
    ok(&mut v, 1, A::Pull(RED + THIN2));
    let (_, chance) = v.surest_place(RED + THIN2).unwrap();
    assert!(chance >= SURE_TOUCH_CHANCE, "{chance}");
    assert_eq!(
        thumb_of(&v, 1, Craft::Expert),
        Some((A::Abort, "villa-thumb-hold"))
    );

    // Two players (seat 0 blue and yellow, 5 points on top; seat 1 red and green, 2),
    // seat 1 the previous holder: the holder's fall is its win. No column takes the seal
    // back, and a spot holds the next floor surely: it proposes that floor, and lays it
    // at the spot surest to hold it (an open seat weighs the next pull too).
    let mut v = fig7(2, 1, 11);
    v.tweak(|_, seal| {
        seal.holder = Some(0);
        seal.previous = Some(1);
        seal.claimed = true;
    });
    assert_eq!((v.score(0), v.score(1)), (5, 2));
    assert!(sure_floor_spot(&v));
    assert_eq!(thumb(&v, 1), Some((A::Propose, "villa-thumb-holder-floor")));
    let mut w = v.clone();
    ok(&mut w, 1, A::Propose);
    ok(&mut w, 0, A::Allow);
    let (spot, _) = w
        .floor_margins()
        .into_iter()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap();
    assert_eq!(
        thumb(&w, 1),
        Some((A::Floor(spot), "villa-thumb-surest-floor"))
    );
    w.tweak(|_, seal| *seal = rules::villa::Seal::default());
    assert_eq!(thumb(&w, 1).map(|t| t.1), Some("villa-thumb-floor"));
    // The seal's holder on the built top floor proposes it too.
    let holding = seat_1_holding(2);
    assert_eq!(
        thumb(&holding, 1),
        Some((A::Propose, "villa-thumb-holder-floor"))
    );
    // With seat 1's two columns on top gone, no spot can hold the next floor: it waits —
    // plays a colour, puts the column back.
    v.tweak(|cols, _| {
        cols[(RED + THIN1) as usize].gone = true;
        cols[(GREEN + THIN2) as usize].gone = true;
    });
    assert_eq!((v.score(0), v.score(1)), (5, 0));
    assert!(!v.legal_actions(1).contains(&A::Propose));
    let (move_, why) = thumb(&v, 1).expect("the previous holder's rule");
    assert!(matches!(move_, A::Play(_)), "{move_}");
    assert_eq!(why, "villa-thumb-wait");
    ok(&mut v, 1, move_);
    let (move_, _) = thumb(&v, 1).unwrap();
    ok(&mut v, 1, move_);
    assert_eq!(thumb(&v, 1), Some((A::Abort, "villa-thumb-wait")));
    // Without yellow's thick column on top, seat 0 has 2 points, and any of seat 1's
    // columns takes the seal back: the surest, if sure enough, at its surest point.
    let mut v = fig7(2, 1, 11);
    v.tweak(|cols, seal| {
        cols[(YELLOW + THICK) as usize].gone = true;
        seal.holder = Some(0);
        seal.previous = Some(1);
        seal.claimed = true;
    });
    // Seat 1's colours are red (1) and green (3).
    let own: Vec<u8> = (0..20)
        .filter(|&c| matches!(c / 5, 1 | 3) && movable_by(&v, 1, c))
        .collect();
    let odds = surest(&v, own);
    let best = odds.iter().map(|o| o.1).fold(0.0, f64::max);
    assert!(best >= rules::villa::TWO_PLAYER_TOUCH_CHANCE, "{odds:?}");
    let (move_, why) = thumb(&v, 1).expect("the retake");
    assert_eq!(why, "villa-thumb-retake");
    let A::Play(colour) = move_ else {
        panic!("{move_}")
    };
    ok(&mut v, 1, A::Play(colour));
    let (A::Pull(c), "villa-thumb-retake") = thumb(&v, 1).unwrap() else {
        panic!("{:?}", thumb(&v, 1))
    };
    assert_eq!(c / 5, colour);
    let mine = odds.iter().find(|o| o.0 == c).unwrap().1;
    assert_eq!(mine, best, "{c}: {odds:?}");
    ok(&mut v, 1, A::Pull(c));
    let (at, _) = v.surest_place(c).unwrap();
    assert_eq!(thumb(&v, 1), Some((A::Place(at), "villa-thumb-retake")));
    // The same chasing a first holder (no previous one): the retake too.
    let mut w = fig7(2, 1, 11);
    w.tweak(|cols, seal| {
        cols[(YELLOW + THICK) as usize].gone = true;
        seal.holder = Some(0);
        seal.claimed = true;
    });
    assert_eq!(thumb(&w, 1).map(|t| t.1), Some("villa-thumb-retake"));
}

/// Two players: the rules of thumb for spots where a fall would leave nobody the winner,
/// or hand it to the other player, checked column by column on Fig. 7 (seat 0 blue and
/// yellow, 5 points on top; seat 1 red and green, 2).
#[test]
fn two_player_bots_touch_the_villa_only_surely_while_a_fall_would_not_be_their_win() {
    use rules::villa::{RETAKE_CHANCE, SAFE_BUILD_CHANCE, TWO_PLAYER_TOUCH_CHANCE};
    let with_seal = |turn, holder: Option<Seat>, previous, claimed| {
        let mut v = fig7(2, turn, 11);
        v.tweak(|_, seal| {
            *seal = rules::villa::Seal {
                holder,
                previous,
                claimed,
            }
        });
        v
    };
    let colours = |seat: Seat| {
        if seat == 0 {
            [BLUE, YELLOW]
        } else {
            [RED, GREEN]
        }
    };
    // `seat`'s move once it has pulled `c` (choosing its colour first).
    let pulled = |v: &Villa, seat: Seat, c: u8| {
        let mut w = v.clone();
        ok(&mut w, seat, A::Play(c / 5));
        ok(&mut w, seat, A::Pull(c));
        (thumb(&w, seat), w.surest_place(c).expect("a point on top"))
    };
    let own = |v: &Villa, seat: Seat| -> Vec<u8> {
        colours(seat)
            .into_iter()
            .flat_map(|k| k..k + 5)
            .filter(|&c| movable_by(v, seat, c))
            .collect()
    };
    let mut seen = std::collections::BTreeSet::new();
    // Every column `seat` may pull: set down at its surest point under `placed` when at
    // least `sure`, else put back under `back`.
    let mut each_pull = |v: &Villa, seat, sure: f64, placed, back| {
        for c in own(v, seat) {
            let (got, (at, chance)) = pulled(v, seat, c);
            let want = if chance >= sure {
                (A::Place(at), placed)
            } else {
                (A::Abort, back)
            };
            assert_eq!(got, Some(want.clone()), "{c}: {chance}");
            seen.insert(want.1);
        }
    };

    // Chasing a first holder: seat 1 (2 points) cannot beat 5 with one column, so the
    // search picks the column; set down at its surest point when sure, else put back.
    let v = with_seal(1, Some(0), None, true);
    assert_eq!(thumb(&v, 1), None);
    each_pull(
        &v,
        1,
        SAFE_BUILD_CHANCE,
        "villa-thumb-build",
        "villa-thumb-unsure",
    );
    // Seat 0 chasing seat 1 (2 points): every column of seat 0 takes the seal back, but
    // only when the move is at least an even chance; else it goes back.
    let v = with_seal(0, Some(1), None, true);
    each_pull(
        &v,
        0,
        RETAKE_CHANCE,
        "villa-thumb-retake",
        "villa-thumb-unsure",
    );
    // Nobody holding the seal: a pull that cannot be set down surely goes back; a sure
    // one is the search's to place.
    let v = with_seal(0, None, None, false);
    for c in own(&v, 0) {
        let (got, (_, chance)) = pulled(&v, 0, c);
        if chance < SAFE_BUILD_CHANCE {
            assert_eq!(got, Some((A::Abort, "villa-thumb-unsure")), "{c}: {chance}");
        } else {
            assert_eq!(got, None, "{c}: {chance}");
        }
    }
    // The previous holder on a new floor nobody has built on: any column set down takes
    // the seal back, so it does so only very surely, else waits.
    let v = with_seal(0, Some(1), Some(0), false);
    each_pull(
        &v,
        0,
        TWO_PLAYER_TOUCH_CHANCE,
        "villa-thumb-retake",
        "villa-thumb-wait",
    );
    let (A::Play(_), "villa-thumb-retake") = thumb(&v, 0).unwrap() else {
        panic!("{:?}", thumb(&v, 0))
    };
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        [
            "villa-thumb-build",
            "villa-thumb-retake",
            "villa-thumb-unsure",
            "villa-thumb-wait"
        ],
        "every branch met"
    );

    // Nobody holding the seal, and seat 1 cannot propose safely (yellow's thin columns,
    // seat 0's, hold up the green floor): it moves the column whose surest move leaves
    // seat 0's next pull steadiest, the move's own chance breaking ties — or one about as
    // steady worth more points (the green floor is on top: no anchor to freeze).
    let v = with_seal(1, None, None, true);
    let (A::Play(colour), STEADY | HEAVY_LIFT) = thumb(&v, 1).unwrap() else {
        panic!("{:?}", thumb(&v, 1))
    };
    let mut w = v.clone();
    ok(&mut w, 1, A::Play(colour));
    let (A::Pull(c), why @ (STEADY | HEAVY_LIFT)) = thumb(&w, 1).unwrap() else {
        panic!("{:?}", thumb(&w, 1))
    };
    assert_eq!(c / 5, colour);
    let of_colour: Vec<u8> = own(&v, 1).into_iter().filter(|o| o / 5 == colour).collect();
    assert_eq!(check_steady_move(&w, 1, &of_colour, c), why == HEAVY_LIFT);
    // The hidden noise plays no part.
    let mut r = v.clone();
    r.reseed_noise(7);
    assert_eq!(thumb(&r, 1), thumb(&v, 1));
}

/// Two players, over random games: a seat whose win the other's fall would be — holding
/// the seal from below a new floor nobody has built on, or the seal's previous holder with
/// a column that takes it back — sets its pulled column down, at its surest point, only
/// when that is at least [`TWO_PLAYER_TOUCH_CHANCE`] sure (surer than the
/// [`SURE_TOUCH_CHANCE`] of three or more players), else puts it back; and such spots
/// between the two odds occur. Holding the seal on a built floor, or as its previous
/// holder, it proposes a floor only where a spot holds it [`HOLDER_FLOOR_CHANCE`] surely
/// (holding the seal, always then), and lays its floors at the surest spot.
#[test]
fn two_player_bots_that_win_by_the_others_fall_touch_the_villa_only_very_surely() {
    use rules::villa::{SURE_TOUCH_CHANCE, TWO_PLAYER_TOUCH_CHANCE};
    let (mut spots, mut between, mut holder_floors, mut surest_floors) = (0, 0, 0, 0);
    for seed in 0..300u64 {
        if spots >= 6 && between >= 2 && holder_floors >= 2 && surest_floors >= 2 {
            break;
        }
        let mut v = Villa::new(2, &opts(), seed).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        while !v.is_over() {
            let seat = v.awaiting()[0];
            if let Phase::Feel {
                col,
                why: Why::Move,
                ..
            } = v.phase().clone()
            {
                let seal = v.seal();
                let below = seal.holder == Some(seat) && !seal.claimed;
                let retakes = seal.holder.is_some_and(|h| {
                    h != seat
                        && seal.previous == Some(seat)
                        && (!seal.claimed || v.score(seat) + points(col) > v.score(h))
                });
                if below || retakes {
                    spots += 1;
                    let (at, chance) = v.surest_place(col).expect("a point on top");
                    let (move_, why) = thumb(&v, seat).expect("a rule");
                    if chance >= TWO_PLAYER_TOUCH_CHANCE {
                        assert_eq!(move_, A::Place(at), "{col}: {chance}");
                    } else {
                        assert_eq!(move_, A::Abort, "{col}: {chance} ({why})");
                    }
                    between +=
                        usize::from((SURE_TOUCH_CHANCE..TWO_PLAYER_TOUCH_CHANCE).contains(&chance));
                }
            }
            // Holding the seal on a built floor, or its previous holder: a floor proposed
            // only where a spot holds it surely, and laid at the surest spot.
            let seal = v.seal();
            let wins_by_fall = (seal.holder == Some(seat) && seal.claimed)
                || (seal.previous == Some(seat) && seal.holder.is_some_and(|h| h != seat));
            match v.phase().clone() {
                Phase::Turn { .. } if wins_by_fall => {
                    let proposes =
                        thumb(&v, seat) == Some((A::Propose, "villa-thumb-holder-floor"));
                    assert!(!proposes || sure_floor_spot(&v), "seed {seed}");
                    if seal.holder == Some(seat) && v.legal_actions(seat).contains(&A::Propose) {
                        assert_eq!(proposes, sure_floor_spot(&v), "seed {seed}");
                    }
                    holder_floors += usize::from(proposes);
                }
                Phase::PlaceFloor { proposer } if proposer == seat && wins_by_fall => {
                    let margins = v.floor_margins();
                    let best = margins.iter().map(|m| m.1).fold(f64::MIN, f64::max);
                    let Some((A::Floor(at), "villa-thumb-surest-floor")) = thumb(&v, seat) else {
                        panic!("seed {seed}: {:?}", thumb(&v, seat))
                    };
                    assert!(margins.contains(&(at, best)), "seed {seed}");
                    surest_floors += 1;
                }
                _ => {}
            }
            let Some((s, a)) = rules::playout::random_action(&v, &mut rng) else {
                break;
            };
            v.apply(s, &a).unwrap();
        }
    }
    assert!(
        spots >= 6 && between >= 2,
        "{spots} spots, {between} between the odds"
    );
    assert!(
        holder_floors >= 2 && surest_floors >= 2,
        "{holder_floors} floors proposed, {surest_floors} laid"
    );
}

/// Is there a spot where the next floor stands at least [`HOLDER_FLOOR_CHANCE`] surely?
fn sure_floor_spot(v: &Villa) -> bool {
    use rules::villa::{data::TUNING, stand_chance, HOLDER_FLOOR_CHANCE};
    v.floor_margins()
        .iter()
        .any(|(_, m)| stand_chance(*m, TUNING.sigma_place_floor) >= HOLDER_FLOOR_CHANCE)
}

/// Can `seat` pull `c` now, or on its next pull (its own, not frozen, below the top)?
fn movable_by(v: &Villa, seat: Seat, c: u8) -> bool {
    let mut w = v.clone();
    let colour = A::Play(c / 5);
    if w.legal_actions(seat).contains(&colour) {
        ok(&mut w, seat, colour);
    }
    w.legal_actions(seat).contains(&A::Pull(c))
}

/// The columns `seat` may pull now (two players, once a colour is chosen: that colour's).
fn pulls(v: &Villa, seat: Seat) -> Vec<u8> {
    v.legal_actions(seat)
        .iter()
        .filter_map(|a| match a {
            A::Pull(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// The points of column `c`.
fn points(c: u8) -> i64 {
    Villa::kind_of(c).points
}

// The whys of the rules of thumb that choose a column by its points, and of the rules
// they refine.
const STEADY: &str = "villa-thumb-steady";
const HEAVY_LIFT: &str = "villa-thumb-lift-heavy";
const ANCHOR: &str = "villa-thumb-anchor";
const SUREST: &str = "villa-thumb-surest";
const HEAVY: &str = "villa-thumb-heavy";

/// A two-player bot's move while nobody holds the seal, column `c` of `cols` (what it may
/// pull): the steadiest move ([`Villa::steadiest_move`]), or one whose steadiness is within
/// [`SAME_CHANCE`] of it and whose own chance is at least [`HEAVY_LIFT_CHANCE`], worth
/// more points; none such is worth more than `c`. Returns whether `c` is worth more
/// points than the steadiest.
fn check_steady_move(v: &Villa, seat: Seat, cols: &[u8], c: u8) -> bool {
    use rules::villa::by_steadiness;
    let moves: Vec<(u8, (f64, f64))> = cols
        .iter()
        .map(|&o| (o, v.steadiest_move(o, seat)))
        .collect();
    let &(steadiest, top) = moves
        .iter()
        .max_by(|a, b| by_steadiness(a.1, b.1))
        .expect("a column to move");
    let as_steady = |m: &(f64, f64)| m.0 >= top.0 - SAME_CHANCE && m.1 >= HEAVY_LIFT_CHANCE;
    let mine = v.steadiest_move(c, seat);
    if by_steadiness(mine, top).is_lt() {
        assert!(
            as_steady(&mine),
            "{c}: {mine:?}, the steadiest {steadiest}: {top:?}"
        );
        assert!(
            points(c) > points(steadiest),
            "{c} is no heavier than {steadiest}"
        );
    }
    for (o, m) in &moves {
        if as_steady(m) {
            assert!(
                points(*o) <= points(c),
                "{o} ({m:?}) is heavier than {c} ({mine:?})"
            );
        }
    }
    points(c) > points(steadiest)
}

/// A two-player bot's objection pulls column `c` of `cols` (the proposer's movable ones):
/// as sure as the surest within [`SAME_CHANCE`], and worth the most points of those.
/// Returns whether it is worth more than the surest column.
fn check_objection_pull(v: &Villa, cols: &[u8], c: u8) -> bool {
    let odds = surest(v, cols.iter().copied());
    let (surest_col, best) = odds
        .iter()
        .copied()
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .expect("a column to pull");
    let mine = odds
        .iter()
        .find(|o| o.0 == c)
        .expect("pulls a movable column")
        .1;
    assert!(mine >= best - SAME_CHANCE, "{c} at {mine} against {best}");
    for (o, chance) in &odds {
        if *chance >= best - SAME_CHANCE {
            assert!(
                points(*o) <= points(c),
                "{o} ({chance}) is worth more than {c}"
            );
        }
    }
    points(c) > points(surest_col)
}

/// Two players, over random games: wherever the rules of thumb move a column while nobody
/// holds the seal (but to freeze the anchor), or pull the proposer's column for an
/// objection, they follow the points as above; and the points change the pick in some of
/// those spots.
#[test]
fn two_player_bots_lift_their_heavy_columns_and_pull_the_others() {
    let (mut moves, mut lifted, mut objections, mut heavier) = (0, 0, 0, 0);
    // Random games until each rule has changed a pick twice and left one (a few games; 40
    // at most).
    for seed in 0..40u64 {
        if lifted >= 2 && moves > lifted && heavier >= 2 && objections > heavier {
            break;
        }
        let mut v = Villa::new(2, &opts(), seed).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        while !v.is_over() {
            let seat = v.awaiting()[0];
            // Only where these rules may apply: the rules of thumb weigh many pulls.
            let spot = match v.phase() {
                Phase::Turn {
                    stage: Stage::Colour(_),
                    ..
                } => v.seal().holder.is_none(),
                Phase::Pick { why, .. } => matches!(why, Why::ObjectFloor { .. }),
                _ => false,
            };
            let rule = if spot { thumb(&v, seat) } else { None };
            match (v.phase().clone(), rule) {
                (
                    Phase::Turn {
                        stage: Stage::Colour(_),
                        ..
                    },
                    Some((A::Pull(c), why @ (STEADY | HEAVY_LIFT))),
                ) => {
                    moves += 1;
                    let heavy = check_steady_move(&v, seat, &pulls(&v, seat), c);
                    assert_eq!(heavy, why == HEAVY_LIFT, "{why} for {c}");
                    lifted += usize::from(heavy);
                }
                (
                    Phase::Pick {
                        why: Why::ObjectFloor { .. },
                        ..
                    },
                    Some((A::Pull(c), why @ (SUREST | HEAVY))),
                ) => {
                    objections += 1;
                    let heavy = check_objection_pull(&v, &pulls(&v, seat), c);
                    assert_eq!(heavy, why == HEAVY, "{why} for {c}");
                    heavier += usize::from(heavy);
                }
                _ => {}
            }
            let Some((s, a)) = rules::playout::random_action(&v, &mut rng) else {
                break;
            };
            v.apply(s, &a).unwrap();
        }
    }
    assert!(
        lifted >= 2 && lifted < moves,
        "{lifted} heavier of {moves} moves"
    );
    assert!(
        heavier >= 2 && heavier < objections,
        "{heavier} heavier of {objections} objections"
    );
}

/// The bots' rules of thumb about floors while nobody holds the seal, spot by spot.
#[test]
fn bots_object_and_propose_floors_that_a_careless_pull_cannot_bring_down() {
    use rules::villa::{SAFE_PULL_CHANCE, STEADY_FLOOR_MARGIN};
    // Fig. 7, nobody holding the seal. Every spot for the yellow floor stands by 1 cm or
    // more; yellow's two thin columns on blue hold up the green floor, so for everyone
    // but yellow's owner some pull would bring the villa down.
    let open = |players, turn| {
        let mut v = fig7(players, turn, 11);
        v.tweak(|_, seal| *seal = Default::default());
        v
    };
    let v = open(4, 1);
    let margins = v.floor_margins();
    assert!(margins.iter().any(|m| m.1 >= STEADY_FLOOR_MARGIN));
    for seat in [0, 1, 3] {
        let odds = v.floor_odds(seat, STEADY_FLOOR_MARGIN);
        assert!(!odds.is_empty());
        assert!(odds.iter().all(|o| o.worst_pull < 0.01), "{seat}: {odds:?}");
    }
    assert_eq!(thumb(&v, 1), None, "a careless pull would bring it down");
    // Yellow's owner (seat 2) has a spot no other player's pull can bring down.
    let v = open(4, 2);
    let odds = v.floor_odds(2, STEADY_FLOOR_MARGIN);
    assert!(
        odds.iter().any(|o| o.worst_pull >= SAFE_PULL_CHANCE),
        "{odds:?}"
    );
    assert_eq!(thumb(&v, 2), Some((A::Propose, "villa-thumb-propose")));
    // With someone else's seal, proposing is the search's call.
    let mut w = v.clone();
    w.tweak(|_, seal| {
        seal.holder = Some(3);
        seal.claimed = true;
    });
    assert_eq!(thumb(&w, 2), None);

    // Laying one's floor: the spot likeliest to stand and then bear the worst pull, among
    // exactly the legal spots where the floor would stand at all.
    let mut v = open(4, 2);
    propose_all_allow(&mut v, 2);
    let legal = v.legal_actions(2);
    let odds = v.floor_odds(2, 0.0);
    let standing = v.floor_margins().iter().filter(|m| m.1 >= 0.0).count();
    assert_eq!(v.floor_margins().len(), legal.len());
    assert_eq!(odds.len(), standing);
    assert!(odds.iter().all(|o| legal.contains(&A::Floor(o.at))));
    let (move_, why) = thumb(&v, 2).expect("the floor rule");
    assert_eq!(why, "villa-thumb-floor");
    let A::Floor(chosen) = move_ else {
        panic!("{move_}")
    };
    let bears = |o: &rules::villa::FloorOdds| o.stands * o.worst_pull;
    let chosen = odds.iter().find(|o| o.at == chosen).unwrap();
    assert!(bears(chosen) >= SAFE_PULL_CHANCE * 0.99, "{chosen:?}");
    assert!(odds.iter().all(|o| bears(o) <= bears(chosen)));
    assert_eq!(thumb(&v, 3), None);
    // The hidden noise plays no part.
    let mut w = v.clone();
    w.reseed_noise(99);
    assert_eq!(thumb(&w, 2), thumb(&v, 2));

    // Two players: object to the other's floor when pulling the proposer's surest column
    // is surer than their floor at a spot picked at random; pull that column and set it
    // down at its surest point. Holding the seal oneself, or having held it before the
    // proposer, let it through: their fall is one's win; chasing the proposer as its first
    // holder, the rule holds.
    let mut v = open(2, 0);
    ok(&mut v, 0, A::Propose);
    for (holder, previous, claimed) in [
        (1, None, true),
        (1, Some(0), false),
        (0, Some(1), true),
        (0, Some(1), false),
    ] {
        let mut held = v.clone();
        held.tweak(|_, seal| {
            *seal = rules::villa::Seal {
                holder: Some(holder),
                previous,
                claimed,
            }
        });
        assert_eq!(
            thumb(&held, 1),
            Some((A::Allow, "villa-thumb-let")),
            "{:?}",
            held.seal()
        );
    }
    let proposers: Vec<u8> = (0..20)
        .filter(|&c| matches!(c / 5, 0 | 2) && movable_by(&open(2, 0), 0, c))
        .collect();
    let objection = surest(&v, proposers)
        .iter()
        .map(|o| o.1)
        .fold(0.0, f64::max);
    let anywhere = v.floor_chance_anywhere();
    assert!(objection > anywhere, "{objection} against {anywhere}");
    assert!(anywhere > 0.0 && anywhere < 1.0, "{anywhere}");
    let mut first = v.clone();
    first.tweak(|_, seal| {
        seal.holder = Some(0);
        seal.claimed = true;
    });
    assert_eq!(thumb(&first, 1), Some((A::Object, "villa-thumb-object")));
    // With only columns fatal to pull left to the proposer, its floor is the surer bet.
    let mut fatal = v.clone();
    fatal.tweak(|cols, _| {
        for c in [BLUE, YELLOW].into_iter().flat_map(|k| k..k + 5) {
            if ![YELLOW + THIN1, YELLOW + THIN2].contains(&c) {
                cols[c as usize].frozen = true;
            }
        }
    });
    assert_eq!(thumb(&fatal, 1), Some((A::Allow, "villa-thumb-allow")));
    assert_eq!(thumb(&v, 1), Some((A::Object, "villa-thumb-object")));
    ok(&mut v, 1, A::Object);
    let (A::Pull(c), why @ (SUREST | HEAVY)) = thumb(&v, 1).unwrap() else {
        panic!("{:?}", thumb(&v, 1))
    };
    let pullable = pulls(&v, 1);
    let odds = surest(&v, pullable.iter().copied());
    assert_eq!(check_objection_pull(&v, &pullable, c), why == HEAVY);
    // Yellow's thin columns under the green floor are the proposer's, and fatal to pull.
    assert!(odds.iter().any(|o| o.1 == 0.0), "{odds:?}");
    ok(&mut v, 1, A::Pull(c));
    let (at, _) = v.surest_place(c).unwrap();
    assert_eq!(thumb(&v, 1), Some((A::Place(at), "villa-thumb-surest")));

    // A villa whose every spot for the next floor is shaky: no proposal (found by random
    // play from a few seeds).
    let shaky = (0..300u64).find_map(|seed| {
        let mut v = Villa::new(2, &opts(), seed).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        while !v.is_over() {
            let seat = v.awaiting()[0];
            let best = v
                .floor_margins()
                .iter()
                .map(|m| m.1)
                .fold(f64::MIN, f64::max);
            if v.seal().holder.is_none()
                && v.legal_actions(seat).contains(&A::Propose)
                && best < STEADY_FLOOR_MARGIN
            {
                return Some((v, seat));
            }
            let (s, a) = rules::playout::random_action(&v, &mut rng)?;
            v.apply(s, &a).ok()?;
        }
        None
    });
    let (v, seat) = shaky.expect("a shaky villa within 300 random games");
    // Two players: no proposal, but the steadiest column instead.
    let (A::Play(_), STEADY | HEAVY_LIFT | ANCHOR) = thumb(&v, seat).unwrap() else {
        panic!("{:?}", thumb(&v, seat))
    };
}

/// A bot's cut-off estimate counts the seal's holder as the leader, whatever the points.
#[test]
fn the_cut_off_estimate_puts_the_seal_holder_first() {
    let mut v = fig7(4, 1, 11);
    v.tweak(|_, seal| *seal = Default::default());
    let points: Vec<f64> = (0..4).map(|s| v.score(s) as f64).collect();
    assert_eq!(
        v.score_estimate(),
        Some(points.clone()),
        "no seal: the points"
    );
    let least = (0..4).min_by_key(|&s| v.score(s)).unwrap();
    v.tweak(|_, seal| {
        seal.holder = Some(least);
        seal.claimed = true;
    });
    let estimate = v.score_estimate().unwrap();
    for s in (0..4).filter(|&s| s != least) {
        assert!(estimate[least] > estimate[s], "{estimate:?}");
        assert_eq!(estimate[s], points[s]);
    }
}

/// Would `seat`'s columns on the base plate in `set` alone (every other column there
/// gone) hold the villa up by [`ANCHOR_MARGIN`]?
fn anchors_hold(v: &Villa, set: &[u8]) -> bool {
    use rules::villa::ANCHOR_MARGIN;
    let mut w = v.clone();
    w.tweak(|cols, _| {
        for (i, col) in cols.iter_mut().enumerate() {
            if col.level == 0 && !set.contains(&(i as u8)) {
                col.gone = true;
            }
        }
    });
    w.true_margin() >= ANCHOR_MARGIN
}

/// Is there a set of [`ANCHOR_COLUMNS`] of `seat`'s columns on the base plate, with `c`
/// among them, that alone holds the villa up by [`ANCHOR_MARGIN`]?
fn some_anchor_with(v: &Villa, seat: Seat, c: u8) -> bool {
    use rules::villa::ANCHOR_COLUMNS;
    assert_eq!(ANCHOR_COLUMNS, 3, "the sets below are triples");
    let own: Vec<u8> = (0..20u8)
        .filter(|&o| o != c && usize::from(o / 5 % 2) == seat)
        .filter(|&o| v.columns()[o as usize].level == 0 && !v.columns()[o as usize].gone)
        .collect();
    own.iter()
        .enumerate()
        .any(|(i, &a)| own[i + 1..].iter().any(|&b| anchors_hold(v, &[a, b, c])))
}

/// Two players, nobody holding the seal: a bot first freezes an anchor, three of its
/// columns on the base plate that alone hold the blue floor up; and it proposes a floor
/// only with at most [`OBJECTION_TARGETS`] columns an objection could take.
#[test]
fn two_player_bots_freeze_an_anchor_and_propose_out_of_an_objections_reach() {
    use rules::villa::{OBJECTION_TARGETS, SAFE_PULL_CHANCE, STEADY_FLOOR_MARGIN};
    // The fair layout: seat 1 starts, and its first move freezes one of its thin columns.
    let mut v = Villa::new(2, &opts(), 5).unwrap();
    let (A::Play(k), ANCHOR) = thumb(&v, 1).unwrap() else {
        panic!("{:?}", thumb(&v, 1))
    };
    ok(&mut v, 1, A::Play(k));
    let (A::Pull(c), ANCHOR) = thumb(&v, 1).unwrap() else {
        panic!("{:?}", thumb(&v, 1))
    };
    assert_eq!(
        (c / 5, points(c)),
        (k, 1),
        "a thin column of the colour played"
    );
    assert!(some_anchor_with(&v, 1, c));
    ok(&mut v, 1, A::Pull(c));
    assert_eq!(thumb(&v, 1), Some((A::Abort, ANCHOR)));
    ok(&mut v, 1, A::Abort);
    assert!(v.columns()[c as usize].frozen);
    // The hidden noise plays no part.
    let mut w = v.clone();
    w.reseed_noise(7);
    assert_eq!(thumb(&w, 0), thumb(&v, 0));

    // Random games, the bots' rules of thumb checked wherever nobody holds the seal.
    let (mut frozen, mut proposed, mut held_back) = (0, 0, 0);
    for seed in 0..40u64 {
        if frozen >= 6 && proposed >= 2 && held_back >= 2 {
            break;
        }
        let mut v = Villa::new(2, &opts(), seed).unwrap();
        let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
        while !v.is_over() {
            let seat = v.awaiting()[0];
            let open = v.seal().holder.is_none();
            let rule = if open { thumb(&v, seat) } else { None };
            match (v.phase().clone(), &rule) {
                (Phase::Feel { col, .. }, Some((A::Abort, ANCHOR))) => {
                    assert_eq!(v.floors().len(), 1, "the blue floor on top");
                    assert!(some_anchor_with(&v, seat, col), "{seed}: {col}");
                    frozen += 1;
                }
                (_, Some((A::Pull(c), ANCHOR))) => {
                    assert!(some_anchor_with(&v, seat, *c), "{seed}: {c}")
                }
                (
                    Phase::Turn {
                        stage: Stage::Begin,
                        ..
                    },
                    _,
                ) if open => {
                    let movable = (0..20u8).filter(|&c| movable_by(&v, seat, c)).count();
                    let safe = v
                        .floor_odds(seat, STEADY_FLOOR_MARGIN)
                        .iter()
                        .any(|o| o.worst_pull >= SAFE_PULL_CHANCE);
                    if rule == Some((A::Propose, "villa-thumb-propose")) {
                        assert!(safe && movable <= OBJECTION_TARGETS, "{seed}: {movable}");
                        proposed += 1;
                    } else if safe && movable > OBJECTION_TARGETS {
                        assert!(matches!(rule, Some((A::Play(_), _))), "{rule:?}");
                        held_back += 1;
                    }
                }
                _ => {}
            }
            // The rule's move where one applies (so that anchors get built), else random.
            let next = match rule {
                Some((a, _)) => Some((seat, a)),
                None => rules::playout::random_action(&v, &mut rng),
            };
            let Some((s, a)) = next else { break };
            v.apply(s, &a).unwrap();
        }
    }
    assert!(frozen >= 6, "{frozen} anchor columns frozen");
    assert!(proposed >= 2, "{proposed} proposals");
    assert!(held_back >= 2, "{held_back} safe floors held back");
}
