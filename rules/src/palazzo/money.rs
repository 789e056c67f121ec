//! Paying and bidding: what a set of cards is worth (one currency + certificates +
//! groups of three worth 15), which sets are sensible payments, the best bid of a hand.

use super::data::{Card, Currency, GROUP_VALUE, VALUES};
use super::sets::{Cards, CERT_KIND, KINDS, MAX_COPIES};
use std::sync::OnceLock;

/// Why a set of cards is not an acceptable payment or raise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MixError {
    /// Currency cards of two currencies that do not form groups.
    Mixed,
    /// The bid already uses `0`; this raise adds another currency outside a group.
    WrongCurrency(Currency),
    /// These cards would complete a group only with cards already in the bid.
    GroupSplit(Card),
}

/// The worth of one payment or raise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Worth {
    pub value: u32,
    /// The currency of the loose currency cards, if any (locks the bid).
    pub currency: Option<Currency>,
    /// Groups of three counted at 15.
    pub groups: u32,
}

/// Per-currency, per-value counts and the certificates of a card set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// `money[currency][value - 3]`
    pub money: [[u32; 5]; 3],
    pub certs: u32,
}

impl Counts {
    pub fn of(cards: &[Card]) -> Counts {
        let mut c = Counts::default();
        for card in cards {
            match card {
                Card::Money(cur, v) => {
                    if let Some(slot) =
                        c.money[cur.index()].get_mut(usize::from(v.saturating_sub(3)))
                    {
                        *slot += 1;
                    }
                }
                Card::Cert => c.certs += 1,
            }
        }
        c
    }

    /// The counts of a card set.
    pub fn of_set(cards: Cards) -> Counts {
        Counts {
            money: std::array::from_fn(|c| {
                std::array::from_fn(|vi| cards.money(Currency::ALL[c], vi))
            }),
            certs: cards.certs(),
        }
    }

    fn cert_value(&self) -> (u32, u32) {
        cert_value(self.certs)
    }
}

/// What `certs` certificates are worth together, and how many groups of three they form.
fn cert_value(certs: u32) -> (u32, u32) {
    let groups = certs / 3;
    (groups * GROUP_VALUE + 2 * (certs % 3), groups)
}

/// Values a set of cards played together (one payment, or one raise when the bid so far
/// is locked to `locked`). Groups are formed wherever they can be (a group is always
/// worth more than its cards loose), so the reading is unique.
pub fn worth(cards: &[Card], locked: Option<Currency>) -> Result<Worth, MixError> {
    worth_of(&Counts::of(cards), locked)
}

/// [`worth`] of a card set.
pub fn worth_set(cards: Cards, locked: Option<Currency>) -> Result<Worth, MixError> {
    one_currency_worth(cards, locked).map_or_else(|| worth_of(&Counts::of_set(cards), locked), Ok)
}

/// [`worth_set`] of the commonest payment, loose cards of one currency (and any
/// certificates), read straight from the set: with one currency no group can form, and
/// only that currency reads it. `None` for any other set.
fn one_currency_worth(cards: Cards, locked: Option<Currency>) -> Option<Worth> {
    let field =
        |c: usize| (cards.raw() >> (4 * VALUES.len() * c)) & ((1 << (4 * VALUES.len())) - 1);
    let mut present = (0..3).filter(|&c| field(c) != 0);
    let (c, None) = (present.next()?, present.next()) else {
        return None;
    };
    let x = Currency::ALL[c];
    if locked.is_some_and(|l| l != x) {
        return None;
    }
    let (certs, groups) = cert_value(cards.certs());
    let loose: u32 = (0..VALUES.len())
        .map(|vi| cards.money(x, vi) * u32::from(VALUES[vi]))
        .sum();
    Some(Worth {
        value: certs + loose,
        currency: Some(x),
        groups,
    })
}

