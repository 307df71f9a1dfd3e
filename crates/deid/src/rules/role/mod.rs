//! Words that say who a named person is, beside the name: the relation word before a relative's
//! name ("MOC Heidi Sorensen", "son dennis tanabe", "SON KARIM EL-SAYED") and a nurse's or
//! doctor's credential after or before it ("Hope Tatro RN", "Vera Sims, RN,", "RN LENA
//! MANUELITO", "PA-C"), the race and sex shorthand after an age ("9 YO WF"), and "former" or
//! "retired" before an occupation the recognizers found ("A FORMER TELEPHONE OPERATOR"). The
//! guidelines call none of them PHI, and the causality assessment reads them (who reported, who
//! was there); the model, which saw them beside names in training, masked them.
//! Reason `phi-cue`: released whatever the model says. Applied after every rule that finds names.
//!
//! Narrow on purpose: the relation word only right before a name that a relation word made
//! certain (`RelationName`), or a relative's word that a name list holds ("the pt mom;") with no
//! name after it; the credential only right beside a name the rules masked as a person.

use super::context::RELATIONS;
use super::{one_of, Feature, Reason, TokenRule};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;

/// Relatives' words that no one is named by ("mom", "dad"); not "son" or "sister", which are a
/// surname and a nun's title too.
const BARE_RELATIONS: &[&str] = &[
    "mom",
    "dad",
    "mum",
    "mother",
    "father",
    "wife",
    "husband",
    "daughter",
    "brother",
    "grandmother",
    "grandfather",
    "grandma",
    "grandpa",
    "aunt",
    "uncle",
];

/// Nursing, medical and pharmacy credentials written beside a name (lower case).
pub(super) const CREDENTIALS: &[&str] = &[
    "rn", "lpn", "lvn", "cna", "np", "aprn", "fnp", "crna", "rph", "pharmd", "bsn", "msn", "mph",
];

