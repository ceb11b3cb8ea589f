//! The solver's transposition table: bounds on the value still to be gained from a trick
//! boundary, keyed on the position.
//!
//! A key has an exact part (each player's suit lengths, the leader, the trump and the rule and
//! goal state; in exact mode also the set of cards left) and a pattern part: for each suit, who
//! holds each remaining card, two bits per card from the top card down (one 32-bit lane per
//! suit of a `u128`). An entry keeps the pattern only for the top `k` cards of each suit, the
//! cards whose ranks mattered in the search below it (partition search): any position with the
//! same exact part and the same holders of those top cards has the same bounds. In exact mode
//! `k` is the whole suit.
//!
//! One exact part has many entries (positions that differ in which cards are where), so the
//! table is two-level: an open-addressing index of exact parts, each owning a chain of blocks of
//! entries (up to [`MAX_BLOCKS`] blocks, then overwritten in turn). When the index or the block
//! arena is full the whole table starts over (cheaply: a new generation). A probe reads its
//! chain whole, so chains are kept short: an entry whose top cards all mattered (`k` at least 1
//! in every suit left, most entries under the avoidance goals) is chained under its exact part
//! together with the holders of those top cards, the others under the exact part alone, and a
//! probe looks in the chain of the position's own top holders and in the exact part's. Decision,
//! measured: chains of one Schoppen Mie solve had 66 entries on average and their reading was
//! half its time; split so, Rikken's 100-deal bench went from a mean of 823 ms to 465 ms (the
//! slowest deal from 30.8 to 12.3 s, in 30 million nodes instead of 42: each chain keeps more),
//! with bridge unchanged.
//!
//! Without partition search (games whose follow rules or card points rule it out) every key
//! stands for one position, and a chain of blocks would hold a single entry in a block of eight:
//! the table would fill eight times too soon and, starting over, lose everything in the middle
//! of a long search. Such positions go to a plain table of buckets of [`EXACT_BUCKET`] entries
//! instead (an entry: the position's 64-bit signature and its bounds; a bucket: one cache line),
//! where a new position replaces the one with the fewest tricks left (the cheapest to search
//! again). A search uses only the first buckets of that table at first and doubles the
//! part in use when it is half full (moving the entries whose bucket changes, as in linear
//! hashing), so small searches stay in the cache and big ones get the whole table. Each part is
//! allocated on first use and grows as it is used (blocks as they are handed out, the exact
//! table as its part in use doubles), so a solver pays in memory and time for what its searches
//! fill, not for the size it may reach: a phone's small searches touch a few megabytes, not
//! the hundred a full table holds, and a solver's first search does not spend twenty
//! milliseconds writing empty entries.

/// Entries per block.
const BLOCK: usize = 8;
/// Blocks one exact part may own.
const MAX_BLOCKS: u16 = 64;
/// Entries of a bucket of the exact table.
const EXACT_BUCKET: usize = 4;
/// Buckets of the exact table in use at the start of a search (under a megabyte, so that a small
/// search stays in the processor's cache); the part in use doubles as it fills.
const EXACT_FIRST_BUCKETS: usize = 1 << 12;

/// Slots of the index at first (160 KiB); it doubles as it fills.
const FIRST_SLOTS: usize = 1 << 12;

/// Entries of the cutoff table (a power of two: 512 KiB).
const CUTOFF_ENTRIES: usize = 1 << 16;

/// The start of a hash: the fractional digits of pi.
const HASH_SEED: u64 = 0x243F_6A88_85A3_08D3;

/// One round of the table hashes: a part folded into the state by a multiply-xorshift step, a
/// bijection of the state for each part, so that every bit of every part reaches every bit of
/// the hash (the buckets and slots are chosen by its low bits: a plain product's low bits see
/// only the low bits of a card set, the clubs).
#[inline(always)]
fn mix_round(state: u64, part: u64) -> u64 {
    let state = (state ^ part).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    state ^ (state >> 32)
}

