//! Dictionaries of SAFE and UNSAFE words (see `lexicons/SOURCES.md` for where each list comes
//! from). Every entry is stored as the token sequence our tokenizer would produce for it, so a
//! lexicon lookup and the i2b2 tokenization always agree: "O'Brien" is the phrase `o brien`,
//! "New York" the phrase `new york`.
//!
//! The lists are embedded in the binary so `deid` and the app work from anywhere; a directory with
//! the same layout can be loaded instead (`Lexicons::from_dir`) to try a rebuilt set.

use crate::error::{Error, Result};
use crate::tokenize::{tokenize, Tokenized};
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::path::Path;
use unicode_normalization::UnicodeNormalization;

/// The lexicon files and their bits (shared with the build script).
mod files;
mod hot_words;

/// What the build script prepared from `lexicons/` (`WORDS_FST`, `REST`; see `build.rs`).
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/lexicon_embedded.rs"));
}

/// The key a word is looked up by: lower-cased and accent-folded exactly as `lexicons/build.py`
/// folds its entries (lower case, ß→ss, æ→ae, œ→oe, ø→o, ł→l, đ→d, ..., then NFKD without
/// combining marks), so that "Zürich", "ZURICH" and "zurich" are one entry and "Ødegård" is
/// "odegard". ASCII words are only lower-cased, without allocating when they already are.
pub fn fold(word: &str) -> Cow<'_, str> {
    if word.is_ascii() {
        if word.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(word.to_ascii_lowercase())
        } else {
            Cow::Borrowed(word)
        }
    } else {
        let mut lower = String::with_capacity(word.len());
        for c in word.chars().flat_map(char::to_lowercase) {
            match c {
                'ß' => lower.push_str("ss"),
                'æ' => lower.push_str("ae"),
                'œ' => lower.push_str("oe"),
                'ø' => lower.push('o'),
                'ł' => lower.push('l'),
                'đ' | 'ð' => lower.push('d'),
                'þ' => lower.push_str("th"),
                'ı' => lower.push('i'),
                'ħ' => lower.push('h'),
                c => lower.push(c),
            }
        }
        Cow::Owned(
            lower
                .nfkd()
                .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
                .collect(),
        )
    }
}

use files::{entries, is_plain, FileSpec, FILES};
pub use files::{flag, LexFlags};

/// A multi-token UNSAFE entry, indexed by its first token.
#[derive(Debug)]
struct Phrase {
    rest: Box<[Box<str>]>,
    flags: LexFlags,
}

/// All dictionaries, ready for lookups.
#[derive(Debug, Default)]
pub struct Lexicons {
    /// Folded single tokens → flags, prepared at build time (the embedded lists' plain words);
    /// `None` for lists loaded from a folder. Flags of a word are this entry's OR `words`'.
    words_fst: Option<fst::Map<&'static [u8]>>,
    /// Folded single tokens → flags, for the entries not in `words_fst`. Keys borrow the
    /// embedded lists where the entry is already its own key.
    words: FxHashMap<Cow<'static, str>, LexFlags>,
    /// Case-sensitive single tokens → flags.
    cased: FxHashMap<Cow<'static, str>, LexFlags>,
    /// The longest key of `cased` in bytes (the codes are two or three letters): longer words
    /// are not looked up there.
    cased_max_len: usize,
    /// First token (lower-cased) → phrases of two or more tokens.
    phrases: FxHashMap<Box<str>, Vec<Phrase>>,
    /// Entry count per file, for `deid lexicons` and start-up logs.
    counts: Vec<(&'static str, usize)>,
    /// This lexicon's name in the per-thread cache of word lookups (`hot_words`); 0: uncached.
    owner: u32,
}

/// Whether word `i` sits where a state or country code would in an address: right after a
/// comma, or right before a number.
fn in_address(doc: &Tokenized, i: usize) -> bool {
    let after_comma = i > 0 && doc.gap_before(i).trim_end() == ",";
    let before_number = i + 1 < doc.len()
        && doc.gap_after(i).trim().is_empty()
        && !doc.gap_after(i).contains('\n')
        && doc.token_text(i + 1).chars().all(|c| c.is_ascii_digit());
    after_comma || before_number
}

/// Whether word `i` is a two-letter lower-case code right before a five-digit number on the same
/// line, as a state before its ZIP code is.
fn before_zip(doc: &Tokenized, i: usize) -> bool {
    let code = doc.token_text(i);
    code.len() == 2
        && code.bytes().all(|b| b.is_ascii_lowercase())
        && i + 1 < doc.len()
        && matches!(doc.gap_after(i), " " | "\u{a0}")
        && doc.token_text(i + 1).len() == 5
        && doc.token_text(i + 1).bytes().all(|b| b.is_ascii_digit())
}

/// Every word of a document folded as lexicon keys are (`fold`), borrowing where a word is
/// already its own key.
pub fn fold_words<'d>(doc: &Tokenized<'d>) -> Vec<Cow<'d, str>> {
    (0..doc.len()).map(|i| fold(doc.token_text(i))).collect()
}

