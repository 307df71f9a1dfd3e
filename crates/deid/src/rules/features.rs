//! The per-token features of Meldau 2018 (section 4.3.3): what the rule-based de-identifier knows
//! about a token, and what the deep model receives as its feature input. The order of
//! [`Feature::MELDAU`] is the model's feature order and must not change without retraining.

use crate::lexicon::{flag, LexFlags};
use crate::tokenize::Tokenized;
use serde::Serialize;

/// The rule features are generated from `definitions/definitions.toml` with their names (the
/// model's feature columns): `Feature::name` and `Feature::column` come from there.
pub use crate::definitions::Feature;

impl Feature {
    /// Meldau's fifteen features, in the model's input order: the first fifteen columns of
    /// [`Feature::ALL`] (`definitions.toml` lists them first), taken from there, not listed again.
    pub const MELDAU: [Feature; 15] = {
        let mut out = [Feature::ALL[0]; 15];
        let mut i = 0;
        while i < 15 {
            out[i] = Feature::ALL[i];
            i += 1;
        }
        out
    };
}

/// A set of [`Feature`]s as bits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Features(u32);

impl Features {
    /// Whether the set holds `f`.
    pub fn has(self, f: Feature) -> bool {
        self.0 & (1 << f as u32) != 0
    }

    /// Adds `f` when `on`; `false` leaves the set as it is (a feature once set stays set).
    pub fn set(&mut self, f: Feature, on: bool) {
        if on {
            self.0 |= 1 << f as u32;
        }
    }

    /// Meldau's fifteen features as 0/1, in model order.
    pub fn meldau_vector(self) -> [f32; 15] {
        Feature::MELDAU.map(|f| if self.has(f) { 1.0 } else { 0.0 })
    }

