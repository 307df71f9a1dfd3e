//! The conservative rule-based de-identifier (Meldau 2018, section 4.3.3), inverse: a token is
//! PHI unless a SAFE dictionary vouches for it and nothing claims it. Nothing with a digit is
//! safe by rule; a pattern (date, age, phone, ID...) claims every token it covers; any UNSAFE
//! dictionary (names, places, months...) wins over the SAFE ones.
//!
//! Every decision carries its [`Reason`] so the review app can say which rule fired.

mod apposition;
mod company;
mod context;
mod cue;
mod drug_names;
mod eponyms;
mod facility;
mod features;
mod function_words;
mod generic_place;
mod heading;
mod inner_words;
mod lab_shorthand;
mod local_language;
mod lone_function_words;
mod place;
mod regulator;
mod role;
mod script;
mod short_field;
mod shorthand;
mod signature;
mod time_of_day;
mod title_employer;
mod usage;
mod vigilance_centre;
mod word_class;

pub use context::{
    complete_balinese_names, complete_given_names, complete_hyphenated_names, complete_initials,
    complete_inverted_names, complete_middle_names, complete_month_numbers,
    complete_repeated_names, complete_surnames_after_given_names,
};
pub use facility::complete_facility_heads;
pub use features::{token_features, Feature, Features};
pub use inner_words::complete_inner_words;
pub use lone_function_words::release_lone_function_words;
pub use script::foreign_script_words;
pub use title_employer::complete_title_employers;

use crate::lexicon::{flag, LexFlags, Lexicons};
use crate::phi::{PhiType, Span};
use crate::recognize::Recognizers;
use crate::tokenize::{OffsetMap, Tokenized};
use serde::Serialize;

/// The vocabulary of reasons, generated from `definitions/definitions.toml` with the sentence the
/// app shows for each.
pub use crate::definitions::RuleReason;

