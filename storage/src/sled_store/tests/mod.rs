//! Tests of the sled store, by concern; shared helpers here.

use super::*;
use crate::{SeatedUser, Status};
use serde_json::json;

mod crash;
mod layout;
mod outbox_flush;
mod records;

fn meta(channel: ChannelId, game_id: u64, version: u64) -> Meta {
    Meta {
        schema: SCHEMA_VERSION,
        game_id,
        channel,
        game: "countdown".into(),
        options: json!({}),
        seed: 7,
        seats: vec![SeatedUser::person(1, "ana")],
        host: 1,
        status: Status::Running,
        created: 1,
        updated: 2,
        version,
        guild: 0,
        settings: Default::default(),
        dropped: vec![],
        nudged_ms: 0,
        away: vec![],
    }
}

fn entry(n: u64) -> LogEntry {
    LogEntry {
        seat: 0,
        action: json!({"Add": n}),
        text: format!("add {n}"),
        public: vec![format!("ana added {n}.")],
        at: 3,
    }
}

/// Copies the files of `from` (a closed store, or the log of an open one) into `to`.
fn copy_files(from: &Path, to: &Path, only_log: bool) {
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().to_string();
        if only_log && !name.starts_with("wal-") {
            continue;
        }
        if entry.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(to.join(&name)).unwrap();
            copy_files(&entry.path(), &to.join(&name), false);
        } else {
            std::fs::copy(entry.path(), to.join(&name)).unwrap();
        }
    }
}

/// Commits action `v` of game 9 in channel 5, with the state as snapshot or not.
fn commit_action(store: &SledStore, v: u64, snapshot: bool) {
    let state = format!("s{v}");
    store
        .commit(Commit {
            meta: &meta(5, 9, v),
            snapshot: snapshot.then_some(state.as_bytes()),
            entry: (v > 0).then(|| entry(v)).as_ref(),
            outbox: &[],
            timers: &[],
            seats: None,
        })
        .unwrap();
}

/// The log files of `dir` and their bytes.
fn log_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("wal-"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// [`WRITTEN_BY_KEY`] as a build with the next metadata schema writes it.
fn written_by_next_build() -> Vec<u8> {
    let mut v = written_by_this_build().to_vec();
    v[..4].copy_from_slice(&(SCHEMA_VERSION + 1).to_be_bytes());
    v
}

fn row(channel: ChannelId, due_ms: u64, text: &str) -> NewOutbox {
    NewOutbox {
        channel,
        due_ms,
        payload: text.as_bytes().to_vec(),
    }
}

/// Commits the first move of game 3 in channel 7 with `rows`; returns their ids.
fn first_move_with_rows(store: &SledStore, rows: &[NewOutbox]) -> Vec<u64> {
    store
        .commit(Commit {
            meta: &meta(7, 3, 1),
            snapshot: Some(b"s1"),
            entry: Some(&entry(1)),
            outbox: rows,
            timers: &[],
            seats: None,
        })
        .unwrap()
}

/// The rows of `store`'s outbox tree in sled (not the ones held in memory).
fn rows_in_sled(store: &SledStore) -> Vec<(u64, u32)> {
    store
        .shared
        .outbox
        .iter()
        .map(|item| {
            let (_, v) = item.unwrap();
            let row = codec::decode_row(&v).unwrap();
            (row.id, row.attempts)
        })
        .collect()
}
