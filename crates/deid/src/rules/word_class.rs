//! The word lists of the context, company and signature rules as one table: each folded word maps
//! to the lists it is on (bits), so a document costs one hash lookup per word, computed once and
//! shared by the three rule modules, instead of a scan of every list at every position.

use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::sync::LazyLock;

/// The lists a word is on (bits of [`WordClasses::of`]).
pub(super) type Class = u16;

/// A name particle ("van", "de la").
pub(super) const PARTICLE: Class = 1;
/// A relation word before a first name ("wife", "pt").
pub(super) const RELATION: Class = 1 << 1;
/// The head noun of a facility name ("hospital", "klinikum").
pub(super) const FACILITY_HEAD: Class = 1 << 2;
/// A word before a house or flat number ("apt", "no").
pub(super) const HOUSE_NUMBER_WORD: Class = 1 << 3;
/// A connector inside a facility name ("of", "de").
pub(super) const CONNECTOR: Class = 1 << 4;
/// The last word of a company name after "and"/"&" ("sons", "co").
pub(super) const COMPANY_TAIL: Class = 1 << 5;
/// A legal form after a company name ("ltd", "gmbh").
pub(super) const LEGAL_FORM: Class = 1 << 6;
/// The first word of an employer cue ("works" at, "employed" by).
pub(super) const EMPLOYER_VERB: Class = 1 << 7;
/// A credential that closes a signature ("rn", "lpn").
pub(super) const CREDENTIAL: Class = 1 << 8;

static TABLE: LazyLock<FxHashMap<&'static str, Class>> = LazyLock::new(|| {
    use super::{company, context, facility, signature};
    let employer_verbs: Vec<&'static str> = company::EMPLOYER_CUES.iter().map(|c| c.0).collect();
    let mut m = FxHashMap::default();
    for (list, bit) in [
        (context::PARTICLES, PARTICLE),
        (context::RELATIONS, RELATION),
        (facility::HOSPITAL_NOUNS, FACILITY_HEAD),
        (facility::OTHER_HEADS, FACILITY_HEAD),
        (context::HOUSE_NUMBER_WORDS, HOUSE_NUMBER_WORD),
        (facility::CONNECTORS, CONNECTOR),
        (company::COMPANY_TAILS, COMPANY_TAIL),
        (company::LEGAL_FORMS, LEGAL_FORM),
        (employer_verbs.as_slice(), EMPLOYER_VERB),
        (signature::CREDENTIALS, CREDENTIAL),
    ] {
        for w in list {
            *m.entry(*w).or_default() |= bit;
        }
    }
    m
});

/// The classes of every word of a document.
pub(super) struct WordClasses(Vec<Class>);

impl WordClasses {
    /// Look every folded word up once.
    pub(super) fn of(folded: &[Cow<'_, str>]) -> WordClasses {
        WordClasses(
            folded
                .iter()
                .map(|w| TABLE.get(w.as_ref()).copied().unwrap_or(0))
                .collect(),
        )
    }

    /// Whether word `k` is on the list(s) `class`.
    pub(super) fn on(&self, k: usize, class: Class) -> bool {
        self.0[k] & class != 0
    }
}