    /// The names of the features held (Meldau's fifteen first, then the others), as they serialise.
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

/// Whether `word` starts with a capital letter (of any script).
pub fn starts_with_capital(word: &str) -> bool {
    word.chars().next().is_some_and(char::is_uppercase)
}

/// Whether `word` is written with a capital first and no other capital ("Turkey", "Room"; not
/// "TURKEY", "turkey").
pub fn is_capitalised(word: &str) -> bool {
    starts_with_capital(word) && !word.chars().skip(1).any(char::is_uppercase)
}

/// Whether `word` is one character long.
pub fn is_one_char(word: &str) -> bool {
    let mut cs = word.chars();
    cs.next().is_some() && cs.next().is_none()
}

/// Whether word `i` is joined to a weekday that no dictionary holds, by "and", "or", "&", a
/// comma or a slash: "2.5 mg mon and fri", "mon/wed/fri" (the other weekday says which "mon" this
/// is; "pt sat and wed" joins two words).
fn beside_weekday(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let n = doc.len();
    let weekday = |k: usize| flags[k] & flag::WEEKDAY != 0 && flags[k] & flag::SAFE == 0;
    let joined = |a: usize| matches!(doc.gap_after(a), "/" | ", " | "," | " & " | "&");
    // (an abbreviation's period may stand before the conjunction: "called her mon. and tues")
    let conjunction = |k: usize| {
        is_one_of(&["and", "or"], doc.token_text(k))
            && matches!(doc.gap_before(k), " " | ". ")
            && doc.gap_after(k) == " "
    };
    // ("FRI, SAT, SUN-": or one a list word, "SAT", joins to a weekday no list holds)
    let any_weekday = |k: usize| flags[k] & flag::WEEKDAY != 0;
    (i + 1 < n && joined(i) && weekday(i + 1))
        || (i > 0 && joined(i - 1) && weekday(i - 1))
        || (i + 2 < n && joined(i) && any_weekday(i + 1) && joined(i + 1) && weekday(i + 2))
        || (i >= 2 && joined(i - 1) && any_weekday(i - 1) && joined(i - 2) && weekday(i - 2))
        || (i + 2 < n && conjunction(i + 1) && weekday(i + 2))
        || (i >= 2 && conjunction(i - 1) && weekday(i - 2))
}

/// Compute the features of every token from its lexicon flags and its context.
pub fn token_features(doc: &Tokenized, flags: &[LexFlags]) -> Vec<Features> {
    let case_informative = doc.case_informative;
    (0..doc.len())
        .map(|i| {
            let text = doc.token_text(i);
            let f = flags[i];
            let prev_flags = if i > 0 { flags[i - 1] } else { 0 };
            let has = |bits: LexFlags| f & bits != 0;
            let capital = starts_with_capital(text);
            let lowercase = !case_informative || !text.chars().any(char::is_uppercase);
            let sentence_beginning = is_sentence_beginning(doc, i);
            // At a sentence beginning a capital says nothing about the word.
            let case_uninformative =
                lowercase || (sentence_beginning && !text.chars().skip(1).any(char::is_uppercase));
            // The census surname list (>= 100 bearers) holds "the", "patient", "fever"; the
            // cities "of", "can". Names and places do not override a stopword, a hand-checked
            // curated word (manufacturers), or a medical term or drug written in lowercase
            // (or capitalised only because it starts a sentence).
            // The medical and drug lists hold places and names too ("São Paulo virus", "Rocio
            // virus", drugs named after cities): only a medical word that is also an ordinary
            // word ("pain", "bell") is exempt.
            let place_or_name_exempt = has(flag::STOPWORD | flag::CURATED_SAFE)
                || (case_uninformative
                    && has(flag::MEDICAL_TERM | flag::DRUG)
                    && has(flag::COMMON_WORD)
                    && !(has(flag::FIRST_NAME) && is_one_of(NAMES_BEFORE_WORDS, text)));
            // "may", "march", "sun", "one", "first" are dates or numbers only when they look like
            // it: capitalised or next to a number. Words only a date can be ("december") always are.
            // (only asked of weekday, month and number words: most words never look at their neighbours)
            let date_like = || !has(flag::SAFE) || !lowercase || near_number(doc, i);
            // "last mon", "since tues", "next march": a word that says when ("since ~mon": and
            // a tilde, about then)
            let approximately = matches!(doc.gap_before(i), " ~" | " ~ " | "~");
            let after_when = |words: &[&str]| {
                i > 0
                    && (doc.gap_before(i) == " " || approximately)
                    && is_one_of(words, doc.token_text(i - 1))
            };
            let mut out = Features::default();
            out.set(
                Feature::IsPossiblyCity,
                has(flag::CITY) && !place_or_name_exempt,
            );
            // model input: the raw shape, as in training
            out.set(Feature::HasCapitalBeginning, capital);
            out.set(Feature::IsSentenceBeginning, sentence_beginning);
            out.set(
                Feature::IsPossiblyName,
                has(flag::FIRST_NAME | flag::SURNAME) && !place_or_name_exempt,
            );
            out.set(
                Feature::IsCommonWord,
                has(flag::COMMON_WORD | flag::STOPWORD),
            );
            // digits of any script ("٣", "３") are digits
            out.set(Feature::IsDigit, text.chars().all(char::is_numeric));
            out.set(Feature::ContainsDigit, text.chars().any(char::is_numeric));
            out.set(Feature::IsMedicalTerm, has(flag::MEDICAL_TERM));
            out.set(
                Feature::IsWeekday,
                has(flag::WEEKDAY)
                    && (date_like()
                        || (after_when(BEFORE_WEEKDAY)
                            && (approximately || !text.eq_ignore_ascii_case("sun")))
                        || beside_weekday(doc, flags, i)),
            );
            out.set(
                Feature::IsMonth,
                has(flag::MONTH)
                    && (date_like() || after_when(BEFORE_MONTH))
                    && !is_modal_may(doc, i),
            );
            // A TLD list holds "it", "is", "at", "me": only a TLD glued to a dot is one.
            out.set(
                Feature::IsTopLevelDomain,
                has(flag::TLD) && i > 0 && doc.gap_before(i) == ".",
            );
            // Street words ("way", "place", "court") are streets after a name or a house number.
            out.set(
                Feature::IsStreet,
                has(flag::STREET)
                    && if is_one_of(STREET_PREFIXES, text) {
                        is_street_prefix_context(doc, i, case_informative, flags)
                    } else {
                        i > 0 && is_street_context(doc, i, case_informative, prev_flags)
                    },
            );
            out.set(Feature::IsHoliday, has(flag::HOLIDAY));
            out.set(Feature::IsSingleLetter, is_one_char(text));
            out.set(
                Feature::IsWrittenOutNumber,
                has(flag::WRITTEN_NUMBER) && date_like(),
            );
            // ALL CAPS writes every word like a code: a state's or a country's code that is also
            // a stopword ("AT", "IN", "OR", "ME", "IS", "TO") is one there only after a comma
            // ("PORTLAND, OR") or before a ZIP code
            let codes = if case_informative || !has(flag::STOPWORD) || is_code_context(doc, i) {
                flag::STATE_ABBREVIATION | flag::COUNTRY_CODE
            } else {
                0
            };
            out.set(
                Feature::IsState,
                has(flag::STATE | (flag::STATE_ABBREVIATION & codes)),
            );
            out.set(
                Feature::IsCountry,
                has(flag::COUNTRY | (flag::COUNTRY_CODE & codes)),
            );
            out.set(Feature::IsDrug, has(flag::DRUG));
            out.set(Feature::IsSalutation, has(flag::SALUTATION));
            out.set(
                Feature::FollowsSalutation,
                prev_flags & flag::SALUTATION != 0
                    && doc.gap_before(i).len() <= 2
                    && !(case_informative && is_unit_ms(doc, i - 1)),
            );
            out
        })
        .collect()
}

/// Whether token `k` is "ms" in lower case after a number: milliseconds ("QTc 612 ms, runs of
/// torsades"), where capitals are informative and a salutation would be "Ms".
fn is_unit_ms(doc: &Tokenized, k: usize) -> bool {
    doc.token_text(k) == "ms"
        && k > 0
        && doc.token_text(k - 1).bytes().all(|b| b.is_ascii_digit())
        && doc.gap_before(k).len() <= 1
}

/// Where a code stands in an address: after a comma ("PORTLAND, OR") or before a ZIP code
/// ("IN 46201").
fn is_code_context(doc: &Tokenized, i: usize) -> bool {
    let zip_after = i + 1 < doc.len()
        && doc.gap_after(i) == " "
        && doc.token_text(i + 1).len() == 5
        && doc.token_text(i + 1).bytes().all(|b| b.is_ascii_digit());
    doc.gap_before(i).contains(',') || zip_after
}

/// Whether the token before or after `i` (on the same line) contains a digit.
/// "may" as the verb before what it qualifies, in any case and next to a number: "May have
/// allergies", "May be allergic to", "May or may not be related", "the vaccine 4 may cause" (never
/// "May or June", "4 May the patient").
fn is_modal_may(doc: &Tokenized, i: usize) -> bool {
    let word = |k: usize| -> Option<String> {
        (k < doc.len() && doc.gap_before(k) == " ").then(|| doc.token_text(k).to_ascii_lowercase())
    };
    if !doc.token_text(i).eq_ignore_ascii_case("may") {
        return false;
    }
    match word(i + 1).as_deref() {
        Some("be" | "have" | "not" | "also" | "cause" | "help" | "need" | "affect") => true,
        Some("or") => matches!(word(i + 2).as_deref(), Some("may" | "might" | "not")),
        _ => false,
    }
}

fn near_number(doc: &Tokenized, i: usize) -> bool {
    let has_digit = |j: usize| doc.token_text(j).chars().any(char::is_numeric);
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
    end.ends_with(['.', '!', '?', ':', ';'])
}

fn is_initial_or_title(token: &str) -> bool {
    (is_one_char(token) && starts_with_capital(token))
        || matches!(
            token.to_ascii_lowercase().as_str(),
            "dr" | "mr" | "mrs" | "ms" | "prof" | "st"
        )
}

/// Given names that the drug or medical list holds through a product or an eponym ("St. John's
/// wort", "Timothy grass", "Carter's") and the common-word list through a rare sense ("john",
/// "jack"): in lower case a narrative means the person ("marg states john 'grey and sweaty'",
/// "pt jack"). In the 2021 and 1990s VAERS columns (all fields) these words appear in lower case
/// twice, "st john's wart" and "timothy hay", where the mask costs one word. Not listed, for
/// their frequent lower-case senses there or in notes: "pat" (patient), "ben" ("ben gay"),
/// "meg" (mcg), "peg" (PEG tube), "tad" ("a tad"), "ray" ("x-ray", 320 times), "max", "rod",
/// "kit", "king", "dawn".
const NAMES_BEFORE_WORDS: &[&str] = &[
    "john", "jack", "rick", "terry", "homer", "chad", "carter", "timothy", "mack",
];

/// Words after which a lower-case weekday word is the weekday ("last mon", "since sat", "on
/// wed"); not "by" or "from" ("from sun exposure"), and never "sun" itself ("on sun-exposed
/// skin").
const BEFORE_WEEKDAY: &[&str] = &[
    "last", "next", "since", "until", "till", "on", "every", "thru", "through",
];

/// Words after which a lower-case month word is the month ("last march", "since may", "until
/// august"); not "in", "this" or "by" ("in may", "this may cause", "by march" are verbs too often).
const BEFORE_MONTH: &[&str] = &[
    "last", "next", "since", "until", "till", "early", "mid", "late",
];

/// Whether `word` is one of [`NAMES_BEFORE_WORDS`] in any case.
pub(super) fn is_name_before_word(word: &str) -> bool {
    is_one_of(NAMES_BEFORE_WORDS, word)
}

/// Street words that come before the street's name ("Via Roma 45", "rue de la Roquette",
/// "ul. Floriańska 22", "Calle Mayor 3"): their context is what follows, so that "given via IM"
/// or "(VACCINE) via an unspecified route" stay safe.
const STREET_PREFIXES: &[&str] = &[
    "via", "viale", "rue", "ul", "ulica", "al", "aleja", "plac", "calle", "avenida", "rua",
    "strada",
];

/// Name particles between a street prefix and the name ("rue de la Roquette", "Via del Corso").
const STREET_PARTICLES: &[&str] = &[
    "de", "la", "del", "di", "da", "do", "dos", "das", "des", "du",
];

/// Whether `word` is one of `list` (lower-case ASCII words), in any case, without allocating.
fn is_one_of(list: &[&str], word: &str) -> bool {
    list.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// "Via Roma", "rue de la Roquette", "ul. Floriańska": a street prefix before a capitalised word
/// that is not an acronym (after "de la", "del", "di") or a number, or where capitals say
/// nothing, before a word no SAFE dictionary knows; after at most a blank and a dot.
fn is_street_prefix_context(
    doc: &Tokenized,
    i: usize,
    case_informative: bool,
    flags: &[LexFlags],
) -> bool {
    let mut j = i + 1;
    while j < doc.len() && is_one_of(STREET_PARTICLES, doc.token_text(j)) {
        j += 1;
    }
    if j >= doc.len() {
        return false;
    }
    let gap = doc.gap_before(i + 1);
    let next = doc.token_text(j);
    // a name, not an acronym ("via IM", "via EMS") nor a manufacturer or drug ("via Pfizer")
    // (nor a clinical word, "delivered via Cesarean section"; where capitals say nothing, after
    // "via" a word a name or town list holds, "via roma", not a misspelt one, "via ambulence")
    let named = if case_informative {
        starts_with_capital(next)
            && next.chars().skip(1).any(char::is_lowercase)
            && flags[j] & (flag::DRUG | flag::CURATED_SAFE | flag::MEDICAL_TERM) == 0
    } else {
        // ("via" is English too: a number after the name, or a name or town list, makes it the
        // street, "VIA SARAGOZZA 112")
        let numbered = j + 1 < doc.len()
            && doc
                .token_text(j + 1)
                .starts_with(|c: char| c.is_ascii_digit());
        flags[j] & flag::SAFE == 0
            && (!doc.token_text(i).eq_ignore_ascii_case("via")
                || numbered
                || flags[j] & (flag::FIRST_NAME | flag::SURNAME | flag::CITY | flag::STREET) != 0)
    };
    gap.len() <= 2
        && gap.chars().all(|c| c == ' ' || c == '.' || c == '\t')
        && (named || next.chars().all(char::is_numeric))
}

/// "Elm Street", "12 Way": a street word after a capitalised word or a house number; where
/// capitals say nothing, after a word no SAFE dictionary knows ("elm street", not "a long way").
/// Only a blank separates the two: "Crp 4. CT no abscess" is a new sentence, not "4 Ct". Where
/// capitals inform, a street word in capitals after a word that is not ("Chest CT", "Had ST
/// elevation") is an acronym: addresses are written "Oak Ct" or "OAK CT".
fn is_street_context(
    doc: &Tokenized,
    i: usize,
    case_informative: bool,
    prev_flags: LexFlags,
) -> bool {
    let prev = doc.token_text(i - 1);
    let gap = doc.gap_before(i);
    let named = if case_informative {
        let word = doc.token_text(i);
        let acronym = word.chars().count() > 1
            && word.chars().all(char::is_uppercase)
            && !prev.chars().all(|c| c.is_uppercase() || !c.is_alphabetic());
        starts_with_capital(prev) && !acronym
    } else {
        // a name or a place that is a common word too, after a preposition: "on evans st",
        // "at young street" (not "he will drive")
        let after_preposition = i >= 2
            && doc
                .gap_before(i - 1)
                .trim_matches([' ', '\u{a0}'])
                .is_empty()
            && matches!(
                doc.token_text(i - 2).to_lowercase().as_str(),
                "on" | "at" | "in" | "from" | "off" | "near" | "along" | "via"
            );
        prev_flags & flag::SAFE == 0
            || (after_preposition
                && prev_flags & (flag::FIRST_NAME | flag::SURNAME | flag::CITY) != 0
                && prev_flags & flag::STOPWORD == 0)
    };
    let is_blank =
        |g: &str| !g.is_empty() && g.chars().all(|c| c == ' ' || c == '\t' || c == '\u{a0}');
    // "P.O. Box": the dot after an abbreviation of one letter (not "Crp 4. CT")
    let blank = is_blank(gap)
        || (prev.chars().count() == 1
            && prev.chars().all(char::is_alphabetic)
            && gap.strip_prefix('.').is_some_and(is_blank));
    gap.len() <= 2 && blank && (named || prev.chars().all(char::is_numeric))
}

#[cfg(test)]
mod tests {
    use super::{token_features, Feature};
    use crate::lexicon::Lexicons;
    use crate::tokenize::{case_is_informative, Tokenized};

    /// The words of `text` with the street feature.
    fn streets(text: &str) -> Vec<String> {
        with(text, Feature::IsStreet)
    }

    /// The words of `text` with the possibly-name feature.
    fn names(text: &str) -> Vec<String> {
        with(text, Feature::IsPossiblyName)
    }

    /// The words of `text` with `feature`.
    fn with(text: &str, feature: Feature) -> Vec<String> {
        let doc = Tokenized::new(text);
        let lex = Lexicons::embedded();
        let folded = crate::lexicon::fold_words(&doc);
        let flags = lex.flags_for_folded(&doc, &folded);
        let f = token_features(&doc, &flags);
        (0..doc.len())
            .filter(|&i| f[i].has(feature))
            .map(|i| doc.token_text(i).to_string())
            .collect()
    }

    #[test]
    fn a_lower_case_weekday_or_month_after_a_word_that_says_when() {
        assert_eq!(
            with(
                "muddled since gp started tramadol last mon for knee pain",
                Feature::IsWeekday
            ),
            ["mon"]
        );
        assert_eq!(
            with("seen on wed and again next sat", Feature::IsWeekday),
            ["wed", "sat"]
        );
        // a list of weekdays, two of them list words too
        assert_eq!(
            with(
                "THURSDAY 1/6/21 BODY ACHES, FEVER, CHILLS FRI, SAT, SUN- VOMITING",
                Feature::IsWeekday
            ),
            ["THURSDAY", "FRI", "SAT", "SUN"]
        );
        let w = with("pt sat up, sun exposure, dry", Feature::IsWeekday);
        assert!(w.is_empty(), "{w:?}");
        // "about then": a tilde between
        assert_eq!(
            with(
                "- since ~sun: no appetite; since ~mon dry cough; since sun exposure",
                Feature::IsWeekday
            ),
            ["sun", "mon"]
        );
        assert_eq!(
            with("no rash since march, none until may", Feature::IsMonth),
            ["march", "may"]
        );
        // verbs and other senses stay words
        assert!(with("this may cause pain; she may march", Feature::IsMonth).is_empty());
        // "may" the verb, capitalised or after a number
        assert!(with(
            "May have allergies. May be allergic to X. May or may not be related; the vaccine 4 may cause",
            Feature::IsMonth
        )
        .is_empty());
        assert_eq!(
            with(
                "1st dose, either May or June; On 4 May the patient",
                Feature::IsMonth
            ),
            ["May", "June", "May"]
        );
        assert!(with("pt sat up and could wed", Feature::IsWeekday).is_empty());
        // beside a weekday no dictionary holds
        assert_eq!(
            with(
                "5 mg daily except 2.5 mg mon and fri; clinic mon/thu",
                Feature::IsWeekday
            ),
            ["mon", "fri", "mon", "thu"]
        );
        assert!(with("pt sat and wed", Feature::IsWeekday).is_empty());
        assert_eq!(
            with(
                "the clinic called her mon. and tues, (1/18 and 1/19)",
                Feature::IsWeekday
            ),
            ["mon", "tues"]
        );
        assert!(with(
            "rash on sun-exposed skin since sun exposure",
            Feature::IsWeekday
        )
        .is_empty());
    }

    #[test]
    fn milliseconds_after_a_number_are_no_salutation_where_capitals_say_so() {
        let text = "On arrival the ECG showed QTc 612 ms, runs of torsades de pointes; \
                    seen later by Ms Holloway on the ward";
        assert_eq!(with(text, Feature::FollowsSalutation), ["Holloway"]);
        // in lower case a salutation is written "ms" too
        let lower = "on arrival the ecg showed a long qtc and the patient was seen by ms holloway";
        assert_eq!(with(lower, Feature::FollowsSalutation), ["holloway"]);
    }

    #[test]
    fn a_given_name_that_is_also_a_drug_word_stays_a_name_in_lower_case() {
        assert_eq!(names("marg states john grey and sweaty"), ["marg", "john"]);
        assert_eq!(names("pt jack c/o chest pain"), ["jack"]);
        // a lower-case drug and common word that is also a name stays exempt: "x-ray", "rose"
        assert!(names("chest x-ray neg, rash rose to 3 cm").is_empty());
    }

    #[test]
    fn a_street_prefix_is_a_street_before_its_name_only() {
        assert_eq!(streets("She lives at Via Roma 45, Milano."), ["Via"]);
        assert_eq!(streets("domicile: 12 rue de la Roquette, Paris"), ["rue"]);
        assert_eq!(streets("ul. Floriańska 22, Kraków"), ["ul"]);
        assert!(
            streets("BNT162B2 (PFIZER-BIONTECH COVID-19 VACCINE) via an unspecified route")
                .is_empty()
        );
        assert!(streets("Pt was brought to CRMC via EMS.").is_empty());
        assert!(streets("given via IM injection, et al. reported").is_empty());
        // a street word after its name, as before
        assert_eq!(streets("lives at 12 Oak Street"), ["Street"]);
        // a manufacturer after "via" is not a street name
        assert!(
            streets("Enrolled via Pfizer-sponsored program, dose received via Moderna.").is_empty()
        );
    }

    #[test]
    fn a_street_word_is_a_street_after_its_name_or_number_only() {
        assert_eq!(streets("Seen at 12 Oak Ct on Monday."), ["Ct"]);
        assert_eq!(streets("He lives at 45 MAPLE AVE, Springfield."), ["AVE"]);
        assert_eq!(streets("lives at 7 Elm St. since 2019"), ["St"]);
        assert_eq!(streets("P.O. Box 20723-00202, Nairobi"), ["Box"]);
        // lower case: a name that is a common word too, after a preposition
        assert_eq!(
            streets("got it from chemist warehouse on evans st after the shortage"),
            ["st"]
        );
        assert!(streets("he will drive her home; his mark was faint").is_empty());
        // acronyms after a word in another case, and a new sentence after a number
        assert!(streets("Chest CT negative. Had ST elevation on EKG.").is_empty());
        assert!(streets("Wbc 12. Crp 4. CT no abscess.").is_empty());
    }

    #[test]
    fn capitals_inform_in_prose_only() {
        assert!(case_is_informative(
            "Acute myopericarditis Chest pain developed 24 hours after vaccine administration. \
             Presented to emergency department 48 hours after vaccine administration."
        ));
        assert!(!case_is_informative(
            "pt recvd vax; 7dec fever 103 in eve of vax; 12dec MMR rash on trunk, seen by dr bob \
             at clinic, tx w/ tylenol x3 days"
        ));
        assert!(!case_is_informative(
            "PATIENT RECEIVED VACCINE ON 12/26/2020 AND DEVELOPED FEVER. SEEN BY DR SMITH AT MERCY."
        ));
    }
}
