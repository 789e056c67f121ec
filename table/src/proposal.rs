//! Approvals of timing changes. A host without Manage Channel who makes the clocks of a
//! game under way run out sooner (a reminder or timeout shortened, or turned on) only
//! proposes the change: the channel is asked, with Approve and Refuse buttons, and the
//! change applies once every other player still at the table has approved it. One
//! refusal, a newer proposal, any other change of the settings, the game's end or
//! [`PROPOSAL_LIFETIME_MS`] cancels it. Lengthening, changes in the lobby and changes by
//! someone with Manage Channel apply at once.
//!
//! The open proposal is kept in the channel's notes in the store, so a restart keeps it.
//! It is written before the request is posted and closed before a refusal is announced;
//! an approved change is committed (settings, announcement, timers: one transaction)
//! before the proposal is closed, and a proposal whose base settings are no longer the
//! table's is void, so a crash in between never applies a change twice or after a refusal.

use crate::timing::Timing;
use crate::{text, Active, Approval, Caller, Delivery, Slot, Table};
use rules::Seat;
use serde::{Deserialize, Serialize};
use storage::{ChannelId, Settings, Status, UserId};
use words::Lang;

/// A proposal lapses a day after it is made: players of a slow game look in about once a
/// day (the default reminders come after 12 h, then every 24 h), and an approval given
/// much later would no longer be about the game as it stood.
pub const PROPOSAL_LIFETIME_MS: u64 = 24 * 3_600_000;

/// The channel note holding the last proposal (open or closed: its number goes on).
const NOTE: &str = "timing-proposal";

/// A timing change waiting for the players' approval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Proposal {
    /// Its number in the channel (grows; the buttons name it).
    id: u64,
    game_id: u64,
    by: UserId,
    by_name: String,
    /// The table's settings when it was proposed: any change since voids it.
    base: Settings,
    /// The settings it would apply.
    settings: Settings,
    /// The players who approved so far.
    approved: Vec<UserId>,
    /// Unix ms after which it has lapsed.
    expires_ms: u64,
    open: bool,
}

/// The seats whose players must approve a change proposed by `by`: every player still
/// at the table (not dropped by a timeout) but them.
fn approvers(active: &Active, by: UserId) -> Vec<Seat> {
    active
        .meta
        .seats
        .iter()
        .enumerate()
        .filter(|(seat, s)| s.user != by && !active.played_by_table(*seat))
        .map(|(seat, _)| seat)
        .collect()
}

/// The approvers of `proposal` who have not approved it yet.
fn still_waiting(active: &Active, proposal: &Proposal) -> Vec<Seat> {
    approvers(active, proposal.by)
        .into_iter()
        .filter(|s| {
            active
                .meta
                .seats
                .get(*s)
                .is_some_and(|u| !proposal.approved.contains(&u.user))
        })
        .collect()
}

fn unsaved(lang: Lang, e: storage::StoreError) -> Vec<Delivery> {
    vec![Delivery::ephemeral(text::not_saved(lang, &e))]
}

/// The answer to a click on a proposal that is closed or was never this table's, in
/// `lang`.
fn closed(lang: Lang) -> Vec<Delivery> {
    vec![Delivery::ephemeral(words::text(
        lang,
        "table-proposal-closed",
        &[],
    ))]
}

impl Table {
    /// The timing `settings` would give this table (none shorter than the minimums).
    fn timing_with(&self, settings: &Settings) -> Timing {
        Timing::of(&self.minimums.raise(settings), &self.defaults)
    }

    /// Whether `caller` changing the table's settings to `settings` must be approved by
    /// the other players: in a running game, when the clocks would run out sooner and
    /// the caller may not manage the channel.
    pub(crate) fn needs_approval(
        &self,
        active: &Active,
        caller: &Caller,
        settings: &Settings,
    ) -> bool {
        active.meta.status == Status::Running
            && !caller.can_manage_channel
            && self
                .timing(&active.meta)
                .shortened_by(&self.timing_with(settings))
    }

    /// The channel's last proposal, if it can be read (an unreadable note counts as none).
    fn proposal(&self, channel: ChannelId) -> Result<Option<Proposal>, storage::StoreError> {
        let Some(bytes) = self.store.note(channel, NOTE)? else {
            return Ok(None);
        };
        match serde_json::from_slice(&bytes) {
            Ok(p) => Ok(Some(p)),
            Err(e) => {
                tracing::warn!(channel, error = %e, "ignoring an unreadable timing proposal");
                Ok(None)
            }
        }
    }

    fn store_proposal(
        &self,
        channel: ChannelId,
        proposal: &Proposal,
    ) -> Result<(), storage::StoreError> {
        // Plain numbers and strings: serializing cannot fail.
        let bytes = serde_json::to_vec(proposal).unwrap_or_default();
        self.store.put_note(channel, NOTE, &bytes)
    }

    /// The open proposal of the game in `active`, if any and not lapsed.
    fn open_proposal(&self, active: &Active) -> Option<Proposal> {
        self.proposal(active.meta.channel)
            .ok()
            .flatten()
            .filter(|p| p.open && p.game_id == active.meta.game_id && self.now_ms() < p.expires_ms)
    }

    /// A line for `/game settings` about the change waiting for approval (empty if none).
    pub(crate) fn pending_line(&self, active: &Active, lang: Lang) -> String {
        match self.open_proposal(active) {
            Some(p) => {
                let line = words::text(
                    lang,
                    "table-proposal-pending",
                    &[
                        ("name", p.by_name.as_str().into()),
                        (
                            "names",
                            text::name_list(lang, &active.names(), &still_waiting(active, &p))
                                .into(),
                        ),
                    ],
                );
                format!("\n{line}")
            }
            None => String::new(),
        }
    }