fn worth_of(counts: &Counts, locked: Option<Currency>) -> Result<Worth, MixError> {
    let (cert_value, cert_groups) = counts.cert_value();
    let candidates: &[Currency] = match &locked {
        Some(c) => std::slice::from_ref(c),
        None => &Currency::ALL,
    };
    let mut best: Option<Worth> = None;
    for &x in candidates {
        let others = [(x.index() + 1) % 3, (x.index() + 2) % 3];
        let mut ok = true;
        let mut value = cert_value;
        let mut groups = cert_groups;
        let mut loose = 0;
        for (vi, v) in VALUES.iter().enumerate() {
            let a = counts.money[others[0]][vi];
            let b = counts.money[others[1]][vi];
            let own = counts.money[x.index()][vi];
            if a != b || own < a {
                ok = false;
                break;
            }
            groups += a;
            value += a * GROUP_VALUE + (own - a) * u32::from(*v);
            loose += own - a;
        }
        if ok {
            let w = Worth {
                value,
                currency: if loose > 0 { Some(x) } else { None },
                groups,
            };
            let better = match best {
                None => true,
                Some(b) => b.currency.is_none() && w.currency.is_some(),
            };
            if better {
                best = Some(w);
            }
        }
    }
    best.ok_or(match locked {
        Some(c) => MixError::WrongCurrency(c),
        None => MixError::Mixed,
    })
}

/// Explains a refused raise: if the raise holds part of a group whose missing card is
/// already in the bid, the group was split across raises.
pub fn diagnose_raise(raise: &[Card], bid: &[Card], err: MixError) -> MixError {
    let r = Counts::of(raise);
    let b = Counts::of(bid);
    for (vi, v) in VALUES.iter().enumerate() {
        let present: Vec<usize> = (0..3).filter(|&i| r.money[i][vi] > 0).collect();
        if present.len() == 2 {
            if let Some(missing) = (0..3).find(|i| !present.contains(i)) {
                if b.money[missing][vi] > 0 {
                    return MixError::GroupSplit(Card::Money(Currency::ALL[missing], *v));
                }
            }
        }
    }
    if r.certs > 0 && r.certs < 3 && b.certs > 0 && r.certs + b.certs >= 3 && err == MixError::Mixed
    {
        return MixError::GroupSplit(Card::Cert);
    }
    err
}

/// Whether `hand` holds every card of `cards` (as a multiset).
pub fn holds<T: PartialEq>(hand: &[T], cards: &[T]) -> bool {
    if hand.len() > 64 {
        return holds_long(hand, cards);
    }
    // Bit i set: hand[i] is already matched by an earlier card (no copy of the hand).
    let mut used = 0u64;
    cards.iter().all(|c| {
        match (0..hand.len()).find(|&i| used & (1 << i) == 0 && hand.get(i) == Some(c)) {
            Some(i) => {
                used |= 1 << i;
                true
            }
            None => false,
        }
    })
}

/// [`holds`] for hands longer than its bitset.
fn holds_long<T: PartialEq>(hand: &[T], cards: &[T]) -> bool {
    let mut used = vec![false; hand.len()];
    cards.iter().all(
        |c| match (0..hand.len()).find(|&i| !used[i] && hand.get(i) == Some(c)) {
            Some(i) => {
                used[i] = true;
                true
            }
            None => false,
        },
    )
}

/// The cards of `cards` that `hand` cannot supply (as a multiset), in order: what a
/// refusal should name, rather than the whole set typed.
pub fn missing<T: PartialEq + Clone>(hand: &[T], cards: &[T]) -> Vec<T> {
    let mut rest = hand.to_vec();
    cards
        .iter()
        .filter(|c| match rest.iter().position(|h| h == *c) {
            Some(i) => {
                rest.swap_remove(i);
                false
            }
            None => true,
        })
        .cloned()
        .collect()
}

/// The most one bid from `hand` can add when the bid is locked to `locked`:
/// every group, every certificate, and the loose cards of one allowed currency.
pub fn best_addition(hand: &[Card], locked: Option<Currency>) -> u32 {
    best_addition_of(&Counts::of(hand), locked)
}

/// [`best_addition`] of a hand held as a set.
pub fn best_addition_set(hand: Cards, locked: Option<Currency>) -> u32 {
    best_addition_of(&Counts::of_set(hand), locked)
}

