//! Context rules that extend the rules' PHI over words that are safe on their own but part of a
//! name: the particles of personal names ("Pieter van der Berg", "María de la Cruz", "Ibn Sina"),
//! first names after a relation word ("wife sarah"), house-number words in addresses. Named
//! facilities are `facility`'s. Applied after the per-word decisions; it only ever turns safe
//! words into PHI (the inverse principle: context can add masking, never remove it).

use super::word_class::{WordClasses, PARTICLE, RELATION};
use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;

mod house_numbers;
mod name_words;
pub(super) use house_numbers::HOUSE_NUMBER_WORDS;
use name_words::{MOTHER_OF, QUOTING_VERBS, SPEECH_VERBS, STOPWORD_SURNAMES};
pub(super) use name_words::{PARTICLES, RELATIONS};

fn is_namelike(r: &TokenRule) -> bool {
    r.phi
        && matches!(r.kind, Some(PhiType::Patient | PhiType::Doctor))
        && matches!(
            r.reason,
            Reason::Unknown
                | Reason::Unsafe(_)
                | Reason::AfterSalutation
                | Reason::SingleCapital
                | Reason::RelationName
        )
}

pub(super) fn is_placelike(r: &TokenRule) -> bool {
    r.phi
        && matches!(
            r.kind,
            Some(PhiType::Patient | PhiType::Doctor | PhiType::City | PhiType::Hospital)
        )
        && !matches!(
            r.reason,
            Reason::Digit
                | Reason::Pattern(_)
                | Reason::TimeOfDay
                | Reason::RelativeTime
                | Reason::LotNumber
        )
}

pub(super) fn close(doc: &Tokenized, i: usize) -> bool {
    // word i-1 and word i are neighbours on one line, separated by a blank, a hyphen or a period
    let gap = doc.gap_before(i);
    gap.chars().count() <= 2
        && !gap.contains('\n')
        && gap.chars().all(|c| " \u{a0}-.'’".contains(c))
}

/// Whether word `k` is one no list knows and long enough (four letters or more) to be no
/// abbreviation ("ZDEŇKA", "dubem"; not "OSA", "PCN").
pub(super) fn unlisted_long_word(doc: &Tokenized, rules: &[TokenRule], k: usize) -> bool {
    rules[k].reason == Reason::Unknown && doc.token_text(k).chars().count() >= 4
}

/// A person's name that a relation word or the like made certain: a patient's, never released.
fn mark_relation_name(r: &mut TokenRule) {
    r.phi = true;
    r.kind = Some(PhiType::Patient);
    r.reason = Reason::RelationName;
}

pub(super) fn mark(rules: &mut [TokenRule], i: usize, kind: PhiType) {
    let r = &mut rules[i];
    r.phi = true;
    r.kind = Some(kind);
    // (a stronger reason stays: a named facility or place is never released)
    if !matches!(
        r.reason,
        Reason::Pattern(_)
            | Reason::Digit
            | Reason::NamedFacility
            | Reason::PlaceName
            | Reason::RelationName
    ) {
        r.reason = Reason::Context;
    }
}