/// Why a token was masked or let through. Its machine name comes from the shared definitions
/// ([`Reason::kind`] gives the [`RuleReason`]), as does the app's explanation of it. Serialised
/// as `{"rule": name}`, or `{"rule": name, "detail": …}` for a pattern (the category) and an
/// UNSAFE dictionary (the feature's name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A regular-expression recognizer claimed it.
    Pattern(PhiType),
    /// It contains a digit: digits are never safe by rule.
    Digit,
    /// An UNSAFE dictionary lists it (the feature named).
    Unsafe(&'static str),
    /// A capital letter on its own may be an initial.
    SingleCapital,
    /// It follows a salutation ("Dr", "Mrs").
    AfterSalutation,
    /// A time of day ("130am", "07:30"): not PHI in the guidelines, but it holds digits, so the
    /// rules keep it masked; the combination treats it as a word the rules call safe, so the
    /// model alone may release it.
    TimeOfDay,
    /// A count of days, weeks, doses or cycles ("on day 8 of treatment", "dose 2", "days 1, 2
    /// and 3"): relative time, the time to onset the causality assessment needs, not PHI. Held
    /// like a time of day: masked by the rules (digits), released by the combination.
    RelativeTime,
    /// A vaccine or drug lot (batch) number after its label ("Lot EK5730", "lote 210032"): a
    /// product's identifier, which the guidelines call no PHI and signal detection needs. Held
    /// like a time of day: masked by the rules (digits), released by the combination.
    LotNumber,
    /// A number with its unit, or the unit ("35 mg/L", "500mg", "95 %"): a dose or lab value,
    /// not an identifier. A number stays masked by the rules (it holds digits) and the model may
    /// release it at the low threshold; a unit is safe.
    Measurement,
    /// A form field label followed by its value ("Tel +46 …", "e-mail x@y", "Case SE-MPA-…"):
    /// not PHI in the guidelines, released whatever the model says of it (the model, seeing
    /// PHI next to it, often calls it PHI).
    FieldLabel,
    /// A title before a name ("Dr. Anna", "DR FELIX"): not PHI, and not the street abbreviation
    /// "Dr" it is spelled like; released when the model agrees.
    Title,
    /// An ordinary word of the narrative's own language in lower case ("presentó", "après",
    /// "tratamento"), in a narrative written in Spanish, French, Italian, Portuguese, German or
    /// Dutch with capitals where they belong (`local_language`). Released whatever the model says:
    /// trained on English narratives, it masks nearly every word of another language.
    LocalWord,
    /// A short function word the SAFE dictionaries vouch for ("of", "the", "at", "and"): no
    /// such word identifies anyone, so it is released when the model gives it half a chance
    /// (`combine::FUNCTION_WORD_LOW`), not only past the low threshold (`function_words`).
    FunctionWord,
    /// A word of a medicine's name that the drug dictionary knows and no everyday-word, name or
    /// place list holds ("RIFAMPICIN", "lamivudine"): released when the model gives it half a chance
    /// (`combine::DRUG_NAME_LOW`), as the suspect drug is the report's first causality fact
    /// (`drug_names`).
    DrugName,
    /// Part of the name of a medicines regulator or pharmacovigilance programme ("Swedish
    /// Medical Products Agency", "Rete Nazionale di Farmacovigilanza"): not PHI in the
    /// guidelines, released whatever the model says (it reads "Agency" as a city).
    Regulator,
    /// A word that introduces PHI but is none ("resides in", "lives at", "works at", a reporter's
    /// qualification after their name: "Lori Brown (physician)"). Released whatever the model
    /// says: the guidelines call labels and reporter roles no PHI, and the model, which saw them
    /// next to PHI in training, masked them.
    PhiCue,
    /// A first name right after a relation word ("wife sarah", "pt bob", "WIFE CONNIE"). Never
    /// released: the model, which learnt names mostly from their capitals, misses them in lower
    /// case and ALL CAPS, and the relation word makes the name certain.
    RelationName,
    /// A country or US state written out ("USA", "PENNSYLVANIA", "Philippines") that is no
    /// English word (not "turkey", "chad"). Never released: the model released such places in ALL
    /// CAPS and after "in the", and the guidelines call every one of them PHI. The two-letter
    /// codes ("PA", "PT") are not here: they are also clinical abbreviations.
    PlaceName,
    /// A facility or home named after a person or place, its name and its kind ("Miller
    /// Nursing Home", "toniside urgent care", "WALKER FAMILY CLINIC"). Never released: in lower
    /// case and ALL CAPS the model read "miller", "william" and "care" as safe words.
    NamedFacility,
    /// A house, flat or plot word of an address before its number ("No. 12, Lane 34", "flat 3b,
    /// 27 marine drive"): part of the street address. Never released: the model reads "No" and
    /// "flat" as ordinary words.
    AddressWord,
    /// A kind of place of care without its name, after a determiner or "to"/"at" and before no
    /// name ("the health department", "TRANSFERRED TO HOSPITAL FOR ADMISSION", "at the
    /// vaccination site"): every word generic (`rules/generic_place`). Released whatever the model
    /// says: the guidelines call a facility PHI only by its name, and the model masked these
    /// words in ALL CAPS.
    GenericPlace,
    /// Part of a name by context: a name particle ("van der") or the head of a named facility
    /// ("University Hospital") next to a name.
    Context,
    /// Part of a company name by its shape: "Bell and Sons", "Smith & Co", "works at Burns,
    /// Mendoza and Reed". Never released: the model, reading "and" and "sons", calls them safe.
    Company,
    /// A clinician's signature before a credential at the end of a line ("- lm (hca)", "P. Osei
    /// RMN"): initials are dictionary words ("bg", "ts") that only their position tells apart.
    /// Never released.
    Signature,
    /// A person's name inside the name of a disease, sign or test ("Menier's disease", "Koplik's
    /// spots", "Werdnig-Hoffman disease"), with nothing before it that makes it a person's
    /// (`rules/eponyms`): not PHI in the guidelines, and the reaction the causality assessment
    /// reads. Released whatever the model says (it masks the surname it sees).
    Eponym,
    /// Clinical shorthand written with single letters ("c/o", "h/a", "f/u", "M.D.", "I.V.", the
    /// "B" of "hepta B", the "H" of "H. flu"), which the rules would read as initials
    /// (`rules/shorthand`). Released whatever the model says: the 1990s reports are full of it.
    Shorthand,
    /// A word the medical or drug dictionaries vouch for, in a field of a few words (a history or
    /// lab list: "Asthma", "Hayfever, eczema", "CBC, UA") where the model reads no sentence
    /// (`rules/short_field`). Released whatever the model says.
    MedicalField,
    /// No SAFE dictionary knows it.
    Unknown,
    /// A SAFE dictionary vouches for it and nothing claims it.
    Safe,
}

