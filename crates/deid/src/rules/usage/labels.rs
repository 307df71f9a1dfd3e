//! The field labels and titles of `usage`: when a label word is a person's surname or an
//! address's state instead, when a label introduces its value (and spreads over "e-mail" and
//! "CPR-nr."), and when "Dr" is a title rather than a street.

use super::{plain_gap, Usage};
use crate::lexicon::{flag, LexFlags};
use crate::rules::one_of;
use crate::tokenize::Tokenized;

/// "Pt name: Timo Room (87 y/o)": a label word that is also a surname, capitalised after a
/// capitalised name that no SAFE list holds, where capitals mean something, is the surname
/// ("Patient Room 12" keeps its label).
pub(super) fn is_surname_after_first_name(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let capitalised = crate::rules::features::is_capitalised;
    doc.case_informative
        && i > 0
        && flags[i] & flag::SURNAME != 0
        && flags[i - 1] & (flag::FIRST_NAME | flag::SURNAME) != 0
        && flags[i - 1] & flag::SAFE == 0
        && doc.gap_before(i) == " "
        && capitalised(doc.token_text(i))
        && capitalised(doc.token_text(i - 1))
}

/// The words for "number" and "identifier" that follow an identifier's name in a label.
pub(super) const NUMBER_WORDS: [&str; 8] = [
    "nr", "no", "num", "number", "nummer", "numero", "número", "id",
];

/// "No." or "No:" (numero) before a value: "REG. NO. 0736159", "IP NO. 95/08841" ("no fever",
/// without its period, stays a word). Not an address's: after a street word or a house-number
/// word ("hoşdere cad. no: 41/7", "house no. 1172", "ward no. 26"), which `rules/context` masks
/// with the number.
pub(super) fn is_number_abbreviation(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    doc.token_text(i).eq_ignore_ascii_case("no")
        && doc.gap_after(i).starts_with(['.', ':'])
        && !(i > 0
            && (is_address_word(doc.token_text(i - 1), flags[i - 1])
                || is_roman_numeral(doc.token_text(i - 1))))
}

/// A street word, a house-number word or a place's subdivision, before an address's "No.".
fn is_address_word(word: &str, flags: LexFlags) -> bool {
    flags & flag::STREET != 0
        || one_of(word, crate::rules::context::HOUSE_NUMBER_WORDS)
        // (and a numbered home, "maternity home no. 5", part of its name)
        || one_of(
            word,
            &["ward", "kebele", "dormitory", "hostel", "farm", "village", "home"],
        )
        || one_of(word, ABBREVIATED_STREET_WORDS)
}

/// Turkey's "Cad." (caddesi) and "Sk." (sokak), Indonesia's "Gg." (gang), abbreviated.
const ABBREVIATED_STREET_WORDS: &[&str] = &["cad", "cd", "sk", "gg"];

/// Turkey's "Cad." (caddesi) and "Sk." (sokak), Indonesia's "Gg." (gang), abbreviated after the
/// street's own name ("Aşkabat Cad. 41/6"): an address, not the label "CAD" (coronary artery
/// disease) before a value ("hx of CAD. 2019 stent"), which follows a word the lexicons call safe.
pub(super) fn is_abbreviated_street_word(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    i > 0
        && one_of(doc.token_text(i), ABBREVIATED_STREET_WORDS)
        && doc.gap_after(i).starts_with('.')
        && doc.gap_before(i) == " "
        && flags[i - 1] & flag::SAFE == 0
        && !doc.token_text(i - 1).bytes().any(|b| b.is_ascii_digit())
}

/// A single letter right after a given name or surname is the name's initial, not a label before
/// a value: "resident lott, thurman e (91, dob …)" (the label rule read "e (91" as a label and
/// its value, and released the initial whatever the model said).
pub(super) fn is_initial_after_name(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    i > 0
        && doc.token_text(i).chars().count() == 1
        && doc.gap_before(i) == " "
        && flags[i - 1] & (flag::FIRST_NAME | flag::SURNAME) != 0
        && flags[i - 1] & flag::SAFE == 0
}