fn phrase_matches(doc: &Tokenized, folded: &[Cow<'_, str>], i: usize, phrase: &Phrase) -> bool {
    if i + phrase.rest.len() >= doc.len() {
        return false;
    }
    phrase.rest.iter().enumerate().all(|(k, want)| {
        let j = i + 1 + k;
        let gap = doc.gap_before(j);
        // (characters, not bytes: "All Saints’ Day" has a three-byte apostrophe)
        (gap.len() <= MAX_PHRASE_GAP || gap.chars().count() <= MAX_PHRASE_GAP)
            && !gap.contains('\n')
            && folded[j].as_ref() == want.as_ref()
    })
}

/// Not a lexicon: marks, in the word cache's answers only, a word that starts a phrase (the
/// lists' flags use the low 22 bits).
const PHRASE_START: LexFlags = 1 << 31;

/// Longest gap (in characters) allowed between the tokens of a phrase: "St. Louis", "New-York",
/// "O'Brien", "Winston - Salem", "All Saints’ Day".
const MAX_PHRASE_GAP: usize = 3;

impl Lexicons {
    /// The lexicons compiled into the binary.
    pub fn embedded() -> Lexicons {
        let mut lex = Lexicons {
            words_fst: Some(
                fst::Map::new(embedded::WORDS_FST).expect("the build script wrote a valid FST"),
            ),
            ..Lexicons::default()
        };
        for (spec, &(rest, count)) in FILES.iter().zip(embedded::REST) {
            lex.add_file(spec, rest, Cow::Borrowed);
            // the file's own count, plain words (in the FST) included
            lex.counts.push((spec.path, count));
        }
        lex.owner = hot_words::new_owner();
        lex
    }

    /// Load a directory with the layout of `lexicons/` (e.g. a rebuilt set).
    pub fn from_dir(dir: &Path) -> Result<Lexicons> {
        let mut lex = Lexicons::default();
        for spec in FILES {
            let path = dir.join(spec.path);
            let text = std::fs::read_to_string(&path).map_err(|e| Error::Lexicon {
                name: path.display().to_string(),
                message: e.to_string(),
            })?;
            let count = lex.add_file(spec, &text, |s| Cow::Owned(s.to_owned()));
            lex.counts.push((spec.path, count));
        }
        lex.owner = hot_words::new_owner();
        Ok(lex)
    }

    /// `key`: the entry as a key of its own, borrowed from `text` where `text` lives as long as
    /// the lexicons (the embedded lists), else copied.
    /// Add every entry of one file; how many there were.
    fn add_file<'t>(
        &mut self,
        spec: &FileSpec,
        text: &'t str,
        key: impl Fn(&'t str) -> Cow<'static, str>,
    ) -> usize {
        let mut n = 0;
        for entry in entries(text) {
            n += 1;
            self.add_entry(entry, spec.flag, spec.cased, &key);
        }
        n
    }

    fn add_entry<'t>(
        &mut self,
        entry: &'t str,
        flag: LexFlags,
        cased: bool,
        key: &impl Fn(&'t str) -> Cow<'static, str>,
    ) {
        // Most entries are one plain word, already lower case: no tokenizer, no allocation.
        if is_plain(entry) {
            let (map, key) = if cased {
                self.cased_max_len = self.cased_max_len.max(entry.len());
                (&mut self.cased, key(entry))
            } else if entry.bytes().any(|b| b.is_ascii_uppercase()) {
                (&mut self.words, Cow::Owned(entry.to_ascii_lowercase()))
            } else {
                (&mut self.words, key(entry))
            };
            *map.entry(key).or_default() |= flag;
            return;
        }
        let toks = tokenize(entry);
        let norm = |t: &crate::tokenize::Token| -> Cow<'static, str> {
            let s = t.text(entry);
            if cased {
                Cow::Owned(s.to_owned())
            } else {
                Cow::Owned(fold(s).into_owned())
            }
        };
        match toks.len() {
            0 => {}
            1 => {
                let map = if cased {
                    &mut self.cased
                } else {
                    &mut self.words
                };
                let key = norm(&toks[0]);
                if cased {
                    self.cased_max_len = self.cased_max_len.max(key.len());
                }
                *map.entry(key).or_default() |= flag;
            }
            // SAFE phrases ("insulin glargine") vouch for each of their words; UNSAFE phrases only
            // claim their words when they occur in sequence ("new" alone is not a city).
            _ if flag & flag::SAFE != 0 => {
                for t in &toks {
                    *self.words.entry(norm(t)).or_default() |= flag;
                }
            }
            _ => {
                let first: Box<str> = fold(toks[0].text(entry)).into();
                let rest: Box<[Box<str>]> = toks[1..]
                    .iter()
                    .map(|t| fold(t.text(entry)).into())
                    .collect();
                // a saint's name is written short as often as not: "St. Vincent and the
                // Grenadines", "Ste-Foy" (the lists write "saint", "sainte")
                let short = match first.as_ref() {
                    "saint" => Some("st"),
                    "sainte" => Some("ste"),
                    _ => None,
                };
                if let Some(short) = short {
                    self.phrases.entry(short.into()).or_default().push(Phrase {
                        rest: rest.clone(),
                        flags: flag,
                    });
                }
                self.phrases
                    .entry(first)
                    .or_default()
                    .push(Phrase { rest, flags: flag });
            }
        }
    }

    /// Flags of a folded word (a key of `words`).
    fn word(&self, key: &str) -> LexFlags {
        self.word_and_phrase_start(key) & !PHRASE_START
    }

    /// The flags of `key`, with [`PHRASE_START`] set when a phrase begins with it: the cache in
    /// front of the lexicon answers both questions with one lookup, and the phrase table (tens
    /// of thousands of first words, a cache miss each) is read only for the words that start one.
    fn word_and_phrase_start(&self, key: &str) -> LexFlags {
        hot_words::get(self.owner, key, |k| {
            let built = self.words_fst.as_ref().and_then(|m| m.get(k)).unwrap_or(0) as LexFlags;
            let starts = if self.phrases.contains_key(k) {
                PHRASE_START
            } else {
                0
            };
            built | self.words.get(k).copied().unwrap_or(0) | starts
        })
    }

    /// Flags of one token on its own (no phrase context).
    pub fn word_flags(&self, token: &str) -> LexFlags {
        let f = self.cased.get(token).copied().unwrap_or(0);
        f | self.word(fold(token).as_ref())
    }

    /// Flags for every token of a document, with multi-token UNSAFE entries ("new york",
    /// "christmas eve") matched in order and their flags given to each token they cover.
    ///
    /// Case-sensitive entries (the state codes "IN", "OR", "ME"; the country codes "AM", "IT")
    /// are told apart from words by their capitals; where capitals say nothing (a document in
    /// ALL CAPS or all lower case) they count only in an address: after a comma ("BOSTON, MA")
    /// or before a number ("MA 02118").
    pub fn flags_for(&self, doc: &Tokenized) -> Vec<LexFlags> {
        self.flags_for_folded(doc, &fold_words(doc))
    }

    /// `flags_for` with the document's words already folded (`fold_words`): the rules fold each
    /// word once and share it with the context rules.
    pub fn flags_for_folded(&self, doc: &Tokenized, folded: &[Cow<'_, str>]) -> Vec<LexFlags> {
        let caseless = !doc.case_informative;
        let mut flags: Vec<LexFlags> = (0..doc.len())
            .map(|i| {
                let text = doc.token_text(i);
                let mut cased = if text.len() <= self.cased_max_len {
                    self.cased.get(text).copied().unwrap_or(0)
                } else {
                    0
                };
                // a code written in lower case in a document without capitals, only before a
                // ZIP code ("jessicafort, id 72860"; never "in 2021" or "fever, or")
                if caseless && cased == 0 && before_zip(doc, i) {
                    cased = self
                        .cased
                        .get(text.to_ascii_uppercase().as_str())
                        .copied()
                        .unwrap_or(0);
                }
                let word = self.word_and_phrase_start(folded[i].as_ref());
                let cased_only = cased & !word;
                if caseless && cased_only != 0 && !in_address(doc, i) {
                    (cased | word) & !cased_only
                } else {
                    cased | word
                }
            })
            .collect();
        let starts: Vec<usize> = flags
            .iter_mut()
            .enumerate()
            .filter_map(|(i, f)| {
                let starts = *f & PHRASE_START != 0;
                *f &= !PHRASE_START;
                starts.then_some(i)
            })
            .collect();
        for i in starts {
            let Some(candidates) = self.phrases.get(folded[i].as_ref()) else {
                continue;
            };
            for phrase in candidates {
                if phrase_matches(doc, folded, i, phrase) {
                    for f in &mut flags[i..=i + phrase.rest.len()] {
                        *f |= phrase.flags;
                    }
                }
            }
        }
        flags
    }

    /// Number of entries loaded from each file.
    pub fn counts(&self) -> &[(&'static str, usize)] {
        &self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owned(s: &str) -> Cow<'static, str> {
        Cow::Owned(s.to_owned())
    }

    fn small() -> Lexicons {
        let mut lex = Lexicons::default();
        lex.add_entry("fever", flag::MEDICAL_TERM, false, &owned);
        lex.add_entry("new", flag::COMMON_WORD, false, &owned);
        lex.add_entry("New York", flag::CITY, false, &owned);
        lex.add_entry("O'Brien", flag::SURNAME, false, &owned);
        lex.add_entry("IN", flag::STATE_ABBREVIATION, true, &owned);
        lex.add_entry("insulin glargine", flag::DRUG, false, &owned);
        lex
    }

    #[test]
    fn multi_word_entries_match_in_order_only() {
        let lex = small();
        let doc = Tokenized::new("new fever in New  York, york new");
        let f = lex.flags_for(&doc);
        assert_eq!(f[0], flag::COMMON_WORD);
        assert_eq!(f[3] & flag::CITY, flag::CITY);
        assert_eq!(f[4] & flag::CITY, flag::CITY);
        assert_eq!(f[5] & flag::CITY, 0);
        assert_eq!(f[6] & flag::CITY, 0);
        // codes written in lower case count only before a ZIP code where capitals say nothing
        let doc = Tokenized::new("jessicafort, in 72860. went home in 2021, or in 5 days to rest");
        let f = lex.flags_for(&doc);
        assert_eq!(f[1] & flag::STATE_ABBREVIATION, flag::STATE_ABBREVIATION);
        assert!(f[4..].iter().all(|f| f & flag::STATE_ABBREVIATION == 0));
        // a phrase never spans a line break
        let doc = Tokenized::new("New\nYork");
        assert_eq!(lex.flags_for(&doc)[0] & flag::CITY, 0);
    }

    /// The embedded lexicons (an FST built by `build.rs` plus the entries parsed at start-up)
    /// answer exactly as the same files read at run time into hash maps, for every entry of
    /// every list, as written and in capitals (a change to `files.rs`, `build.rs` or `add_entry`
    /// that splits the two paths fails here).
    #[test]
    fn the_built_lexicons_answer_as_the_files_read_at_run_time() {
        let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../lexicons"));
        let (built, read) = (Lexicons::embedded(), Lexicons::from_dir(dir).unwrap());
        assert_eq!(built.counts(), read.counts());
        for spec in FILES {
            let text = std::fs::read_to_string(dir.join(spec.path)).unwrap();
            // one entry per line: phrases never match across a line break
            for text in [text.clone(), text.to_uppercase()] {
                let doc = Tokenized::new(&text);
                assert_eq!(built.flags_for(&doc), read.flags_for(&doc), "{}", spec.path);
            }
        }
        assert!(built.words.len() < 25_000, "most words are in the FST");
        assert_ne!(built.word_flags("Smith") & flag::SURNAME, 0);
    }

    #[test]
    fn entries_match_case_and_accent_folded() {
        let mut lex = small();
        lex.add_entry("Zürich", flag::CITY, false, &owned);
        lex.add_entry("São Paulo", flag::CITY, false, &owned);
        lex.add_entry("Ødegård", flag::SURNAME, false, &owned);
        for w in ["Zürich", "ZÜRICH", "zurich", "Zurich"] {
            assert_eq!(lex.word_flags(w), flag::CITY, "{w}");
        }
        assert_eq!(lex.word_flags("ødegård"), flag::SURNAME);
        assert_eq!(
            lex.word_flags("ODEGARD"),
            flag::SURNAME,
            "folded as lexicons/build.py does"
        );
        assert_eq!(fold("Straße"), "strasse");
        let doc = Tokenized::new("SAO PAULO e são paulo");
        let f = lex.flags_for(&doc);
        for i in [0, 1, 3, 4] {
            assert_ne!(f[i] & flag::CITY, 0, "{f:?}");
        }
        assert_eq!(f[2] & flag::CITY, 0);
    }

    #[test]
    fn a_saints_name_written_short() {
        let mut lex = small();
        lex.add_entry(
            "Saint Vincent and the Grenadines",
            flag::COUNTRY,
            false,
            &owned,
        );
        for text in [
            "Kingstown, St. Vincent and the Grenadines",
            "KINGSTOWN, ST VINCENT AND THE GRENADINES",
            "Kingstown, Saint Vincent and the Grenadines",
        ] {
            let f = lex.flags_for(&Tokenized::new(text));
            assert!(f[1..].iter().all(|f| f & flag::COUNTRY != 0), "{text}");
        }
        // "st" alone, or before another name, is no saint's country
        let f = lex.flags_for(&Tokenized::new("St. Vincent hospital, and the Grenadines"));
        assert_eq!(f[0] & flag::COUNTRY, 0);
    }

    #[test]
    fn a_phrase_across_a_typographic_apostrophe() {
        let mut lex = small();
        lex.add_entry("All Saints' Day", flag::HOLIDAY, false, &owned);
        for text in ["after All Saints’ Day", "after ALL SAINTS' DAY"] {
            let doc = Tokenized::new(text);
            let f = lex.flags_for(&doc);
            assert!(
                f[1..].iter().all(|f| f & flag::HOLIDAY != 0),
                "{text}: {f:?}"
            );
        }
    }

    #[test]
    fn case_sensitive_codes_and_tokenized_entries() {
        let lex = small();
        assert_eq!(lex.word_flags("IN"), flag::STATE_ABBREVIATION);
        assert_eq!(lex.word_flags("in"), 0);
        let doc = Tokenized::new("Mrs O'Brien took insulin glargine");
        let f = lex.flags_for(&doc);
        assert_ne!(f[1] & flag::SURNAME, 0);
        assert_ne!(f[2] & flag::SURNAME, 0);
        assert_eq!(f[4], flag::DRUG);
        assert_eq!(lex.word_flags("glargine"), flag::DRUG);
    }
}