fn best_addition_of(counts: &Counts, locked: Option<Currency>) -> u32 {
    let (cert_value, _) = counts.cert_value();
    let candidates: &[Currency] = match &locked {
        Some(c) => std::slice::from_ref(c),
        None => &Currency::ALL,
    };
    candidates
        .iter()
        .map(|x| {
            let mut value = cert_value;
            for (vi, v) in VALUES.iter().enumerate() {
                let g = (0..3).map(|i| counts.money[i][vi]).min().unwrap_or(0);
                value += g * GROUP_VALUE + (counts.money[x.index()][vi] - g) * u32::from(*v);
            }
            value
        })
        .max()
        .unwrap_or(cert_value)
}

/// The best single bid a hand could make (the tie-break).
pub fn best_bid(hand: &[Card]) -> u32 {
    best_addition(hand, None)
}

/// [`best_bid`] of a hand held as a set.
pub fn best_bid_set(hand: Cards) -> u32 {
    best_addition_set(hand, None)
}

/// Sensible ways to pay at least `target` from `hand` (bid locked to `locked`): for each
/// choice of groups, of loose certificates (0–2) and of currency, the loose currency
/// cards with the least overpay (then the fewest cards). Only minimal sets are kept (no
/// card or group could be left out), without duplicates, sorted.
pub fn payments(hand: &[Card], target: u32, locked: Option<Currency>) -> Vec<Vec<Card>> {
    payment_sets(&Counts::of(hand), target, locked)
        .sets()
        .map(Cards::to_vec)
        .collect()
}

/// [`payments`] from the hand's counts, as sort keys: read each with [`set_of_key`].
/// Cheapest first, then the fewest cards, then by the cards.
pub fn payment_sets(counts: &Counts, target: u32, locked: Option<Currency>) -> PaymentKeys {
    let mut found = PaymentKeys::default();
    if target == 0 {
        found.push(payment_key(0, Cards::EMPTY));
        return found;
    }
    let in_table = counts.money.iter().flatten().all(|n| *n <= TABLE_COPIES);
    if !in_table || counts.certs > MAX_COPIES {
        for key in payment_sets_searched(counts, target, locked) {
            found.push(key);
        }
        return found;
    }
    // Group kinds available: currency values 0..5; certificate groups counted apart.
    let avail: [u32; 5] =
        std::array::from_fn(|vi| (0..3).map(|i| counts.money[i][vi]).min().unwrap_or(0));
    let cert_groups = counts.certs / 3;
    let max_groups = target.div_ceil(GROUP_VALUE);
    let currencies: &[Currency] = match &locked {
        Some(c) => std::slice::from_ref(c),
        None => &Currency::ALL,
    };
    let table = cover_table();
    let mut visit = |value_groups: &[u32; 5]| {
        let used: u32 = value_groups.iter().sum();
        // The groups' cards: one of each currency per group, 4 bits per kind.
        let groups_word = value_groups.iter().enumerate().fold(0u64, |w, (vi, n)| {
            w + u64::from(*n) * (GROUP_KINDS << (4 * vi))
        });
        for &x in currencies {
            let code = (0..VALUES.len()).fold(0usize, |w, vi| {
                w | (((counts.money[x.index()][vi] - value_groups[vi]) as usize) << (2 * vi))
            });
            let (Some(sums), Some(row)) = (table.sums.get(code), table.best.get(code)) else {
                continue;
            };
            for certs_grouped in 0..=cert_groups.min(max_groups - used) {
                let n_groups = used + certs_grouped;
                let certs_left = counts.certs - 3 * certs_grouped;
                for c in 0..=certs_left.min(2) {
                    let base = n_groups * GROUP_VALUE + 2 * c;
                    // A loose certificate beyond the target could be left out: neither
                    // this payment nor one with more certificates is minimal.
                    if c > 0 && base >= target.saturating_add(2) {
                        break;
                    }
                    let need = target.saturating_sub(base);
                    // The loose cards: the least sum reaching `need`, then the fewest cards.
                    let at_least = sums.checked_shr(need).unwrap_or(0);
                    if at_least == 0 {
                        continue;
                    }
                    let sum = need + at_least.trailing_zeros();
                    let Some(pick) = row.get(sum as usize).map(|p| u64::from(*p)) else {
                        continue;
                    };
                    let total = base + sum;
                    // Minimal: leaving out the smallest part must fall short.
                    let mut smallest = u32::MAX;
                    if n_groups > 0 {
                        smallest = GROUP_VALUE;
                    }
                    if c > 0 {
                        smallest = 2;
                    }
                    if pick != 0 {
                        let v = VALUES[pick.trailing_zeros() as usize / 4 % VALUES.len()];
                        smallest = smallest.min(u32::from(v));
                    }
                    if smallest != u32::MAX && total - smallest >= target {
                        continue;
                    }
                    let certs = u64::from(3 * certs_grouped + c);
                    let word = groups_word
                        + (pick << (4 * VALUES.len() * x.index()))
                        + (certs << (4 * CERT_KIND));
                    found.push(payment_key(total, Cards::from_raw(word)));
                }
            }
        }
    };
    let mut current = [0u32; 5];
    enumerate_groups(&avail, 0, max_groups, &mut current, &mut visit);
    found.sort_dedup();
    found
}

