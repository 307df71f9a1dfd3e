//! Character encodings kept across batches. The character BiLSTM's output for a token depends
//! only on the token's characters, and narratives repeat their words ("the", "patient",
//! "vaccine", dates), so a model split in two (`training/split_model.py`) runs its character
//! encoder only on character sequences not seen before. Bounded: when full, the cache starts
//! over (a corpus's frequent words come back within a batch or two).

use rustc_hash::FxHashMap;
use std::sync::RwLock;

/// Entries kept at most: 65,536 × (64 floats + a key of ~23 ids) ≈ 25 MB.
pub const CAPACITY: usize = 1 << 16;

/// Character ids of a word (and its post-space characters) → its encoding.
type Encodings = FxHashMap<Box<[u32]>, Box<[f32]>>;

pub struct CharCache {
    dim: usize,
    map: RwLock<Encodings>,
}

impl CharCache {
    pub fn new(dim: usize) -> CharCache {
        CharCache {
            dim,
            map: RwLock::new(FxHashMap::default()),
        }
    }

    pub fn dim(&self) -> usize {
        self.dim
    }

    /// Copy the cached encoding of each row into `out` (`rows.len() × dim`, row-major) and
    /// return the indices of the rows not cached.
    pub fn fill(&self, rows: &[&[u32]], out: &mut [f32]) -> Vec<usize> {
        let map = self.map.read().expect("char cache lock");
        let mut missing = Vec::new();
        for (r, seq) in rows.iter().enumerate() {
            match map.get(*seq) {
                Some(v) => out[r * self.dim..(r + 1) * self.dim].copy_from_slice(v),
                None => missing.push(r),
            }
        }
        missing
    }

    /// Remember the encodings of `rows` (`vectors`: `rows.len() × dim`).
    pub fn insert(&self, rows: &[&[u32]], vectors: &[f32]) {
        let mut map = self.map.write().expect("char cache lock");
        if map.len() + rows.len() > CAPACITY {
            map.clear();
        }
        for (r, seq) in rows.iter().enumerate() {
            map.entry(Box::from(*seq))
                .or_insert_with(|| Box::from(&vectors[r * self.dim..(r + 1) * self.dim]));
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.map.read().expect("char cache lock").len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cached_rows_are_filled_and_missing_ones_reported() {
        let cache = CharCache::new(2);
        cache.insert(&[&[1, 2], &[3]], &[0.1, 0.2, 0.3, 0.4]);
        let mut out = vec![0.0; 6];
        let missing = cache.fill(&[&[3], &[9, 9], &[1, 2]], &mut out);
        assert_eq!(missing, [1]);
        assert_eq!(out, [0.3, 0.4, 0.0, 0.0, 0.1, 0.2]);
    }

    #[test]
    fn a_full_cache_starts_over_instead_of_growing() {
        let cache = CharCache::new(1);
        let keys: Vec<[u32; 1]> = (0..CAPACITY as u32 + 10).map(|i| [i]).collect();
        for chunk in keys.chunks(1000) {
            let rows: Vec<&[u32]> = chunk.iter().map(|k| &k[..]).collect();
            cache.insert(&rows, &vec![0.5; rows.len()]);
        }
        assert!(cache.len() <= CAPACITY);
    }
}
