//! How records are laid out in bytes.
//!
//! New records are compact binary: a tag byte ([`BINARY_TAG`], never the first byte of
//! JSON text), a layout version byte ([`RECORD_VERSION`]) and a postcard body. Postcard
//! is not self-describing, so the fields holding free-form JSON (`Meta::options`,
//! `LogEntry::action`, an outcome) are stored as JSON text inside the binary record.
//! Records written by older builds as JSON still decode; they are rewritten in the new
//! form the next time they are saved.

use crate::{
    ArchiveEntry, BotLevel, LogEntry, Meta, OutboxRow, PlayerStats, Quarantined, SeatedUser,
    Settings, Status, Timer,
};
use serde::{de::DeserializeOwned, Deserialize, Serialize};

/// First byte of every binary record (0xC1 never starts UTF-8, hence never JSON).
pub const BINARY_TAG: u8 = 0xC1;
/// Layout version of the binary records this build writes; higher ones are refused.
/// 2 added the server, timing settings, dropped seats and last nudge to metadata (and so
/// to archived games); 3 added each seat's bot level (bot seats) and the seats a `bot`
/// timeout handed to a bot. Records of older layouts still decode, with the newer fields
/// empty (every seat a person, none away).
pub const RECORD_VERSION: u8 = 3;

/// [`Meta`] as stored: layout 2's fields, then each seat's bot level (`None`: a person)
/// and the seats played by a bot while their player is away.
#[derive(Serialize, Deserialize)]
struct MetaRecord {
    base: MetaRecordV2,
    bots: Vec<Option<BotLevel>>,
    away: Vec<u64>,
}

/// A seat as layouts 1 and 2 store it (a person; layout 3 adds the bots after).
#[derive(Serialize, Deserialize)]
struct SeatRecord {
    user: u64,
    name: String,
}

/// [`Meta`] as layout 2 stored it: the options as JSON text.
#[derive(Serialize, Deserialize)]
struct MetaRecordV2 {
    base: MetaRecordV1,
    guild: u64,
    settings: Settings,
    dropped: Vec<u64>,
    nudged_ms: u64,
}

/// [`Meta`] as layout 1 stored it.
#[derive(Serialize, Deserialize)]
struct MetaRecordV1 {
    schema: u32,
    game_id: u64,
    channel: u64,
    game: String,
    options: String,
    seed: u64,
    seats: Vec<SeatRecord>,
    host: u64,
    status: Status,
    created: u64,
    updated: u64,
    version: u64,
}

/// [`LogEntry`] as stored: the action as JSON text.
#[derive(Serialize, Deserialize)]
struct LogRecord {
    seat: u64,
    action: String,
    text: String,
    public: Vec<String>,
    at: u64,
}

/// [`ArchiveEntry`] as stored: the outcome as JSON text, the snapshot as raw bytes.
#[derive(Serialize, Deserialize)]
struct ArchiveRecord<M = MetaRecord> {
    meta: M,
    outcome: Option<String>,
    snapshot: Vec<u8>,
}

fn json_text(value: &serde_json::Value) -> String {
    // A `Value` always serializes.
    value.to_string()
}

fn json_value(text: &str, what: &str) -> Result<serde_json::Value, String> {
    serde_json::from_str(text).map_err(|e| format!("{what} unreadable: {e}"))
}

impl MetaRecord {
    fn of(meta: &Meta) -> Self {
        MetaRecord {
            base: MetaRecordV2::of(meta),
            bots: meta.seats.iter().map(|s| s.bot).collect(),
            away: meta.away.iter().map(|&s| s as u64).collect(),
        }
    }

    fn into_meta(self) -> Result<Meta, String> {
        let mut meta = self.base.into_meta()?;
        if self.bots.len() != meta.seats.len() {
            return Err(format!(
                "metadata unreadable: {} bot levels for {} seats",
                self.bots.len(),
                meta.seats.len()
            ));
        }
        for (seat, bot) in meta.seats.iter_mut().zip(self.bots) {
            seat.bot = bot;
        }
        meta.away = self
            .away
            .into_iter()
            .map(|s| usize::try_from(s).map_err(|e| format!("seat away: {e}")))
            .collect::<Result<_, _>>()?;
        Ok(meta)
    }
}

