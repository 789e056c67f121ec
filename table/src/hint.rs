//! `/game hint`: the normal bot's move for the caller at this moment, with one line of
//! why, answered only to them. The position is read under the channel lock; the search
//! runs after it is released, from the caller's own knowledge (the bot determinizes for
//! that seat: it never sees a hidden card). The host turns hints off or on per game
//! (`/game settings hints:off`), kept in a channel note like the undo setting, so no
//! stored record changes its layout.

use crate::botplay::TIMEOUT_LEVEL;
use crate::switch::Switch;
use crate::think::search_seed;
use crate::{awaited_seat, text, Active, Caller, Delivery, Slot, Table};
use rules::{DynGame, Seat};
use words::Lang;

/// Hints, on unless the host turned them off for the game.
const HINTS: Switch = Switch {
    note: "hint-setting",
    turned_on: "table-switch-hints-on",
    turned_off: "table-switch-hints-off",
};

/// A position to search for a hint, taken under the channel lock.
pub(crate) struct HintJob {
    /// The caller's language (the answer's).
    lang: Lang,
    channel: u64,
    /// The game's id, for naming the move.
    game_id: String,
    game: Box<dyn DynGame>,
    seat: Seat,
    seed: u64,
}

impl Table {
    /// Whether hints are on for the game in `active` (on unless the host turned them off).
    pub(crate) fn hints_on(&self, active: &Active) -> bool {
        self.switch_on(active, &HINTS)
    }

    /// A `/game settings` line: whether hints are on.
    pub(crate) fn hints_line(&self, active: &Active, lang: Lang) -> String {
        let on = if self.hints_on(active) { "on" } else { "off" };
        words::text(lang, "table-settings-hints-line", &[("on", on.into())])
    }

    /// The host turns hints `on` or off for this game.
    pub(crate) fn set_hints(&self, active: &Active, caller: &Caller, on: bool) -> Vec<Delivery> {
        self.set_switch(active, caller, &HINTS, on)
    }

    /// What `/game hint` will search, or the caller's refusal: a running game that awaits
    /// the caller, with hints on.
    pub(crate) fn hint_job(&self, slot: &Slot, caller: &Caller) -> Result<HintJob, String> {
        let lang = caller.lang;
        let Some(active) = slot.active.as_ref() else {
            return Err(text::no_table(lang));
        };
        let seat = awaited_seat(active, caller)?;
        if !self.hints_on(active) {
            return Err(words::text(
                lang,
                "table-hint-off",
                &[("host", active.host_name(lang).into())],
            ));
        }
        let game = active.game.as_ref().ok_or_else(|| text::no_table(lang))?;
        let m = &active.meta;
        Ok(HintJob {
            lang,
            channel: m.channel,
            game_id: m.game.clone(),
            game: game.box_clone(),
            seat,
            seed: search_seed(m.seed, m.version, seat),
        })
    }

    /// Searches a hint on the thinker (no channel lock held; the caller is off the async
    /// runtime) and words it for the caller alone.
    pub(crate) fn answer_hint(&self, job: HintJob) -> Delivery {
        let HintJob {
            lang,
            channel,
            game_id,
            game,
            seat,
            seed,
        } = job;
        let legal = game.legal_texts(seat).len();
        let thinker = self.thinker.clone();
        let found = self
            .thinker
            .ask(channel, move || {
                thinker.decide(game.as_ref(), seat, TIMEOUT_LEVEL, seed)
            })
            .flatten();
        let Some((line, decision)) = found else {
            return Delivery::ephemeral(words::text(lang, "table-hint-none", &[]));
        };
        let line = (self.move_names)(lang, &game_id, &line);
        let text = if legal <= 1 {
            words::text(lang, "table-hint-only-move", &[("move", line.into())])
        } else if let Some(why) = &decision.rule {
            words::text(
                lang,
                "table-hint-rule",
                &[
                    ("move", line.into()),
                    ("why", words::phrase(lang, why, &[]).into()),
                ],
            )
        } else {
            words::text(
                lang,
                "table-hint-best",
                &[
                    ("move", line.into()),
                    ("games", decision.iterations.to_string().into()),
                    (
                        "chance",
                        (decision.expected * 100.0).round().clamp(0.0, 100.0).into(),
                    ),
                ],
            )
        };
        Delivery::ephemeral(text)
    }
}
