// The lexicon files and the bit each sets: one table shared by the engine (`lexicon.rs`) and its
// build script (`build.rs`, which folds the plain single-word entries into the embedded FST), so
// the two cannot disagree on which list means what. No `use` of the crate here: the build
// script `include!`s this file.

/// Which lists a token (or phrase) belongs to, as bits.
pub type LexFlags = u32;

/// The bit of each lexicon in [`LexFlags`]: SAFE lists in the low byte, UNSAFE lists above it,
/// so [`flag::UNSAFE`] is every bit but the low byte.
pub mod flag {
    use super::LexFlags;
    // SAFE lists
    /// `safe/stopwords.txt`: function words ("the", "of").
    pub const STOPWORD: LexFlags = 1 << 0;
    /// `safe/common_words.txt`: ordinary English words.
    pub const COMMON_WORD: LexFlags = 1 << 1;
    /// `safe/drugs.txt`: drug and vaccine names.
    pub const DRUG: LexFlags = 1 << 2;
    /// `safe/medical_terms.txt`: medical vocabulary.
    pub const MEDICAL_TERM: LexFlags = 1 << 3;
    /// `safe/curated.txt`, `safe/field_labels.txt` and `safe/id_labels_world.txt`: hand-checked
    /// safe words (manufacturers, form field labels, the names of the world's identifiers) that no
    /// name or place list overrides.
    pub const CURATED_SAFE: LexFlags = 1 << 4;
    // UNSAFE lists
    /// `unsafe/first_names.txt`: given names.
    pub const FIRST_NAME: LexFlags = 1 << 8;
    /// `unsafe/surnames.txt`: family names.
    pub const SURNAME: LexFlags = 1 << 9;
    /// `unsafe/cities.txt`: city names.
    pub const CITY: LexFlags = 1 << 10;
    /// `unsafe/us_states.txt` and `unsafe/regions_world.txt`: state names and the world's
    /// subdivisions (ISO 3166-2).
    pub const STATE: LexFlags = 1 << 11;
    /// `unsafe/state_abbreviations.txt`: state codes, matched in capitals only (`IN`, `OR`, `ME`).
    pub const STATE_ABBREVIATION: LexFlags = 1 << 12;
    /// `unsafe/countries.txt` and `unsafe/countries_world.txt`: country names (and in 29 languages).
    pub const COUNTRY: LexFlags = 1 << 13;
    /// `unsafe/country_codes.txt`: country codes, matched in capitals only.
    pub const COUNTRY_CODE: LexFlags = 1 << 14;
    /// `unsafe/weekdays.txt` and `unsafe/weekdays_world.txt`: weekday names (and in 29 languages).
    pub const WEEKDAY: LexFlags = 1 << 15;
    /// `unsafe/months.txt` and `unsafe/months_world.txt`: month names (25 languages).
    pub const MONTH: LexFlags = 1 << 16;
    /// `unsafe/holidays.txt` and `unsafe/holidays_world.txt`: holiday names.
    pub const HOLIDAY: LexFlags = 1 << 17;
    /// `unsafe/street_words.txt` and `unsafe/street_words_world.txt`: street words ("Street", "Way").
    pub const STREET: LexFlags = 1 << 18;
    /// `unsafe/tlds.txt`: internet top-level domains.
    pub const TLD: LexFlags = 1 << 19;
    /// `unsafe/written_numbers.txt`: number words ("seven", "first").
    pub const WRITTEN_NUMBER: LexFlags = 1 << 20;
    /// `unsafe/salutations.txt`: salutations and titles ("Dr", "Mrs").
    pub const SALUTATION: LexFlags = 1 << 21;

    /// Any SAFE list: a word the rules may release when no UNSAFE list or pattern claims it.
    pub const SAFE: LexFlags = STOPWORD | COMMON_WORD | DRUG | MEDICAL_TERM | CURATED_SAFE;
    /// Any UNSAFE list (every bit above the SAFE byte): wins over every SAFE list.
    pub const UNSAFE: LexFlags = !0xff;
}

/// One lexicon file: its path under `lexicons/`, the bit it sets, whether it is matched
/// case-sensitively (two-letter codes such as `IN`, `OR`, `ME` only in capitals).
pub struct FileSpec {
    pub path: &'static str,
    pub flag: LexFlags,
    pub cased: bool,
}