impl MetaRecordV2 {
    fn of(meta: &Meta) -> Self {
        MetaRecordV2 {
            base: MetaRecordV1::of(meta),
            guild: meta.guild,
            settings: meta.settings,
            dropped: meta.dropped.iter().map(|&s| s as u64).collect(),
            nudged_ms: meta.nudged_ms,
        }
    }

    fn into_meta(self) -> Result<Meta, String> {
        let mut meta = self.base.into_meta()?;
        meta.guild = self.guild;
        meta.settings = self.settings;
        meta.dropped = self
            .dropped
            .into_iter()
            .map(|s| usize::try_from(s).map_err(|e| format!("dropped seat: {e}")))
            .collect::<Result<_, _>>()?;
        meta.nudged_ms = self.nudged_ms;
        Ok(meta)
    }
}

impl MetaRecordV1 {
    fn of(meta: &Meta) -> Self {
        MetaRecordV1 {
            schema: meta.schema,
            game_id: meta.game_id,
            channel: meta.channel,
            game: meta.game.clone(),
            options: json_text(&meta.options),
            seed: meta.seed,
            seats: meta
                .seats
                .iter()
                .map(|s| SeatRecord {
                    user: s.user,
                    name: s.name.clone(),
                })
                .collect(),
            host: meta.host,
            status: meta.status,
            created: meta.created,
            updated: meta.updated,
            version: meta.version,
        }
    }

    fn into_meta(self) -> Result<Meta, String> {
        Ok(Meta {
            schema: self.schema,
            game_id: self.game_id,
            channel: self.channel,
            game: self.game,
            options: json_value(&self.options, "game options")?,
            seed: self.seed,
            seats: self
                .seats
                .into_iter()
                .map(|s| SeatedUser::person(s.user, s.name))
                .collect(),
            host: self.host,
            status: self.status,
            created: self.created,
            updated: self.updated,
            version: self.version,
            guild: 0,
            settings: Settings::default(),
            dropped: vec![],
            nudged_ms: 0,
            away: vec![],
        })
    }
}

/// Tag, version, postcard body.
fn binary<T: Serialize>(value: &T) -> Vec<u8> {
    // Plain structs of numbers, strings and vectors always serialize.
    postcard::to_extend(value, vec![BINARY_TAG, RECORD_VERSION]).unwrap_or_default()
}

/// Whether `bytes` is a binary record (as opposed to legacy JSON).
pub fn is_binary(bytes: &[u8]) -> bool {
    bytes.first() == Some(&BINARY_TAG)
}

/// The layout version of a binary record written by a newer build (`None` when this
/// build reads its layout): such a record is refused, never misread or quarantined.
pub fn newer_layout(bytes: &[u8]) -> Option<u8> {
    Some(layout(bytes)).filter(|&v| v > RECORD_VERSION)
}

/// The layout version of a binary record (0 for JSON).
fn layout(bytes: &[u8]) -> u8 {
    if is_binary(bytes) {
        bytes.get(1).copied().unwrap_or(0)
    } else {
        0
    }
}

/// Decodes a binary record's body as `B`, or legacy JSON as `J`; `what` names the
/// record in the error.
fn decode<B, J, T>(
    bytes: &[u8],
    what: &str,
    from_binary: impl FnOnce(B) -> Result<T, String>,
    from_json: impl FnOnce(J) -> T,
) -> Result<T, String>
where
    B: DeserializeOwned,
    J: DeserializeOwned,
{
    if is_binary(bytes) {
        let version = bytes.get(1).copied().unwrap_or(0);
        if version > RECORD_VERSION {
            return Err(format!(
                "{what} written by a newer version (record layout {version}, this build reads {RECORD_VERSION})"
            ));
        }
        let (body, rest) = postcard::take_from_bytes::<B>(&bytes[2.min(bytes.len())..])
            .map_err(|e| format!("{what} unreadable: {e}"))?;
        if !rest.is_empty() {
            return Err(format!(
                "{what} unreadable: {} stray bytes after the record",
                rest.len()
            ));
        }
        from_binary(body)
    } else {
        serde_json::from_slice::<J>(bytes)
            .map(from_json)
            .map_err(|e| format!("{what} unreadable: {e}"))
    }
}

/// Encodes a channel's metadata.
pub fn encode_meta(meta: &Meta) -> Vec<u8> {
    binary(&MetaRecord::of(meta))
}

