//! Context rules that extend the rules' PHI over words that are safe on their own but part of a
//! name: the particles of personal names ("Pieter van der Berg", "María de la Cruz", "Ibn Sina")
//! and the head nouns of named facilities ("Karolinska University Hospital", "Hôpital
//! Lariboisière", "st mary hospital"). Applied after the per-word decisions; it only ever turns
//! safe words into PHI (the inverse principle: context can add masking, never remove it).

use super::word_class::{
    WordClasses, CONNECTOR, FACILITY_HEAD, HOUSE_NUMBER_WORD, PARTICLE, RELATION,
};
use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Particles of personal names in the languages of VigiBase reports (folded).
pub(super) const PARTICLES: &[&str] = &[
    "van", "der", "den", "de", "del", "della", "di", "da", "das", "dos", "du", "des", "von", "zu",
    "la", "le", "ter", "ten", "bin", "ibn", "bint", "al", "el", "ben", "mac", "mc", "ni", "nic",
    "o", "ap", "y", "e",
];

/// Words after which a first name is a person's name, also in lower case ("pt bob", "wife sarah").
pub(super) const RELATIONS: &[&str] = &[
    "pt",
    "patient",
    "wife",
    "husband",
    "son",
    "daughter",
    "mother",
    "father",
    "mom",
    "dad",
    "mum",
    "brother",
    "sister",
    "child",
    "baby",
    "infant",
    "friend",
    "partner",
    "boyfriend",
    "girlfriend",
    "fiance",
    "aunt",
    "uncle",
    "grandmother",
    "grandfather",
    "grandma",
    "grandpa",
    "niece",
    "nephew",
    "cousin",
    "named",
    "called",
    "nurse",
    "caregiver",
];

/// Head nouns of facility names (folded), in English and the main European languages.
pub(super) const FACILITY_HEADS: &[&str] = &[
    "hospital",
    "hospitals",
    "hopital",
    "hospitalier",
    "hospitalario",
    "ospedale",
    "szpital",
    "nemocnice",
    "krankenhaus",
    "klinikum",
    "klinik",
    "kliniken",
    "clinic",
    "clinics",
    "clinica",
    "clinique",
    "kliniek",
    "ziekenhuis",
    "sjukhus",
    "sjukhuset",
    "sykehus",
    "sygehus",
    "sairaala",
    "universitetssjukhuset",
    "universitatsklinikum",
    "universitatsspital",
    "spital",
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
    "praxis",
    "institute",
    "institut",
    "instituto",
    "sanatorium",
    "hospice",
    "polyclinic",
    "poliklinik",
    "poliklinika",
    "policlinico",
    "policlinica",
    "polyclinique",
    "bolnica",
    "bolnitsa",
    "szpitalu",
    "chu",
    "chru",
];

/// What kind of home a named home is ("Smith Nursing Home", "Oak Ridge Care Home"), folded.
const HOME_KINDS: &[&str] = &["nursing", "care", "rest", "retirement", "group"];

/// The facility heads a name-lexicon word may name where capitals say nothing.
const CASELESS_HEADS: &[&str] = &["clinic", "hospital", "hospice", "infirmary", "home"];

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

/// Words that introduce a house, flat or sector number in an address (folded).
pub(super) const HOUSE_NUMBER_WORDS: &[&str] = &[
    "no", "nr", "nro", "num", "bus", "apt", "flat", "unit", "house", "sector", "block", "lot",
    "building", "bldg", "floor", "kv", "d", "dom",
];

/// Connectors allowed between a facility head and its name ("Hospital de Clínicas", "Klinikum
/// rechts der Isar", "University Hospital of Wales").
pub(super) const CONNECTORS: &[&str] = &[
    "of", "de", "del", "di", "du", "des", "der", "am", "an", "la", "le", "st",
];

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

fn close(doc: &Tokenized, i: usize) -> bool {
    // word i-1 and word i are neighbours on one line, separated by a blank, a hyphen or a period
    let gap = doc.gap_before(i);
    gap.chars().count() <= 2
        && !gap.contains('\n')
        && gap.chars().all(|c| " \u{a0}-.'’".contains(c))
}

fn mark(rules: &mut [TokenRule], i: usize, kind: PhiType) {
    let r = &mut rules[i];
    r.phi = true;
    r.kind = Some(kind);
    if !matches!(r.reason, Reason::Pattern(_) | Reason::Digit) {
        r.reason = Reason::Context;
    }
}