/// Every lexicon file, in load order.
pub const FILES: &[FileSpec] = &[
    FileSpec {
        path: "safe/stopwords.txt",
        flag: flag::STOPWORD,
        cased: false,
    },
    FileSpec {
        path: "safe/common_words.txt",
        flag: flag::COMMON_WORD,
        cased: false,
    },
    FileSpec {
        path: "safe/drugs.txt",
        flag: flag::DRUG,
        cased: false,
    },
    FileSpec {
        path: "safe/medical_terms.txt",
        flag: flag::MEDICAL_TERM,
        cased: false,
    },
    FileSpec {
        path: "safe/curated.txt",
        flag: flag::CURATED_SAFE,
        cased: false,
    },
    FileSpec {
        path: "safe/field_labels.txt",
        flag: flag::CURATED_SAFE,
        cased: false,
    },
    FileSpec {
        path: "safe/id_labels_world.txt",
        flag: flag::CURATED_SAFE,
        cased: false,
    },
    FileSpec {
        path: "unsafe/first_names.txt",
        flag: flag::FIRST_NAME,
        cased: false,
    },
    FileSpec {
        path: "unsafe/surnames.txt",
        flag: flag::SURNAME,
        cased: false,
    },
    FileSpec {
        path: "unsafe/cities.txt",
        flag: flag::CITY,
        cased: false,
    },
    FileSpec {
        path: "unsafe/us_states.txt",
        flag: flag::STATE,
        cased: false,
    },
    FileSpec {
        path: "unsafe/state_abbreviations.txt",
        flag: flag::STATE_ABBREVIATION,
        cased: true,
    },
    FileSpec {
        path: "unsafe/countries.txt",
        flag: flag::COUNTRY,
        cased: false,
    },
    FileSpec {
        path: "unsafe/countries_world.txt",
        flag: flag::COUNTRY,
        cased: false,
    },
    FileSpec {
        path: "unsafe/regions_world.txt",
        flag: flag::STATE,
        cased: false,
    },
    FileSpec {
        path: "unsafe/country_codes.txt",
        flag: flag::COUNTRY_CODE,
        cased: true,
    },
    FileSpec {
        path: "unsafe/weekdays.txt",
        flag: flag::WEEKDAY,
        cased: false,
    },
    FileSpec {
        path: "unsafe/weekdays_world.txt",
        flag: flag::WEEKDAY,
        cased: false,
    },
    FileSpec {
        path: "unsafe/months.txt",
        flag: flag::MONTH,
        cased: false,
    },
    FileSpec {
        path: "unsafe/months_world.txt",
        flag: flag::MONTH,
        cased: false,
    },
    FileSpec {
        path: "unsafe/holidays.txt",
        flag: flag::HOLIDAY,
        cased: false,
    },
    FileSpec {
        path: "unsafe/holidays_world.txt",
        flag: flag::HOLIDAY,
        cased: false,
    },
    FileSpec {
        path: "unsafe/street_words.txt",
        flag: flag::STREET,
        cased: false,
    },
    FileSpec {
        path: "unsafe/street_words_world.txt",
        flag: flag::STREET,
        cased: false,
    },
    FileSpec {
        path: "unsafe/tlds.txt",
        flag: flag::TLD,
        cased: false,
    },
    FileSpec {
        path: "unsafe/written_numbers.txt",
        flag: flag::WRITTEN_NUMBER,
        cased: false,
    },
    FileSpec {
        path: "unsafe/salutations.txt",
        flag: flag::SALUTATION,
        cased: false,
    },
];

/// The entries of a lexicon file: its lines trimmed, without blank lines and `#` comments.
pub fn entries(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|e| !e.is_empty() && !e.starts_with('#'))
}

/// A plain entry: one ASCII word of letters and digits, the tokenizer's own unit, so its key is
/// just its lower-case form (353,000 of the 372,000 entries). The build script folds these into
/// the FST; the rest (accents, several words, punctuation) are read at start-up.
pub fn is_plain(entry: &str) -> bool {
    !entry.is_empty() && entry.bytes().all(|b| b.is_ascii_alphanumeric())
}