/// Decodes metadata (binary of any layout up to this build's, or legacy JSON).
pub fn decode_meta(bytes: &[u8]) -> Result<Meta, String> {
    match layout(bytes) {
        1 => return decode(bytes, "metadata", MetaRecordV1::into_meta, |m: Meta| m),
        2 => return decode(bytes, "metadata", MetaRecordV2::into_meta, |m: Meta| m),
        _ => {}
    }
    decode(bytes, "metadata", MetaRecord::into_meta, |m: Meta| m)
}

/// First byte of a stored snapshot that records the version it was taken at (0xC3 never
/// starts UTF-8 text, and differs from the engines' own tag, 0xC1). A stored snapshot
/// without it (older builds) is the engine's bytes alone, taken at the metadata's version.
pub const SNAPSHOT_AT_TAG: u8 = 0xC3;

/// Encodes a game's state after `version` actions as stored: the tag, the version (u64,
/// big-endian), then the engine's own bytes.
pub fn encode_snapshot(version: u64, engine: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(9 + engine.len());
    out.push(SNAPSHOT_AT_TAG);
    out.extend_from_slice(&version.to_be_bytes());
    out.extend_from_slice(engine);
    out
}

/// Decodes a stored snapshot into the version it was taken at and the engine's bytes;
/// `current` is the metadata's version (that of an untagged snapshot, and an upper bound).
pub fn decode_snapshot(bytes: &[u8], current: u64) -> Result<(u64, &[u8]), String> {
    let (version, engine) = match bytes.split_first() {
        Some((&SNAPSHOT_AT_TAG, rest)) => {
            let (version, engine) = rest
                .split_first_chunk::<8>()
                .ok_or("the stored game state is cut short")?;
            (u64::from_be_bytes(*version), engine)
        }
        _ => (current, bytes),
    };
    if version > current {
        return Err(format!(
            "the game state is of action {version}, after the last one stored ({current})"
        ));
    }
    Ok((version, engine))
}

/// Encodes a log entry.
pub fn encode_log(entry: &LogEntry) -> Vec<u8> {
    binary(&LogRecord {
        seat: entry.seat as u64,
        action: json_text(&entry.action),
        text: entry.text.clone(),
        public: entry.public.clone(),
        at: entry.at,
    })
}

/// Decodes a log entry (binary or legacy JSON).
pub fn decode_log(bytes: &[u8]) -> Result<LogEntry, String> {
    decode(
        bytes,
        "log entry",
        |r: LogRecord| {
            Ok(LogEntry {
                seat: usize::try_from(r.seat).map_err(|e| format!("log entry seat: {e}"))?,
                action: json_value(&r.action, "logged action")?,
                text: r.text,
                public: r.public,
                at: r.at,
            })
        },
        |e: LogEntry| e,
    )
}

/// Encodes an archived game (the snapshot as raw bytes, not a JSON array).
pub fn encode_archive(entry: &ArchiveEntry) -> Vec<u8> {
    binary(&ArchiveRecord {
        meta: MetaRecord::of(&entry.meta),
        outcome: entry.outcome.as_ref().map(json_text),
        snapshot: entry.snapshot.clone(),
    })
}

/// Decodes an archived game (binary of any layout up to this build's, or legacy JSON).
pub fn decode_archive(bytes: &[u8]) -> Result<ArchiveEntry, String> {
    fn entry(
        meta: Result<Meta, String>,
        outcome: Option<String>,
        snapshot: Vec<u8>,
    ) -> Result<ArchiveEntry, String> {
        Ok(ArchiveEntry {
            meta: meta?,
            outcome: outcome.map(|o| json_value(&o, "outcome")).transpose()?,
            snapshot,
        })
    }
    match layout(bytes) {
        1 => {
            return decode(
                bytes,
                "archived game",
                |r: ArchiveRecord<MetaRecordV1>| entry(r.meta.into_meta(), r.outcome, r.snapshot),
                |e: ArchiveEntry| e,
            )
        }
        2 => {
            return decode(
                bytes,
                "archived game",
                |r: ArchiveRecord<MetaRecordV2>| entry(r.meta.into_meta(), r.outcome, r.snapshot),
                |e: ArchiveEntry| e,
            )
        }
        _ => {}
    }
    decode(
        bytes,
        "archived game",
        |r: ArchiveRecord| entry(r.meta.into_meta(), r.outcome, r.snapshot),
        |e: ArchiveEntry| e,
    )
}