/// The words (indices) beside a name that say who the person is.
pub(super) fn role_words(doc: &Tokenized, rules: &[TokenRule]) -> Vec<usize> {
    let n = doc.len();
    // (a surname a city list also holds is masked as a city: "Vera Sims, RN")
    let person = |k: usize| {
        rules[k].phi
            && (matches!(rules[k].kind, Some(PhiType::Patient | PhiType::Doctor))
                || (rules[k].kind == Some(PhiType::City)
                    && rules[k].features.has(Feature::IsPossiblyName)))
            && !matches!(rules[k].reason, Reason::Pattern(_) | Reason::Digit)
    };
    let mut out = Vec::new();
    for k in 0..n {
        let w = doc.token_text(k);
        let next_is = |gaps: &[&str]| k + 1 < n && gaps.contains(&doc.gap_after(k));
        // (not after a title or a label that a name follows: "Dr. Son", "Patient: Son Minh",
        // where "Son" is a Korean or Vietnamese surname)
        let named_before = || {
            k > 0
                && (rules[k - 1].features.has(Feature::IsSalutation)
                    || one_of(doc.token_text(k - 1), RELATIONS)
                    || matches!(
                        rules[k].reason,
                        Reason::AfterSalutation | Reason::RelationName
                    ))
        };
        // (relatives only: "Patient Amy Smith" is the patient's line, left to the cue rules)
        // (the neighbours first: nearly every word has no name beside it)
        // (nor capitalised after a name's particle, where capitals mean something: a street's or
        // a place's name, "Carrer de Son Ferriol 41", Majorca's "Son" for an estate)
        // (or after another capitalised word that starts no sentence: a name's own word,
        // "Hospital Universitari Son Espases")
        let after_particle = || {
            doc.case_informative
                && k > 0
                && doc.gap_before(k) == " "
                && w.starts_with(char::is_uppercase)
                && (one_of(
                    doc.token_text(k - 1),
                    &[
                        "de", "del", "da", "do", "dos", "das", "di", "van", "von", "la", "le",
                    ],
                ) || (doc.token_text(k - 1).starts_with(char::is_uppercase)
                    && !rules[k - 1].features.has(Feature::IsSentenceBeginning)))
        };
        let relation = next_is(&[" ", ": "])
            && rules[k + 1].reason == Reason::RelationName
            && one_of(w, RELATIONS)
            && !one_of(w, &["pt", "patient", "vaccinee"])
            && !named_before()
            && !after_particle();
        let credential = w.len() <= 6
            && ((k > 0 && matches!(doc.gap_before(k), " " | ", ") && person(k - 1))
                || (next_is(&[" "]) && person(k + 1)))
            && one_of(w, CREDENTIALS);
        // "A FORMER TELEPHONE OPERATOR", "retired school cook": what one was, not what
        let former = next_is(&[" "])
            && rules[k + 1].reason == Reason::Pattern(PhiType::Profession)
            && one_of(w, &["former", "retired", "ex"]);
        // a relative's word that a name list also holds, with no name after it: "reported by the
        // pt mom;" ("Mom" is on a given-name list)
        let bare_relation = matches!(rules[k].reason, Reason::Unsafe(_))
            && one_of(w, BARE_RELATIONS)
            && !(k + 1 < n && (person(k + 1) || rules[k + 1].reason == Reason::RelationName))
            && !(k > 0 && rules[k - 1].features.has(Feature::IsSalutation))
            && !matches!(
                rules[k].reason,
                Reason::AfterSalutation | Reason::RelationName
            );
        if (relation || credential || former || bare_relation)
            && !matches!(rules[k].reason, Reason::Pattern(_) | Reason::Digit)
        {
            out.push(k);
        }
    }
    // the race and sex shorthand of the 1990s forms after an age: "9 YO WF", "68 yo WM", "19 y/o
    // bf" (the model read them as occupations or names)
    for (k, rule) in rules.iter().enumerate().skip(1) {
        let unit = doc.token_text(k - 1);
        let after_age = one_of(unit, &["yo", "yr", "yrs", "mo", "mos", "wk", "wks", "old"])
            || (unit.eq_ignore_ascii_case("o")
                && k >= 2
                && doc.token_text(k - 2).eq_ignore_ascii_case("y")
                && matches!(doc.gap_after(k - 2), "/" | "."));
        if after_age
            && matches!(doc.gap_before(k), " " | ". " | ", ")
            && one_of(doc.token_text(k), &["wf", "wm", "bf", "bm", "hf", "hm"])
            && !matches!(rule.reason, Reason::Pattern(_) | Reason::Digit)
        {
            out.push(k);
        }
    }
    // a physician assistant's credential, which no state's code is with its hyphen and "C":
    // "seen by Karen Whitlow, PA-C;" (the rules read "PA" as Pennsylvania, "C" as an initial)
    for k in 0..n.saturating_sub(1) {
        if doc.token_text(k).eq_ignore_ascii_case("pa")
            && doc.gap_after(k) == "-"
            && doc.token_text(k + 1).eq_ignore_ascii_case("c")
            && (k + 2 >= n || !doc.gap_after(k + 1).is_empty())
        {
            out.extend([k, k + 1]);
        }
    }
    out.extend(contactable_reporters(doc, rules));
    out.extend(clinician_specialties(doc, rules));
    out
}

/// Words of a clinician's specialty or post, folded: "internist", "consultant", "registrar",
/// "pediatra"; and see `is_specialty`.
const SPECIALTY_WORDS: &[&str] = &[
    "internist",
    "surgeon",
    "consultant",
    "registrar",
    "resident",
    "specialist",
    "attending",
    "senior",
    "junior",
    "chief",
    "head",
    "staff",
    "medical",
    "officer",
    "fellow",
    "pharmacist",
    "pharmacien",
    "pharmacienne",
    "farmaceutico",
    "farmaceutica",
    "medecin",
    "medico",
    "medica",
    "pediatra",
    "internista",
    "interniste",
    "midwife",
];

/// Words after a specialist's word that say which one, folded ("médecin urgentiste", "medico
/// tratante", "pharmacienne titulaire", "médica de família", "registrar in medicine").
const SPECIALTY_QUALIFIERS: &[&str] = &[
    "urgentiste",
    "generaliste",
    "tratante",
    "vaccinatore",
    "coordonnateur",
    "coordinateur",
    "titulaire",
    "hospitaliere",
    "hospitalier",
    "hospitalar",
    "hospitalaria",
    "ospedaliero",
    "ospedaliera",
    "chef",
    "assistant",
    "assistante",
    "familia",
    "famille",
    "familiar",
    "interne",
    "general",
    "generale",
    "medicine",
    "medicina",
    "obstetricien",
    "obstetricienne",
    "de",
    "di",
    "du",
    "da",
    "in",
    "of",
];