    /// Asks the other players to approve `settings`, proposed by `caller`: stores the
    /// proposal (replacing any open one) and posts the request with its buttons.
    pub(crate) fn propose(
        &self,
        slot: &mut Slot,
        caller: &Caller,
        settings: Settings,
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        let waiting = approvers(active, caller.user);
        let name = caller.shown_name();
        if waiting.is_empty() {
            // Nobody else is left at the table to ask.
            let headline = |post| {
                words::text(
                    post,
                    "table-settings-changed",
                    &[("name", name.as_str().into())],
                )
            };
            return self.set_settings(slot, headline, settings, lang);
        }
        let channel = active.meta.channel;
        let post = self.post_lang(&active.meta);
        let previous = match self.proposal(channel) {
            Ok(p) => p,
            Err(e) => return unsaved(lang, e),
        };
        let now = self.now_ms();
        // Numbers grow across restarts and lost notes alike: an old button never names a
        // newer proposal.
        let id = previous.map_or(0, |p| p.id + 1).max(now);
        let proposal = Proposal {
            id,
            game_id: active.meta.game_id,
            by: caller.user,
            // Escaped once here: it is only ever shown in messages.
            by_name: caller.shown_name(),
            base: active.meta.settings,
            settings,
            approved: vec![],
            expires_ms: now.saturating_add(PROPOSAL_LIFETIME_MS),
            open: true,
        };
        if let Err(e) = self.store_proposal(channel, &proposal) {
            return unsaved(lang, e);
        }
        let described = self.timing_with(&settings).describe_in(post, &settings);
        let who = text::name_list(post, &active.names(), &waiting);
        let ask = Delivery::Channel {
            text: words::text(
                post,
                "table-proposal-asked",
                &[
                    ("name", name.as_str().into()),
                    ("timing", described.into()),
                    ("names", who.into()),
                ],
            ),
            mentions: active.users(&waiting),
            prompts: vec![],
            summary: None,
            picture: None,
            link_turn: false,
            approval: Some(Approval {
                game_id: proposal.game_id,
                proposal: id,
                undo: false,
            }),
            lobby: None,
            outbox: None,
        };
        let mut out = self.enqueue(channel, vec![ask]);
        out.push(Delivery::ephemeral(words::text(
            lang,
            "table-proposal-asked-you",
            &[],
        )));
        out
    }

    /// A player's click on Approve or Refuse under a proposed timing change.
    pub(crate) fn vote(
        &self,
        slot: &mut Slot,
        caller: &Caller,
        on: Approval,
        approve: bool,
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return closed(lang);
        };
        let channel = active.meta.channel;
        let post = self.post_lang(&active.meta);
        let mut proposal = match self.proposal(channel) {
            Ok(Some(p))
                if p.open
                    && p.id == on.proposal
                    && p.game_id == on.game_id
                    && p.game_id == active.meta.game_id =>
            {
                p
            }
            Ok(_) => return closed(lang),
            Err(e) => return unsaved(lang, e),
        };
        if caller.user == proposal.by {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-proposal-own",
                &[],
            ))];
        }
        let at_table = active
            .seat_of(caller.user)
            .is_some_and(|s| !active.meta.dropped.contains(&s));
        if !at_table {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-proposal-not-at-table",
                &[],
            ))];
        }
        let lapsed = self.now_ms() >= proposal.expires_ms;
        let void = active.meta.settings != proposal.base;
        if lapsed || void || !approve {
            proposal.open = false;
            if let Err(e) = self.store_proposal(channel, &proposal) {
                return unsaved(lang, e);
            }
        }
        if lapsed {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-proposal-lapsed",
                &[("name", proposal.by_name.as_str().into())],
            ))];
        }
        if void {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-proposal-void",
                &[],
            ))];
        }
        if !approve {
            let line = words::text(
                post,
                "table-proposal-refused",
                &[
                    ("name", caller.shown_name().into()),
                    ("by", proposal.by_name.as_str().into()),
                ],
            );
            return self.enqueue(channel, vec![Delivery::channel(line)]);
        }
        if !proposal.approved.contains(&caller.user) {
            proposal.approved.push(caller.user);
        }
        let waiting = still_waiting(active, &proposal);
        if !waiting.is_empty() {
            if let Err(e) = self.store_proposal(channel, &proposal) {
                return unsaved(lang, e);
            }
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-proposal-you-approved",
                &[
                    ("by", proposal.by_name.as_str().into()),
                    (
                        "names",
                        text::name_list(lang, &active.names(), &waiting).into(),
                    ),
                ],
            ))];
        }
        let by = proposal.by_name.clone();
        let headline = |post| {
            words::text(
                post,
                "table-proposal-approved",
                &[("by", by.as_str().into())],
            )
        };
        let out = self.set_settings(slot, headline, proposal.settings, lang);
        let applied = slot
            .active
            .as_ref()
            .is_some_and(|a| a.meta.settings == proposal.settings);
        if applied {
            proposal.open = false;
            if let Err(e) = self.store_proposal(channel, &proposal) {
                // Applied already: the proposal is void now that the settings changed.
                tracing::error!(channel, error = %e, "cannot close an applied timing proposal");
            }
        }
        out
    }
}