/// Encodes a timer.
pub fn encode_timer(timer: &Timer) -> Vec<u8> {
    binary(timer)
}

/// Decodes a timer.
pub fn decode_timer(bytes: &[u8]) -> Result<Timer, String> {
    decode(bytes, "timer", Ok, |t: Timer| t)
}

/// Encodes a player's stats.
pub fn encode_stats(stats: &PlayerStats) -> Vec<u8> {
    binary(stats)
}

/// Decodes a player's stats.
pub fn decode_stats(bytes: &[u8]) -> Result<PlayerStats, String> {
    decode(bytes, "player stats", Ok, |s: PlayerStats| s)
}

/// Encodes an outbox row.
pub fn encode_row(row: &OutboxRow) -> Vec<u8> {
    binary(row)
}

/// Encodes a new outbox row (no attempt yet) exactly as [`encode_row`] would, without
/// copying the payload first.
pub fn encode_new_row(id: u64, row: &crate::NewOutbox) -> Vec<u8> {
    /// Bytes as one block: postcard writes the same bytes as for a `Vec<u8>` (length,
    /// then each byte), without a call per byte.
    struct Bytes<'a>(&'a [u8]);
    impl Serialize for Bytes<'_> {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(self.0)
        }
    }
    #[derive(Serialize)]
    struct NewRow<'a> {
        id: u64,
        channel: u64,
        due_ms: u64,
        attempts: u32,
        payload: Bytes<'a>,
    }
    let mut out = Vec::with_capacity(row.payload.len() + 40);
    out.extend_from_slice(&[BINARY_TAG, RECORD_VERSION]);
    postcard::to_extend(
        &NewRow {
            id,
            channel: row.channel,
            due_ms: row.due_ms,
            attempts: 0,
            payload: Bytes(&row.payload),
        },
        out,
    )
    .unwrap_or_default()
}

/// Decodes an outbox row (binary or legacy JSON).
pub fn decode_row(bytes: &[u8]) -> Result<OutboxRow, String> {
    decode(bytes, "outbox row", Ok, |r: OutboxRow| r)
}

/// The first fields of a binary [`OutboxRow`] (postcard reads a prefix).
#[derive(Deserialize)]
struct RowAddress {
    _id: u64,
    channel: u64,
    due_ms: u64,
}

/// Where and when an outbox row goes, `(channel, due_ms)`, without copying its payload.
pub fn row_address(bytes: &[u8]) -> Result<(u64, u64), String> {
    if is_binary(bytes) && bytes.get(1).is_some_and(|&v| v <= RECORD_VERSION) {
        let (a, _) = postcard::take_from_bytes::<RowAddress>(&bytes[2..])
            .map_err(|e| format!("outbox row unreadable: {e}"))?;
        Ok((a.channel, a.due_ms))
    } else {
        decode_row(bytes).map(|r| (r.channel, r.due_ms))
    }
}

/// Encodes a quarantined record (its raw bytes kept as they were found).
pub fn encode_quarantined(record: &Quarantined) -> Vec<u8> {
    binary(record)
}