/// The qualifiers that only join two others.
const SPECIALTY_CONNECTORS: &[&str] = &["de", "di", "du", "da", "in", "of"];

/// The endings of a field's specialist in the languages of the world's narratives, folded
/// ("dermatologist", "oncologue", "reumatólogo", "Kardiologin"): one list for the specialty after
/// a doctor's name (here) and the role before "Dr" (`usage::labels`).
pub(super) const SPECIALIST_ENDINGS: &[&str] =
    &["ologist", "ologue", "ologo", "ologa", "ologe", "ologin"];

/// Whether the folded word names a field's specialist: one of `SPECIALIST_ENDINGS`, a
/// physician's ending ("psychiatrist", "paediatrician", "pediatra", "pédiatre"), or one of
/// `SPECIALTY_WORDS`.
fn is_specialty(folded: &str) -> bool {
    const PHYSICIAN_ENDINGS: &[&str] = &["iatrist", "ician", "iatra", "iatre"];
    SPECIALTY_WORDS.contains(&folded)
        || SPECIALIST_ENDINGS
            .iter()
            .chain(PHYSICIAN_ENDINGS)
            .any(|e| folded.ends_with(e))
}

/// "Reporter: Dr. Lama Haddad, dermatologist, Damascus ...", "Dr. N. Jeyaruban, consultant
/// oncologist": a doctor's specialty after the doctor's name and its comma, up to the next
/// punctuation. The guidelines tag no reporter's occupation (only the patient's or a
/// relative's), and a pharmacist reads the reporter's specialty; the model masked it beside the
/// name ("dermatologist" at P(safe) 0.30). Only after a name that a doctor's title opens, within
/// the same line.
fn clinician_specialties(doc: &Tokenized, rules: &[TokenRule]) -> Vec<usize> {
    let n = doc.len();
    let mut out = Vec::new();
    for k in 1..n {
        if doc.gap_before(k) != ", " || !rules[k - 1].phi {
            continue;
        }
        let folded = crate::lexicon::fold(doc.token_text(k));
        if !is_specialty(&folded) {
            continue;
        }
        // a doctor's title a few words before, on the line: "Dr. Lama Haddad,"
        let titled = (k.saturating_sub(6)..k - 1).any(|t| {
            one_of(
                doc.token_text(t),
                &["dr", "dra", "drs", "prof", "doctor", "dott"],
            ) && (t + 1..k).all(|j| !doc.gap_before(j).contains(['\n', ',', ';', '(']))
        });
        // (not a doctor reporting on themselves: "REPORTING FOR HIMSELF, DR. MARCELO QUIROGA
        // SAAVEDRA, INTERNISTA" is the patient's occupation)
        let about_self = (k.saturating_sub(12)..k).any(|t| {
            one_of(
                doc.token_text(t),
                &[
                    "himself",
                    "herself",
                    "themselves",
                    "myself",
                    "self",
                    "patient",
                    "pt",
                ],
            )
        });
        if !titled || about_self {
            continue;
        }
        // the specialty's words, one space or hyphen apart ("consultant oncologist", "médecin
        // urgentiste", "médica de família", "gynécologue-obstétricien"), never ending on a
        // connector
        let mut end = k;
        let mut k2 = k;
        while k2 + 1 < n && matches!(doc.gap_before(k2 + 1), " " | "-") && k2 < k + 4 {
            let next = crate::lexicon::fold(doc.token_text(k2 + 1));
            if !(is_specialty(&next) || SPECIALTY_QUALIFIERS.contains(&next.as_ref())) {
                break;
            }
            k2 += 1;
            if !SPECIALTY_CONNECTORS.contains(&next.as_ref()) {
                end = k2;
            }
        }
        out.extend(
            (k..=end).filter(|&j| !matches!(rules[j].reason, Reason::Pattern(_) | Reason::Digit)),
        );
    }
    out
}