/// The end of a hash: SplitMix64's finaliser.
#[inline(always)]
fn finish(state: u64) -> u64 {
    let h = (state ^ (state >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

/// The exact part of a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Key {
    /// 4 bits per (player, suit): `lengths >> (16 * player + 4 * suit) & 15`.
    pub lengths: u64,
    /// The cards left (exact mode), else 0.
    pub cards: u64,
    /// Leader, trump, rule and goal state.
    pub extra: u64,
}

impl Key {
    fn hash(&self) -> u64 {
        let h = mix_round(mix_round(mix_round(HASH_SEED, self.lengths), self.cards), self.extra);
        finish(h)
    }

    /// The hash of the key with the hands of players 1 to 3 (the exact table): its signature.
    fn hash_with(&self, hands: &[u64; 3]) -> u64 {
        let mut h = mix_round(mix_round(HASH_SEED, self.cards), self.extra);
        for &hand in hands {
            h = mix_round(h, hand);
        }
        finish(h)
    }
}

/// The mask of one suit's lane for its top `k` cards, by `k`.
const LANE_MASKS: [u64; 16] = {
    let mut masks = [0u64; 16];
    let mut k = 0;
    while k < 16 {
        masks[k] = (1u64 << (2 * k)) - 1;
        k += 1;
    }
    masks
};

/// A chain entry: the pattern of its top cards and its bounds. The pattern is kept as two
/// halves (two suits each) and its mask is made again from `kmask` when compared, so that an
/// entry takes 24 bytes, not 48: a probe walks a whole chain, tens of entries under the
/// avoidance goals (66 on average in one Schoppen Mie solve), and reading them was half of
/// such a solve's time. Decision, measured (nodes unchanged): Rikken's 100-deal bench, mean
/// 918 -> 823 ms and slowest 38.7 -> 30.8 s; Tachtigen and bridge unchanged. A byte of
/// top-card holders per entry, to pass over entries unread, gained nothing more; blocks of 32
/// entries emptied the table too often.
#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The pattern, already masked: the lanes of suits 0 and 1, then of suits 2 and 3.
    pattern: [u64; 2],
    kmask: u16,
    lo: i16,
    hi: i16,
    best: u8,
}

impl Entry {
    /// Whether a position of this `pattern` (the halves of [`Entry::pattern`], unmasked) is
    /// one this entry stands for.
    #[inline(always)]
    fn covers(&self, pattern: [u64; 2]) -> bool {
        masked(pattern, self.kmask) == self.pattern
    }
}

/// A pattern (the halves of [`Entry::pattern`]) kept to the top cards of each suit a kmask names.
#[inline(always)]
fn masked(pattern: [u64; 2], kmask: u16) -> [u64; 2] {
    let lane = |suit: u16| LANE_MASKS[usize::from((kmask >> (4 * suit)) & 15)];
    [pattern[0] & (lane(0) | lane(1) << 32), pattern[1] & (lane(2) | lane(3) << 32)]
}

/// The suits with cards left in a key, a bit per suit.
#[inline(always)]
fn suits_left(key: &Key) -> u8 {
    let lengths = key.lengths;
    let any = lengths | lengths >> 16 | lengths >> 32 | lengths >> 48;
    (0..4).filter(|suit| (any >> (4 * suit)) & 15 != 0).fold(0, |suits, suit| suits | 1 << suit)
}

/// Whether an entry of this kmask fixes the holder of every suit's top card (the top card of
/// each of the `suits` left mattered): such an entry is chained under [`pinned_key`].
#[inline(always)]
fn pins_every_top(suits: u8, kmask: u16) -> bool {
    (0..4).all(|suit| suits & (1 << suit) == 0 || (kmask >> (4 * suit)) & 15 != 0)
}

/// The key of the chain of entries that fix every suit's top card, for positions whose top
/// cards have these holders (two bits per suit of the `suits` left, read from the pattern's
/// halves): the exact part with the holders in its card set, which is empty in every other key
/// of this table, and its top bit set.
#[inline(always)]
fn pinned_key(key: &Key, suits: u8, pattern: [u64; 2]) -> Key {
    let holder = |suit: usize| (pattern[suit / 2] >> (32 * (suit % 2))) & 3;
    let tops = (0..4).filter(|suit| suits & (1 << suit) != 0).fold(0, |tops, suit| tops | holder(suit) << (2 * suit));
    Key { cards: 1 << 63 | tops, ..*key }
}

/// A holder pattern as the halves of [`Entry::pattern`].
#[inline(always)]
fn halves(pattern: u128) -> [u64; 2] {
    [pattern as u64, (pattern >> 64) as u64]
}

const EMPTY_ENTRY: Entry = Entry { pattern: [0; 2], kmask: 0, lo: i16::MIN, hi: i16::MAX, best: u8::MAX };
const _: () = assert!(size_of::<Entry>() == 24, "a chain entry stays small: probes read whole chains");

#[derive(Clone, Copy, Debug)]
struct Block {
    entries: [Entry; BLOCK],
    len: u8,
    /// The next block of the chain (`u32::MAX`: none).
    next: u32,
}

const EMPTY_BLOCK: Block = Block { entries: [EMPTY_ENTRY; BLOCK], len: 0, next: u32::MAX };

#[derive(Clone, Copy, Debug)]
struct Slot {
    key: Key,
    generation: u32,
    head: u32,
    tail: u32,
    blocks: u16,
    /// Where the next overwrite goes once the chain is full (entry index in the chain).
    cursor: u16,
}

const EMPTY_SLOT: Slot =
    Slot { key: Key { lengths: 0, cards: 0, extra: 0 }, generation: 0, head: 0, tail: 0, blocks: 0, cursor: 0 };

/// One position of the exact table: a 64-bit signature of the position (the hash of the cards
/// left, the rule state and the hands of players 1 to 3, whose low bits also name its bucket),
/// and the bounds. Decision: a signature, not the position itself (40 bytes), so that an entry
/// takes 16 bytes and a bucket one cache line: the first read of a bucket was a fifth of a
/// points contract's solve, nearly all of it waiting for memory. A false match needs the
/// signature's bits above the bucket's (46 or more) to agree by chance: about once in 10^13
/// probes, where a search makes millions.
#[derive(Clone, Copy, Debug)]
struct ExactEntry {
    signature: u64,
    lo: i16,
    hi: i16,
    best: u8,
    /// Tricks left from the position: what searching it again would cost.
    left: u8,
    generation: u16,
}

impl ExactEntry {
    /// Whether the entry is of this generation and stands for the position.
    #[inline(always)]
    fn holds(&self, generation: u16, signature: u64) -> bool {
        self.signature == signature && self.generation == generation
    }
}

const EMPTY_EXACT: ExactEntry =
    ExactEntry { signature: 0, lo: i16::MIN, hi: i16::MAX, best: u8::MAX, left: 0, generation: 0 };

/// A bucket of the exact table: one cache line.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
struct ExactBucket {
    entries: [ExactEntry; EXACT_BUCKET],
}

const EMPTY_BUCKET: ExactBucket = ExactBucket { entries: [EMPTY_EXACT; EXACT_BUCKET] };

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Probe {
    /// A stored bound decides the question: the bound (fail-soft) and the entry's `kmask`
    /// (its relevant top cards).
    Cut(i32, u16),
    /// No decision; the best move stored for the position, if any.
    Open(Option<u8>),
}

/// The table.
#[derive(Clone, Debug)]
pub(crate) struct Tt {
    /// The size asked for, in entries: each part is allocated to it on first use.
    entries: usize,
    slots: Vec<Slot>,
    /// The most slots the index may grow to (a power of two).
    slots_limit: usize,
    slot_mask: usize,
    slots_used: usize,
    /// The blocks handed out so far (in this generation or an earlier one): the arena grows up
    /// to `blocks_limit`.
    blocks: Vec<Block>,
    blocks_limit: usize,
    blocks_used: usize,
    generation: u32,
    exact: Vec<ExactBucket>,
    exact_generation: u16,
    /// Buckets of the exact table in use (a power of two).
    exact_buckets: usize,
    /// The most buckets the exact table may grow to (a power of two).
    exact_limit: usize,
    /// Entries of this generation in the buckets in use.
    exact_filled: usize,
    /// Move-ordering hints for every node, trick boundaries or not: the move that last cut
    /// off in a node of this hash, as `hash >> 32 << 32 | generation << 8 | move` (a hint only,
    /// so a collision costs time, never a wrong value).
    cutoffs: Vec<u64>,
    cutoff_generation: u16,
}

impl Tt {
    /// A table of about `entries` entries.
    pub fn new(entries: usize) -> Tt {
        Tt {
            entries,
            slots: Vec::new(),
            slots_limit: 0,
            slot_mask: 0,
            slots_used: 0,
            blocks: Vec::new(),
            blocks_limit: 0,
            blocks_used: 0,
            generation: 1,
            exact: Vec::new(),
            exact_generation: 1,
            exact_buckets: 0,
            exact_limit: 0,
            exact_filled: 0,
            cutoffs: Vec::new(),
            cutoff_generation: 1,
        }
    }

    /// What a cutoff entry of this hash and generation holds beside its move.
    #[inline(always)]
    fn cutoff_tag(&self, hash: u64) -> u64 {
        (hash >> 32 << 32) | u64::from(self.cutoff_generation) << 8
    }

    /// The move that last cut off in a node of this hash, if any.
    #[inline]
    pub fn cutoff(&self, hash: u64) -> Option<u8> {
        let entry = *self.cutoffs.get(hash as usize & (CUTOFF_ENTRIES - 1))?;
        (entry & !0xFF == self.cutoff_tag(hash)).then_some(entry as u8)
    }

    /// Remembers the move that cut off in a node of this hash.
    #[inline]
    pub fn set_cutoff(&mut self, hash: u64, mv: u8) {
        if self.cutoffs.is_empty() {
            self.cutoffs = vec![0; CUTOFF_ENTRIES];
        }
        let tag = self.cutoff_tag(hash);
        self.cutoffs[hash as usize & (CUTOFF_ENTRIES - 1)] = tag | u64::from(mv);
    }

    /// Allocates the index and blocks of partition search.
    fn allocate_blocks(&mut self) {
        let blocks = (self.entries / BLOCK).max(4);
        self.slots_limit = (blocks / 2).max(4).next_power_of_two();
        let slots = FIRST_SLOTS.min(self.slots_limit);
        self.slots = vec![EMPTY_SLOT; slots];
        self.slot_mask = slots - 1;
        // Reserved, not written: the system maps the pages as blocks are handed out, and the
        // arena never moves.
        self.blocks = Vec::with_capacity(blocks);
        self.blocks_limit = blocks;
        self.slots_used = 0;
        self.blocks_used = 0;
    }

    /// Bytes the table holds.
    pub fn bytes(&self) -> usize {
        self.slots.len() * size_of::<Slot>()
            + self.blocks.len() * size_of::<Block>()
            + self.exact.len() * size_of::<ExactBucket>()
            + self.cutoffs.len() * size_of::<u64>()
    }

    /// Forgets every entry (cheaply: a new generation).
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(EMPTY_SLOT);
            self.generation = 1;
        }
        self.slots_used = 0;
        self.blocks_used = 0;
        self.exact_generation = self.exact_generation.wrapping_add(1);
        if self.exact_generation == 0 {
            self.exact.fill(EMPTY_BUCKET);
            self.exact_generation = 1;
        }
        self.restart_exact_use();
        self.cutoff_generation = self.cutoff_generation.wrapping_add(1);
        if self.cutoff_generation == 0 {
            self.cutoffs.fill(0);
            self.cutoff_generation = 1;
        }
    }

    /// Back to the first buckets of the exact table (nothing of the generation in use).
    fn restart_exact_use(&mut self) {
        self.exact_buckets = EXACT_FIRST_BUCKETS.min(self.exact.len());
        self.exact_filled = 0;
    }

    /// The bucket of the exact table for a position's signature (allocated on first use).
    #[inline]
    fn exact_bucket(&self, signature: u64) -> usize {
        signature as usize & (self.exact_buckets - 1)
    }

    /// Doubles the buckets of the exact table in use: each entry stays in its bucket or moves
    /// to the same bucket of the new half, which holds nothing of this generation.
    fn grow_exact(&mut self) {
        let old = self.exact_buckets;
        if self.exact.len() < 2 * old {
            self.exact.resize(2 * old, EMPTY_BUCKET);
        }
        let mask = 2 * old - 1;
        let stale = self.exact_generation.wrapping_sub(1);
        for bucket in 0..old {
            let mut moved = 0;
            for index in 0..EXACT_BUCKET {
                let entry = self.exact[bucket].entries[index];
                if entry.generation != self.exact_generation {
                    continue;
                }
                if entry.signature as usize & mask != bucket {
                    self.exact[bucket + old].entries[moved] = entry;
                    self.exact[bucket].entries[index].generation = stale;
                    moved += 1;
                }
            }
            for entry in &mut self.exact[bucket + old].entries[moved..] {
                entry.generation = stale;
            }
        }
        self.exact_buckets = 2 * old;
    }

    /// [`Tt::probe`] for a position of a search without partition: the key (its cards the cards
    /// left) and the hands of players 1 to 3.
    #[inline]
    pub fn probe_exact(&self, key: &Key, hands: &[u64; 3], alpha: i32, beta: i32) -> Probe {
        if self.exact.is_empty() {
            return Probe::Open(None);
        }
        let signature = key.hash_with(hands);
        for entry in &self.exact[self.exact_bucket(signature)].entries {
            if entry.holds(self.exact_generation, signature) {
                if let Some(value) = settles(entry.lo, entry.hi, alpha, beta) {
                    return Probe::Cut(value, 0);
                }
                return Probe::Open((entry.best != u8::MAX).then_some(entry.best));
            }
        }
        Probe::Open(None)
    }

    /// [`Tt::store`] for a position of a search without partition, `left` tricks from the end.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store_exact(
        &mut self,
        key: &Key,
        hands: &[u64; 3],
        left: i32,
        alpha: i32,
        beta: i32,
        value: i32,
        best: Option<u8>,
    ) {
        if self.exact.is_empty() {
            self.exact_limit = (self.entries / EXACT_BUCKET).max(1).next_power_of_two();
            self.exact = Vec::with_capacity(self.exact_limit);
            self.exact.resize(EXACT_FIRST_BUCKETS.min(self.exact_limit), EMPTY_BUCKET);
            self.restart_exact_use();
        }
        let (lower, upper) = (value > alpha, value < beta);
        let generation = self.exact_generation;
        let signature = key.hash_with(hands);
        let index = self.exact_bucket(signature);
        let bucket = &mut self.exact[index].entries;
        let slot = match bucket.iter().position(|entry| entry.holds(generation, signature)) {
            Some(index) => index,
            None => {
                // A free entry, else the one with the fewest tricks left.
                let free = bucket.iter().position(|entry| entry.generation != generation);
                self.exact_filled += usize::from(free.is_some());
                let index =
                    free.unwrap_or_else(|| (0..EXACT_BUCKET).min_by_key(|&index| bucket[index].left).unwrap_or(0));
                bucket[index] = ExactEntry { signature, left: left.clamp(0, 255) as u8, generation, ..EMPTY_EXACT };
                index
            }
        };
        let entry = &mut bucket[slot];
        tighten(&mut entry.lo, &mut entry.hi, lower, upper, value);
        if let Some(best) = best {
            entry.best = best;
        }
        if 2 * self.exact_filled > self.exact_buckets * EXACT_BUCKET && 2 * self.exact_buckets <= self.exact_limit {
            self.grow_exact();
        }
    }

    /// The slot of `key`, if present.
    #[inline]
    fn find(&self, key: &Key) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mut index = key.hash() as usize & self.slot_mask;
        loop {
            let slot = &self.slots[index];
            if slot.generation != self.generation {
                return None;
            }
            if slot.key == *key {
                return Some(index);
            }
            index = (index + 1) & self.slot_mask;
        }
    }

    /// Looks up bounds that settle a search in the window `alpha..beta` (exclusive): a lower
    /// bound of at least `beta`, an upper bound of at most `alpha`, or an exact value.
    #[inline]
    pub fn probe(&self, key: &Key, pattern: u128, alpha: i32, beta: i32) -> Probe {
        let pattern = halves(pattern);
        let pinned = pinned_key(key, suits_left(key), pattern);
        let mut best = None;
        // An entry that could stand for this position is in one of two chains (module docs).
        for key in [&pinned, key] {
            match self.probe_chain(key, pattern, alpha, beta) {
                Probe::Cut(value, kmask) => return Probe::Cut(value, kmask),
                Probe::Open(found) => best = best.or(found),
            }
        }
        Probe::Open(best)
    }

    /// [`Tt::probe`] in the chain of one key.
    fn probe_chain(&self, key: &Key, pattern: [u64; 2], alpha: i32, beta: i32) -> Probe {
        let Some(index) = self.find(key) else { return Probe::Open(None) };
        let mut best = None;
        let mut block = self.slots[index].head;
        while block != u32::MAX {
            let b = &self.blocks[block as usize];
            for entry in &b.entries[..b.len as usize] {
                if !entry.covers(pattern) {
                    continue;
                }
                if let Some(value) = settles(entry.lo, entry.hi, alpha, beta) {
                    return Probe::Cut(value, entry.kmask);
                }
                if entry.best != u8::MAX {
                    best = Some(entry.best);
                }
            }
            block = b.next;
        }
        Probe::Open(best)
    }

    /// Doubles the index, moving the exact parts of this generation (their blocks stay put).
    fn grow_slots(&mut self) {
        let doubled = vec![EMPTY_SLOT; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.slot_mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|slot| slot.generation == self.generation) {
            let mut index = slot.key.hash() as usize & self.slot_mask;
            while self.slots[index].generation == self.generation {
                index = (index + 1) & self.slot_mask;
            }
            self.slots[index] = slot;
        }
    }

    fn new_block(&mut self) -> Option<u32> {
        if self.blocks_used >= self.blocks_limit {
            return None;
        }
        let index = self.blocks_used;
        self.blocks_used += 1;
        match self.blocks.get_mut(index) {
            Some(block) => *block = EMPTY_BLOCK,
            None => self.blocks.push(EMPTY_BLOCK),
        }
        Some(index as u32)
    }

    /// The slot for `key`, created if need be (the table starts over when full).
    fn slot_for(&mut self, key: &Key) -> usize {
        if self.slots.is_empty() {
            self.allocate_blocks();
        }
        if let Some(index) = self.find(key) {
            return index;
        }
        if self.slots_used * 4 >= self.slots.len() * 3 {
            if self.slots.len() < self.slots_limit {
                self.grow_slots();
            } else {
                self.clear();
            }
        }
        if self.blocks_used >= self.blocks_limit {
            self.clear();
        }
        let mut index = key.hash() as usize & self.slot_mask;
        while self.slots[index].generation == self.generation {
            index = (index + 1) & self.slot_mask;
        }
        let head = self.new_block().unwrap_or(0);
        self.slots[index] = Slot { key: *key, generation: self.generation, head, tail: head, blocks: 1, cursor: 0 };
        self.slots_used += 1;
        index
    }

    /// Stores a fail-soft search result of the window `alpha..beta`: a value above `alpha` is a
    /// lower bound, one below `beta` an upper bound (both: exact).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(&mut self, key: &Key, pattern: u128, kmask: u16, alpha: i32, beta: i32, value: i32, best: Option<u8>) {
        let (lower, upper) = (value > alpha, value < beta);
        let masked = masked(halves(pattern), kmask);
        let suits = suits_left(key);
        let key = if pins_every_top(suits, kmask) { pinned_key(key, suits, masked) } else { *key };
        let index = self.slot_for(&key);
        // An entry of the same class: tighten its bounds.
        let mut block = self.slots[index].head;
        while block != u32::MAX {
            let b = &mut self.blocks[block as usize];
            for entry in &mut b.entries[..b.len as usize] {
                if entry.kmask == kmask && entry.pattern == masked {
                    tighten(&mut entry.lo, &mut entry.hi, lower, upper, value);
                    if let Some(best) = best {
                        entry.best = best;
                    }
                    return;
                }
            }
            block = b.next;
        }
        let mut entry = Entry { pattern: masked, kmask, lo: i16::MIN, hi: i16::MAX, best: best.unwrap_or(u8::MAX) };
        tighten(&mut entry.lo, &mut entry.hi, lower, upper, value);
        let slot = self.slots[index];
        let tail = slot.tail as usize;
        if (self.blocks[tail].len as usize) < BLOCK {
            let b = &mut self.blocks[tail];
            b.entries[b.len as usize] = entry;
            b.len += 1;
            return;
        }
        if slot.blocks < MAX_BLOCKS {
            if let Some(new) = self.new_block() {
                self.blocks[tail].next = new;
                let b = &mut self.blocks[new as usize];
                b.entries[0] = entry;
                b.len = 1;
                let slot = &mut self.slots[index];
                slot.tail = new;
                slot.blocks += 1;
                return;
            }
        }
        // The chain is full: overwrite its entries in turn.
        let slot = &mut self.slots[index];
        let position = slot.cursor as usize % (slot.blocks as usize * BLOCK);
        slot.cursor = slot.cursor.wrapping_add(1);
        let mut block = slot.head as usize;
        for _ in 0..position / BLOCK {
            block = self.blocks[block].next as usize;
        }
        self.blocks[block].entries[position % BLOCK] = entry;
    }
}

/// The bound among `lo..=hi` that settles a search in the window `alpha..beta`, if one does.
#[inline(always)]
fn settles(lo: i16, hi: i16, alpha: i32, beta: i32) -> Option<i32> {
    if i32::from(lo) >= beta || lo == hi {
        Some(i32::from(lo))
    } else if i32::from(hi) <= alpha {
        Some(i32::from(hi))
    } else {
        None
    }
}

/// Narrows stored bounds by a new search result.
#[inline(always)]
fn tighten(lo: &mut i16, hi: &mut i16, lower: bool, upper: bool, value: i32) {
    if lower {
        *lo = (*lo).max(clamp16(value));
    }
    if upper {
        *hi = (*hi).min(clamp16(value));
    }
}

fn clamp16(value: i32) -> i16 {
    value.clamp(i16::MIN as i32 + 1, i16::MAX as i32 - 1) as i16
}
