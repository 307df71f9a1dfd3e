//! A kind of place of care named without its name: "the health department", "TRANSFERRED TO
//! HOSPITAL FOR ADMISSION", "at the vaccination site", "the urgent care clinic". The guidelines call a
//! facility PHI only by its name; the model, which saw these words inside named facilities in
//! training, masked them, most of all in ALL CAPS, where nothing tells a name from a kind. Every
//! word of the run must be one of the generic words below, a determiner or "to"/"at" before it,
//! and no name or unknown word after it ("AT HEALTH CLINIC OKAPA" names a clinic). Only words the
//! rules call safe are touched; reason `GenericPlace`, released whatever the model says. So is
//! a hospital's department named by its field ("Department of Dermatology", "Servicio de
//! Alergia", `departments`).

use super::{Reason, TokenRule};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Words of a place of care that name its kind, not itself, folded.
const GENERIC_WORDS: &[&str] = &[
    "health",
    "department",
    "dept",
    "hospital",
    "clinic",
    "emergency",
    "medical",
    "center",
    "centre",
    "room",
    "unit",
    "ward",
    "care",
    "urgent",
    "family",
    "doctor",
    "doctors",
    "office",
    "pharmacy",
    "vaccination",
    "vaccine",
    "site",
    "local",
    "regional",
    "community",
    "public",
    "mass",
    "outpatient",
    "inpatient",
    "intensive",
    "primary",
    "staff",
    "employee",
    "occupational",
    "nursing",
    "home",
    "pharmacovigilance",
    "walk",
    "in",
    "drive",
    "thru",
    // the 1990s shorthand for a hospital ("admitted to Hosp with hives", "taken to hosp ER"),
    // also a surname on the census list: see `abbreviated`
    "hosp",
];

/// The generic words that end a place's kind: the place itself.
const HEADS: &[&str] = &[
    "department",
    "dept",
    "hospital",
    "clinic",
    "center",
    "centre",
    "room",
    "unit",
    "ward",
    "office",
    "pharmacy",
    "site",
    "home",
    "hosp",
];

/// Words before the run: a determiner, or where one goes without one ("to hospital").
const BEFORE: &[&str] = &[
    "the", "a", "an", "her", "his", "their", "my", "our", "your", "this", "that", "to", "at",
    "from", "into",
];

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    let n = doc.len();
    let generic = |k: usize| GENERIC_WORDS.contains(&folded[k].as_ref());
    let mut i = 1;
    while i < n {
        if !generic(i) || !BEFORE.contains(&folded[i - 1].as_ref()) || doc.gap_before(i) != " " {
            i += 1;
            continue;
        }
        // the run of generic words on one line, blanks or a hyphen between ("walk-in")
        let mut j = i;
        while j + 1 < n
            && j + 1 - i < 4
            && generic(j + 1)
            && matches!(doc.gap_before(j + 1), " " | "-")
        {
            j += 1;
        }
        // it ends with a head, every word of it safe by the rules and in lower case where
        // capitals mean something ("the Health Department" may be a name's)
        let lower =
            |k: usize| !doc.case_informative || !doc.token_text(k).starts_with(char::is_uppercase);
        let ends_with_head = HEADS.contains(&folded[j].as_ref());
        // ("hosp", capitalised or not, abbreviates the kind: the rules read it as a surname)
        let abbreviated = |k: usize| {
            folded[k] == "hosp"
                && matches!(
                    rules[k].reason,
                    Reason::Safe | Reason::Unknown | Reason::Unsafe("is-possibly-name")
                )
        };
        let all_safe = (i..=j).all(|k| {
            (!rules[k].phi && rules[k].reason == Reason::Safe && lower(k)) || abbreviated(k)
        });
        // and nothing after it that could be its name: the text's end, a punctuation mark, or a
        // dictionary word that is no name, place or facility word
        let after_ok = j + 1 >= n
            || doc
                .gap_after(j)
                .trim_start()
                .starts_with(['.', ',', ';', ':', '(', ')', '\n'])
            || (!rules[j + 1].phi
                && !generic(j + 1)
                // (a function word, "ON", "FOR", even where a name list holds it too)
                && (flags[j + 1] & flag::STOPWORD != 0
                    || (flags[j + 1] & flag::SAFE != 0
                        && flags[j + 1] & (flag::FIRST_NAME | flag::SURNAME | flag::CITY) == 0)));
        if ends_with_head && all_safe && after_ok && !named_after(doc, rules, folded, j) {
            for rule in &mut rules[i..=j] {
                rule.phi = false;
                rule.kind = None;
                rule.reason = Reason::GenericPlace;
            }
        }
        i = j + 1;
    }
    departments(doc, rules, flags, folded);
}

