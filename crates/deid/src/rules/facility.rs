//! Named facilities: the head nouns of hospitals, clinics and homes join the name or place
//! next to them ("Karolinska University Hospital", "Hôpital Lariboisière", "st mary hospital",
//! "Poliklinika No 34"), and a facility or home named after a person or place is masked whole
//! ("Miller Nursing Home", "toniside urgent care"). Applied after the other context rules
//! (`context`); like them it only ever turns safe words into PHI.

use super::context::{close, is_placelike, mark};
use super::place::CITY_PREFIXES;
use super::word_class::{WordClasses, CONNECTOR, FACILITY_HEAD};
use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Head nouns of facility names (folded) other than `HOSPITAL_NOUNS`: English words, and
/// words of other languages that also name what is no hospital ("centro", "institut").
pub(super) const OTHER_HEADS: &[&str] = &[
    "hospital",
    "hospitals",
    "hospitalier",
    "hospitalario",
    "kliniken",
    "clinic",
    "clinics",
    "universitetssjukhuset",
    "universitatsklinikum",
    "universitatsspital",
    "infirmary",
    "centre",
    "center",
    "centro",
    "zentrum",
    "medical",
    "health",
    "university",
    "universitaire",
    "universitario",
    "universitatsmedizin",
    "general",
    "memorial",
    "pharmacy",
    "pharmacie",
    "farmacia",
    "apotheke",
    "apotek",
    "surgery",
    "practice",
    "institute",
    "institut",
    "instituto",
    "sanatorium",
    "hospice",
    "polyclinic",
    "chu",
    "chru",
];

/// Facility heads of other languages that always name a hospital or clinic (never an English
/// word such as "general", "health" or "practice"): a facility so named where one goes is never
/// released ("brought to SHARHOROD OBLASNA LIKARNIA": the model released the town).
pub(super) const HOSPITAL_NOUNS: &[&str] = &[
    "hopital",
    "ospedale",
    "szpital",
    "szpitalu",
    "nemocnice",
    "krankenhaus",
    "klinikum",
    "klinik",
    "clinica",
    "clinique",
    "kliniek",
    "ziekenhuis",
    "sjukhus",
    "sjukhuset",
    "sykehus",
    "sygehus",
    "sairaala",
    "spital",
    "poliklinik",
    "poliklinika",
    "policlinico",
    "policlinica",
    "polyclinique",
    "bolnica",
    "bolnitsa",
    "likarnia",
    "likarnya",
    "praxis",
    "rs",
    "rsud",
    "rsup",
    "puskesmas",
];

/// Words that say which clinic of a kind without naming it ("the local family clinic"), folded.
const QUALIFIERS: &[&str] = &[
    "local",
    "nearest",
    "nearby",
    "closest",
    "usual",
    "regular",
    "main",
    "other",
    "new",
    "old",
    "same",
    "big",
    "small",
    "large",
    "private",
    "public",
    "pediatric",
    "paediatric",
    "walk",
    "walkin",
    "mobile",
    "free",
    "rural",
    "city",
    "town",
    "hospital",
    "clinic",
    "doctors",
    "dr",
    "drs",
    "physicians",
    "vaccine",
    "vaccination",
    "covid",
    "flu",
    "first",
    "second",
    "next",
    "the",
    "a",
    "an",
    "this",
    "that",
    "his",
    "her",
    "their",
    "my",
    "our",
    "your",
    "its",
    "any",
    "some",
    "another",
    "each",
    "every",
    "no",
    "one",
    "own",
    "good",
    "best",
    "acute",
    "immediate",
    "express",
    "prompt",
    "quick",
    "convenient",
    "after",
    "hours",
    "minute",
    "retail",
    "student",
    "employee",
    "community",
    "county",
    "army",
    "base",
    "school",
    "university",
    "veterans",
    "va",
    "emergency",
    "outpatient",
    "specialty",
    "primary",
];

/// What kind of home a named home is ("Smith Nursing Home", "Oak Ridge Care Home"), folded.
const HOME_KINDS: &[&str] = &["nursing", "care", "rest", "retirement", "group"];

/// The facility heads a name-lexicon word may name where capitals say nothing, and those whose
/// named facility, where one goes, is never released (reason `named-facility`).
const CASELESS_HEADS: &[&str] = &["clinic", "hospital", "hospice", "infirmary", "home", "care"];

