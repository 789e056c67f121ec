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
    /// The announcement when the host turns it on (after the host's name).
    pub turned_on: &'static str,
    /// The word the "turned … off for this game" announcement names.
    pub what: &'static str,
}

/// The sentence for a setting that could not be stored (nothing changed).
pub(crate) fn unsaved(e: storage::StoreError) -> Vec<Delivery> {
    vec![Delivery::ephemeral(format!(
        "That could not be saved, so nothing changed ({e}). Please try again."
    ))]
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
            return unsaved(e);
        }
        let line = if on {
            format!("⚙️ {} {}", caller.shown_name(), switch.turned_on)
        } else {
            format!(
                "⚙️ {} turned {} off for this game.",
                caller.shown_name(),
                switch.what
            )
        };
        self.enqueue(active.meta.channel, vec![Delivery::channel(line)])
    }
}
