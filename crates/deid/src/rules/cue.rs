//! Words that introduce PHI but are none, which the model masks because it saw them next to PHI:
//! where a person lives or works ("patient resides in [CITY]", "she lives at [ADDRESS]", "the
//! patient works at [ORGANIZATION]", "domicilio [STREET]") and a reporter's qualification after their name
//! ("Reporter: [DOCTOR] (physician), [HOSPITAL]"). The guidelines call labels and reporter roles
//! no PHI; masking them hides who reported and how the patient lives, which causality
//! assessment reads. Reason `phi-cue`: released whatever the model says.
//!
//! Also the title of a clinical note ("Nursing Progress Note", "nsg note").
//!
//! Narrow on purpose: the verb must stand before its preposition after a word that is no name
//! ("Diaz Works in Port Victor" keeps "Works"), and the qualification must sit in brackets right
//! after a name on a line that names the reporter ("Patient Amy Smith (nurse)" is the patient's
//! profession, a PHI).

use crate::lexicon::{flag, LexFlags};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// A facility's head before its emergency department (folded).
const FACILITY_HEADS_BEFORE_DEPARTMENT: &[&str] = &[
    "hospital",
    "center",
    "centre",
    "clinic",
    "clinica",
    "infirmary",
    "institute",
    "hastanesi",
];

/// Verbs and prepositions that follow a bracket of a person's details (folded).
const AFTER_BRACKET_VERBS: &[&str] = &[
    "concerning",
    "regarding",
    "informed",
    "notified",
    "brought",
    "reported",
    "called",
    "stated",
    "states",
    "said",
    "says",
    "accompanied",
    "consented",
];

/// Verbs of residence and work before the place they introduce (lower case).
const PLACE_VERBS: &[&str] = &[
    "resides", "reside", "residing", "resided", "lives", "live", "living", "lived", "works",
    "work", "working", "worked", "employed",
];

/// Labels of where a person lives, before the address itself (folded: lower case, no accents):
/// "domicilio Calle Mayor 3", "domicilié 12 rue", "wohnhaft in", "address: Sveavägen 44".
pub(super) const RESIDENCE_LABELS: &[&str] = &[
    "domicilio",
    "domiciliado",
    "domiciliada",
    "domicilie",
    "domiciliee",
    "domiciliato",
    "domiciliata",
    "wohnhaft",
    "address",
    "adresse",
    "direccion",
    "endereco",
    "indirizzo",
    // ("Domicile : secteur 22, lot 14", "Anschrift: ...", "Adres: ...", "Morada: ...")
    "domicile",
    "anschrift",
    "adres",
    "morada",
    // the forms' shorthand ("Addr: Lot 112 Silvertown"; not "adr", an adverse drug reaction)
    "addr",
];

/// What follows such a verb before the place: "resides in", "lives at", "works as", "works for".
const PLACE_PREPOSITIONS: &[&str] = &["in", "at", "as", "for", "near"];

/// Reporter qualifications (ICH E2B: physician, pharmacist, other health professional, lawyer,
/// consumer) and their everyday forms, lower case; a bracket holds one to three of them.
const QUALIFICATION_WORDS: &[&str] = &[
    "physician",
    "pharmacist",
    "nurse",
    "consumer",
    "lawyer",
    "dentist",
    "doctor",
    "md",
    "rn",
    "np",
    "hcp",
    "other",
    "health",
    "healthcare",
    "professional",
];

/// What kind of note a clinical note's title says it is, before "note"/"notes" (folded):
/// "Nursing Progress Note", "ED TRIAGE NOTE" ("triage note"), "nsg note", "Skilled Nursing Visit
/// Note". A title is a label of the document, no PHI.
const NOTE_KINDS: &[&str] = &[
    "nursing",
    "nsg",
    "progress",
    "triage",
    "shift",
    "night",
    "interim",
    "visit",
    "treatment",
    "telehealth",
    "admission",
    "discharge",
    "transfer",
    "handover",
    "telephone",
    "evaluation",
    "assessment",
    "incident",
    "medication",
];

