//! `capomaestro export`: every archived game of a store (either backend) as records,
//! JSON Lines, one file per title.

use super::{build, RecordOptions};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use storage::copy::{Copyable, Item};
use storage::{ChannelId, Store, StoreError};

/// A store whose archive can be listed and read: both backends.
pub trait ArchiveSource: Store + Copyable {}
impl<T: Store + Copyable> ArchiveSource for T {}

/// What an export wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExportReport {
    /// Records written per file.
    pub files: BTreeMap<PathBuf, usize>,
    /// Archived games that could not be made into a record, with why.
    pub skipped: Vec<(u64, String)>,
}

/// Why an export stopped.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("reading the store: {0}")]
    Store(#[from] StoreError),
    #[error("writing {0}: {1}")]
    Write(PathBuf, std::io::Error),
}

/// Every archived game of `store`, oldest id first: (channel, game id).
pub fn archived_games(store: &dyn ArchiveSource) -> Result<Vec<(ChannelId, u64)>, StoreError> {
    let mut games = Vec::new();
    store.export_items(&mut |items| {
        games.extend(items.into_iter().filter_map(|item| match item {
            Item::Archive {
                channel, game_id, ..
            } => Some((channel, game_id)),
            _ => None,
        }));
        Ok(())
    })?;
    games.sort_by_key(|(_, id)| *id);
    Ok(games)
}

/// Writes the record of every archived game of `store` to `dir/<game>.jsonl`, one line
/// each, oldest first. A game whose record cannot be made (a log the engine refuses) is
/// skipped and reported; the rest are written.
pub fn export_archive(
    store: &dyn ArchiveSource,
    dir: &Path,
    options: RecordOptions,
) -> Result<ExportReport, ExportError> {
    let failed = |path: &Path, e: std::io::Error| ExportError::Write(path.to_path_buf(), e);
    std::fs::create_dir_all(dir).map_err(|e| failed(dir, e))?;
    let mut files: BTreeMap<String, (PathBuf, std::io::BufWriter<std::fs::File>)> = BTreeMap::new();
    let mut report = ExportReport::default();
    for (channel, game_id) in archived_games(store)? {
        let Some(entry) = store.archived_game(channel, game_id)? else {
            continue; // Forgot by retention since it was listed.
        };
        let log = store.log(game_id)?;
        let record = match build(&entry.meta, &log, options) {
            Ok(record) => record,
            Err(e) => {
                report.skipped.push((game_id, e.to_string()));
                continue;
            }
        };
        if !files.contains_key(&record.game) {
            let path = dir.join(format!("{}.jsonl", record.game));
            let file = std::fs::File::create(&path).map_err(|e| failed(&path, e))?;
            files.insert(record.game.clone(), (path, std::io::BufWriter::new(file)));
        }
        if let Some((path, out)) = files.get_mut(&record.game) {
            writeln!(out, "{}", record.to_json_line()).map_err(|e| failed(path, e))?;
            *report.files.entry(path.clone()).or_default() += 1;
        }
    }
    for (_, (path, mut out)) in files {
        out.flush().map_err(|e| failed(&path, e))?;
    }
    Ok(report)
}
