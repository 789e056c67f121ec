//! `/game export`: the record of a game over in a channel as a file (JSON, or the
//! replay page), for the adapter to attach. See docs/records.md.

use crate::record::{self, RecordOptions};
use crate::{text, ChannelId, Table};
use words::Lang;

/// What `/game export` writes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ExportFormat {
    /// The record itself (`docs/record.schema.json`).
    #[default]
    Json,
    /// The self-contained replay page.
    Html,
}

/// A record ready to attach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportedGame {
    /// The file's name: `<game>-<number>.json` or `.html`.
    pub file: String,
    pub bytes: Vec<u8>,
    /// The game's title and number, for the message and the file's description.
    pub title: String,
    pub game_id: u64,
}

impl Table {
    /// The record of `game` (an archived game of `channel`), or without one of the last
    /// game finished here, in `lang` (the page's language); `Err` is the sentence to
    /// show. A game still being played has no record to give: it would spoil nothing,
    /// but it is not a game's record until it is over.
    pub fn export_game(
        &self,
        lang: Lang,
        channel: ChannelId,
        game: Option<u64>,
        format: ExportFormat,
    ) -> Result<ExportedGame, String> {
        let running = self.with_slot(channel, |slot| {
            slot.active
                .as_ref()
                .filter(|a| a.game.is_some())
                .map(|a| a.meta.game_id)
        });
        let entry = match game {
            Some(id) if running == Some(id) => {
                return Err(words::text(lang, "table-export-running", &[]))
            }
            Some(id) => self
                .store
                .archived_game(channel, id)
                .map_err(|e| text::store_failed(lang, &e))?
                .ok_or_else(|| words::text(lang, "table-history-no-such-game", &[]))?,
            None => self
                .last_finished(channel)
                .map_err(|e| text::store_failed(lang, &e))?
                .ok_or_else(|| words::text(lang, "table-no-game-finished", &[]))?,
        };
        let game_id = entry.meta.game_id;
        let failed = |why: String| {
            words::text(
                lang,
                "table-export-failed",
                &[("game", game_id.to_string().into()), ("error", why.into())],
            )
        };
        let log = self.store.log(game_id).map_err(|e| failed(e.to_string()))?;
        let options = RecordOptions {
            pseudonyms: false,
            lang,
        };
        let record =
            record::build(&entry.meta, &log, options).map_err(|e| failed(e.to_string()))?;
        let (bytes, extension) = match format {
            ExportFormat::Json => (record.to_json_pretty().into_bytes(), "json"),
            ExportFormat::Html => (
                record::page(&record)
                    .map_err(|e| failed(e.to_string()))?
                    .into_bytes(),
                "html",
            ),
        };
        Ok(ExportedGame {
            file: format!("{}-{game_id}.{extension}", record.game),
            bytes,
            title: record.title,
            game_id,
        })
    }
}
