//! The per-token features of Meldau 2018 (section 4.3.3): what the rule-based de-identifier knows
//! about a token, and what the deep model receives as its feature input. The order of
//! [`Feature::MELDAU`] is the model's feature order and must not change without retraining.

use crate::lexicon::{flag, LexFlags};
use crate::tokenize::Tokenized;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Feature {
    IsPossiblyCity,
    HasCapitalBeginning,
    IsSentenceBeginning,
    IsPossiblyName,
    IsCommonWord,
    IsDigit,
    ContainsDigit,
    IsMedicalTerm,
    IsWeekday,
    IsMonth,
    IsTopLevelDomain,
    IsStreet,
    IsHoliday,
    IsSingleLetter,
    IsWrittenOutNumber,
    // Beyond Meldau's fifteen: used to guess a category and to explain decisions.
    IsState,
    IsCountry,
    IsDrug,
    FollowsSalutation,
    IsSalutation,
}

impl Feature {
    /// Meldau's fifteen features, in the model's input order.
    pub const MELDAU: [Feature; 15] = [
        Feature::IsPossiblyCity,
        Feature::HasCapitalBeginning,
        Feature::IsSentenceBeginning,
        Feature::IsPossiblyName,
        Feature::IsCommonWord,
        Feature::IsDigit,
        Feature::ContainsDigit,
        Feature::IsMedicalTerm,
        Feature::IsWeekday,
        Feature::IsMonth,
        Feature::IsTopLevelDomain,
        Feature::IsStreet,
        Feature::IsHoliday,
        Feature::IsSingleLetter,
        Feature::IsWrittenOutNumber,
    ];

    pub fn name(self) -> &'static str {
        use Feature::*;
        match self {
            IsPossiblyCity => "is-possibly-city",
            HasCapitalBeginning => "has-capital-beginning",
            IsSentenceBeginning => "is-sentence-beginning",
            IsPossiblyName => "is-possibly-name",
            IsCommonWord => "is-common-word",
            IsDigit => "is-digit",
            ContainsDigit => "contains-digit",
            IsMedicalTerm => "is-medical-term",
            IsWeekday => "is-weekday",
            IsMonth => "is-month",
            IsTopLevelDomain => "is-top-level-domain",
            IsStreet => "is-street",
            IsHoliday => "is-holiday",
            IsSingleLetter => "is-single-letter",
            IsWrittenOutNumber => "is-written-out-number",
            IsState => "is-state",
            IsCountry => "is-country",
            IsDrug => "is-drug",
            FollowsSalutation => "follows-salutation",
            IsSalutation => "is-salutation",
        }
    }
}

/// A set of [`Feature`]s as bits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Features(u32);

impl Features {
    pub fn has(self, f: Feature) -> bool {
        self.0 & (1 << f as u32) != 0
    }

    pub fn set(&mut self, f: Feature, on: bool) {
        if on {
            self.0 |= 1 << f as u32;
        }
    }

    /// Meldau's fifteen features as 0/1, in model order.
    pub fn meldau_vector(self) -> [f32; 15] {
        Feature::MELDAU.map(|f| if self.has(f) { 1.0 } else { 0.0 })
    }

    pub fn names(self) -> Vec<&'static str> {
        Feature::MELDAU
            .iter()
            .chain(&EXTRA)
            .filter(|f| self.has(**f))
            .map(|f| f.name())
            .collect()
    }
}

impl Serialize for Features {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.names().serialize(s)
    }
}

/// The features beyond Meldau's fifteen.
const EXTRA: [Feature; 5] = [
    Feature::IsState,
    Feature::IsCountry,
    Feature::IsDrug,
    Feature::FollowsSalutation,
    Feature::IsSalutation,
];