/// Words that say what kind of facility a name heads ("Walker Family Clinic", "Smith Nursing
/// Home"), besides the facility heads themselves; folded.
const FACILITY_KINDS: &[&str] = &[
    "nursing",
    "care",
    "rest",
    "retirement",
    "group",
    "family",
    "community",
    "urgent",
    "regional",
    "county",
    "dental",
    "eye",
    "childrens",
    "women",
    "womens",
    "primary",
    "specialty",
    "home",
];

/// Connectors allowed between a facility head and its name ("Hospital de Clínicas", "Klinikum
/// rechts der Isar", "University Hospital of Wales").
pub(super) const CONNECTORS: &[&str] = &[
    "of", "de", "del", "di", "du", "des", "der", "am", "an", "la", "le", "st",
];

/// Extend the rules' PHI over facility names. `flags`: each word's lexicon flags; `class`: the
/// lists each word is on; `case_informative`: whether capitals mean something in this document
/// (then a facility head must be capitalised).
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
    class: &WordClasses,
    case_informative: bool,
) {
    let n = doc.len();
    let on = |k: usize, list| class.on(k, list);
    // where one goes, or a reporter's line: "brought to walker family clinic", "dr. stacy
    // payne, moore nursing home,", "discharged home from facility (port james urgent care)"
    let introduced = |k: usize| {
        k > 0
            && (matches!(
                folded[k - 1].as_ref(),
                "to" | "at" | "from" | "into" | "the" | "his" | "her" | "their" | "my" | "our"
            ) || doc.gap_before(k).trim_end().ends_with([',', ';', '(']))
    };
    // a hospital word no English sentence uses otherwise
    let hospital_noun = |k: usize| {
        CASELESS_HEADS.contains(&folded[k].as_ref()) || HOSPITAL_NOUNS.contains(&folded[k].as_ref())
    };
    // 1. facility heads in a run of neighbouring words that also holds a name or place
    // ("Karolinska University Hospital", "Hospital de Clínicas", "st mary hospital")
    let is_head = |k: usize| {
        on(k, FACILITY_HEAD)
            && (!case_informative
                || doc
                    .token_text(k)
                    .chars()
                    .next()
                    .is_some_and(char::is_uppercase))
    };
    // a name or place, not an acronym ("ER", "ICU") where capitals mean something, and not a
    // facility word flagged on its own ("Center" is a town in Texas)
    let is_anchor = |k: usize, rules: &[TokenRule]| {
        let w = doc.token_text(k);
        let acronym = w.chars().count() <= 4 && !w.chars().any(char::is_lowercase);
        is_placelike(&rules[k]) && !on(k, FACILITY_HEAD) && !(case_informative && acronym)
    };
    let is_connector = |k: usize| on(k, CONNECTOR);
    // a campus after its head: "Mercy Hospital West", "mercy hospital west fred"
    let is_campus = |k: usize| {
        k > 0
            && is_head(k - 1)
            && matches!(
                folded[k].as_ref(),
                "north"
                    | "south"
                    | "east"
                    | "west"
                    | "northeast"
                    | "northwest"
                    | "southeast"
                    | "southwest"
                    | "central"
                    | "downtown"
                    | "campus"
            )
    };
    let mut i = 0;
    while i < n {
        let mut j = i;
        let (mut heads, mut anchors) = (0, 0);
        while j < n && (j == i || close(doc, j)) {
            if is_head(j) {
                heads += 1;
            } else if is_anchor(j, rules) {
                anchors += 1;
            } else if is_campus(j) {
            } else if !(j > i
                && (is_connector(j) || flags[j] & flag::SALUTATION != 0)
                && j + 1 < n
                && close(doc, j + 1)
                && (is_head(j + 1) || is_anchor(j + 1, rules)))
            {
                break;
            }
            j += 1;
        }
        if heads > 0 && anchors > 0 {
            for k in i..j {
                if !rules[k].phi || is_head(k) {
                    mark(rules, k, PhiType::Hospital);
                } else {
                    rules[k].kind = Some(PhiType::Hospital);
                }
                // the model reads "west" as a direction and released it; a hospital named where
                // one goes ("readmitted to the Praxis Dr. Trubin", "to the RS Melani") is never
                // released either
                let foreign = (i..j).any(|h| HOSPITAL_NOUNS.contains(&folded[h].as_ref()));
                if is_campus(k) || (introduced(i) && foreign) {
                    rules[k].reason = Reason::NamedFacility;
                }
            }
        }
        i = j.max(i + 1);
    }
    // 2. a numbered facility: a facility head or the last word of a named facility (rule 1),
    // "No"/"Nr", a number of up to three digits ("Poliklinika No 34", "City Hospital No. 5",
    // "Szpital Wojewódzki nr 4"; not the record label "hospital no. 34840090" or "hospital no.
    // 186-576-83")
    // a facility's number: up to three digits that do not go on ("no. 186-576-83", "no 12.5";
    // a sentence's period is no continuation)
    let small_number = |k: usize| {
        let digits = doc.token_text(k);
        let continues = k + 1 < n
            && matches!(doc.gap_after(k), "-" | "/" | ".")
            && doc
                .token_text(k + 1)
                .starts_with(|c: char| c.is_ascii_digit());
        digits.len() <= 3 && digits.bytes().all(|b| b.is_ascii_digit()) && !continues
    };
    // never released: the model, seeing "nr" and a small number, calls them safe
    let mark_numbered = |rules: &mut [TokenRule], from: usize, to: usize| {
        for k in from..=to {
            mark(rules, k, PhiType::Hospital);
            rules[k].reason = Reason::NamedFacility;
        }
    };
    for h in 0..n.saturating_sub(2) {
        // (a head in any case: "Miska likarnia No 7" names it by its number)
        let facility =
            on(h, FACILITY_HEAD) || (rules[h].phi && rules[h].kind == Some(PhiType::Hospital));
        if facility
            && matches!(folded[h + 1].as_ref(), "no" | "nr" | "n")
            && close(doc, h + 1)
            && close(doc, h + 2)
            && small_number(h + 2)
        {
            mark_numbered(rules, h, h + 2);
        }
    }
    // 2b. a city's numbered hospital: "Changsha No. 7 Hospital", "SHENYANG NO. 8 HOSPITAL" (a
    // word no SAFE list holds, "No"/"Nr", up to three digits, a facility head)
    for h in 1..n.saturating_sub(2) {
        if matches!(folded[h].as_ref(), "no" | "nr")
            && flags[h - 1] & flag::SAFE == 0
            && small_number(h + 1)
            && close(doc, h)
            && close(doc, h + 1)
            && close(doc, h + 2)
            && is_head(h + 2)
        {
            mark_numbered(rules, h - 1, h + 2);
        }
    }
    // 2c. a pharmacy or store by its number where one goes: "readmitted to the walgreens #17574",
    // "vaccinated at CVS #4521" (the number is masked as a number already; the model released
    // the chain's name in lower case)
    for k in 1..n.saturating_sub(1) {
        let numbered = matches!(doc.gap_after(k), " #" | "#" | " # ")
            && doc.token_text(k + 1).bytes().all(|b| b.is_ascii_digit())
            && (2..=6).contains(&doc.token_text(k + 1).len());
        // a chain's name, not a label before a number ("NDC #", "cb #", "rm #")
        let chain = folded[k].chars().count() >= 5 || matches!(folded[k].as_ref(), "cvs" | "heb");
        if numbered
            && chain
            && introduced(k)
            && flags[k] & (flag::STOPWORD | flag::COMMON_WORD) == 0
        {
            mark(rules, k, PhiType::Hospital);
            rules[k].reason = Reason::NamedFacility;
        }
    }
    // 3. a facility or home named after a person: "Smith Nursing Home", "Walker Family
    // Clinic"; where capitals say nothing, a word on the name lexicons before up to three words
    // of the facility's kind ("SMITH NURSING HOME", "walker family clinic", "the long nursing
    // home"), never a plain word ("a local nursing home", "her family clinic")
    let capitalised = |k: usize| doc.token_text(k).starts_with(char::is_uppercase);
    let kind_word = |k: usize| on(k, FACILITY_HEAD) || FACILITY_KINDS.contains(&folded[k].as_ref());
    let spaced = |k: usize| doc.gap_before(k) == " ";
    for h in 1..n {
        let head = on(h, FACILITY_HEAD)
            || (folded[h] == "home" && HOME_KINDS.contains(&folded[h - 1].as_ref()))
            // "Gregorybury Urgent Care", "MedExpress Urgent Care": the US walk-in clinic
            || (folded[h] == "care" && folded[h - 1] == "urgent");
        // the last head of a run ("Family Health Center")
        if !head || (h + 1 < n && spaced(h + 1) && kind_word(h + 1)) {
            continue;
        }
        let mut first = h;
        while first > 0 && h - first < 3 && spaced(first) && kind_word(first - 1) {
            first -= 1;
        }
        if first == 0 || !spaced(first) {
            continue;
        }
        let name = first - 1;
        let f = flags[name];
        // a place's two words: "to the port william urgent care", "at the Port William Clinic"
        let start = if !introduced(name)
            && name > 1
            && introduced(name - 1)
            && spaced(name)
            && !kind_word(name - 1)
            // "at his new marymouth urgent care": a town's prefix is a stopword too
            && (flags[name - 1] & flag::STOPWORD == 0
                || CITY_PREFIXES.contains(&folded[name - 1].as_ref()))
            && (!case_informative || capitalised(name - 1))
        {
            name - 1
        } else {
            name
        };
        // an English word naming a clinic of a named kind right after "the" where one goes
        // ("readmitted to the young family clinic", "the Young Family Clinic"), not a plain
        // qualifier ("the local family clinic", "the nearest urgent care", "the acute care clinic")
        let qualified = first < h
            && CASELESS_HEADS.contains(&folded[h].as_ref())
            && introduced(start)
            && start == name
            && folded[name - 1] == "the"
            // (the stopword list holds "young" and "long" too)
            && !QUALIFIERS.contains(&folded[name].as_ref())
            && doc.token_text(name).chars().all(char::is_alphabetic)
            && (!case_informative || (name..=h).all(capitalised));
        let named = !kind_word(name) && qualified
            || !kind_word(name)
                && if case_informative {
                    (name..=h).all(capitalised)
                        && f & flag::STOPWORD == 0
                        && (f & (flag::FIRST_NAME | flag::SURNAME) != 0 || f & flag::SAFE == 0)
                } else {
                    // the surname list holds "red", "left" and "regular" too: only a clinic,
                    // hospital or home of a named kind ("family clinic", "nursing home") that is
                    // introduced; never "w/a red center", "pt left clinic", "go to regular clinic".
                    // A word no dictionary knows names one too ("airlifted to gregorybury urgent
                    // care"): a misspelling is masked already, and only its facility words join it
                    CASELESS_HEADS.contains(&folded[h].as_ref())
                        && first < h
                        && introduced(start)
                        && (f & (flag::FIRST_NAME | flag::SURNAME) != 0
                            || (rules[name].phi && rules[name].reason == Reason::Unknown))
                        && f & (flag::STOPWORD | flag::CURATED_SAFE) == 0
                };
        if !named {
            continue;
        }
        // Never released where a clinic, hospital or home is introduced as a place: in lower
        // case and ALL CAPS the model read "miller", "william" and "care" as safe. Elsewhere
        // (a heading "Wound Care Nurse Clinic", a title "(Field Medical Director)") the model
        // still decides.
        let certain = hospital_noun(h) && introduced(start);
        for k in start..=h {
            mark(rules, k, PhiType::Hospital);
            if certain && rules[k].reason == Reason::Context {
                rules[k].reason = Reason::NamedFacility;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{phi_words, Reason};
    use crate::tokenize::Tokenized;

    #[test]
    fn a_home_named_after_a_person() {
        for (text, words) in [
            (
                "She had a bleed and was airlifted to Smith Nursing Home on day 2.",
                ["smith", "nursing", "home"],
            ),
            (
                "SHE HAD A BLEED AND WAS AIRLIFTED TO SMITH NURSING HOME ON DAY 2.",
                ["smith", "nursing", "home"],
            ),
            (
                "she had a bleed and was airlifted to smith nursing home on day 2.",
                ["smith", "nursing", "home"],
            ),
            (
                "PT WAS BROUGHT TO WALKER FAMILY CLINIC VIA EMS AFTER THE SECOND DOSE.",
                ["walker", "family", "clinic"],
            ),
            (
                "pt was brought to walker family clinic via ems after the second dose.",
                ["walker", "family", "clinic"],
            ),
            (
                "She had a bleed after the second dose and was airlifted to Gregorybury Urgent Care.",
                ["gregorybury", "urgent", "care"],
            ),
            (
                "SHE HAD A BLEED AFTER THE SECOND DOSE AND WAS AIRLIFTED TO GREGORYBURY URGENT CARE.",
                ["gregorybury", "urgent", "care"],
            ),
            (
                "she had a bleed after the second dose and was seen at smith urgent care today.",
                ["smith", "urgent", "care"],
            ),
        ] {
            let p = phi_words(text);
            for w in words {
                assert!(
                    p.iter().any(|x| x.eq_ignore_ascii_case(w)),
                    "{w} in {text}: {p:?}"
                );
            }
        }
        for text in [
            "She had a bleed and lives in a local nursing home since 2019.",
            "SHE HAD A BLEED AND LIVES IN A LOCAL NURSING HOME SINCE 2019.",
            "She had a bleed and moved to The Nursing Home in 2019.",
            "she had a bleed and was seen at her family clinic in 2019.",
            "she uses a walker. clinic visits were weekly after the second dose.",
            "she had a bleed and was told to go to regular clinic after the second dose.",
            "she had a bleed after the second dose and went to urgent care the next day.",
            "SHE HAD A BLEED AFTER THE SECOND DOSE AND WENT TO THE LOCAL URGENT CARE.",
        ] {
            let p = phi_words(text);
            for w in ["nursing", "home", "family", "clinic", "urgent", "care"] {
                assert!(
                    !p.iter().any(|x| x.eq_ignore_ascii_case(w)),
                    "{w} in {text}: {p:?}"
                );
            }
        }
    }

    #[test]
    fn a_facility_named_where_one_goes_is_never_released_a_heading_is_left_to_the_model() {
        let engine = crate::rules::RuleEngine::embedded();
        let reasons = |text: &str| -> Vec<(String, Reason)> {
            let doc = Tokenized::new(text);
            let out = engine.apply(&doc, &crate::tokenize::OffsetMap::new(text));
            (0..doc.len())
                .map(|i| (doc.token_text(i).to_ascii_lowercase(), out.rules[i].reason))
                .collect()
        };
        let named = |text: &str| -> Vec<String> {
            reasons(text)
                .into_iter()
                .filter(|(_, r)| *r == Reason::NamedFacility)
                .map(|(w, _)| w)
                .collect()
        };
        for text in [
            "he had a bleed after the second dose and was readmitted to the port william urgent care.",
            "HE HAD A BLEED AFTER THE SECOND DOSE AND WAS READMITTED TO THE PORT WILLIAM URGENT CARE.",
            "He had a bleed after the second dose and was readmitted to the Port William Urgent Care.",
        ] {
            assert_eq!(named(text), ["port", "william", "urgent", "care"], "{text}");
        }
        for text in [
            "discharged home from facility (port james urgent care) at approx. 09:30am.",
            "DISCHARGED HOME FROM FACILITY (PORT JAMES URGENT CARE) AT APPROX. 09:30AM.",
        ] {
            assert_eq!(named(text), ["port", "james", "urgent", "care"], "{text}");
        }
        for text in [
            "bleed and airlifted to Changsha No. 7 Hospital. The patient works",
            "Pt was brought to SHENYANG NO. 8 HOSPITAL via EMS.",
        ] {
            let n = named(text);
            assert_eq!(n.len(), 4, "{text}: {n:?}");
        }
        for text in [
            "bleed and airlifted to Poliklinika No 40. Was admitted to the Neuro ward.",
            "Readmitted to the Miska likarnia No 7. He has been stable.",
        ] {
            let n = named(text);
            assert!(
                n.contains(&"no".to_string()) && n.len() >= 3,
                "{text}: {n:?}"
            );
        }
        // a record number after the label "hospital no." is no facility's number
        for text in [
            "her hospital no. 186-576-83 was given",
            "hospital no. 34840090, seen on the ward",
            "the hospital no 12.5 km away",
        ] {
            assert!(
                !named(text).contains(&"no".to_string()),
                "{text}: {:?}",
                named(text)
            );
        }
        // a numbered facility, its number and "nr" too
        let n = named("home from facility (Szpital Wojewódzki nr 1) at approx. 09:30am.");
        for w in ["nr", "1"] {
            assert!(n.contains(&w.to_string()), "{w}: {n:?}");
        }
        assert_eq!(
            named("pt had a bleed after the second dose and was brought to miller nursing home via ems."),
            ["miller", "nursing", "home"]
        );
        assert_eq!(
            named("he got the vaccine on 1/31/22 at his danielton urgent care and felt fine that day."),
            ["danielton", "urgent", "care"]
        );
        // a heading, a job title: the rules' context, which the model may overrule
        for text in [
            "Wound Care Nurse Clinic - Review Note\nVisit 6. Diabetic foot ulcer L plantar.",
            "reporting for self via the company representative (Field Medical Director). A patient",
        ] {
            assert!(named(text).is_empty(), "{text}: {:?}", reasons(text));
        }
    }

    #[test]
    fn facility_heads_join_a_named_facility_only() {
        let p = phi_words("Admitted to Karolinska University Hospital on the ward.");
        for w in ["Karolinska", "University", "Hospital"] {
            assert!(p.contains(&w.to_string()), "{w}: {p:?}");
        }
        let p = phi_words("He was airlifted to Poliklinika No 34. Was admitted.");
        for w in ["Poliklinika", "No", "34"] {
            assert!(p.contains(&w.to_string()), "{w}: {p:?}");
        }
        let p = phi_words("sent home from facility (Szpital Wojewódzki nr 4) at approx. 09:30am.");
        for w in ["Szpital", "Wojewódzki", "nr", "4"] {
            assert!(p.contains(&w.to_string()), "{w}: {p:?}");
        }
        let p =
            phi_words("Pt was brought to MISKA LIKARNIA NO 4 via EMS. Reporter: the physician.");
        for w in ["MISKA", "LIKARNIA", "NO", "4"] {
            assert!(p.contains(&w.to_string()), "{w}: {p:?}");
        }
        let p = phi_words("She went to the hospital and the Medical Center ER.");
        assert!(
            !p.contains(&"hospital".to_string()) && !p.contains(&"Medical".to_string()),
            "{p:?}"
        );
        // a campus after the head joins the name; without a name nothing does
        for text in [
            "he was readmitted to the mercy hospital west fred. he has been stable.",
            "He was readmitted to Mercy Hospital West in Fred.",
        ] {
            let p = phi_words(text);
            assert!(
                p.iter().any(|w| w.eq_ignore_ascii_case("west")),
                "{text}: {p:?}"
            );
        }
        let p = crate::rules::words_with_reason(
            "Pt was brought to SHARHOROD OBLASNA LIKARNIA via EMS.",
            Reason::NamedFacility,
        );
        assert_eq!(p, ["SHARHOROD", "OBLASNA", "LIKARNIA"]);
        for (text, want) in [
            (
                "and readmitted to the Praxis Dr. Trubin. He has been stable.",
                vec!["Praxis", "Dr", "Trubin"],
            ),
            (
                "and readmitted to the RS Melani. He has been stable.",
                vec!["RS", "Melani"],
            ),
            (
                "and readmitted to the walgreens #17574. he has been stable.",
                vec!["walgreens"],
            ),
        ] {
            let p = crate::rules::words_with_reason(text, Reason::NamedFacility);
            assert_eq!(p, want, "{text}");
        }
        assert_eq!(
            crate::rules::words_with_reason("vaccinated at CVS #4521 on", Reason::NamedFacility),
            ["CVS"]
        );
        for text in [
            "and readmitted to the Young Family Clinic. He has been stable.",
            "AND READMITTED TO THE YOUNG FAMILY CLINIC. HE HAS BEEN STABLE.",
            "and readmitted to the young family clinic. he has been stable.",
            "received the vaccine at his new marymouth urgent care. he received",
        ] {
            let p = crate::rules::words_with_reason(text, Reason::NamedFacility);
            assert!(p.len() >= 3, "{text}: {p:?}");
        }
        for text in [
            "went to the local family clinic today",
            "seen at the nearest urgent care for",
            "referred to the regular clinic",
            "pt stayed in urgent care overnight",
            "went to the acute care clinic",
        ] {
            let p = crate::rules::words_with_reason(text, Reason::NamedFacility);
            assert!(p.is_empty(), "{text}: {p:?}");
        }
        // a count of tablets, a drug code, a call-back number are no store; an English hospital
        // word's run is left to the model ("seen in clinic w/ rash")
        for text in [
            "took the tablets #30 daily",
            "from the NDC #12345 list",
            "to the cb # 555",
            "seen in the clinic w/ rash",
        ] {
            assert!(
                crate::rules::words_with_reason(text, Reason::NamedFacility).is_empty(),
                "{text}"
            );
        }
        let p = phi_words("the hospital west wing was closed.");
        assert!(!p.contains(&"west".to_string()), "{p:?}");
    }
}