/// A roman numeral ("Sukasenang II No. 14": a street's name, before its "No.").
fn is_roman_numeral(word: &str) -> bool {
    word.len() <= 4
        && word
            .chars()
            .all(|c| matches!(c, 'i' | 'v' | 'x' | 'I' | 'V' | 'X'))
}

/// Records and registrations abbreviated before "No." that name lists also hold ("Reg" is a
/// given name, "Hosp" a surname): "REG. NO.", "HOSP NO.", "IP NO." (in-patient), "MR NO."
/// (medical record).
const RECORD_ABBREVIATIONS: &[&str] = &["reg", "hosp", "ip", "op", "ipd", "opd", "mr", "uhid"];

/// A label before "number" is one too: "CPR-nr. 030649-2217", "AHV-Nr. 756.9217", "PESEL nr
/// 85010112345", "Patient-ID 88123" (the number's name, then the word for number).
pub(super) fn spread_over_label_chains(
    doc: &Tokenized,
    flags: &[LexFlags],
    claimed: &[bool],
    out: &mut [Option<Usage>],
) {
    for i in (0..doc.len().saturating_sub(1)).rev() {
        // (asked of every word: the rare label after it first)
        if out[i + 1] != Some(Usage::FieldLabel) || out[i].is_some() || claimed[i] {
            continue;
        }
        // a label word, or a word of the language that no given name or place list holds before
        // "No.": "HOSPITAL NO.", "TICKET NO.", "INSURED NO.", "REG. NO." (a surname list holds
        // "Report" and "Hospital", no given name list these)
        let word_of_the_language = || {
            doc.token_text(i + 1).eq_ignore_ascii_case("no")
                && matches!(doc.gap_after(i), " " | ". ")
                && ((flags[i] & flag::SAFE != 0
                    && flags[i] & (flag::FIRST_NAME | flag::CITY | flag::COUNTRY) == 0
                    && !is_address_word(doc.token_text(i), flags[i])
                    && !is_roman_numeral(doc.token_text(i)))
                    || one_of(doc.token_text(i), RECORD_ABBREVIATIONS))
        };
        let label_word =
            flags[i] & flag::CURATED_SAFE != 0 && matches!(doc.gap_after(i), "-" | " " | "/");
        if (label_word || word_of_the_language())
            && NUMBER_WORDS.contains(&doc.token_text(i + 1).to_lowercase().as_str())
        {
            out[i] = Some(Usage::FieldLabel);
        }
    }
}

/// "Rochahaven, TX 01499": a state code before a ZIP code is the address's state, not the label
/// it is spelled like ("Tx" = treatment).
pub(super) fn is_state_before_zip(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let zip = |w: &str| w.len() == 5 && w.bytes().all(|b| b.is_ascii_digit());
    flags[i] & flag::STATE_ABBREVIATION != 0
        && i + 1 < doc.len()
        && plain_gap(doc.gap_before(i + 1))
        && zip(doc.token_text(i + 1))
}

/// "Sandhill Baptist Medical Center, Columbia, SC - 4 North": a state's code right after a
/// town and its comma (a capitalised word where case means something, else a town on the city
/// list) is the address's, never the label of what follows ("SC" is subcutaneous too).
pub(super) fn is_state_after_town(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    if i == 0 || flags[i] & flag::STATE_ABBREVIATION == 0 || doc.gap_before(i) != ", " {
        return false;
    }
    let town = doc.token_text(i - 1);
    let upper = |w: &str| w.chars().all(|c| !c.is_alphabetic() || c.is_uppercase());
    town.chars().all(char::is_alphabetic)
        && if doc.case_informative {
            crate::rules::features::is_capitalised(town) && upper(doc.token_text(i))
        } else {
            flags[i - 1] & flag::CITY != 0
        }
}

