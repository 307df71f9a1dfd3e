//! A small per-thread cache in front of the word lexicon. The lexicon holds 370,000 keys in a
//! table of about 16 MB, so every lookup misses the CPU caches two or three times; narratives
//! repeat a few thousand words ("the", "patient", "vaccine", "fever") most of the time, and those
//! hit this cache (96 KiB per thread) instead. It only remembers answers of the lexicon it is
//! asked for: an entry names the lexicon that gave it.

use std::cell::RefCell;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU32, Ordering};

use super::LexFlags;

/// Longest key (bytes) the cache holds inline; longer words go to the lexicon every time.
const KEY_BYTES: usize = 15;
/// Slots (a power of two): direct-mapped by the key's hash.
const SLOTS: usize = 4096;

#[derive(Clone, Copy, Default)]
struct Slot {
    /// Which lexicon gave this answer (0: empty).
    owner: u32,
    len: u8,
    key: [u8; KEY_BYTES],
    flags: LexFlags,
}

thread_local! {
    static CACHE: RefCell<Vec<Slot>> = const { RefCell::new(Vec::new()) };
}

/// A number naming one loaded lexicon for the cache's whole life (never 0).
pub(super) fn new_owner() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(1);
    // u32 wrap-around after four billion loads would at worst reuse a name; skip 0 anyway
    NEXT.fetch_add(1, Ordering::Relaxed).max(1)
}

/// The flags of `key` for lexicon `owner`, from the cache or else from `lookup` (then cached).
pub(super) fn get(owner: u32, key: &str, lookup: impl FnOnce(&str) -> LexFlags) -> LexFlags {
    let bytes = key.as_bytes();
    if owner == 0 || bytes.len() > KEY_BYTES {
        return lookup(key);
    }
    let mut h = rustc_hash::FxBuildHasher.build_hasher();
    h.write(bytes);
    let i = (h.finish() as usize) & (SLOTS - 1);
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.is_empty() {
            cache.resize(SLOTS, Slot::default());
        }
        let slot = &mut cache[i];
        if slot.owner == owner
            && usize::from(slot.len) == bytes.len()
            && &slot.key[..bytes.len()] == bytes
        {
            return slot.flags;
        }
        let flags = lookup(key);
        let mut k = [0u8; KEY_BYTES];
        k[..bytes.len()].copy_from_slice(bytes);
        *slot = Slot {
            owner,
            len: bytes.len() as u8,
            key: k,
            flags,
        };
        flags
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_the_lookups_own_and_never_another_lexicons() {
        let (a, b) = (new_owner(), new_owner());
        assert_eq!(get(a, "fever", |_| 7), 7);
        assert_eq!(get(a, "fever", |_| unreachable!("cached")), 7);
        // the same word in another lexicon is looked up there
        assert_eq!(get(b, "fever", |_| 2), 2);
        assert_eq!(get(a, "fever", |_| 9), 9);
        // words sharing a slot, and words too long to cache, are always right
        for w in [
            "a",
            "ab",
            "abc",
            "a-very-long-word-indeed",
            "fevers",
            "feve",
        ] {
            assert_eq!(get(a, w, |k| k.len() as LexFlags), w.len() as LexFlags);
            assert_eq!(get(a, w, |k| k.len() as LexFlags), w.len() as LexFlags);
        }
    }
}