/// Compute the features of every token from its lexicon flags and its context.
pub fn token_features(doc: &Tokenized, flags: &[LexFlags]) -> Vec<Features> {
    (0..doc.len())
        .map(|i| {
            let text = doc.token_text(i);
            let f = flags[i];
            let prev_flags = if i > 0 { flags[i - 1] } else { 0 };
            let has = |bits: LexFlags| f & bits != 0;
            let first = text.as_bytes()[0];
            let lowercase = !text.bytes().any(|b| b.is_ascii_uppercase());
            let sentence_beginning = is_sentence_beginning(doc, i);
            // At a sentence beginning a capital says nothing about the word.
            let case_uninformative = lowercase
                || (sentence_beginning && text[1..].bytes().all(|b| !b.is_ascii_uppercase()));
            // The census surname list (>= 100 bearers) holds "the", "patient", "fever"; the
            // cities "of", "can". Names and places do not override a stopword, a hand-checked
            // curated word (manufacturers), or a medical term or drug written in lowercase
            // (or capitalised only because it starts a sentence).
            let place_or_name_exempt = has(flag::STOPWORD | flag::CURATED_SAFE)
                || (case_uninformative && has(flag::MEDICAL_TERM | flag::DRUG));
            // "may", "march", "sun", "one", "first" are dates or numbers only when they look like
            // it: capitalised or next to a number. Words only a date can be ("december") always are.
            let date_like = !has(flag::SAFE) || !lowercase || near_number(doc, i);
            let mut out = Features::default();
            out.set(
                Feature::IsPossiblyCity,
                has(flag::CITY) && !place_or_name_exempt,
            );
            out.set(Feature::HasCapitalBeginning, first.is_ascii_uppercase());
            out.set(Feature::IsSentenceBeginning, sentence_beginning);
            out.set(
                Feature::IsPossiblyName,
                has(flag::FIRST_NAME | flag::SURNAME) && !place_or_name_exempt,
            );
            out.set(
                Feature::IsCommonWord,
                has(flag::COMMON_WORD | flag::STOPWORD),
            );
            out.set(Feature::IsDigit, text.bytes().all(|b| b.is_ascii_digit()));
            out.set(
                Feature::ContainsDigit,
                text.bytes().any(|b| b.is_ascii_digit()),
            );
            out.set(Feature::IsMedicalTerm, has(flag::MEDICAL_TERM));
            out.set(Feature::IsWeekday, has(flag::WEEKDAY) && date_like);
            out.set(Feature::IsMonth, has(flag::MONTH) && date_like);
            // A TLD list holds "it", "is", "at", "me": only a TLD glued to a dot is one.
            out.set(
                Feature::IsTopLevelDomain,
                has(flag::TLD) && i > 0 && doc.gap_before(i) == ".",
            );
            // Street words ("way", "place", "court") are streets after a name or a house number.
            out.set(
                Feature::IsStreet,
                has(flag::STREET) && i > 0 && is_street_context(doc, i),
            );
            out.set(Feature::IsHoliday, has(flag::HOLIDAY));
            out.set(Feature::IsSingleLetter, text.len() == 1);
            out.set(
                Feature::IsWrittenOutNumber,
                has(flag::WRITTEN_NUMBER) && date_like,
            );
            out.set(
                Feature::IsState,
                has(flag::STATE | flag::STATE_ABBREVIATION),
            );
            out.set(Feature::IsCountry, has(flag::COUNTRY | flag::COUNTRY_CODE));
            out.set(Feature::IsDrug, has(flag::DRUG));
            out.set(Feature::IsSalutation, has(flag::SALUTATION));
            out.set(
                Feature::FollowsSalutation,
                prev_flags & flag::SALUTATION != 0 && doc.gap_before(i).len() <= 2,
            );
            out
        })
        .collect()
}

/// Whether the token before or after `i` (on the same line) contains a digit.
fn near_number(doc: &Tokenized, i: usize) -> bool {
    let has_digit = |j: usize| doc.token_text(j).bytes().any(|b| b.is_ascii_digit());
    (i > 0 && !doc.gap_before(i).contains('\n') && has_digit(i - 1))
        || (i + 1 < doc.len() && !doc.gap_after(i).contains('\n') && has_digit(i + 1))
}

fn is_sentence_beginning(doc: &Tokenized, i: usize) -> bool {
    if i == 0 {
        return true;
    }
    let gap = doc.gap_before(i);
    if gap.contains('\n') {
        return true;
    }
    let end = gap.trim_end();
    if end == "." && is_initial_or_title(doc.token_text(i - 1)) {
        return false; // "J. Smith", "Dr. Smith": the period abbreviates, it does not end
    }
    end.ends_with(|c: char| matches!(c, '.' | '!' | '?' | ':' | ';'))
}

fn is_initial_or_title(token: &str) -> bool {
    (token.len() == 1 && token.as_bytes()[0].is_ascii_uppercase())
        || matches!(
            token.to_ascii_lowercase().as_str(),
            "dr" | "mr" | "mrs" | "ms" | "prof" | "st"
        )
}

fn is_street_context(doc: &Tokenized, i: usize) -> bool {
    let prev = doc.token_text(i - 1).as_bytes();
    let gap = doc.gap_before(i);
    gap.len() <= 2
        && !gap.contains('\n')
        && (prev[0].is_ascii_uppercase() || prev.iter().all(u8::is_ascii_digit))
}
