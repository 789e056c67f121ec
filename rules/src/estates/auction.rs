//! The once-around auction's bookkeeping in fixed arrays (at most four other players
//! answer), copied without allocating. Their serde forms are those of the `Vec`-based
//! types they replace, so stored snapshots load and new ones read the same.

use super::data::MAX_PLAYERS;
use crate::engine::Seat;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Most players that answer one auction: everybody but the auctioneer.
pub const MAX_ANSWERS: usize = MAX_PLAYERS - 1;

/// The seats that answer an auction, in order, and how many have answered; serialized
/// like [`crate::seating::Responders`]: `{"queue": [...], "next": n}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AnswerOrder {
    queue: [Seat; MAX_ANSWERS],
    len: u8,
    next: u8,
}

impl AnswerOrder {
    /// Every seat but `active`, clockwise from its left neighbour (at most
    /// [`MAX_ANSWERS`] of them).
    pub fn others_after(active: Seat, players: usize) -> Self {
        let mut order = AnswerOrder::default();
        for (slot, i) in order.queue.iter_mut().zip(1..players) {
            *slot = (active + i) % players;
            order.len += 1;
        }
        order
    }

    /// The seats in answer order.
    pub fn order(&self) -> &[Seat] {
        &self.queue[..usize::from(self.len)]
    }

    /// The seat whose answer is awaited now, if any is left.
    pub fn current(&self) -> Option<Seat> {
        self.order().get(usize::from(self.next)).copied()
    }

    /// Records that the current seat answered.
    pub fn advance(&mut self) {
        if self.next < self.len {
            self.next += 1;
        }
    }

    /// True once everybody answered.
    pub fn is_done(&self) -> bool {
        self.next >= self.len
    }
}

/// The stored form of [`AnswerOrder`] (that of `Responders`).
#[derive(Serialize, Deserialize)]
struct AnswerOrderForm {
    queue: Vec<Seat>,
    next: usize,
}

impl Serialize for AnswerOrder {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Form<'a> {
            queue: &'a [Seat],
            next: u8,
        }
        Form {
            queue: self.order(),
            next: self.next,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for AnswerOrder {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let form = AnswerOrderForm::deserialize(deserializer)?;
        if form.queue.len() > MAX_ANSWERS {
            return Err(D::Error::custom(
                "an auction has at most four answering seats",
            ));
        }
        let mut order = AnswerOrder::default();
        order.queue[..form.queue.len()].copy_from_slice(&form.queue);
        order.len = u8::try_from(form.queue.len()).map_err(D::Error::custom)?;
        order.next = u8::try_from(form.next.min(form.queue.len())).map_err(D::Error::custom)?;
        Ok(order)
    }
}

/// The answers given so far in an auction: (seat, bid or `None` for a pass), in order;
/// serialized as a plain list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bids {
    entries: [(Seat, Option<u32>); MAX_ANSWERS],
    len: u8,
}

impl Bids {
    /// The answers in order.
    pub fn as_slice(&self) -> &[(Seat, Option<u32>)] {
        &self.entries[..usize::from(self.len)]
    }

    /// Records an answer; the rules allow one per answering seat, so a full list ignores
    /// more (which the auction's answer order never asks for).
    pub fn push(&mut self, answer: (Seat, Option<u32>)) {
        if let Some(slot) = self.entries.get_mut(usize::from(self.len)) {
            *slot = answer;
            self.len += 1;
        }
    }
}

impl Serialize for Bids {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for Bids {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let list = Vec::<(Seat, Option<u32>)>::deserialize(deserializer)?;
        if list.len() > MAX_ANSWERS {
            return Err(D::Error::custom("an auction has at most four answers"));
        }
        let mut bids = Bids::default();
        for answer in list {
            bids.push(answer);
        }
        Ok(bids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seating::{others_after, Responders};

    #[test]
    fn answer_order_matches_responders_and_their_json() {
        for players in 2..=MAX_PLAYERS {
            for active in 0..players {
                let mut old = Responders::new(others_after(active, players));
                let mut new = AnswerOrder::others_after(active, players);
                loop {
                    assert_eq!(old.current(), new.current());
                    assert_eq!(old.is_done(), new.is_done());
                    assert_eq!(
                        serde_json::to_value(&old).unwrap(),
                        serde_json::to_value(new).unwrap()
                    );
                    let back: AnswerOrder =
                        serde_json::from_value(serde_json::to_value(&old).unwrap()).unwrap();
                    assert_eq!(back, new);
                    if old.is_done() {
                        break;
                    }
                    old.advance();
                    new.advance();
                }
            }
        }
    }

    #[test]
    fn bids_read_and_write_as_a_list() {
        let mut bids = Bids::default();
        bids.push((2, None));
        bids.push((3, Some(4)));
        let json = serde_json::to_string(&bids).unwrap();
        assert_eq!(json, "[[2,null],[3,4]]");
        assert_eq!(serde_json::from_str::<Bids>(&json).unwrap(), bids);
        assert!(serde_json::from_str::<Bids>("[[0,1],[1,2],[2,3],[3,4],[4,5]]").is_err());
    }
}