/// Words that say what a person is to the patient, never who: sex, kinship, "former". The
/// model, reading them next to a name in ALL CAPS ("PATIENT: YOON MI-KYUNG, FEMALE, 58 YEARS",
/// "MOTHER KIM MI-SOOK, HAIRDRESSER"), masked them. Only where no name or place list holds the
/// word ("Son" is a surname too).
const PERSON_WORDS: &[&str] = &[
    "female",
    "male",
    "mother",
    "father",
    "wife",
    "husband",
    "daughter",
    "brother",
    "sister",
    "grandmother",
    "grandfather",
    "granddaughter",
    "grandson",
    "former",
    "retired",
    "widow",
    "widower",
    "mom",
    "mum",
    "dad",
    // the 1990s shorthand's mother, father, grandmother, grandfather of the child and sibling
    // ("MOC HEIDI SORENSEN (26)", "GMOC LORRAINE", "sib dustin (9)")
    "moc",
    "foc",
    "gmoc",
    "gfoc",
    "sib",
    "sibling",
];

/// What a language's name says of a report's text before or after it: "TRANSLATED TO ENGLISH",
/// "ENGLISH COPY FOR THE MANUFACTURER" ("English" is a surname too).
const TRANSLATION_BEFORE: &[&str] = &["to", "into", "in"];
const TRANSLATION_AFTER: &[&str] = &[
    "translation",
    "translated",
    "copy",
    "version",
    "summary",
    "export",
    "caps",
    "text",
];