/// The keys of [`payment_sets`], kept on the stack unless there are many.
pub struct PaymentKeys {
    inline: [u128; INLINE_KEYS],
    len: usize,
    /// All keys once there are more than fit inline.
    spilled: Vec<u128>,
}

const INLINE_KEYS: usize = 40;

impl Default for PaymentKeys {
    fn default() -> Self {
        PaymentKeys {
            inline: [0; INLINE_KEYS],
            len: 0,
            spilled: Vec::new(),
        }
    }
}

impl PaymentKeys {
    fn push(&mut self, key: u128) {
        if !self.spilled.is_empty() {
            self.spilled.push(key);
        } else if let Some(slot) = self.inline.get_mut(self.len) {
            *slot = key;
            self.len += 1;
        } else {
            self.spilled.reserve(2 * INLINE_KEYS);
            self.spilled.extend_from_slice(&self.inline);
            self.spilled.push(key);
        }
    }

    pub fn as_slice(&self) -> &[u128] {
        if self.spilled.is_empty() {
            self.inline.get(..self.len).unwrap_or(&[])
        } else {
            &self.spilled
        }
    }

    pub fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }

    /// The payments, in order.
    pub fn sets(&self) -> impl Iterator<Item = Cards> + '_ {
        self.as_slice().iter().map(|k| set_of_key(*k))
    }

    /// Sorts the keys; equal sets end up side by side, and only one of each is kept.
    fn sort_dedup(&mut self) {
        if !self.spilled.is_empty() {
            self.spilled.sort_unstable();
            self.spilled.dedup();
            return;
        }
        let Some(keys) = self.inline.get_mut(..self.len) else {
            return;
        };
        keys.sort_unstable();
        let mut kept = 0;
        for i in 0..keys.len() {
            if i == 0 || keys[i] != keys[kept - 1] {
                keys[kept] = keys[i];
                kept += 1;
            }
        }
        self.len = kept;
    }
}

/// One card of each currency of value index 0, as [`Cards`] bits.
const GROUP_KINDS: u64 = 1 | (1 << (4 * VALUES.len())) | (1 << (8 * VALUES.len()));