impl Reason {
    /// The reason in the shared vocabulary. The match is exhaustive on purpose: a variant added
    /// here needs a [`RuleReason`], and only `definitions/definitions.toml` adds one (with the
    /// sentence the app shows), so the engine and the app cannot disagree on the names.
    pub const fn kind(self) -> RuleReason {
        match self {
            Reason::Pattern(_) => RuleReason::Pattern,
            Reason::Digit => RuleReason::Digit,
            Reason::Unsafe(_) => RuleReason::Unsafe,
            Reason::SingleCapital => RuleReason::SingleCapital,
            Reason::AfterSalutation => RuleReason::AfterSalutation,
            Reason::TimeOfDay => RuleReason::TimeOfDay,
            Reason::RelativeTime => RuleReason::RelativeTime,
            Reason::LotNumber => RuleReason::LotNumber,
            Reason::Measurement => RuleReason::Measurement,
            Reason::FieldLabel => RuleReason::FieldLabel,
            Reason::Title => RuleReason::Title,
            Reason::LocalWord => RuleReason::LocalWord,
            Reason::FunctionWord => RuleReason::FunctionWord,
            Reason::DrugName => RuleReason::DrugName,
            Reason::Regulator => RuleReason::Regulator,
            Reason::PhiCue => RuleReason::PhiCue,
            Reason::RelationName => RuleReason::RelationName,
            Reason::PlaceName => RuleReason::PlaceName,
            Reason::NamedFacility => RuleReason::NamedFacility,
            Reason::AddressWord => RuleReason::AddressWord,
            Reason::GenericPlace => RuleReason::GenericPlace,
            Reason::Context => RuleReason::Context,
            Reason::Company => RuleReason::Company,
            Reason::Signature => RuleReason::Signature,
            Reason::Eponym => RuleReason::Eponym,
            Reason::Shorthand => RuleReason::Shorthand,
            Reason::MedicalField => RuleReason::MedicalField,
            Reason::Unknown => RuleReason::Unknown,
            Reason::Safe => RuleReason::Safe,
        }
    }

    /// The detail as the app's token data carries it: the category's i2b2 TYPE (`DATE`,
    /// `MEDICALRECORD`) for a pattern, the feature's name (`is-month`) for an UNSAFE dictionary;
    /// `None` for the reasons without one ([`RuleReason::detail`] says which have one).
    pub fn detail(self) -> Option<&'static str> {
        match self {
            Reason::Pattern(kind) => Some(kind.type_name()),
            Reason::Unsafe(feature) => Some(feature),
            _ => None,
        }
    }

    /// The reason as the app's token data carries it (`TokenProb::rule`): the name, then
    /// `:detail` where there is one: `pattern:DATE`, `digit`, `unsafe:is-month`, `unknown`, `safe`.
    pub fn label(self) -> String {
        let name = self.kind().name();
        match self.detail() {
            Some(detail) => format!("{name}:{detail}"),
            None => name.to_string(),
        }
    }
}

/// As serde's adjacently tagged form (`tag = "rule", content = "detail"`), the name taken from
/// the shared definitions; the pattern's detail is the category as `PhiType` serialises.
impl Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let fields = if self.kind().detail().is_some() { 2 } else { 1 };
        let mut st = s.serialize_struct("Reason", fields)?;
        st.serialize_field("rule", self.kind().name())?;
        match self {
            Reason::Pattern(kind) => st.serialize_field("detail", kind)?,
            Reason::Unsafe(feature) => st.serialize_field("detail", feature)?,
            _ => {}
        }
        st.end()
    }
}

/// The rule-based verdict on one token.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct TokenRule {
    /// Whether the rules mask the token (the inverse default: yes unless a SAFE dictionary
    /// vouches for it and nothing claims it).
    pub phi: bool,
    /// Best-guess category when `phi` (the rules' category is also the fallback when the model
    /// says "safe" but the combination masks the token anyway).
    pub kind: Option<PhiType>,
    /// Which rule decided.
    pub reason: Reason,
    /// The token's rule features (also the model's feature input).
    pub features: Features,
}

/// Rules applied to one document.
#[derive(Debug, Clone)]
pub struct RuleOutput {
    /// One verdict per word of the document, in order.
    pub rules: Vec<TokenRule>,
    /// Spans found by the recognizers, in code points, non-overlapping and sorted.
    pub pattern_spans: Vec<Span>,
}