/// "event rpt iv-26-0319-02": letters glued by hyphens to two groups of digits or more open an
/// identifier ("IV" is a route too), never a label before its value; so do letters glued to one
/// long group ("rph lic. ph-0041187": "ph" is no phone's label there).
pub(super) fn opens_hyphened_identifier(doc: &Tokenized, i: usize) -> bool {
    let n = doc.len();
    let digits = |k: usize| k < n && doc.token_text(k).bytes().all(|b| b.is_ascii_digit());
    doc.token_text(i).chars().count() <= 4
        && doc.gap_after(i) == "-"
        && digits(i + 1)
        && ((doc.gap_after(i + 1) == "-" && digits(i + 2))
            || (doc.token_text(i + 1).len() >= 5 && !matches!(doc.gap_after(i + 1), "-" | "/")))
}

/// Words that begin a house's address after a home label: "HOME PLOT 9, KISENYI LANE", "Home flat
/// 4, ...".
const ADDRESS_STARTS: &[&str] = &[
    "plot", "stand", "erf", "house", "hse", "flat", "apt", "block", "lot", "casa", "unit",
    "secteur", "parcelle", "room",
];

/// "FISHERMAN. HOME RUE 22 X 15, MÉDINA": "home" or "residence" opening a field before an address
/// (a street word, a house-number word or a number) is the address's label, as "Address:" is; the
/// model masked it with the address.
pub(super) fn is_home_label(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let n = doc.len();
    if i + 1 >= n || !one_of(doc.token_text(i), &["home", "residence"]) {
        return false;
    }
    let gap = doc.gap_before(i);
    let opens_field =
        i == 0 || gap.contains('\n') || gap.trim_end().ends_with(['.', ';', ':', ')']);
    let signals_address = |k: usize| {
        let word = doc.token_text(k);
        flags[k] & flag::STREET != 0
            || one_of(word, ADDRESS_STARTS)
            || word.bytes().any(|b| b.is_ascii_digit())
    };
    // ... or before a street's or a district's name and then its number or street word, in the
    // same clause: "; home C/ Arzobispo Mayoral 14, 3º B", "[HOME] TAMAR MEPE ST. 17", "home
    // Godaif, Street 173-8", "Home phone 71 276-44-18"; not a home carer's kind ("home health
    // aide", "home care nurse")
    // (only "home": "ADRESSE: RESIDENCE NAKHIL, IMM 14" names a building)
    let later = || {
        doc.token_text(i).eq_ignore_ascii_case("home")
            && !one_of(doc.token_text(i + 1), HOME_SERVICE_WORDS)
            && (i + 2..n.min(i + 7))
                .take_while(|&k| !doc.gap_before(k).contains(['.', ';', '\n']))
                .any(signals_address)
    };
    opens_field
        && matches!(doc.gap_after(i), " " | ": " | " : ")
        && (signals_address(i + 1) || later())
}

/// The words after "home" that make it a kind of care, not an address's label ("home health
/// aide", "home care", "Home Instead").
const HOME_SERVICE_WORDS: &[&str] = &[
    "health",
    "healthcare",
    "care",
    "nursing",
    "hospice",
    "help",
    "instead",
    "visit",
    "visits",
];

