//! Seat-order helpers shared by every game: clockwise order, "each other player in turn
//! answers once" steps and open auctions that run until one bidder is left.

use crate::engine::Seat;
use serde::{Deserialize, Serialize};

/// The seat clockwise after `seat` at a table of `players`.
pub fn next_seat(seat: Seat, players: usize) -> Seat {
    (seat + 1) % players
}

/// All seats in clockwise order starting with `start`.
pub fn seats_from(start: Seat, players: usize) -> Vec<Seat> {
    (0..players).map(|i| (start + i) % players).collect()
}

/// Every seat but `active`, clockwise starting at its left neighbour.
pub fn others_after(active: Seat, players: usize) -> Vec<Seat> {
    (1..players).map(|i| (active + i) % players).collect()
}

/// A queue of seats that each answer once, in order ("each other player in seat order
/// takes one card", "every other player bids or passes once", "may object").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Responders {
    queue: Vec<Seat>,
    next: usize,
}

impl Responders {
    pub fn new(order: Vec<Seat>) -> Self {
        Responders {
            queue: order,
            next: 0,
        }
    }

    /// The seat whose answer is awaited now, if any is left.
    pub fn current(&self) -> Option<Seat> {
        self.queue.get(self.next).copied()
    }

    /// Records that the current seat answered; returns the next one.
    pub fn advance(&mut self) -> Option<Seat> {
        if self.next < self.queue.len() {
            self.next += 1;
        }
        self.current()
    }

    /// True once everybody answered.
    pub fn is_done(&self) -> bool {
        self.next >= self.queue.len()
    }

    /// Seats still to answer after the current one.
    pub fn waiting(&self) -> &[Seat] {
        let from = (self.next + 1).min(self.queue.len());
        &self.queue[from..]
    }

    /// Everyone in the queue, answered or not, in order.
    pub fn order(&self) -> &[Seat] {
        &self.queue
    }
}

/// An open auction: bidders act in a cycle, each raising or passing (a pass is final),
/// until only the high bidder is left. Amounts are the game's business; this keeps
/// turn order, who is still in and who leads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenAuction {
    /// Bidders still in, in turn order.
    in_play: Vec<Seat>,
    /// Index in `in_play` of the seat to act, or `None` when the auction is over.
    turn: Option<usize>,
    /// The current high bidder.
    leader: Seat,
}

impl OpenAuction {
    /// `opener` leads with the opening bid; `order` is the full cycle of bidders
    /// starting with the opener (clockwise). The seat after the opener acts first.
    pub fn open(order: Vec<Seat>) -> Self {
        let leader = order.first().copied().unwrap_or(0);
        let mut a = OpenAuction {
            in_play: order,
            turn: Some(0),
            leader,
        };
        a.move_on(0);
        a
    }

    /// Whose turn it is to raise or pass; `None` once the auction is decided.
    pub fn current(&self) -> Option<Seat> {
        self.turn.map(|i| self.in_play[i])
    }

    /// The high bidder (the opener until someone raises).
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The seats still in, in turn order.
    pub fn bidders(&self) -> &[Seat] {
        &self.in_play
    }

    /// The winner, once everybody else has passed.
    pub fn winner(&self) -> Option<Seat> {
        if self.turn.is_none() {
            Some(self.leader)
        } else {
            None
        }
    }

    /// The current seat raised and now leads. The game checks the amount first.
    pub fn raise(&mut self) {
        if let Some(i) = self.turn {
            self.leader = self.in_play[i];
            self.move_on(i);
        }
    }

    /// The current seat passed and is out of this auction.
    pub fn pass(&mut self) {
        if let Some(i) = self.turn {
            self.in_play.remove(i);
            // After removal, index i already points at the next seat in the cycle.
            let from = if i == 0 {
                self.in_play.len().saturating_sub(1)
            } else {
                i - 1
            };
            if self.in_play.len() <= 1 {
                self.turn = None;
            } else {
                self.move_on(from);
            }
        }
    }

    /// Gives the turn to the bidder after index `from`; ends the auction when that is
    /// the leader (everyone else has answered and nobody raised over them).
    fn move_on(&mut self, from: usize) {
        if self.in_play.len() <= 1 {
            self.turn = None;
            return;
        }
        let next = (from + 1) % self.in_play.len();
        self.turn = if self.in_play[next] == self.leader {
            None
        } else {
            Some(next)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_helpers() {
        assert_eq!(next_seat(2, 3), 0);
        assert_eq!(seats_from(2, 4), vec![2, 3, 0, 1]);
        assert_eq!(others_after(1, 4), vec![2, 3, 0]);
        assert!(others_after(0, 1).is_empty());
    }

    #[test]
    fn responders_answer_once_in_order() {
        let mut r = Responders::new(vec![2, 0, 1]);
        assert_eq!(r.current(), Some(2));
        assert_eq!(r.waiting(), &[0, 1]);
        assert_eq!(r.advance(), Some(0));
        assert_eq!(r.advance(), Some(1));
        assert!(!r.is_done());
        assert_eq!(r.advance(), None);
        assert!(r.is_done());
        assert_eq!(r.advance(), None);
        assert_eq!(r.order(), &[2, 0, 1]);
    }

    #[test]
    fn everyone_passes_opener_wins() {
        let mut a = OpenAuction::open(vec![1, 2, 0]);
        assert_eq!(a.current(), Some(2));
        a.pass();
        assert_eq!(a.current(), Some(0));
        a.pass();
        assert_eq!(a.current(), None);
        assert_eq!(a.winner(), Some(1));
    }

    #[test]
    fn raises_go_round_until_one_is_left() {
        // Seats 0 (opener), 1, 2, 3.
        let mut a = OpenAuction::open(vec![0, 1, 2, 3]);
        assert_eq!(a.current(), Some(1));
        a.raise(); // 1 leads
        assert_eq!(a.current(), Some(2));
        a.pass(); // 2 out
        assert_eq!(a.current(), Some(3));
        a.raise(); // 3 leads
        assert_eq!(a.current(), Some(0));
        a.pass(); // opener out
        assert_eq!(a.current(), Some(1));
        assert_eq!(a.leader(), 3);
        a.raise(); // 1 leads again
        assert_eq!(a.current(), Some(3));
        a.pass();
        assert_eq!(a.winner(), Some(1));
        assert_eq!(a.bidders(), &[1]);
    }

    #[test]
    fn last_in_cycle_passing_wraps_to_first() {
        let mut a = OpenAuction::open(vec![0, 1, 2]);
        a.raise(); // 1 leads
        a.pass(); // 2 out -> back to 0
        assert_eq!(a.current(), Some(0));
        a.raise(); // 0 leads
        assert_eq!(a.current(), Some(1));
        a.pass();
        assert_eq!(a.winner(), Some(0));
    }
}