/// Lexicons + recognizers, built once and shared by every thread.
pub struct RuleEngine {
    /// The SAFE and UNSAFE dictionaries.
    pub lexicons: Lexicons,
    /// The regular-expression recognizers (dates, ages, contacts, ids).
    pub recognizers: Recognizers,
    /// Whether the ordinary words of a narrative written in Spanish, French, Italian,
    /// Portuguese, German or Dutch are released (`local_language`; `DEID_LOCAL_WORDS=0` turns it
    /// off: every such word is then the model's to release, which masks nearly all of them).
    pub local_words: bool,
}

impl RuleEngine {
    /// A rule engine over the given lexicons (embedded, or a folder) and recognizers.
    pub fn new(lexicons: Lexicons, recognizers: Recognizers) -> RuleEngine {
        RuleEngine {
            lexicons,
            recognizers,
            local_words: true,
        }
    }

    /// The same engine with the local-word rule on or off.
    pub fn with_local_words(mut self, on: bool) -> RuleEngine {
        self.local_words = on;
        self
    }

    /// The embedded lexicons and the standard recognizers.
    pub fn embedded() -> RuleEngine {
        RuleEngine::new(Lexicons::embedded(), Recognizers::new())
    }

    /// The rules' verdict on every word of `doc` (whose text `map` indexes): lexicon lookup,
    /// features, recognizers, the decision per word, then the context rules (which only add PHI).
    pub fn apply(&self, doc: &Tokenized, map: &OffsetMap) -> RuleOutput {
        self.apply_many(&[(doc, map)])
            .pop()
            .expect("one output per document")
    }

    /// [`RuleEngine::apply`] for several documents, stage by stage: every document's lexicon
    /// lookups, then every document's recognizers, then the rest. Each stage's tables (the
    /// lexicon's, the regular expressions' automata) then stay in the CPU's caches across
    /// documents instead of evicting one another per document.
    pub fn apply_many(&self, docs: &[(&Tokenized, &OffsetMap)]) -> Vec<RuleOutput> {
        let folded: Vec<_> = docs
            .iter()
            .map(|(doc, _)| crate::lexicon::fold_words(doc))
            .collect();
        let flags: Vec<_> = docs
            .iter()
            .zip(&folded)
            .map(|((doc, _), folded)| self.lexicons.flags_for_folded(doc, folded))
            .collect();
        let patterns = self.recognizers.find_many(docs);
        docs.iter()
            .zip(folded)
            .zip(flags)
            .zip(patterns)
            .map(|((((doc, _), folded), flags), pattern_spans)| {
                self.decide_all(doc, &folded, &flags, pattern_spans)
            })
            .collect()
    }