/// Whether the label at `i` is followed by its value: the next word (after ".", ":", "#", "-",
/// or the "mail" of "e-mail") is claimed by a recognizer or holds a digit.
pub(super) fn label_introduces_value(doc: &Tokenized, claimed: &[bool], i: usize) -> bool {
    let n = doc.len();
    let mut j = i + 1;
    // "e-mail", "E-Mail": the label is two words
    if j < n
        && doc.gap_after(i) == "-"
        && doc.token_text(i).eq_ignore_ascii_case("e")
        && doc.token_text(j).eq_ignore_ascii_case("mail")
    {
        j += 1;
    }
    if j >= n {
        return false;
    }
    let gap = doc.gap_before(j);
    // a label of one letter only with its punctuation ("E: ..."): before a number after blanks
    // it is an address's part ("ADDRESS: E 1432, UMLAZI", "1950 E 3300 S, Salt Lake City"),
    // unless the letter ends an abbreviation ("A&E 02AUG96")
    if j == i + 1
        && doc.token_text(i).chars().count() == 1
        && gap.trim().is_empty()
        && doc.gap_before(i) != "&"
    {
        return false;
    }
    // a code's part glued by a hyphen is no label: "REF: NKP-ADR-67/0236", "REG. NR. MD-2194"
    // (a lab value glued to its label stays a value: "CBC-WBC-13.2", "PLT-509")
    let value = doc.token_text(j);
    let code_like = (value.len() >= 4 && value.bytes().all(|b| b.is_ascii_digit()))
        || (j + 1 < n
            && matches!(doc.gap_after(j), "/" | "-")
            && doc
                .token_text(j + 1)
                .starts_with(|c: char| c.is_ascii_digit()));
    let glued_code = gap == "-"
        && code_like
        && i > 0
        && (matches!(doc.gap_before(i), "-" | "/")
            || one_of(
                doc.token_text(i - 1),
                &[
                    "no", "nr", "nro", "number", "licence", "license", "reg", "ref",
                ],
            ));
    if glued_code {
        return false;
    }
    let gap_ok = gap.chars().count() <= 4
        && gap
            .chars()
            .all(|c| c.is_whitespace() || matches!(c, '.' | ':' | '#' | '-' | '+' | '(' | '°'));
    gap_ok && (claimed[j] || doc.token_text(j).bytes().any(|b| b.is_ascii_digit()))
}

/// The initials of an identity document before its number are its label: "C.I. 4.718.302"
/// (cédula de identidad), "C.C. 80.739.516", "H.C. 97-04431" (historia clínica), "R.G.
/// 12.345.678-9". Two or three single letters, each with its period, then the number; a person's
/// initials are written before a name, not a number.
pub(super) fn initials_of_an_identifier(
    doc: &Tokenized,
    claimed: &[bool],
    out: &mut [Option<Usage>],
) {
    let n = doc.len();
    let letter = |k: usize| {
        let mut c = doc.token_text(k).chars();
        c.next().is_some_and(char::is_alphabetic) && c.next().is_none()
    };
    let mut i = 0;
    while i + 2 < n {
        let mut last = i;
        while last + 1 < n && last - i < 2 && letter(last) && doc.gap_after(last) == "." {
            if !letter(last + 1) {
                break;
            }
            last += 1;
        }
        let value = last + 1;
        if last > i
            && letter(last)
            && value < n
            && matches!(doc.gap_after(last), ". " | ".: " | ": ")
            && doc
                .token_text(value)
                .starts_with(|c: char| c.is_ascii_digit())
            && (i == 0 || !letter(i - 1) || doc.gap_before(i) != ".")
            && (i..=last).all(|k| out[k].is_none() && !claimed[k])
            // (the District of Columbia before its ZIP code, "Washington, D.C. 20001", and a
            // post-office box, "b.p. 5274", are the address's)
            && !(last == i + 1
                && ["dc", "bp"].iter().any(|pair| {
                    pair.starts_with(doc.token_text(i).to_ascii_lowercase().as_str())
                        && pair.ends_with(doc.token_text(last).to_ascii_lowercase().as_str())
                }))
        {
            out[i..=last].fill(Some(Usage::FieldLabel));
            i = value;
            continue;
        }
        i += 1;
    }
}

/// The second half of "e-mail" is a label when its first half is.
pub(super) fn spread_two_word_labels(doc: &Tokenized, out: &mut [Option<Usage>]) {
    for i in 0..doc.len().saturating_sub(1) {
        if out[i] == Some(Usage::FieldLabel)
            && doc.gap_after(i) == "-"
            && doc.token_text(i + 1).eq_ignore_ascii_case("mail")
        {
            out[i + 1] = Some(Usage::FieldLabel);
        }
    }
}