/// Extend the rules' PHI over name particles, names after a relation word, surnames after a
/// name, and house-number words (facility names: `facility::apply`). `flags`: each word's
/// lexicon flags; `class`: the lists each word is on; `case_informative`: whether capitals mean
/// something in this document.
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    class: &WordClasses,
    case_informative: bool,
) {
    let n = doc.len();
    let on = |k: usize, list| class.on(k, list);
    // a relation word, or "as" after "named"/"called" ("(named as shelby long)")
    let relation = |k: usize| {
        on(k, RELATION)
            || (k > 0
                && doc.token_text(k).eq_ignore_ascii_case("as")
                && doc.gap_before(k) == " "
                && super::one_of(doc.token_text(k - 1), &["named", "called"]))
    };
    // 0. a first name after a relation word ("wife sarah", "pt bob"), then a surname after a name
    // that a salutation or a relation word introduced ("dr. john bowman": "bowman" is also a
    // medical word)
    // (where capitals mean something, also a capitalised word no list knows after a relative's
    // word: "Contact via daughter Nonie:", whom the model released)
    let unknown_capitalised = |rules: &[TokenRule], i: usize| {
        let w = doc.token_text(i);
        case_informative
            && rules[i].reason == Reason::Unknown
            // (a relative's word: not the patient's label, nor "called" ("called Hlth Dept"))
            && !super::one_of(
                doc.token_text(i - 1),
                &["pt", "patient", "vaccinee", "called", "named"],
            )
            && w.chars().count() >= 3
            && w.chars().all(char::is_alphabetic)
            && w.starts_with(char::is_uppercase)
            && !w.chars().skip(1).any(char::is_uppercase)
    };
    for i in 1..n {
        let f = flags[i];
        // ("Given APAP, baby ASA": a child's strength of a drug, "baby aspirin"; a drug that is a
        // given name too names no baby)
        let baby_drug = doc.token_text(i - 1).eq_ignore_ascii_case("baby") && f & flag::DRUG != 0;
        if relation(i - 1)
            && close(doc, i)
            && (f & flag::FIRST_NAME != 0 || unknown_capitalised(rules, i))
            && f & (flag::STOPWORD | flag::CURATED_SAFE) == 0
            && !matches!(rules[i].reason, Reason::Pattern(_) | Reason::Digit)
            && !baby_drug
        {
            mark_relation_name(&mut rules[i]);
        }
    }
    // the person whose relative a possessive names: "Lindy's son Paolo", "(lupita's mom)"; a
    // listed given name, or where capitals mean something a capitalised word no list knows, and
    // elsewhere a word of four letters or more no list knows ("ZDEŇKA'S HUSBAND", "dubem's wife")
    let unknown_elsewhere =
        |rules: &[TokenRule], i: usize| !case_informative && unlisted_long_word(doc, rules, i);
    for i in 0..n.saturating_sub(2) {
        let f = flags[i];
        let w = doc.token_text(i);
        if matches!(doc.gap_after(i), "'" | "\u{2019}")
            && doc.token_text(i + 1).eq_ignore_ascii_case("s")
            && doc.gap_after(i + 1) == " "
            && on(i + 2, RELATION)
            && !super::one_of(
                doc.token_text(i + 2),
                &["pt", "patient", "vaccinee", "child", "baby", "infant"],
            )
            && !super::one_of(w, RELATIONS)
            && w.chars().count() >= 3
            && w.chars().all(char::is_alphabetic)
            && (!case_informative || w.starts_with(char::is_uppercase))
            && (f & flag::FIRST_NAME != 0
                || (i > 0 && unknown_capitalised(rules, i))
                || unknown_elsewhere(rules, i))
            && f & (flag::STOPWORD | flag::CURATED_SAFE) == 0
            && !matches!(rules[i].reason, Reason::Pattern(_) | Reason::Digit)
        {
            mark_relation_name(&mut rules[i]);
        }
    }
    // South Asia's "Md." (Muhammad) opening the name after a relation word or the patient's label
    // ("husband md. jashim uddin", "PATIENT: MD. ABDUL JABBAR MIAH"), not a doctor's "MD"
    for i in 1..n.saturating_sub(1) {
        let name_next = flags[i + 1] & flag::FIRST_NAME != 0
            || (rules[i + 1].phi && matches!(rules[i + 1].kind, Some(PhiType::Patient)));
        if on(i - 1, RELATION)
            && (close(doc, i) || doc.gap_before(i) == ": ")
            && doc.token_text(i).eq_ignore_ascii_case("md")
            && matches!(doc.gap_after(i), ". " | ".")
            && name_next
        {
            for k in [i, i + 1] {
                mark_relation_name(&mut rules[k]);
            }
        }
    }
    // ... and the second part of a hyphenated given name after it ("father min-ho called",
    // "wife sarah-jane": the model released "ho" in every case style)
    for i in 2..n {
        if rules[i - 1].reason == Reason::RelationName
            && on(i - 2, RELATION)
            && doc.gap_before(i) == "-"
            && doc.token_text(i).chars().all(char::is_alphabetic)
            && flags[i] & flag::STOPWORD == 0
        {
            mark_relation_name(&mut rules[i]);
        }
    }
    // 0b. a name the rules already call one, before a verb of speech: the person a note quotes
    // ("marg states john 'grey and sweaty'", "SANDRA REPORTS"); the model, reading the verb,
    // would call a lower-case "john" safe
    let speech = |k: usize| {
        SPEECH_VERBS
            .iter()
            .any(|v| doc.token_text(k).eq_ignore_ascii_case(v))
    };
    for i in 0..n {
        // (most words are on no name list: one test turns them away)
        if flags[i] & (flag::FIRST_NAME | flag::SURNAME) == 0 {
            continue;
        }
        let before_verb = i + 1 < n && close(doc, i + 1) && speech(i + 1);
        // and a first name right after one: the person whose words or state are quoted
        // (only after a verb that quotes: "reported abd pain" reports a symptom)
        let after_verb = i > 0
            && flags[i] & flag::FIRST_NAME != 0
            && close(doc, i)
            && QUOTING_VERBS
                .iter()
                .any(|v| doc.token_text(i - 1).eq_ignore_ascii_case(v));
        // only a word no SAFE list holds ("marg", "sandra"; not "caller", "nurse", "mom", "note"),
        // or a given name that is one in lower case too ("john"); a name that is also a city
        // ("linda") is the person here
        // an acronym in a document with lower case is no name ("reported LUE and LLE"), nor a
        // shorthand for a place of care ("hosp stated")
        if !(before_verb || after_verb) {
            continue;
        }
        let text = doc.token_text(i);
        let acronym = case_informative && text.chars().all(|c| !c.is_lowercase());
        let name_only = (flags[i] & flag::SAFE == 0 || super::features::is_name_before_word(text))
            && !acronym
            && !text.eq_ignore_ascii_case("hosp");
        if name_only
            && !on(i, RELATION)
            && (is_namelike(&rules[i])
                || (is_placelike(&rules[i]) && rules[i].kind == Some(PhiType::City)))
        {
            rules[i].kind = Some(PhiType::Patient);
            rules[i].reason = Reason::RelationName;
        }
    }
    // 0c. a name written again in brackets, in another script or spelling, right after it:
    // "محمد أحمد السيد (MOHAMED AHMED EL-SAYED)", "Иван Петров (Ivan Petrov)". Every word in the
    // brackets a name the rules hold and a name list knows; never released (in ALL CAPS the model released "MOHAMED")
    for i in 1..n {
        // a name of two words or more on both sides: not a drug's abbreviation ("asa (ASA)",
        // "zoster vaccine rge (cho)")
        if i < 2
            || !doc.gap_before(i).ends_with('(')
            || !is_namelike(&rules[i - 1])
            || !is_namelike(&rules[i - 2])
            || !close(doc, i - 1)
        {
            continue;
        }
        let mut j = i;
        while j < n
            && j - i < 6
            && is_namelike(&rules[j])
            && flags[j] & (flag::FIRST_NAME | flag::SURNAME) != 0
            && (j == i || close(doc, j))
        {
            if doc.gap_after(j).starts_with(')') && j > i {
                for k in i..=j {
                    rules[k].kind = rules[i - 1].kind;
                    rules[k].reason = Reason::RelationName;
                }
                break;
            }
            j += 1;
        }
    }
    // 0d. a given name after the surnames and their comma a label introduced: "PACIENTE: FLORES
    // CONDORI, ABEL", "Name: Smith, John" (the model released "ABEL" in ALL CAPS)
    for i in 2..n {
        if flags[i] & flag::FIRST_NAME == 0
            || flags[i] & (flag::STOPWORD | flag::CURATED_SAFE) != 0
            || doc.gap_before(i) != ", "
            || matches!(rules[i].reason, Reason::Pattern(_) | Reason::Digit)
        {
            continue;
        }
        // the field ends after it, or after a middle initial: the line's end, a run of blanks
        // ("ABEL   EDAD: 7", "Rosa M.   MRN"), not a description going on ("Giulia Esposito,
        // donna di 58 anni", "mam Catrin, tad Gethin")
        let field_end = |k: usize| {
            let gap = doc.gap_after(k);
            k + 1 >= n || gap.contains('\n') || gap.trim_start_matches('.').starts_with("  ")
        };
        let initial = i + 1 < n
            && doc.token_text(i + 1).chars().count() == 1
            && doc.gap_after(i) == " "
            && field_end(i + 1);
        if !(field_end(i) || initial) {
            continue;
        }
        // one to three names the rules hold, right after a label's colon
        let mut k = i - 1;
        let held = |j: usize| is_namelike(&rules[j]) || is_placelike(&rules[j]);
        while k > 0 && i - k < 3 && held(k - 1) && close(doc, k) {
            k -= 1;
        }
        let labelled =
            held(i - 1) && k > 0 && doc.gap_before(k).trim_end_matches([' ', '\u{a0}']) == ":";
        if labelled {
            mark_relation_name(&mut rules[i]);
        }
    }
    // the name before word `k + 1`: introduced by a salutation or a relation word
    let introduced = |k: usize, rules: &[TokenRule]| {
        rules[k].phi
            && (matches!(rules[k].reason, Reason::AfterSalutation | Reason::Context)
                || (k > 0 && is_namelike(&rules[k]) && relation(k - 1)))
    };
    for i in 2..n {
        // a middle initial between: "PT JOHN Q SMITH", "wife mary j. jones"
        let initial = rules[i - 1].phi
            && doc.token_text(i - 1).chars().count() == 1
            && doc.token_text(i - 1).chars().all(char::is_alphabetic)
            && matches!(doc.gap_before(i), " " | ". ")
            && doc.gap_before(i - 1) == " ";
        let named = (doc.gap_before(i) == " " && introduced(i - 1, rules))
            || (initial && introduced(i - 2, rules));
        let weak = !rules[i].phi
            || matches!(
                rules[i].reason,
                Reason::Unsafe(_) | Reason::Unknown | Reason::Context
            );
        // a listed given name that a title or a relation word introduced, then a listed surname:
        // the rules are as sure of the surname as of the given name ("DR ARNOLD WHITE", where
        // the model, reading a colour, released "WHITE"); a surname after a surname found this
        // way stays a context guess
        let certain = doc.gap_before(i) == " "
            && matches!(
                rules[i - 1].reason,
                Reason::AfterSalutation | Reason::RelationName
            )
            && flags[i - 1] & flag::FIRST_NAME != 0
            // where capitals mean something, both written as names ("Pt dev pain", "father SID
            // death" are no names)
            && (!case_informative
                || [i - 1, i]
                    .iter()
                    .all(|&k| doc.token_text(k).starts_with(char::is_uppercase)));
        // (there, a frequent surname the stop-word list holds too: "nurse lukas young")
        let surname = flags[i] & flag::CURATED_SAFE == 0
            && (flags[i] & flag::STOPWORD == 0
                || (certain && super::one_of(doc.token_text(i), STOPWORD_SURNAMES)));
        if weak && named && flags[i] & flag::SURNAME != 0 && surname {
            if !rules[i].phi {
                mark(rules, i, rules[i - 1].kind.unwrap_or(PhiType::Patient));
            }
            if certain {
                rules[i].kind = rules[i - 1].kind.or(Some(PhiType::Patient));
                rules[i].reason = Reason::RelationName;
            }
        }
    }
    // ... and after the surname written first, once the surname loop above found it ("MOTHER
    // KIM SEON-AE": "AE" is an adverse event's label too, and a stop-word of some language, as
    // a romanised syllable of a given name often is; not a compound's word: "-in-law")
    for i in 3..n {
        if rules[i - 1].reason == Reason::RelationName
            && rules[i - 2].reason == Reason::RelationName
            && doc.gap_before(i - 1) == " "
            && on(i - 3, RELATION)
            && doc.gap_before(i) == "-"
            && !doc.gap_after(i).starts_with('-')
            && doc.token_text(i).chars().all(char::is_alphabetic)
            && !super::one_of(
                doc.token_text(i),
                &[
                    "in", "to", "of", "or", "on", "at", "by", "up", "and", "the", "law",
                ],
            )
        {
            mark_relation_name(&mut rules[i]);
        }
    }
    // 1. particles: a run of 1-3 particles between a name or place (or a salutation) and a name
    // or place ("Van den Bossche", "Santiago de Chile", "Universidad de Buenos Aires")
    let mut i = 1;
    while i < n {
        let mut j = i;
        let mother_of = |k: usize| super::one_of(doc.token_text(k), MOTHER_OF);
        while j < n
            && j - i < 3
            && on(j, PARTICLE)
            && !rules[j].phi
            && (close(doc, j) || (j == i && mother_of(j)))
        {
            j += 1;
        }
        if j > i && j < n && close(doc, j) && is_placelike(&rules[j]) {
            let before = &rules[i - 1];
            // Arabic's "mother of" opens a name wherever it stands, written as a name's word
            // ("Nurse: Om Hashem Ibrahim") or in a document without case before a name the
            // lexicons know ("NURSE: OM HASHEM"); never "OM" (otitis media) or Dutch "om te"
            let kinship = (i..j).any(mother_of);
            let opens = if kinship {
                let word = doc.token_text(i);
                let title_case = word.starts_with(char::is_uppercase)
                    && word.chars().skip(1).all(char::is_lowercase);
                j == i + 1
                    && if case_informative {
                        title_case
                    } else {
                        matches!(rules[j].reason, Reason::Unsafe(_))
                    }
            } else {
                is_placelike(before)
                    || before.features.has(super::Feature::IsSalutation)
                    || (case_informative
                        && doc
                            .token_text(i)
                            .chars()
                            .next()
                            .is_some_and(char::is_uppercase)
                        && !rules[i].features.has(super::Feature::IsSentenceBeginning))
            };
            if opens {
                let kind = rules[j].kind.unwrap_or(PhiType::Patient);
                // (a name a relation word opened is certain, its particles too: "Wife Maria das
                // Graças Lins", where the model released "das")
                let related = rules[i - 1].reason == Reason::RelationName;
                for k in i..j {
                    mark(rules, k, kind);
                    // (a kinship word inside a name is as certain as a name after a relation
                    // word: the model, reading a common word, released "Om")
                    if mother_of(k) || related {
                        rules[k].reason = Reason::RelationName;
                    }
                }
            }
        }
        i = j.max(i + 1);
    }
    // 1a. a name's kinship between a name and the father's name, as Malaysia and India write
    // it: "Kavitha a/p Subramaniam", "Ravi s/o Muthu", "Siti d/o Osman" (daughter or son of;
    // not "w/o", which says "without" far more often than "wife of")
    for i in 1..n.saturating_sub(2) {
        // (the slash first: it is rare, and this runs at every word)
        if doc.gap_after(i) != "/" {
            continue;
        }
        let one = |k: usize| {
            let t = doc.token_text(k).as_bytes();
            (t.len() == 1).then(|| t[0].to_ascii_lowercase())
        };
        let kinship = matches!(
            (one(i), one(i + 1)),
            (Some(b'a'), Some(b'p' | b'l')) | (Some(b's' | b'd'), Some(b'o'))
        ) && doc.gap_before(i) == " "
            && doc.gap_after(i + 1) == " ";
        if kinship && rules[i - 1].phi && is_namelike(&rules[i - 1]) {
            let kind = rules[i - 1].kind.unwrap_or(PhiType::Patient);
            let father = doc.token_text(i + 2);
            let named = rules[i + 2].phi
                || (father.chars().next().is_some_and(char::is_uppercase)
                    && father.chars().all(char::is_alphabetic));
            if named {
                // (as certain as a name after a relation word: never released)
                for k in i..=i + 2 {
                    mark(rules, k, kind);
                    if rules[k].reason == Reason::Context {
                        rules[k].reason = Reason::RelationName;
                    }
                }
            }
        }
    }
    house_numbers::apply(doc, rules, flags, class);
    // 1c. address parts of fixed shapes: "BP 3407", "rt 05/rw 12", "3rd floor"
    address_parts::apply(doc, rules, flags);
    // ... and a US street line or a rural route's box in any case: "340 e 93rd st apt 14c"
    us_addresses::us_street_lines(doc, rules, flags);
    us_addresses::county_roads(doc, rules);
    log_dates::apply(doc, rules);
    us_addresses::numbered_roads(doc, rules);
    us_addresses::towns_before_zips(doc, rules);
    unnumbered_streets::apply(doc, rules, flags);
    phone_extensions::apply(doc, rules);
    // 1d. a record number's code between its label and its digits: "HOSPITAL NO. MPH 98/4471"
    id_parts::apply(doc, rules, flags);
    // 1e. a relative's name before their bracketed age: "SIB FATOU (3)"
    relative_name::apply(doc, rules, flags, class);
    // 1f, 1g. names a relation word or an age made certain: a particle inside a relative's name,
    // an ordinary-word surname before the person's age
    certain_names::apply(doc, rules, flags, class);
    // 1l. a given name and a surname side by side where capitals mean nothing: "PETER JOHNSON"
    name_pairs::apply(doc, rules, flags, class);
}

mod address_parts;
mod certain_names;
mod hyphen_names;
mod id_parts;
mod initials;
mod inverted_names;
mod middle_names;
mod month_numbers;
mod name_pairs;
mod phone_extensions;
mod relative_name;
mod unnumbered_streets;
mod us_addresses;
pub use hyphen_names::complete_hyphenated_names;
pub use initials::complete_initials;
pub use inverted_names::complete_inverted_names;
pub use middle_names::complete_middle_names;
pub use month_numbers::complete_month_numbers;
mod given_names;
mod log_dates;
pub use given_names::complete_given_names;
mod balinese_names;
pub use balinese_names::complete_balinese_names;
mod frequent_names;
mod surnames_after;
pub use surnames_after::complete_surnames_after_given_names;
mod repeated_names;
pub use repeated_names::complete_repeated_names;

#[cfg(test)]
mod address_tests;
#[cfg(test)]
mod name_tests;
#[cfg(test)]
mod tests;