/// Connectors between a place's kind and its name after it in the Romance languages ("hospital
/// municipal de Imperatriz", "centre de vaccination de Lannion"), folded. Not English "of": "the
/// emergency department of Bach Mai Hospital", "the vaccination centre of the Complexe Sportif"
/// name a part of a place named by its own words.
const NAME_CONNECTORS: &[&str] = &["de", "del", "della", "di", "da", "do", "du", "des", "d"];

/// Articles after such a connector ("centre de vaccination de la salle du canton").
const ARTICLES: &[&str] = &["la", "le", "les", "l", "los", "las"];

/// Whether the kind ending at word `j` is named after it: an adjective at most ("municipal",
/// "general"), then connectors with generic words between ("de vaccination"), then a name or
/// place the rules masked, on the same line. Romance languages name a facility after its kind,
/// so "from hospital municipal de imperatriz" is a name; "to hospital in Boston" stays generic.
fn named_after(doc: &Tokenized, rules: &[TokenRule], folded: &[Cow<'_, str>], j: usize) -> bool {
    let n = doc.len();
    let same_line = |k: usize| !doc.gap_before(k).contains('\n');
    let mut k = j + 1;
    // one adjective after the kind, no function word ("hospital municipal", "centro regional")
    if k < n
        && same_line(k)
        && !rules[k].phi
        && !NAME_CONNECTORS.contains(&folded[k].as_ref())
        && !BEFORE.contains(&folded[k].as_ref())
        && folded[k].chars().count() >= 4
        && folded[k].chars().all(char::is_alphabetic)
    {
        k += 1;
    }
    // (connector, article?, generic word)* connector, article?, then the name
    let mut connectors = 0;
    while k < n && connectors < 3 && same_line(k) && NAME_CONNECTORS.contains(&folded[k].as_ref()) {
        connectors += 1;
        k += 1;
        if k < n && same_line(k) && ARTICLES.contains(&folded[k].as_ref()) {
            k += 1;
        }
        if k >= n || !same_line(k) {
            return false;
        }
        if rules[k].phi {
            return matches!(
                rules[k].kind,
                Some(
                    PhiType::City
                        | PhiType::Hospital
                        | PhiType::Patient
                        | PhiType::Doctor
                        | PhiType::State
                )
            );
        }
        if !GENERIC_WORDS.contains(&folded[k].as_ref()) {
            return false;
        }
        k += 1;
        // (a name right after the generic words, blanks alone between from the kind on: "CENTRE
        // DE VACCINATION VICTOR HUGO"; not "the health clinic (centre de vaccination mairie")
        if k < n && (j + 1..=k).all(|m| doc.gap_before(m) == " ") && rules[k].phi {
            return matches!(
                rules[k].kind,
                Some(PhiType::City | PhiType::Hospital | PhiType::Patient | PhiType::Doctor)
            );
        }
    }
    false
}

/// Words of a hospital's part named by what it treats, folded: "Department of Dermatology",
/// "service de dermatologie", "Servicio de Medicina Interna", "Klinik für Hämatologie". (Not
/// "unidad": Mexico's "Unidad de Medicina Familiar No. 31" is a clinic's name.)
const DEPARTMENT_WORDS: &[&str] = &[
    "department",
    "dept",
    "division",
    "service",
    "servicio",
    "servico",
    "servizio",
    "abteilung",
    "klinik",
    "section",
    "seccion",
    "reparto",
];

/// The connectors between a department's word and its field, folded.
const DEPARTMENT_CONNECTORS: &[&str] = &[
    "of", "de", "di", "du", "des", "for", "fur", "da", "do", "del", "della", "d",
];

/// Fields of medicine that no "-olog-" or "-iatr-" spells ("Medicina Interna", "Emergency
/// Medicine", "Chirurgie"), folded.
const FIELDS: &[&str] = &[
    "medicine",
    "medecine",
    "medicina",
    "medizin",
    "surgery",
    "chirurgie",
    "cirugia",
    "chirurgia",
    "cirurgia",
    "emergency",
    "emergencies",
    "urgences",
    "urgencias",
    "urgencia",
    "allergy",
    "alergia",
    "allergie",
    "obstetrics",
    "orthopaedics",
    "orthopedics",
    "ortopedia",
    "anaesthesia",
    "anesthesia",
    "anestesia",
    "anaesthetics",
    "pharmacy",
    "pharmacie",
    "farmacia",
    "nursing",
];

/// Whether the folded word names a field of medicine: "dermatology", "hämatologie",
/// "paediatrics", "psychiatrie", "pharmacology", or one of `FIELDS`.
fn is_medical_field(folded: &str) -> bool {
    folded.contains("olog") || folded.contains("iatr") || FIELDS.contains(&folded)
}

/// A department of a hospital named by its field: "Department of Dermatology", "Dept. of General
/// Medicine", "service de dermatologie", "Servicio de Medicina Interna", "Klinik für
/// Hämatologie": the department's word, its connector, up to two words before the field
/// ("General", "Respiratory", "Emergency") and one after it ("interna", "médica"). The
/// guidelines tag no department (tests/fixtures/gold/README.md: "departments (`Hospital
/// Medicine`, `Neurology`) are not tagged"); the model masked them beside the hospital's name,
/// most of all in another language (about 150 words of the dev sets, session 46). Released
/// whatever the model says (reason `GenericPlace`); a number, a name the recognizers found or
/// a person's name after a title keeps its decision, and so does the run when a capitalised
/// word no SAFE list holds follows it ("Department of Medicine Hospital X" names a place).
fn departments(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    folded: &[Cow<'_, str>],
) {
    let n = doc.len();
    // what the run may take over: the rules' doubt, never a found pattern or a person's name
    fn open(doc: &Tokenized, rules: &[TokenRule], k: usize) -> bool {
        matches!(
            rules[k].reason,
            Reason::Safe
                | Reason::Unknown
                | Reason::Context
                | Reason::GenericPlace
                | Reason::NamedFacility
                | Reason::FunctionWord
                | Reason::LocalWord
                | Reason::DrugName
                | Reason::Unsafe("is-possibly-name")
                | Reason::Unsafe("is-possibly-city")
        ) && !doc.token_text(k).bytes().any(|b| b.is_ascii_digit())
    }
    let plain = |k: usize| matches!(doc.gap_before(k), " " | ". " | "\u{a0}");
    for i in 0..n.saturating_sub(2) {
        // (the connector after it first: nearly every word is followed by none)
        if !DEPARTMENT_CONNECTORS.contains(&folded[i + 1].as_ref())
            || !DEPARTMENT_WORDS.contains(&folded[i].as_ref())
            || !open(doc, rules, i)
        {
            continue;
        }
        // the connector ("of", "de", "für"; "de la", "d'")
        let mut k = i + 1;
        if !plain(k) || !DEPARTMENT_CONNECTORS.contains(&folded[k].as_ref()) || !open(doc, rules, k)
        {
            continue;
        }
        // (a German department is "Klinik für ...", never "Klinik de ...")
        if folded[i] == "klinik" && folded[k] != "fur" {
            continue;
        }
        k += 1;
        if k < n && folded[k] == "la" && plain(k) && open(doc, rules, k) {
            k += 1;
        }
        // up to two words before the field, then the field
        let mut field = None;
        for j in k..(k + 3).min(n) {
            let gap = doc.gap_before(j);
            let joined = matches!(gap, " " | "'" | "\u{2019}") || (j > k && gap == "-");
            if !joined || !open(doc, rules, j) {
                break;
            }
            if is_medical_field(&folded[j]) {
                field = Some(j);
                break;
            }
            // (a word before the field that a SAFE list holds, or the first half of a compound:
            // "pneumo-phtisiologie")
            if flags[j] & flag::SAFE == 0 && doc.gap_after(j) != "-" {
                break;
            }
        }
        let Some(mut end) = field else { continue };
        // (a field of two words: "Emergency Medicine", "médecine interne")
        while end + 1 < n
            && doc.gap_before(end + 1) == " "
            && open(doc, rules, end + 1)
            && is_medical_field(&folded[end + 1])
        {
            end += 1;
        }
        // one word after it that qualifies the field ("Medicina Interna", "oncología médica")
        if end + 1 < n
            && doc.gap_before(end + 1) == " "
            && open(doc, rules, end + 1)
            && matches!(
                folded[end + 1].as_ref(),
                "interna"
                    | "medica"
                    | "medicale"
                    | "general"
                    | "generale"
                    | "clinica"
                    | "intensiva"
            )
        {
            end += 1;
        }
        // a capitalised word after it that no SAFE list holds, or a place's kind, may be the
        // place's name
        let named_after = end + 1 < n
            && doc.case_informative
            && doc.gap_before(end + 1) == " "
            && doc.token_text(end + 1).starts_with(char::is_uppercase)
            && (flags[end + 1] & flag::SAFE == 0 || HEADS.contains(&folded[end + 1].as_ref()));
        if named_after {
            continue;
        }
        for rule in &mut rules[i..=end] {
            rule.phi = false;
            rule.kind = None;
            rule.reason = Reason::GenericPlace;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    #[test]
    fn a_department_named_by_its_field() {
        for (text, words) in [
            (
                "Reporter: Dr. Meenakshi Sundaram, Department of Dermatology; co-reporter",
                &["Department", "of", "Dermatology"][..],
            ),
            (
                "Notificante: Dra. Valeria Sosa, Servicio de Alergia, Hospital de Clínicas",
                &["Servicio", "de", "Alergia"],
            ),
            (
                "NOTIFICATEUR: DR YOUSSEF BENJELLOUN, SERVICE DE PNEUMO-PHTISIOLOGIE, CHU IBN SINA",
                &["SERVICE", "DE", "PNEUMO", "PHTISIOLOGIE"],
            ),
            (
                "transferred to the Klinik für Hämatologie of the Universitätsklinikum",
                &["Klinik", "für", "Hämatologie"],
            ),
            (
                "seen in the dept. of general medicine, servicio de medicina interna",
                &[
                    "dept", "of", "general", "medicine", "servicio", "de", "medicina", "interna",
                ],
            ),
            (
                "Reporter: Dr. Kenichi Sato, Department of Emergency Medicine, the University",
                &["Department", "of", "Emergency", "Medicine"],
            ),
        ] {
            let w = generic(text);
            for x in words {
                assert!(w.iter().any(|y| y == x), "{x} in {text}: {w:?}");
            }
        }
        // a clinic's name, a field that is no medicine's, a name after the field
        for text in [
            "seen at Unidad de Medicina Familiar No. 31 in Puebla",
            "She works for the Department of Transportation in Ohio.",
            "admitted to the Department of Medicine Hospital Mzuzu on day 3",
        ] {
            assert!(generic(text).is_empty(), "{text}: {:?}", generic(text));
        }
    }

    fn generic(text: &str) -> Vec<String> {
        words_with_reason(text, Reason::GenericPlace)
    }

    #[test]
    fn a_kind_of_place_without_its_name() {
        assert_eq!(
            generic("SHE RECEIVED THE VACCINE FROM THE HEALTH DEPARTMENT ON JANUARY 8."),
            ["HEALTH", "DEPARTMENT"]
        );
        assert_eq!(
            generic("HE WAS TRANSFERRED TO HOSPITAL FOR ADMISSION AND OBSERVED."),
            ["HOSPITAL"]
        );
        // a part of a place named by its own words
        assert_eq!(
            generic("brought her by taxi to the emergency department of Bach Mai Hospital: BP 60."),
            ["emergency", "department"]
        );
        // a connector after the kind, but no name after it
        assert_eq!(
            generic("she was taken to the clinic of her own town for review of the rash."),
            ["clinic"]
        );
        assert_eq!(
            generic("She was seen at the vaccination site and then at the urgent care clinic."),
            ["vaccination", "site", "urgent", "care", "clinic"]
        );
    }

    #[test]
    fn the_shorthand_hosp_without_a_name() {
        assert_eq!(
            generic("31yr old women admitted to Hosp with hives and tightness"),
            ["Hosp"]
        );
        assert_eq!(generic("pt taken to hosp, released 2 hrs later"), ["hosp"]);
        assert!(generic("admitted to Mercy Hosp with hives").is_empty());
        assert!(generic("taken to hosp Sao Lucas for observation").is_empty());
    }

    #[test]
    fn never_a_facility_by_its_name() {
        for text in [
            // a name after the kind, or a name inside it
            "SEEN AT HEALTH CLINIC OKAPA ON DAY 2.",
            "ADMITTED TO THE MERCY HOSPITAL FOR OBSERVATION.",
            "She was admitted to the Regional Hospital in Kumasi.",
            // no determiner or "to"/"at" before it
            "Hospital staff gave the vaccine.",
            // a name after the kind and a connector, as Romance languages name facilities
            "rcvd ter 5 nov 96 from hospital municipal de imperatriz, maranhão. rash after amoxil.",
            "a vacciné le 16 June 2021 at the centre de vaccination de Lannion. On waking, fever.",
            // ... or right after the generic words
            "BOOSTER ON 22 NOVEMBER 2021 AT THE CENTRE DE VACCINATION VICTOR HUGO, LUXEMBOURG.",
        ] {
            assert!(generic(text).is_empty(), "{text}: {:?}", generic(text));
        }
    }
}