/// Whether each word of `doc` introduces PHI without being any (see the module).
/// `folded`: each word folded (`lexicon::fold_words`).
pub(super) fn cue_words(doc: &Tokenized, flags: &[LexFlags], folded: &[Cow<'_, str>]) -> Vec<bool> {
    let n = doc.len();
    let mut out = vec![false; n];
    let lower = |i: usize| folded[i].as_ref();
    for i in 0..n {
        let w = lower(i);
        if PLACE_VERBS.contains(&w)
            && i + 1 < n
            && doc.gap_after(i) == " "
            && PLACE_PREPOSITIONS.contains(&lower(i + 1))
            // a verb is written in lower case where capitals mean something ("Diaz Works")
            && (!doc.case_informative || !doc.token_text(i).starts_with(char::is_uppercase))
            // after a word that is no name, or a new clause: "her daughter, Karin Öberg (38),
            // lives at", "the pt (maria lópez) works as"
            && (i == 0 || after_no_name(flags[i - 1]) || doc.gap_before(i).contains([',', ')']))
            // (a care home's kind, no verb: "PRAIRIE CROSSING SENIOR LIVING IN MITCHELL")
            && !(w == "living" && i > 0 && matches!(lower(i - 1), "senior" | "assisted"))
        {
            out[i] = true;
        }
        // where capitals say nothing, a verb or preposition right after a bracket that closed a
        // person's or reporter's details: "(ANNE FITZ, MERCY HOSPITAL) CONCERNING A", "NIECE
        // SEIJA LEHTONEN (71) INFORMED.", "SERWAA (70). BROUGHT TO" (the model, reading capitals
        // after a name, masked them)
        if !doc.case_informative
            && AFTER_BRACKET_VERBS.contains(&w)
            && doc.gap_before(i).contains(')')
            && flags[i] & flag::UNSAFE == 0
        {
            out[i] = true;
        }
        // the emergency department after a facility's head: "KOMFO ANOKYE TEACHING HOSPITAL
        // EMERGENCY,", "ASAN MEDICAL CENTER EMERGENCY ROOM" (a department, no name's word)
        if w == "emergency"
            && i > 0
            && doc.gap_before(i) == " "
            && FACILITY_HEADS_BEFORE_DEPARTMENT.contains(&lower(i - 1))
        {
            out[i] = true;
        }
        // a person's sex or kinship ("FEMALE", "MOTHER"), a name no list holds
        if PERSON_WORDS.contains(&w) && flags[i] & flag::UNSAFE == 0 {
            out[i] = true;
        }
        // "male", also the Maldives' capital, beside an age: "ORTELLADO, MALE, 31", "31 MALE",
        // "9 MO MALE"; never the capital's accented name nor before a postcode ("MALÉ 20117")
        let number = |k: usize| {
            let t = doc.token_text(k);
            t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit())
        };
        if w == "male"
            && doc.token_text(i).is_ascii()
            && ((i + 1 < n && matches!(doc.gap_after(i), ", " | " ") && number(i + 1))
                || (i >= 1 && doc.gap_before(i) == " " && number(i - 1))
                || (i >= 2
                    && doc.gap_before(i) == " "
                    && number(i - 2)
                    && matches!(
                        lower(i - 1),
                        "mo" | "yo" | "y" | "yr" | "yrs" | "years" | "wk"
                    )))
        {
            out[i] = true;
        }
        // the language a report was written in or translated to
        if w == "english"
            && ((i > 0 && doc.gap_before(i) == " " && TRANSLATION_BEFORE.contains(&lower(i - 1)))
                || (i + 1 < n
                    && matches!(doc.gap_after(i), " " | ", ")
                    && TRANSLATION_AFTER.contains(&lower(i + 1))))
        {
            out[i] = true;
        }
        // a residence label before its value on the same line ("residence" only with its colon:
        // "RESIDENCE: H/NO. PLT 14"; "Résidence Les Glycines" is a care home's name)
        if (RESIDENCE_LABELS.contains(&w)
            || (w == "residence" && doc.gap_after(i).trim_end_matches(' ') == ":"))
            && i + 1 < n
            && matches!(doc.gap_after(i).trim_end_matches(' '), "" | ":")
            && !doc.gap_after(i).is_empty()
        {
            out[i] = true;
        }
    }
    // a note's title: "Nursing Progress Note", "nsg note", up to three kind words on its line
    for i in 1..n {
        if !matches!(lower(i), "note" | "notes") {
            continue;
        }
        let mut k = i;
        while k > 0
            && i - k < 3
            && NOTE_KINDS.contains(&lower(k - 1))
            && matches!(doc.gap_before(k), " " | "  ")
        {
            k -= 1;
        }
        if k < i {
            out[k..=i].iter_mut().for_each(|c| *c = true);
        }
    }
    // "(physician)", "(other health professional)" right after a name on a reporter's line
    let mut i = 0;
    while i < n {
        if !doc.gap_before(i).trim_start().ends_with('(') || i == 0 {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < n && j - i < 3 && QUALIFICATION_WORDS.contains(&lower(j)) {
            if doc.gap_after(j).trim_start().starts_with(')') {
                let before = doc.token_text(i - 1);
                let after_name = flags[i - 1] & (flag::FIRST_NAME | flag::SURNAME) != 0
                    || before.starts_with(char::is_uppercase)
                    || flags[i - 1] & flag::SAFE == 0;
                if after_name && on_reporter_line(doc, i) {
                    out[i..=j].iter_mut().for_each(|c| *c = true);
                }
                break;
            }
            if doc.gap_after(j) != " " {
                break;
            }
            j += 1;
        }
        i = j.max(i) + 1;
    }
    // on a reporter's line, a qualification used as a title before the name ("submitted by
    // pharmacist Ingrid Haugland", "entered by community pharmacist kerrie o'brien") or set off
    // by commas after it ("Dr. Noura Al-Qahtani, clinical pharmacist, King Fahad Medical City")
    let name_at = |k: usize| {
        flags[k] & (flag::FIRST_NAME | flag::SURNAME) != 0
            || (flags[k] & flag::SAFE == 0
                && !doc.token_text(k).starts_with(|c: char| c.is_ascii_digit()))
    };
    for i in 0..n {
        // (a byte test first: this runs on every word)
        if !matches!(lower(i).as_bytes().first(), Some(b'p' | b'n' | b'o'))
            || !QUALIFICATION_HEADS.contains(&lower(i))
            || !on_reporter_line(doc, i)
        {
            continue;
        }
        let mut k = i;
        while k > 0
            && i - k < 2
            && QUALIFICATION_MODIFIERS.contains(&lower(k - 1))
            && doc.gap_before(k) == " "
        {
            k -= 1;
        }
        let before_name = i + 1 < n && doc.gap_after(i) == " " && name_at(i + 1);
        let set_off = k > 0
            && doc.gap_before(k).trim_end() == ","
            && name_at(k - 1)
            && (i + 1 == n || matches!(doc.gap_after(i).trim_end(), "," | ";" | "." | ""));
        if before_name || set_off {
            out[k..=i].iter_mut().for_each(|c| *c = true);
        }
    }
    out
}

/// Reporter qualifications that may stand as a title before a reporter's name or after it
/// between commas, lower case (each starts with "p", "n" or "o": `cue_words` tests that first).
const QUALIFICATION_HEADS: &[&str] = &["physician", "pharmacist", "nurse", "officer"];

/// Words before such a qualification that say what kind ("clinical pharmacist", "charge nurse").
const QUALIFICATION_MODIFIERS: &[&str] = &[
    "clinical",
    "community",
    "hospital",
    "professional",
    "registered",
    "charge",
    "attending",
    "consultant",
    "senior",
    "staff",
    "practice",
    "specialist",
    // a medical, clinical or health officer ("DR. SIMON KUMAN, MEDICAL OFFICER, TABUBIL
    // HOSPITAL"): a clinician's post in many health services
    "medical",
    "health",
];

/// A word before the verb that is no name: a SAFE word, and where it is on a name list too
/// ("patient", "brown"), an ordinary English word.
fn after_no_name(f: LexFlags) -> bool {
    f & flag::SAFE != 0
        && (f & (flag::FIRST_NAME | flag::SURNAME) == 0
            || f & (flag::STOPWORD | flag::COMMON_WORD) != 0)
}

/// Whether `text` (lower case) names the reporter: "reporter", "reported by", "reporting",
/// "submitted by", "entered by".
pub(super) fn names_reporter(text: &str) -> bool {
    [
        "reporter",
        "reported by",
        "reporting",
        "submitted by",
        "entered by",
    ]
    .iter()
    .any(|cue| text.contains(cue))
}

/// Whether the line of word `i`, before it, names the reporter ("Reporter: Lori Brown (",
/// "reported by Dr. X (").
fn on_reporter_line(doc: &Tokenized, i: usize) -> bool {
    let start = doc.tokens[i].byte_start;
    let line = doc.text[..start].rsplit('\n').next().unwrap_or("");
    names_reporter(&line.to_ascii_lowercase())
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    fn cues(text: &str) -> Vec<String> {
        let mut words = words_with_reason(text, Reason::PhiCue);
        words.iter_mut().for_each(|w| w.make_ascii_lowercase());
        words
    }

    #[test]
    fn the_emergency_department_after_a_facilitys_head() {
        assert_eq!(
            cues("SEEN 04/03/2021 AT KOMFO ANOKYE TEACHING HOSPITAL EMERGENCY, FOLDER KATH/21/66310."),
            ["emergency"]
        );
        assert!(cues("SHE HAD AN EMERGENCY CAESAREAN SECTION AND WENT HOME.").is_empty());
    }

    #[test]
    fn where_capitals_say_nothing_a_verb_after_a_persons_bracket() {
        assert_eq!(
            cues("THIS IS A REPORT FROM A NURSE (ANNE FITZ, MERCY HOSPITAL) CONCERNING A 73 YEAR OLD FEMALE PATIENT."),
            // (and the sex, a person word)
            ["concerning", "female"]
        );
        assert_eq!(
            cues("RASH ON DAY 2. NIECE SEIJA LEHTONEN (71) INFORMED. TX: COLD PACKS, PARACETAMOL AND REST."),
            // (and the relation word before the name)
            ["niece", "informed"]
        );
        // where capitals mean something the model reads "concerning" well: no cue needed
        assert!(cues(
            "This is a report from a nurse (Anne Fitz, Mercy Hospital) concerning a 73 year old patient."
        )
        .is_empty());
    }

    #[test]
    fn where_one_lives_or_works_in_any_case() {
        for text in [
            "The outcome was unknown. Patient resides in North Jeremiah, Kentucky. She is well.",
            "THE OUTCOME WAS UNKNOWN. PATIENT RESIDES IN NORTH JEREMIAH, KENTUCKY. SHE IS WELL.",
            "the outcome was unknown. patient resides in north jeremiah, kentucky. she is well.",
        ] {
            assert_eq!(cues(text), ["resides"], "{text}");
        }
        assert_eq!(
            cues(
                "The patient lives at 470 Fletcher Shoal and works at Diaz-Bradley in Port Victor."
            ),
            ["lives", "works"]
        );
        assert_eq!(
            cues("HER DAUGHTER, KARIN ÖBERG (38), LIVES AT SVEAVÄGEN 44, SE-113 50 STOCKHOLM."),
            ["lives"]
        );
        assert_eq!(
            cues("camarero en el Bar La Perdiz, DNI 12345678Z, domicilio Calle Mayor 3, 28013 Madrid."),
            ["domicilio"]
        );
        assert_eq!(
            cues("the pt (maria gonzalez-lópez) works as a nurse in tucson and got her dose"),
            ["works"]
        );
        // a name before it: a company's word, left to the rules and the model
        assert!(cues("He is employed by Diaz Works in Port Victor since 2019.").is_empty());
        // no place after it
        assert!(cues("The patient lives alone and works nights.").is_empty());
    }

    #[test]
    fn male_beside_an_age_is_the_persons_sex_not_the_maldives_capital() {
        for text in [
            "VACCINEE: DERLIS RAMÓN GIMÉNEZ ORTELLADO, MALE, 31, C.I. 4.718.302",
            "PT: MOUHAMADOU LAMINE DIOP, 9 MO MALE, DOB 14-JAN-96",
            "a 31 male with fever",
        ] {
            assert!(cues(text).iter().any(|w| w == "male"), "{text}");
        }
        for text in [
            "She flew from Male, Maldives to Colombo.",
            "ADDRESS: H. NOOFARU VILLA, MAJEEDHEE MAGU, MALÉ 20117",
            "ADDRESS: MAJEEDHEE MAGU, MALE 20117",
        ] {
            assert!(
                !cues(text).iter().any(|w| w == "male" || w == "malÉ"),
                "{text}"
            );
        }
    }

    #[test]
    fn a_persons_sex_or_kinship_and_the_language_of_a_translation() {
        assert_eq!(
            cues("KDCA FOLLOW-UP TRANSLATED TO ENGLISH. PATIENT: YOON MI-KYUNG, FEMALE, 58 YEARS."),
            ["english", "female"]
        );
        assert_eq!(
            cues("FATHER PARK SUNG-CHUL, TAXI DRIVER; MOTHER KIM MI-SOOK, HAIRDRESSER."),
            ["father", "mother"]
        );
        assert_eq!(
            cues("REPORTE ESAVI - ENGLISH COPY FOR THE MANUFACTURER."),
            ["english"]
        );
        // a residence's label, not a care home's name
        assert_eq!(
            cues("TRADER. RESIDENCE: H/NO. PLT 14, BANTAMA HIGH STREET."),
            ["residence"]
        );
        assert_eq!(
            cues("lives at the nursing home Résidence Les Glycines, 31 rue Saint-Jean"),
            ["lives"]
        );
        // a surname: "Dr. English", "Son" (a surname in Korea and Vietnam); the relation word
        // before a relative's name is `role`'s
        assert!(cues("Seen by Dr. English and Dr. Son Minh on day 2 after the dose.").is_empty());
    }

    #[test]
    fn a_clinical_notes_title() {
        assert_eq!(
            cues("Mercy General Hospital - Nursing Progress Note\nUnit: 4 West"),
            ["nursing", "progress", "note"]
        );
        assert_eq!(
            cues("MGH 5N TELE - NSG NOTE 2330 PT MR OKAFOR"),
            ["nsg", "note"]
        );
        // "note" alone, or a name
        assert!(cues("Note: pt seen by Dr. Note at the clinic today.").is_empty());
    }

    #[test]
    fn a_reporters_qualification_after_their_name_but_not_a_patients_profession() {
        assert_eq!(
            cues(
                "Reporter: Lori Brown (physician), Markbury Memorial Hospital; phone 234-340-9712."
            ),
            ["physician"]
        );
        assert_eq!(
            cues("REPORTER: J. GUERRA (OTHER HEALTH PROFESSIONAL), CVS PHARMACY #9363."),
            ["other", "health", "professional"]
        );
        assert!(cues("Patient Amy Smith (nurse) received the vaccine on day 1.").is_empty());
        assert!(cues("Reporter: the physician (patient's husband) called us.").is_empty());
    }

    #[test]
    fn a_reporters_qualification_as_a_title_or_between_commas() {
        assert_eq!(
            cues("originally submitted by pharmacist Ingrid Haugland at Apotek 1 Nordnes"),
            ["pharmacist"]
        );
        assert_eq!(
            cues("tga adr report - entered by community pharmacist kerrie o'brien, blackburn rd"),
            ["community", "pharmacist"]
        );
        assert_eq!(
            cues("Reporter: Dr. Noura Al-Qahtani, clinical pharmacist, King Fahad Medical City"),
            ["clinical", "pharmacist"]
        );
        assert_eq!(
            cues("Reporter: Sister Nomsa Dlamini, professional nurse, Gugulethu Community Health Centre"),
            // ("Sister" too: the word before a name it made certain, `rules/role`)
            ["sister", "professional", "nurse"]
        );
        assert_eq!(
            cues("REPORTER: DR. SIMON KUMAN, MEDICAL OFFICER, TABUBIL HOSPITAL. PH 548 9132."),
            ["medical", "officer"]
        );
        // not on a reporter's line, or a patient's occupation
        assert!(cues("Her son, a medical officer, took her home.").is_empty());
        assert!(cues("Her daughter, a nurse, took her home.").is_empty());
        assert!(cues("Patient Amy Smith, nurse, received the vaccine.").is_empty());
        assert!(cues("Reporter: the patient, a nurse, called.").is_empty());
    }
}
