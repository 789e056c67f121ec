//! Per-game on/off settings the host chooses (`/game settings hints:off`, `undo:off`):
//! each is a channel note naming the game it was set for, so a new game starts with the
//! setting on again.

use crate::{Active, Caller, Delivery, Table};
use serde::{Deserialize, Serialize};

/// One game's on/off setting, kept as the channel note [`Switch::note`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct GameSwitch {
    game_id: u64,
    on: bool,
}

/// A per-game switch: its note's name and what the channel is told when it changes.
pub(crate) struct Switch {
    /// The channel note holding it.
    pub note: &'static str,
    /// The key of the announcement when the host turns it on (`$name`: the host's).
    pub turned_on: &'static str,
    /// The key of the announcement when the host turns it off (`$name`: the host's).
    pub turned_off: &'static str,
}

/// The sentence for a setting that could not be stored (nothing changed), in `lang`.
pub(crate) fn unsaved(lang: words::Lang, e: storage::StoreError) -> Vec<Delivery> {
    vec![Delivery::ephemeral(crate::text::not_saved(lang, &e))]
}

impl Table {
    /// Whether `switch` is on for the game in `active` (on unless turned off for it).
    pub(crate) fn switch_on(&self, active: &Active, switch: &Switch) -> bool {
        self.note(active.meta.channel, switch.note)
            .and_then(|b| serde_json::from_slice::<GameSwitch>(&b).ok())
            .filter(|s| s.game_id == active.meta.game_id)
            .is_none_or(|s| s.on)
    }

    /// The host turns `switch` on or off for this game (the caller was checked to be the
    /// host or to manage the channel): stored, then announced.
    pub(crate) fn set_switch(
        &self,
        active: &Active,
        caller: &Caller,
        switch: &Switch,
        on: bool,
    ) -> Vec<Delivery> {
        let setting = GameSwitch {
            game_id: active.meta.game_id,
            on,
        };
        let bytes = serde_json::to_vec(&setting).unwrap_or_default();
        if let Err(e) = self
            .store
            .put_note(active.meta.channel, switch.note, &bytes)
        {
            return unsaved(caller.lang, e);
        }
        let key = if on {
            switch.turned_on
        } else {
            switch.turned_off
        };
        let line = words::text(
            self.post_lang(&active.meta),
            key,
            &[("name", caller.shown_name().into())],
        );
        self.enqueue(active.meta.channel, vec![Delivery::channel(line)])
    }
}