/// The reporters' qualifications of manufacturers' case forms, which the guidelines call no PHI:
/// "from a contactable physician.", "A CONTACTABLE OTHER HEALTHCARE PROFESSIONAL REPORTED".
const REPORTER_ROLES: &[&str] = &[
    "physician",
    "nurse",
    "pharmacist",
    "consumer",
    "other",
    "health",
    "healthcare",
    "care",
    "professional",
    "hcp",
    "lawyer",
];

/// "A contactable physician." where the sentence ends, or a clause, or "reported" follows: the
/// reporter's qualification, released (the fine-tuned model, which learnt professions from the
/// patients' descriptions, masked it). Not before a name, "(patient)" or "reporting for herself",
/// where the qualification is the patient's and PHI.
fn contactable_reporters(doc: &Tokenized, rules: &[TokenRule]) -> Vec<usize> {
    let n = doc.len();
    let mut out = Vec::new();
    for k in 0..n.saturating_sub(1) {
        if !doc.token_text(k).eq_ignore_ascii_case("contactable") || doc.gap_after(k) != " " {
            continue;
        }
        // up to three role words, one space apart ("other healthcare professional")
        let Some(m) = (k + 1..n.min(k + 4))
            .take_while(|&m| {
                (m == k + 1 || doc.gap_before(m) == " ")
                    && one_of(doc.token_text(m), REPORTER_ROLES)
            })
            .last()
        else {
            continue;
        };
        let gap = doc.gap_after(m);
        let ends = m + 1 >= n
            || (gap.starts_with(['.', ';']) && !gap.starts_with(".."))
            || (gap == " " && one_of(doc.token_text(m + 1), &["reported", "reports"]));
        // how the report reached the company, the reporter's own workplace, or the reporter's
        // name or specialty after a comma or bracket: "a contactable physician received via the
        // regulatory authority", "downloaded from", "of Motebang Hospital", "a contactable
        // physician, Dr. ...", "(obstetrician)"; only where nothing before the sentence's end
        // says the reporter is the patient ("(patient)", "reporting for herself")
        let routed = || {
            let next = doc.token_text(m + 1);
            let joined = (gap == " "
                && one_of(next, &["received", "downloaded", "via", "of", "at"]))
                || (matches!(gap, ", " | " (")
                    && (one_of(next, &["dr", "dra", "doctor"])
                        || is_specialty(&crate::lexicon::fold(next))));
            joined && !about_the_patient(doc, m + 1)
        };
        // (a consumer is no occupation: "a contactable consumer (patient)")
        let consumer = m == k + 1 && one_of(doc.token_text(m), &["consumer", "consumers"]);
        if ends || consumer || (m + 1 < n && routed()) {
            out.extend(
                (k + 1..=m)
                    .filter(|&j| !matches!(rules[j].reason, Reason::Pattern(_) | Reason::Digit)),
            );
        }
    }
    out
}

/// Whether the reporter may be the patient or a relative, whose occupation is PHI: "patient"
/// before the sentence's end (at most 16 words: "(patient)", "(36, the patient)"), or within 40
/// words, past the sentence's end, a word for oneself or a relative ("THIS NURSE REPORTED FOR
/// HERSELF", "a male patient (reporter's husband, ...)", "(grandmother, kim bok-soon)").
fn about_the_patient(doc: &Tokenized, from: usize) -> bool {
    let n = doc.len();
    let mut sentence = true;
    for j in from..n.min(from + 40) {
        // (a title's dot is no sentence's end: "Dr. Ana Ruiz, reporting for herself")
        let gap = doc.gap_before(j);
        if j > from
            && (gap.contains([';', '\n'])
                || (gap.contains('.') && doc.token_text(j - 1).chars().count() > 3))
        {
            sentence = false;
        }
        let w = doc.token_text(j);
        if (sentence && j < from + 16 && one_of(w, &["patient", "pt"]))
            || one_of(
                w,
                &[
                    "herself",
                    "himself",
                    "themselves",
                    "themself",
                    "self",
                    "myself",
                    "reporter",
                ],
            )
            || one_of(w, BARE_RELATIONS)
            || one_of(w, &["son", "sister", "grandson", "granddaughter", "spouse"])
        {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests;
