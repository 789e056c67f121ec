//! The nonces of the outbox's posts. A nonce lets Discord drop a post sent twice (a
//! re-send after a crash), so it must stay the same for one outbox row across attempts
//! and restarts, and differ between rows. The rows' ids cannot be it: they come from one
//! sequence shared with every private message, so the gap between two turn messages'
//! ids would show how many DMs went out in between (an Estates stash updates the
//! stasher's hand and nothing else). So each stream of posts — a channel's posts, or a
//! player's DMs about that channel's game — counts its own rows, in a channel note
//! holding the last rows numbered and their numbers: a row keeps its number on every
//! attempt, a new row takes the next one. A channel's nonces then depend only on
//! which posts it was sent, which its members see anyway.

use table::{ChannelId, Table, UserId};

/// The note counting a channel's own posts.
const CHANNEL_STREAM: &str = "nonce:channel";

/// The stream of the channel's posts.
pub(crate) fn channel_stream() -> String {
    CHANNEL_STREAM.to_string()
}

/// The stream of `user`'s DMs (news and live hand) about the channel's game.
pub(crate) fn dm_stream(user: UserId) -> String {
    format!("nonce:dm:{user}")
}

/// Rows whose numbers a stream's note remembers: a row tried again after later rows
/// were sent (a retry after a timeout) still finds its number.
const REMEMBERED: usize = 16;

/// The number of outbox row `row` in `stream` of `channel`: the one it got when first
/// numbered, else the stream's next (noted before the post is tried, so a crash before or
/// after the post gives the same number again). Blocking: the table's store.
pub(crate) fn number(table: &Table, channel: ChannelId, stream: &str, row: u64) -> u64 {
    // The note: (row, number) pairs, 16 bytes each, oldest first.
    let mut known: Vec<(u64, u64)> = table
        .note(channel, stream)
        .unwrap_or_default()
        .chunks_exact(16)
        .map(|pair| {
            let (r, n) = pair.split_at(8);
            let read = |x: &[u8]| u64::from_be_bytes(x.try_into().unwrap_or_default());
            (read(r), read(n))
        })
        .collect();
    if let Some((_, n)) = known.iter().find(|(r, _)| *r == row) {
        return *n;
    }
    let next = known.iter().map(|(_, n)| *n).max().unwrap_or(0) + 1;
    known.push((row, next));
    let skip = known.len().saturating_sub(REMEMBERED);
    let note: Vec<u8> = known[skip..]
        .iter()
        .flat_map(|(r, n)| r.to_be_bytes().into_iter().chain(n.to_be_bytes()))
        .collect();
    table.put_note(channel, stream, &note);
    next
}

/// The nonce of part `part` (`0`, `1`, … or `h`) of the post numbered `n` in `stream` of
/// `channel`: a digest of the three, so that no two channels or streams share one
/// (Discord compares an author's nonces), at most 21 characters (Discord allows 25).
pub(crate) fn nonce(channel: ChannelId, stream: &str, n: u64, part: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let bytes = channel
        .to_le_bytes()
        .into_iter()
        .chain(stream.bytes())
        .chain(std::iter::once(0xff))
        .chain(n.to_le_bytes());
    for byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("cm{hash:016x}.{part}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_are_short_and_differ_by_channel_stream_number_and_part() {
        let a = nonce(1, &channel_stream(), 7, "0");
        assert!(a.len() <= 25, "{a}");
        assert!(nonce(u64::MAX, &dm_stream(u64::MAX), u64::MAX, "h").len() <= 25);
        for other in [
            nonce(2, &channel_stream(), 7, "0"),
            nonce(1, &dm_stream(5), 7, "0"),
            nonce(1, &channel_stream(), 8, "0"),
            nonce(1, &channel_stream(), 7, "1"),
        ] {
            assert_ne!(a, other);
        }
        assert_eq!(a, nonce(1, &channel_stream(), 7, "0"));
    }

    #[test]
    fn a_row_keeps_its_number_and_the_next_row_takes_the_next() {
        let dir = tempfile::tempdir().unwrap();
        let store = std::sync::Arc::new(storage::SledStore::open(dir.path()).unwrap());
        let table = Table::new(store);
        let stream = channel_stream();
        assert_eq!(number(&table, 5, &stream, 900), 1);
        assert_eq!(number(&table, 5, &stream, 900), 1, "a second attempt");
        // Rows far apart in the outbox's sequence are still numbered one after another.
        assert_eq!(number(&table, 5, &stream, 955), 2);
        // A row tried again after later ones were sent keeps its number.
        assert_eq!(number(&table, 5, &stream, 960), 3);
        assert_eq!(number(&table, 5, &stream, 955), 2);
        for row in 1_000..1_100 {
            number(&table, 5, &stream, row);
        }
        assert_eq!(number(&table, 5, &stream, 1_099), 103, "the count goes on");
        assert_eq!(number(&table, 6, &stream, 956), 1, "another channel");
        assert_eq!(number(&table, 5, &dm_stream(3), 957), 1, "another stream");
    }
}