/// Decodes a quarantined record (binary or legacy JSON).
pub fn decode_quarantined(bytes: &[u8]) -> Result<Quarantined, String> {
    decode(bytes, "quarantined record", Ok, |q: Quarantined| q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn meta() -> Meta {
        Meta {
            schema: crate::SCHEMA_VERSION,
            game_id: 12,
            channel: 99,
            game: "villa".into(),
            options: json!({"setup": "custom", "rounds": 3, "x": [1.5, null]}),
            seed: u64::MAX,
            seats: vec![
                SeatedUser::person(5, "Ana ✓"),
                SeatedUser {
                    user: crate::bot_user(1),
                    name: "Bot Lorenzo (hard)".into(),
                    bot: Some(BotLevel::Hard),
                },
            ],
            host: 5,
            status: Status::Running,
            created: 1,
            updated: 2,
            version: 3,
            guild: 77,
            settings: Settings {
                remind_after: Some(60),
                remind_every: None,
                timeout_after: Some(0),
                on_timeout: Some(crate::TimeoutPolicy::Drop),
            },
            dropped: vec![1],
            nudged_ms: 5,
            away: vec![0],
        }
    }

    #[test]
    fn layout_1_records_decode_with_the_new_fields_empty() {
        let m = meta();
        let old = postcard::to_extend(&MetaRecordV1::of(&m), vec![BINARY_TAG, 1]).unwrap();
        let back = decode_meta(&old).unwrap();
        assert_eq!(back.guild, 0);
        assert_eq!(back.settings, Settings::default());
        assert!(back.dropped.is_empty());
        assert!(back.seats.iter().all(|s| s.bot.is_none()));
        assert_eq!(
            Meta {
                guild: 77,
                settings: m.settings,
                dropped: vec![1],
                nudged_ms: 5,
                away: vec![0],
                seats: m.seats.clone(),
                ..back
            },
            m
        );
        let archived = ArchiveRecord {
            meta: MetaRecordV1::of(&m),
            outcome: None,
            snapshot: vec![9],
        };
        let old = postcard::to_extend(&archived, vec![BINARY_TAG, 1]).unwrap();
        let back = decode_archive(&old).unwrap();
        assert_eq!(back.meta.game_id, m.game_id);
        assert_eq!(back.meta.guild, 0);
        assert_eq!(back.snapshot, vec![9]);
    }

    #[test]
    fn layout_2_records_decode_with_no_seat_away_and_their_policy_kept() {
        // Layout 2 knew three policies, stored by index: each keeps its meaning (auto
        // now plays the normal bot's move, as the issue asks of it).
        for (policy, index) in [
            (crate::TimeoutPolicy::Auto, 0u8),
            (crate::TimeoutPolicy::Skip, 1),
            (crate::TimeoutPolicy::Drop, 2),
        ] {
            let mut m = meta();
            m.settings.on_timeout = Some(policy);
            let old = postcard::to_extend(&MetaRecordV2::of(&m), vec![BINARY_TAG, 2]).unwrap();
            let tail = postcard::to_allocvec(&MetaRecordV2::of(&m).nudged_ms).unwrap();
            // The policy's byte sits where layout 2 put it: the variant index.
            let at = old.len() - tail.len() - 1 /* dropped [1] */ - 1 /* its length */ - 1;
            assert_eq!(old[at], index, "{policy:?}");
            let back = decode_meta(&old).unwrap();
            assert!(back.away.is_empty());
            assert_eq!(back.settings.on_timeout, Some(policy));
            assert_eq!(
                Meta {
                    away: vec![0],
                    seats: m.seats.clone(),
                    ..back
                },
                m
            );
            let archived = ArchiveRecord {
                meta: MetaRecordV2::of(&m),
                outcome: None,
                snapshot: vec![7],
            };
            let old = postcard::to_extend(&archived, vec![BINARY_TAG, 2]).unwrap();
            let back = decode_archive(&old).unwrap();
            assert_eq!(back.meta.settings.on_timeout, Some(policy));
            assert!(back.meta.away.is_empty());
            assert_eq!(back.snapshot, vec![7]);
        }
        // The new policies round-trip, in binary and JSON.
        for policy in [crate::TimeoutPolicy::Default, crate::TimeoutPolicy::Bot] {
            let mut m = meta();
            m.settings.on_timeout = Some(policy);
            assert_eq!(decode_meta(&encode_meta(&m)).unwrap(), m);
            assert_eq!(decode_meta(&serde_json::to_vec(&m).unwrap()).unwrap(), m);
        }
        // JSON metadata from before `away` existed reads with no seat away.
        let mut json = serde_json::to_value(meta()).unwrap();
        json.as_object_mut().unwrap().remove("away");
        assert!(decode_meta(json.to_string().as_bytes())
            .unwrap()
            .away
            .is_empty());
    }

    #[test]
    fn layout_2_records_decode_as_people_only() {
        let m = meta();
        let old = postcard::to_extend(&MetaRecordV2::of(&m), vec![BINARY_TAG, 2]).unwrap();
        let back = decode_meta(&old).unwrap();
        assert!(back.seats.iter().all(|s| s.bot.is_none()));
        assert_eq!(back.seats[1].name, "Bot Lorenzo (hard)");
        let people = Meta {
            seats: m
                .seats
                .iter()
                .map(|s| SeatedUser::person(s.user, s.name.clone()))
                .collect(),
            away: vec![],
            ..m.clone()
        };
        assert_eq!(back, people);
        let archived = ArchiveRecord {
            meta: MetaRecordV2::of(&m),
            outcome: Some("{\"winners\":[0]}".into()),
            snapshot: vec![7],
        };
        let old = postcard::to_extend(&archived, vec![BINARY_TAG, 2]).unwrap();
        let back = decode_archive(&old).unwrap();
        assert_eq!(back.meta, people);
        // The new layout keeps the bot's level; a count of levels that does not match the
        // seats is refused, not misread.
        let now = decode_meta(&encode_meta(&m)).unwrap();
        assert_eq!(now.seats[1].bot, Some(BotLevel::Hard));
        let mut wrong = MetaRecord::of(&m);
        wrong.bots.pop();
        let bytes = postcard::to_extend(&wrong, vec![BINARY_TAG, RECORD_VERSION]).unwrap();
        assert!(decode_meta(&bytes).unwrap_err().contains("bot levels"));
        // JSON from older builds has no `bot`: people.
        let json = br#"{"user":5,"name":"Ana"}"#;
        let seat: SeatedUser = serde_json::from_slice(json).unwrap();
        assert_eq!(seat, SeatedUser::person(5, "Ana"));
    }

    #[test]
    fn every_record_round_trips_and_is_smaller_than_json() {
        let m = meta();
        let bytes = encode_meta(&m);
        assert!(is_binary(&bytes));
        assert_eq!(decode_meta(&bytes).unwrap(), m);
        assert!(bytes.len() < serde_json::to_vec(&m).unwrap().len());

        let e = LogEntry {
            seat: 2,
            action: json!({"Bid": {"tiles": [1, 2], "price": 0.1}}),
            text: "bid 1 2".into(),
            public: vec!["Ana bid.".into()],
            at: 7,
        };
        assert_eq!(decode_log(&encode_log(&e)).unwrap(), e);

        let snapshot: Vec<u8> = (0..=255).collect();
        let a = ArchiveEntry {
            meta: m,
            outcome: Some(json!({"winners": [0], "note": null})),
            snapshot: snapshot.clone(),
        };
        let bytes = encode_archive(&a);
        assert_eq!(decode_archive(&bytes).unwrap(), a);
        // Raw bytes: one byte per snapshot byte plus a small overhead, not a JSON array.
        assert!(bytes.len() < snapshot.len() + 200, "{}", bytes.len());

        let r = OutboxRow {
            id: 4,
            channel: 9,
            due_ms: 1_700_000_000_000,
            attempts: 2,
            payload: b"post".to_vec(),
        };
        assert_eq!(decode_row(&encode_row(&r)).unwrap(), r);
        assert_eq!(row_address(&encode_row(&r)), Ok((9, 1_700_000_000_000)));
        let new = crate::NewOutbox {
            channel: 9,
            due_ms: 1_700_000_000_000,
            payload: (0..=255).chain(0..=255).collect(),
        };
        let same = OutboxRow {
            attempts: 0,
            payload: new.payload.clone(),
            ..r.clone()
        };
        assert_eq!(encode_new_row(4, &new), encode_row(&same));
        let json = serde_json::to_vec(&r).unwrap();
        assert_eq!(row_address(&json), Ok((9, 1_700_000_000_000)));
        assert!(row_address(&encode_row(&r)[..4]).is_err());
    }

    #[test]
    fn legacy_json_records_still_decode() {
        let m = meta();
        assert_eq!(decode_meta(&serde_json::to_vec(&m).unwrap()).unwrap(), m);
        let a = ArchiveEntry {
            meta: m,
            outcome: None,
            snapshot: vec![1, 2, 3],
        };
        assert_eq!(decode_archive(&serde_json::to_vec(&a).unwrap()).unwrap(), a);
        let e = LogEntry {
            seat: 0,
            action: json!("Pass"),
            text: "pass".into(),
            public: vec![],
            at: 1,
        };
        assert_eq!(decode_log(&serde_json::to_vec(&e).unwrap()).unwrap(), e);
    }

    #[test]
    fn damaged_or_newer_records_are_refused_with_a_reason() {
        let bytes = encode_meta(&meta());
        let err = decode_meta(&bytes[..bytes.len() - 3]).unwrap_err();
        assert!(err.contains("metadata unreadable"), "{err}");
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode_meta(&longer).unwrap_err().contains("stray bytes"));
        let mut newer = bytes;
        newer[1] = RECORD_VERSION + 1;
        assert!(decode_meta(&newer).unwrap_err().contains("newer version"));
        assert!(decode_meta(b"{not json").is_err());
        assert!(decode_meta(&[BINARY_TAG]).is_err());
    }
}