/// Extend the rules' PHI over name particles, names after a relation word, surnames after a
/// name, and facility heads. `flags`: each word's lexicon flags; `class`: the lists each word is
/// on; `case_informative`: whether
/// capitals mean something in this document (then a facility head must be capitalised).
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
    // 0. a first name after a relation word ("wife sarah", "pt bob"), then a surname after a name
    // that a salutation or a relation word introduced ("dr. john bowman": "bowman" is also a
    // medical word)
    for i in 1..n {
        let f = flags[i];
        if on(i - 1, RELATION)
            && close(doc, i)
            && f & flag::FIRST_NAME != 0
            && f & (flag::STOPWORD | flag::CURATED_SAFE) == 0
            && !matches!(rules[i].reason, Reason::Pattern(_) | Reason::Digit)
        {
            let r = &mut rules[i];
            r.phi = true;
            r.kind = Some(PhiType::Patient);
            r.reason = Reason::RelationName;
        }
    }
    for i in 2..n {
        let introduced = matches!(
            rules[i - 1].reason,
            Reason::AfterSalutation | Reason::Context
        ) || (is_namelike(&rules[i - 1]) && on(i - 2, RELATION));
        if !rules[i].phi
            && introduced
            && rules[i - 1].phi
            && doc.gap_before(i) == " "
            && flags[i] & flag::SURNAME != 0
            && flags[i] & (flag::STOPWORD | flag::CURATED_SAFE) == 0
        {
            mark(rules, i, rules[i - 1].kind.unwrap_or(PhiType::Patient));
        }
    }
    // 1. particles: a run of 1-3 particles between a name or place (or a salutation) and a name
    // or place ("Van den Bossche", "Santiago de Chile", "Universidad de Buenos Aires")
    let mut i = 1;
    while i < n {
        let mut j = i;
        while j < n && j - i < 3 && on(j, PARTICLE) && !rules[j].phi && close(doc, j) {
            j += 1;
        }
        if j > i && j < n && close(doc, j) && is_placelike(&rules[j]) {
            let before = &rules[i - 1];
            let opens = is_placelike(before)
                || before.features.has(super::Feature::IsSalutation)
                || (case_informative
                    && doc
                        .token_text(i)
                        .chars()
                        .next()
                        .is_some_and(char::is_uppercase)
                    && !rules[i].features.has(super::Feature::IsSentenceBeginning));
            if opens {
                let kind = rules[j].kind.unwrap_or(PhiType::Patient);
                for k in i..j {
                    mark(rules, k, kind);
                }
            }
        }
        i = j.max(i + 1);
    }
    // 1b. addresses: a house-number word before a number after a street or place ("Jl.
    // Diponegoro No. 71", "Naamsestraat 15 bus 2", "House 1187, Sector 14"), and a word between a
    // house number and a street word ("9 elm grove")
    for i in 1..n.saturating_sub(1) {
        if rules[i].phi || !close(doc, i + 1) {
            continue;
        }
        let number_next = doc.token_text(i + 1).chars().all(|c| c.is_ascii_digit());
        let after_place = rules[i - 1].phi
            && !matches!(
                rules[i - 1].reason,
                Reason::TimeOfDay | Reason::RelativeTime
            );
        let house_number_word = number_next && after_place && on(i, HOUSE_NUMBER_WORD);
        let between_number_and_street = doc.token_text(i - 1).chars().all(|c| c.is_ascii_digit())
            && rules[i + 1].features.has(super::Feature::IsStreet)
            && close(doc, i);
        if house_number_word || between_number_and_street {
            mark(rules, i, PhiType::Street);
        }
    }
    // 2. facility heads in a run of neighbouring words that also holds a name or place
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
    let mut i = 0;
    while i < n {
        let mut j = i;
        let (mut heads, mut anchors) = (0, 0);
        while j < n && (j == i || close(doc, j)) {
            if is_head(j) {
                heads += 1;
            } else if is_anchor(j, rules) {
                anchors += 1;
            } else if !(j > i
                && is_connector(j)
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
            }
        }
        i = j.max(i + 1);
    }
    // 2b. a numbered facility: a facility head, "No"/"Nr", a number of up to three digits
    // ("Poliklinika No 34", "City Hospital No. 5"; not the record label "hospital no. 34840090"
    // or "hospital no. 186-576-83")
    for h in 0..n.saturating_sub(2) {
        let digits = doc.token_text(h + 2);
        let number = digits.len() <= 3
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !doc.gap_after(h + 2).starts_with(['-', '/', '.']);
        if is_head(h)
            && matches!(folded[h + 1].as_ref(), "no" | "nr" | "n")
            && close(doc, h + 1)
            && close(doc, h + 2)
            && number
        {
            for k in h..=h + 2 {
                mark(rules, k, PhiType::Hospital);
            }
        }
    }
    // 2c. a facility or home named after a person: "Smith Nursing Home", "Walker Family
    // Clinic"; where capitals say nothing, a word on the name lexicons before up to three words
    // of the facility's kind ("SMITH NURSING HOME", "walker family clinic", "the long nursing
    // home"), never a plain word ("a local nursing home", "her family clinic")
    let capitalised = |k: usize| doc.token_text(k).starts_with(char::is_uppercase);
    let kind_word = |k: usize| on(k, FACILITY_HEAD) || FACILITY_KINDS.contains(&folded[k].as_ref());
    let spaced = |k: usize| doc.gap_before(k) == " ";
    for h in 1..n {
        let head = on(h, FACILITY_HEAD)
            || (folded[h] == "home" && HOME_KINDS.contains(&folded[h - 1].as_ref()));
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
        let named = !kind_word(name)
            && if case_informative {
                (name..=h).all(capitalised)
                    && f & flag::STOPWORD == 0
                    && (f & (flag::FIRST_NAME | flag::SURNAME) != 0 || f & flag::SAFE == 0)
            } else {
                // the surname list holds "red", "left" and "regular" too: only a clinic,
                // hospital or home of a named kind ("family clinic", "nursing home"), where one
                // goes or in a reporter's line ("brought to walker family clinic", "dr. stacy
                // payne, moore nursing home,"); never "w/a red center", "pt left clinic", "go to
                // regular clinic"
                CASELESS_HEADS.contains(&folded[h].as_ref())
                    && first < h
                    && name > 0
                    && (matches!(
                        folded[name - 1].as_ref(),
                        "to" | "at" | "from" | "into" | "the"
                    ) || doc.gap_before(name).trim_end().ends_with([',', ';']))
                    && f & (flag::FIRST_NAME | flag::SURNAME) != 0
                    && f & (flag::STOPWORD | flag::CURATED_SAFE) == 0
            };
        if named {
            for k in name..=h {
                mark(rules, k, PhiType::Hospital);
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
        ] {
            let p = phi_words(text);
            assert!(
                !p.iter().any(|x| x.eq_ignore_ascii_case("nursing")),
                "{text}: {p:?}"
            );
        }
    }

    #[test]
    fn name_particles_join_the_name() {
        let p =
            phi_words("The patient Pieter van der Zwaluwstraat was seen by Dr. de Vries today.");
        for w in ["van", "der", "de"] {
            assert!(p.contains(&w.to_string()), "{w}: {p:?}");
        }
        let p = phi_words("A case of lupus de novo in the patient.");
        assert!(!p.contains(&"de".to_string()), "{p:?}");
    }

    #[test]
    fn lower_case_names_after_relation_words_and_salutations() {
        let p = phi_words(
            "pt bob had fever. wife sarah said dr. john bowman saw him and son will came.",
        );
        for w in ["bob", "sarah", "john", "bowman"] {
            assert!(p.contains(&w.to_string()), "{w}: {p:?}");
        }
        for w in ["will", "fever", "saw"] {
            assert!(!p.contains(&w.to_string()), "{w}: {p:?}");
        }
        // in ALL CAPS too, and a name the lexicons already call one is marked by its relation
        let engine = crate::rules::RuleEngine::embedded();
        let text = "RETIRED MAIL CARRIER. WIFE CONNIE WILL VISIT DAILY.";
        let doc = Tokenized::new(text);
        let out = engine.apply(&doc, &crate::tokenize::OffsetMap::new(text));
        let reason = |w: &str| {
            let i = (0..doc.len()).find(|&i| doc.token_text(i) == w).unwrap();
            out.rules[i].reason
        };
        assert_eq!(reason("CONNIE"), Reason::RelationName);
        assert_ne!(reason("WILL"), Reason::RelationName);
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
        let p = phi_words("She went to the hospital and the Medical Center ER.");
        assert!(
            !p.contains(&"hospital".to_string()) && !p.contains(&"Medical".to_string()),
            "{p:?}"
        );
    }
}