/// [`payment_sets`] for any counts, searching the loose cards (hands the game cannot
/// deal: more than 3 of a currency card or 15 certificates).
fn payment_sets_searched(counts: &Counts, target: u32, locked: Option<Currency>) -> Vec<u128> {
    // Group kinds available: currency values 0..5; certificate groups counted apart.
    let mut avail = [0u32; 5];
    for (vi, slot) in avail.iter_mut().enumerate() {
        *slot = (0..3).map(|i| counts.money[i][vi]).min().unwrap_or(0);
    }
    let cert_groups = counts.certs / 3;
    let max_groups = target.div_ceil(GROUP_VALUE);
    let currencies: &[Currency] = match &locked {
        Some(c) => std::slice::from_ref(c),
        None => &Currency::ALL,
    };
    // Each payment as its sort key: the value is known from its construction (groups
    // at 15, loose certificates at 2, loose cards at face value).
    let mut found: Vec<u128> = Vec::with_capacity(16);
    let mut visit = |value_groups: &[u32; 5]| {
        let used: u32 = value_groups.iter().sum();
        for &x in currencies {
            let mut loose_avail = [0u32; 5];
            for (vi, slot) in loose_avail.iter_mut().enumerate() {
                *slot = counts.money[x.index()][vi] - value_groups[vi];
            }
            let covers = Covers::new(&loose_avail);
            for certs_grouped in 0..=cert_groups.min(max_groups - used) {
                let g: [u32; 6] =
                    std::array::from_fn(|i| value_groups.get(i).copied().unwrap_or(certs_grouped));
                let n_groups = used + certs_grouped;
                let group_value = n_groups * GROUP_VALUE;
                let certs_left = counts.certs - 3 * certs_grouped;
                for c in 0..=certs_left.min(2) {
                    let base = group_value + 2 * c;
                    let need = target.saturating_sub(base);
                    let Some(pick) = covers.cheapest(need) else {
                        continue;
                    };
                    found.extend(minimal_payment(&g, n_groups, x, c, pick, base, target));
                }
            }
        }
    };
    let mut current = [0u32; 5];
    enumerate_groups(&avail, 0, max_groups, &mut current, &mut visit);
    // Equal sets end up side by side, and only one of each is kept.
    found.sort_unstable();
    found.dedup();
    found
}

/// The sort key of a payment worth `total`: by value, then card count, then the cards.
fn payment_key(total: u32, cards: Cards) -> u128 {
    (u128::from(total) << 80) | ((cards.len() as u128) << 64) | u128::from(order_key(cards))
}

/// The payment of a key made by [`payment_sets`].
pub fn set_of_key(key: u128) -> Cards {
    // The low 64 bits are the order key: nibbles reversed, counts complemented.
    Cards::from_raw(!reverse_nibbles(key as u64))
}

