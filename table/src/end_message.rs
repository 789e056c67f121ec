//! A finished game's end message: the last move's lines, the board's first line and the
//! scores, with the final board as its picture. A rated game's end message is composed
//! in the archive's transaction, each person's rating change after the scores
//! (`table/src/rated.rs`), so it is stored once, with the ratings it tells.

use crate::{Active, Delivery, Table};

impl Table {
    /// The end message of the finished game `active`, after the last move's `lines`
    /// (none when the game is archived late, after a crash).
    pub(crate) fn end_message(&self, active: &Active, lines: &[String]) -> Delivery {
        let post = self.post_lang(&active.meta);
        let names = active.names();
        let mut msg = String::new();
        if !lines.is_empty() {
            msg.push_str(&lines.join("\n"));
            msg.push_str("\n\n");
        }
        // The events, the board's first line and the scores; the final board is the
        // message's picture (the terminal prints its text).
        if let Some(g) = &active.game {
            msg.push_str(&g.public_headline(&names, &words::Speaker::new(post, &names)));
            msg.push_str("\n\n");
            if let Some(o) = g.outcome() {
                msg.push_str(&crate::text::outcome(post, &o, &names));
            }
        }
        let mut end = Delivery::channel(msg);
        if let Delivery::Channel { picture, .. } = &mut end {
            *picture = Some(active.picture_of(None));
        }
        end
    }
}