    fn decide_all(
        &self,
        doc: &Tokenized,
        folded: &[std::borrow::Cow<'_, str>],
        flags: &[LexFlags],
        pattern_spans: Vec<Span>,
    ) -> RuleOutput {
        let features = token_features(doc, flags);
        let pattern_of = pattern_kinds(doc, &pattern_spans);
        let claimed: Vec<bool> = pattern_of.iter().map(Option::is_some).collect();
        let usage = usage::usage(doc, flags, &claimed);
        let mut rules: Vec<TokenRule> = (0..doc.len())
            .map(|i| {
                let after = (i > 0).then(|| doc.token_text(i - 1));
                decide(
                    doc.token_text(i),
                    flags[i] | is_contraction(doc, i),
                    features[i],
                    pattern_of[i],
                    after,
                    time_of_day::is_time_of_day(doc, flags, i),
                    usage[i],
                )
            })
            .collect();
        let class = word_class::WordClasses::of(folded);
        context::apply(doc, &mut rules, flags, &class, doc.case_informative);
        facility::apply(doc, &mut rules, flags, folded, &class, doc.case_informative);
        // an occupation set off after a patient's or relative's name ("(Marisol Bird, bakery line
        // supervisor)"), which no self-description introduces
        // (before the companies: the employer after it is read there, "(cashier at dollar general)")
        for k in apposition::apposition_titles(doc, &rules, &self.recognizers) {
            rules[k] = TokenRule {
                phi: true,
                kind: Some(PhiType::Profession),
                reason: Reason::Pattern(PhiType::Profession),
                features: rules[k].features,
            };
        }
        company::apply(doc, &mut rules, folded, &class);
        signature::apply(doc, &mut rules, folded, &class);
        place::apply(doc, &mut rules, flags, folded);
        heading::apply(doc, &mut rules, flags, folded, &class);
        if self.local_words {
            local_language::apply(doc, &mut rules, flags, folded, &class);
        }
        generic_place::apply(doc, &mut rules, flags, folded);
        // a word that introduces PHI ("resides in", "(physician)" after a reporter) is none
        for (rule, _) in rules
            .iter_mut()
            .zip(cue::cue_words(doc, flags, folded))
            .filter(|(r, cue)| *cue && !matches!(r.reason, Reason::Pattern(_) | Reason::Digit))
        {
            *rule = TokenRule {
                phi: false,
                kind: None,
                reason: Reason::PhiCue,
                features: rule.features,
            };
        }
        // a relation word before a relative's name, a credential beside a name ("MOC Heidi
        // Sorensen", "Hope Tatro RN") is none either
        for k in role::role_words(doc, &rules) {
            rules[k] = TokenRule {
                phi: false,
                kind: None,
                reason: Reason::PhiCue,
                features: rules[k].features,
            };
        }
        // last: a regulator's name is no PHI whatever its words look like to the rules above,
        // nor a pharmacovigilance centre named by its kind
        let centres = vigilance_centre::vigilance_centre_words(doc, &rules, flags, folded);
        for (rule, _) in rules
            .iter_mut()
            .zip(regulator::regulator_words(doc, folded, &claimed))
            .zip(centres)
            .filter(|((_, regulator), centre)| *regulator || *centre)
            .map(|(pair, _)| pair)
        {
            *rule = TokenRule {
                phi: false,
                kind: None,
                reason: Reason::Regulator,
                features: rule.features,
            };
        }
        // a name inside a disease's ("Menier's disease") is none, unless a cue makes it a person's
        eponyms::apply(doc, &mut rules, folded, &class);
        // nor the letters of clinical shorthand ("pt c/o h/a", "seen by M.D.", "hepta B")
        shorthand::apply(doc, &mut rules, flags, folded);
        // and lab tests in a list or with their results ("CBC, UA", "ANA pos", "LP-nl")
        lab_shorthand::apply(doc, &mut rules, folded);
        // and in a field of a few words, its medical words ("Asthma", "Hayfever, eczema")
        short_field::apply(doc, &mut rules, flags);
        // last, the function words still safe ("of", "the", "at"): released on less evidence
        function_words::apply(doc, &mut rules, folded);
        // and the words of a medicine's name still safe ("RIFAMPICIN"): the same
        drug_names::apply(doc, &mut rules);
        RuleOutput {
            rules,
            pattern_spans,
        }
    }
}

/// Whether `word` is one of the (lower-case, ASCII) `words`, in any case, without a lower-case copy.
fn one_of(word: &str, words: &[&str]) -> bool {
    words.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Whether `word` is four digits that read as a year of the last two centuries ("2019"): a
/// date's, no serial's or address's number.
fn is_recent_year(word: &str) -> bool {
    word.len() == 4
        && (word.starts_with("19") || word.starts_with("20"))
        && word.bytes().all(|b| b.is_ascii_digit())
}

/// The "s" of "it's", the "t" of "don't": a lowercase ending glued to a word by an apostrophe is
/// part of a contraction, vouched for as a stopword would be.
fn is_contraction(doc: &Tokenized, i: usize) -> LexFlags {
    let ending = matches!(
        doc.token_text(i),
        "s" | "t" | "d" | "m" | "ll" | "re" | "ve"
    );
    if i > 0 && ending && matches!(doc.gap_before(i), "'" | "\u{2019}") {
        flag::STOPWORD
    } else {
        0
    }
}

/// For each token, the kind of the pattern span overlapping it, if any.
fn pattern_kinds(doc: &Tokenized, spans: &[Span]) -> Vec<Option<PhiType>> {
    let mut out = vec![None; doc.len()];
    let mut s = 0;
    for (i, tok) in doc.tokens.iter().enumerate() {
        while s < spans.len() && spans[s].end <= tok.start {
            s += 1;
        }
        if let Some(span) = spans.get(s) {
            if span.overlaps(tok.start, tok.end) {
                out[i] = Some(span.kind);
            }
        }
    }
    out
}

/// Unsafe features in the order they are reported and turned into a category.
const UNSAFE_FEATURES: [(Feature, PhiType); 10] = [
    (Feature::IsMonth, PhiType::Date),
    (Feature::IsWeekday, PhiType::Date),
    (Feature::IsHoliday, PhiType::Date),
    (Feature::IsTopLevelDomain, PhiType::Url),
    (Feature::IsStreet, PhiType::Street),
    (Feature::IsState, PhiType::State),
    (Feature::IsCountry, PhiType::Country),
    (Feature::IsPossiblyCity, PhiType::City),
    (Feature::IsPossiblyName, PhiType::Patient),
    (Feature::IsWrittenOutNumber, PhiType::Age),
];

fn decide(
    text: &str,
    flags: LexFlags,
    features: Features,
    pattern: Option<PhiType>,
    previous: Option<&str>,
    time_of_day: bool,
    usage: Option<usage::Usage>,
) -> TokenRule {
    let phi = |kind: PhiType, reason: Reason| TokenRule {
        phi: true,
        kind: Some(kind),
        reason,
        features,
    };
    if let Some(kind) = pattern {
        return phi(kind, Reason::Pattern(kind));
    }
    let safe = |reason: Reason| TokenRule {
        phi: false,
        kind: None,
        reason,
        features,
    };
    match usage {
        // digits are never safe by rule: a measured number waits for the model
        Some(usage::Usage::Measurement) if features.has(Feature::ContainsDigit) => {
            return phi(digit_category(text), Reason::Measurement)
        }
        Some(usage::Usage::Measurement) => return safe(Reason::Measurement),
        Some(usage::Usage::RelativeTime) => return phi(digit_category(text), Reason::RelativeTime),
        Some(usage::Usage::LotNumber) => return phi(digit_category(text), Reason::LotNumber),
        Some(usage::Usage::FieldLabel) => return safe(Reason::FieldLabel),
        Some(usage::Usage::Title) => return safe(Reason::Title),
        None => {}
    }
    if features.has(Feature::ContainsDigit) {
        if time_of_day {
            return phi(PhiType::Date, Reason::TimeOfDay);
        }
        return phi(digit_category(text), Reason::Digit);
    }
    if features.has(Feature::FollowsSalutation) && flags & flag::STOPWORD == 0 {
        let kind = match previous.map(|p| p.to_ascii_lowercase()).as_deref() {
            Some("dr" | "doctor" | "prof" | "professor" | "nurse") => PhiType::Doctor,
            _ => PhiType::Patient,
        };
        return phi(kind, Reason::AfterSalutation);
    }
    for (feature, kind) in UNSAFE_FEATURES {
        if features.has(feature) {
            return phi(kind, Reason::Unsafe(feature.name()));
        }
    }
    if features::is_one_char(text)
        && features::starts_with_capital(text)
        && text != "A"
        && text != "I"
    {
        return phi(PhiType::Patient, Reason::SingleCapital);
    }
    // Salutations are not PHI themselves (the guidelines leave titles out of spans).
    if flags & (flag::SAFE | flag::SALUTATION) != 0 {
        return TokenRule {
            phi: false,
            kind: None,
            reason: Reason::Safe,
            features,
        };
    }
    phi(PhiType::Patient, Reason::Unknown)
}

/// A number on its own: a year-like number is most likely a date, anything else an identifier.
fn digit_category(text: &str) -> PhiType {
    let lower = text.to_ascii_lowercase();
    if let Some(day) = ["st", "nd", "rd", "th"]
        .iter()
        .find_map(|s| lower.strip_suffix(s))
    {
        if !day.is_empty() && day.bytes().all(|b| b.is_ascii_digit()) {
            return PhiType::Date; // "31st", "2nd": days of a month as often as not
        }
    }
    match text.parse::<u32>() {
        Ok(y) if text.len() == 4 && (1900..=2039).contains(&y) => PhiType::Date,
        Ok(n) if text.len() <= 3 && n <= 120 => PhiType::Age,
        _ => PhiType::Idnum,
    }
}

/// The words of `text` whose rule decision `keep` accepts (for the rule modules' tests).
#[cfg(test)]
fn words_where(text: &str, keep: impl Fn(&TokenRule) -> bool) -> Vec<String> {
    let engine = RuleEngine::embedded();
    let doc = Tokenized::new(text);
    let out = engine.apply(&doc, &OffsetMap::new(text));
    (0..doc.len())
        .filter(|&i| keep(&out.rules[i]))
        .map(|i| doc.token_text(i).to_string())
        .collect()
}

/// The words the rules alone call PHI in `text` (for the rule modules' tests).
#[cfg(test)]
fn phi_words(text: &str) -> Vec<String> {
    words_where(text, |r| r.phi)
}

/// The words of `text` the rules give `reason` (for the rule modules' tests).
#[cfg(test)]
fn words_with_reason(text: &str, reason: Reason) -> Vec<String> {
    words_where(text, |r| r.reason == reason)
}

#[cfg(test)]
mod tests;