fn reverse_nibbles(x: u64) -> u64 {
    let x = x.swap_bytes();
    ((x >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((x & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// A card multiset as a number whose order is the order of the sorted card lists among
/// sets of the same size: per kind, earliest kind in the highest nibble, `15 − count`
/// (more of an earlier card sorts first).
fn order_key(cards: Cards) -> u64 {
    reverse_nibbles(!cards.raw())
}

/// The payment of groups `g` (per value, then certificates), `c` loose certificates and
/// the loose cards `pick` of currency `x`, as its [`payment_key`], unless a
/// part of it could be left out and still reach `target`.
fn minimal_payment(
    g: &[u32; 6],
    n_groups: u32,
    x: Currency,
    c: u32,
    pick: [u32; 5],
    base: u32,
    target: u32,
) -> Option<u128> {
    let loose_sum: u32 = pick.iter().zip(VALUES).map(|(n, v)| n * u32::from(v)).sum();
    let total = base + loose_sum;
    // Minimal: leaving out the smallest part must fall short.
    let mut smallest = u32::MAX;
    if n_groups > 0 {
        smallest = smallest.min(GROUP_VALUE);
    }
    if c > 0 {
        smallest = smallest.min(2);
    }
    for (vi, n) in pick.iter().enumerate() {
        if *n > 0 {
            smallest = smallest.min(u32::from(VALUES[vi]));
        }
    }
    if smallest != u32::MAX && total - smallest >= target {
        return None;
    }
    let mut kinds = [0u32; KINDS];
    for (vi, n) in g.iter().take(VALUES.len()).enumerate() {
        for cur in Currency::ALL {
            kinds[kind_index(cur, vi)] += n;
        }
    }
    for (vi, n) in pick.iter().enumerate() {
        kinds[kind_index(x, vi)] += n;
    }
    kinds[CERT_KIND] += 3 * g[5] + c;
    Some(payment_key(total, Cards::from_counts(&kinds)))
}

fn kind_index(currency: Currency, value_index: usize) -> usize {
    currency.index() * VALUES.len() + value_index
}

/// Calls `visit` with every choice of groups (per value, at most `left` in all).
fn enumerate_groups(
    avail: &[u32; 5],
    kind: usize,
    left: u32,
    current: &mut [u32; 5],
    visit: &mut impl FnMut(&[u32; 5]),
) {
    // A kind with no group available (or no groups left) only takes 0, which `current`
    // already holds there: skip it (the same choices, visited in the same order).
    let mut kind = kind;
    while kind < avail.len() && (left == 0 || avail[kind] == 0) {
        kind += 1;
    }
    if kind == avail.len() {
        visit(current);
        return;
    }
    let max = avail[kind].min(left);
    for n in 0..=max {
        current[kind] = n;
        enumerate_groups(avail, kind + 1, left - n, current, visit);
    }
    current[kind] = 0;
}

/// Copies of one currency card the cover table handles (the game has 3 of each).
const TABLE_COPIES: u32 = 3;
/// Loose-card sums the cover table tracks: at most 3 × (3 + … + 7).
const TABLE_SUMS: usize = 76;

/// For every availability of at most 3 cards per value (base-4 digits, value 3 lowest):
/// the sums the cards can make, and per exact sum the choice [`Covers::cheapest`] makes
/// (the fewest cards, then the first in order of the counts) as 4-bit counts per value,
/// value 3 lowest (the [`Cards`] layout of one currency).
struct CoverTable {
    sums: Vec<u128>,
    best: Vec<[u32; TABLE_SUMS]>,
}

fn cover_table() -> &'static CoverTable {
    static TABLE: OnceLock<CoverTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let codes = 4usize.pow(VALUES.len() as u32);
        let mut sums = Vec::with_capacity(codes);
        let mut best = Vec::with_capacity(codes);
        for code in 0..codes {
            let avail: [u32; 5] = std::array::from_fn(|i| ((code >> (2 * i)) & 3) as u32);
            sums.push(Covers::new(&avail).sums);
            let mut fewest = [u32::MAX; TABLE_SUMS];
            let mut choice = [0u32; TABLE_SUMS];
            // Every pick in order of the counts (fewest 3s first, then fewest 4s…): the
            // first pick of the fewest cards for a sum is kept.
            let mut pick = [0u32; 5];
            loop {
                let sum: u32 = pick.iter().zip(VALUES).map(|(n, v)| n * u32::from(v)).sum();
                let count: u32 = pick.iter().sum();
                if let (Some(f), Some(ch)) =
                    (fewest.get_mut(sum as usize), choice.get_mut(sum as usize))
                {
                    if count < *f {
                        *f = count;
                        *ch = pick
                            .iter()
                            .enumerate()
                            .fold(0, |w, (i, n)| w | (n << (4 * i)));
                    }
                }
                // The next pick: count up the last value first.
                let Some(i) = (0..5).rev().find(|&i| pick[i] < avail[i]) else {
                    break;
                };
                pick[i] += 1;
                pick[i + 1..].fill(0);
            }
            best.push(choice);
        }
        CoverTable { sums, best }
    })
}

/// The loose cards of one currency (counts per value 3..7) a payment may add, with the
/// sums they can make; [`Covers::cheapest`] picks the cards for a missing amount.
struct Covers {
    avail: [u32; 5],
    /// Bit `s`: sum `s` can be made (sums of 128 or more are not tracked; at most
    /// 3 × (3 + … + 7) = 75 occur).
    sums: u128,
    /// Per value index, the most the cards of that value and the larger ones add up to.
    rest: [u32; 6],
}

impl Covers {
    fn new(avail: &[u32; 5]) -> Covers {
        let mut sums = 1u128;
        for (n, v) in avail.iter().zip(VALUES) {
            let (mut add, mut next) = (sums, sums);
            for _ in 0..*n {
                add = add.checked_shl(u32::from(v)).unwrap_or(0);
                next |= add;
            }
            sums = next;
        }
        let mut rest = [0u32; 6];
        for k in (0..5).rev() {
            rest[k] = rest[k + 1] + avail[k] * u32::from(VALUES[k]);
        }
        Covers {
            avail: *avail,
            sums,
            rest,
        }
    }

    /// Counts per value (3..7) of the loose cards whose sum is at least `need` with the
    /// least overpay, then the fewest cards, then the first in order of the counts
    /// (fewest 3s, then fewest 4s…); `None` if unreachable.
    fn cheapest(&self, need: u32) -> Option<[u32; 5]> {
        let at_least = self.sums.checked_shr(need).unwrap_or(0);
        if at_least == 0 {
            return None;
        }
        let target = need + at_least.trailing_zeros();
        let mut best: Option<(u32, [u32; 5])> = None;
        let mut pick = [0u32; 5];
        self.exact(target, 0, 0, 0, &mut pick, &mut best);
        best.map(|(_, p)| p)
    }

    /// Depth-first in order of the counts: the fewest cards making exactly `target`.
    fn exact(
        &self,
        target: u32,
        kind: usize,
        sum: u32,
        count: u32,
        pick: &mut [u32; 5],
        best: &mut Option<(u32, [u32; 5])>,
    ) {
        if sum == target {
            if best.is_none_or(|(n, _)| count < n) {
                *best = Some((count, *pick));
            }
            return;
        }
        if kind == 5 || sum + self.rest[kind] < target || best.is_some_and(|(n, _)| count + 1 >= n)
        {
            return;
        }
        let v = u32::from(VALUES[kind]);
        for n in 0..=self.avail[kind] {
            let s = sum + n * v;
            if s > target {
                break;
            }
            pick[kind] = n;
            self.exact(target, kind + 1, s, count + n, pick, best);
        }
        pick[kind] = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        let mut v: Vec<Card> = text
            .split_whitespace()
            .map(|t| Card::parse(t).unwrap())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn groups_and_currencies() {
        assert_eq!(worth(&cards("R4 G4 B4"), None).unwrap().value, 15);
        assert_eq!(worth(&cards("R4 G4 B4"), None).unwrap().currency, None);
        assert_eq!(worth(&cards("C2 C2 C2"), None).unwrap().value, 15);
        assert_eq!(worth(&cards("C2 C2"), None).unwrap().value, 4);
        assert_eq!(
            worth(&cards("G6 C2"), None).unwrap().currency,
            Some(Currency::Green)
        );
        assert_eq!(worth(&cards("R4 G4 B4 G4"), None).unwrap().value, 19);
        assert_eq!(worth(&cards("G4 G4 G4"), None).unwrap().value, 12);
        assert_eq!(worth(&cards("R5 G5"), None), Err(MixError::Mixed));
        assert_eq!(
            worth(&cards("R5"), Some(Currency::Green)),
            Err(MixError::WrongCurrency(Currency::Green))
        );
        assert_eq!(
            worth(&cards("R5 G5 B5 C2"), Some(Currency::Green))
                .unwrap()
                .value,
            17
        );
    }

    #[test]
    fn payments_are_minimal() {
        let hand = cards("R4 G4 B4 G6 C2 C2 C2 G3");
        let ps = payments(&hand, 8, None);
        assert!(ps.contains(&cards("G3 G6")));
        assert!(ps.contains(&cards("C2 C2 G4")));
        assert!(ps.contains(&cards("C2 G6")));
        assert!(ps.contains(&cards("R4 G4 B4")));
        assert!(!ps.contains(&cards("C2 C2 G6")), "{ps:?}");
        for p in &ps {
            assert!(worth(p, None).unwrap().value >= 8);
            assert!(holds(&hand, p));
        }
        assert!(payments(&cards("R3"), 4, None).is_empty());
        assert_eq!(best_bid(&hand), 15 + 15 + 6 + 3);
    }
    #[test]
    fn payments_come_cheapest_first_and_are_valued_as_worth_reads_them() {
        let hand = cards("R4 G4 B4 R5 G5 B5 G6 G6 G7 C2 C2 C2 C2 G3 R3");
        for target in 1..=40 {
            for locked in [None, Some(Currency::Green), Some(Currency::Red)] {
                let ps = payments(&hand, target, locked);
                let keys: Vec<(u32, usize)> = ps
                    .iter()
                    .map(|p| (worth(p, locked).unwrap().value, p.len()))
                    .collect();
                let mut sorted = keys.clone();
                sorted.sort();
                assert_eq!(keys, sorted, "target {target}, {locked:?}");
                let mut by_cards = ps.clone();
                by_cards.sort_by_key(|p| (worth(p, locked).unwrap().value, p.len(), p.clone()));
                assert_eq!(by_cards, ps, "ties are ordered by the cards");
                assert!(keys.iter().all(|(v, _)| *v >= target));
                let mut unique = ps.clone();
                unique.dedup();
                assert_eq!(unique.len(), ps.len(), "no duplicates");
            }
        }
    }
    #[test]
    fn the_cover_table_lists_what_the_search_lists() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut deck = super::super::data::money_deck();
        for round in 0..600 {
            deck.shuffle(&mut rng);
            let hand = &deck[..round % 24];
            let counts = Counts::of(hand);
            for target in 1..=50 {
                for locked in [None, Some(Currency::Red), Some(Currency::Blue)] {
                    assert_eq!(
                        payment_sets(&counts, target, locked).as_slice(),
                        payment_sets_searched(&counts, target, locked),
                        "{hand:?} {target} {locked:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_set_is_valued_as_its_counts_are_and_never_above_the_hands_best_bid() {
        use rand::seq::SliceRandom;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut deck = super::super::data::money_deck();
        let (mut one_currency, mut paid) = (0, 0);
        for round in 0..3_000 {
            deck.shuffle(&mut rng);
            let hand = &deck[..round % 25];
            // Half the payments keep one currency (and the certificates): the commonest.
            let keep = Currency::ALL[round % 3];
            let pay: Vec<Card> = hand
                .iter()
                .filter(|c| round % 2 == 0 || !matches!(c, Card::Money(x, _) if *x != keep))
                .take(rng.gen_range(0..=hand.len()))
                .copied()
                .collect();
            let set = Cards::try_from_slice(&pay).expect("game cards");
            one_currency += usize::from(one_currency_worth(set, None).is_some());
            for locked in [
                None,
                Some(Currency::Red),
                Some(Currency::Green),
                Some(Currency::Blue),
            ] {
                assert_eq!(
                    worth_set(set, locked),
                    worth_of(&Counts::of(&pay), locked),
                    "{pay:?} {locked:?}"
                );
            }
            if let Ok(w) = worth_set(set, None) {
                paid += 1;
                let hand = Cards::try_from_slice(hand).expect("game cards");
                assert!(best_bid_set(hand) >= w.value, "{hand:?} {pay:?}");
            }
        }
        assert!(
            one_currency > 1_000 && paid > 1_500,
            "{one_currency} {paid}"
        );
    }

    #[test]
    fn cheapest_cover_is_the_least_overpay_then_fewest_then_first_in_order() {
        // Every availability of up to 3 cards per value, every need: compare with the
        // plain definition over all picks.
        for code in 0..4u32.pow(5) {
            let avail: [u32; 5] = std::array::from_fn(|i| (code / 4u32.pow(i as u32)) % 4);
            let mut picks: Vec<(u32, u32, [u32; 5])> = Vec::new();
            for p in 0..4u32.pow(5) {
                let pick: [u32; 5] = std::array::from_fn(|i| (p / 4u32.pow(i as u32)) % 4);
                if pick.iter().zip(&avail).all(|(n, a)| n <= a) {
                    let sum = pick.iter().zip(VALUES).map(|(n, v)| n * u32::from(v)).sum();
                    picks.push((sum, pick.iter().sum(), pick));
                }
            }
            let table = Covers::new(&avail);
            let code = avail
                .iter()
                .enumerate()
                .fold(0, |w, (i, n)| w | ((*n as usize) << (2 * i)));
            let sums = cover_table().sums[code];
            assert_eq!(sums, table.sums);
            for need in 0..80 {
                // The table's choice for the least reachable sum.
                let from_table = (sums.checked_shr(need).unwrap_or(0) != 0).then(|| {
                    let sum = need + (sums >> need).trailing_zeros();
                    let p = cover_table().best[code][sum as usize];
                    std::array::from_fn(|i| ((p >> (4 * i)) & 0xF) as u32)
                });
                assert_eq!(from_table, table.cheapest(need), "{avail:?} {need}");
                let want = picks
                    .iter()
                    .filter(|(s, _, _)| *s >= need)
                    .min()
                    .map(|(_, _, p)| *p);
                assert_eq!(table.cheapest(need), want, "{avail:?} {need}");
            }
        }
    }
}