/// "Dr Anna", "Reporter: Dr. Chantal", "DR. FELIX": a salutation before a capitalised word, not
/// part of a name ending with it (a street, "12 Oak Dr", or a facility, "RSUPN Dr. Cipto").
/// Words before "Dr" that name the doctor's role or what was done with them, never a street name:
/// "PCP Dr. Lindqvist", "GP Dr Moira Fenwick", "Oncologist Dr. P. Ramaswamy", "Called Dr. Voss".
pub(super) fn is_clinician_role_or_contact(word: &str) -> bool {
    const ROLES: &[&str] = &[
        "gp",
        "pcp",
        "md",
        "do",
        "np",
        "pa",
        "ed",
        "er",
        "icu",
        "reg",
        "registrar",
        "consultant",
        "attending",
        "resident",
        "fellow",
        "intern",
        "surgeon",
        "physician",
        "doctor",
        "specialist",
        "dentist",
        "pediatrician",
        "paediatrician",
        "obstetrician",
        "anesthetist",
        "anaesthetist",
        // a specialty or office abbreviated before its doctor ("GI Dr. Nakasone", "per ME Dr.
        // Przybylak": a medical examiner; "ENT Dr Shah", "Peds Dr. Ruiz"), never a street's name
        // before its "Drive"
        "gi",
        "me",
        "ent",
        "ob",
        "gyn",
        "obgyn",
        "peds",
        "neuro",
        "cardio",
        "derm",
        "psych",
        "ortho",
        "onc",
        "pulm",
        "rheum",
        "endo",
        "uro",
        "nephro",
        "hospitalist",
        "called",
        "paged",
        "notified",
        "informed",
        "contacted",
        "discussed",
        "seen",
        "reviewed",
        "per",
        "by",
        "with",
        "and",
        "to",
        "from",
        "via",
        "cc",
        "attn",
        // the same roles in the languages of the world's narratives ("Hausarzt Dr. Peter Fuchs",
        // "médecin traitant Dr Nguyen", "huisarts dr. Van Leeuwen", "médica de familia, Dra.")
        "hausarzt",
        "hausärztin",
        "arzt",
        "ärztin",
        "facharzt",
        "fachärztin",
        "oberarzt",
        "oberärztin",
        "médecin",
        "medecin",
        "traitant",
        "médico",
        "medico",
        "médica",
        "medica",
        "familia",
        "cabecera",
        "dottore",
        "dottoressa",
        "curante",
        "huisarts",
        "arts",
        // a medical officer ("duty MO Dr. Arvind Pillai"), the ear-nose-throat specialty of
        // Europe ("ORL Dr. Benvenuto", "HNO Dr. Weber"), and a letter's salutation ("Dear Dr.
        // Halloran,")
        "mo",
        "orl",
        "hno",
        "dear",
    ];
    // (a field, "Rheumatology Dr P. Gunasekera", and the specialists of every language:
    // "dermatólogo", "cardiologo", "neurologue", "Kardiologe", "Neurologin")
    let w = word.to_lowercase();
    let folded = crate::lexicon::fold(word);
    ROLES.contains(&w.as_str())
        || folded.ends_with("ology")
        || crate::rules::role::SPECIALIST_ENDINGS
            .iter()
            .any(|e| folded.ends_with(e))
}

pub(super) fn is_title(doc: &Tokenized, flags: &[LexFlags], i: usize) -> bool {
    let n = doc.len();
    if i + 1 >= n {
        return false;
    }
    let gap = doc.gap_after(i);
    if !(gap == " " || gap == ". " || gap == "." || gap == "\u{a0}") {
        return false;
    }
    let next_capital = doc
        .token_text(i + 1)
        .chars()
        .next()
        .is_some_and(|c| c.is_uppercase());
    // a name right before it, with only a space between: "12 Oak Dr", "RSUPN Dr. Cipto
    // Mangunkusumo" (a hospital named after a doctor). Where case says nothing, any word no SAFE
    // dictionary knows counts as a name
    let name_before = i > 0
        && plain_gap(doc.gap_before(i))
        && !doc.gap_before(i).is_empty()
        && !is_clinician_role_or_contact(doc.token_text(i - 1))
        && doc.token_text(i - 1).chars().next().is_some_and(|c| {
            c.is_ascii_digit()
                || if doc.case_informative {
                    c.is_uppercase()
                } else {
                    flags[i - 1] & flag::SAFE == 0
                }
        });
    next_capital && !name_before
}
