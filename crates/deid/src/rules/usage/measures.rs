//! The measurements of `usage`: vital signs and laboratory tests by their short names, dosing
//! words and intervals, body temperatures, a number glued to its unit, nursing and obstetric
//! scores, and the Dutch postcode that looks like a number and its unit.

use super::units::is_unit;
use crate::tokenize::Tokenized;

/// Vital signs, scores and common laboratory tests as nursing notes and narratives abbreviate them
/// ("HR 88", "RASS -2", "K 3.2", "GCS 15"): the number after one is a measurement. Hand-picked
/// from the vital-sign and chemistry/haematology panels' usual short names (LOINC display names,
/// public); lower case.
pub(super) const VITALS_AND_LABS: &[&str] = &[
    "hr",
    "rr",
    "bp",
    "temp",
    "tmax",
    "pulse",
    "resp",
    "spo2",
    "sao2",
    "sats",
    "sat",
    "fio2",
    "peep",
    "etco2",
    "gcs",
    "rass",
    "cvp",
    "map",
    "wt",
    "weight",
    "bmi",
    "bsl",
    "cbg",
    "bgl",
    "glucose",
    "fsbg",
    "na",
    "hb",
    "hgb",
    "hct",
    "wbc",
    "plt",
    "platelets",
    "inr",
    "crp",
    "creat",
    "creatinine",
    "bun",
    "alt",
    "ast",
    "alp",
    "ggt",
    "bili",
    "bilirubin",
    "lactate",
    "ph",
    "pco2",
    "po2",
    "hco3",
    "news",
    "news2",
    "mews",
    "qtc",
    "lvef",
    "egfr",
    "tsh",
    "a1c",
    "hba1c",
    "troponin",
    "trop",
    "ferritin",
    "esr",
    "lipase",
    "ck",
    "albumin",
    "potassium",
    "sodium",
    "magnesium",
    "phos",
    // scores and rates of nursing notes: pain 4/10, critical-care pain and train-of-four scores,
    // finger-stick glucose, urine output, dry weight, dialysis flows. Not the scores named after
    // people (Braden, Waterlow, Aldrete) nor "brady": they are surnames too, and a surname before
    // a number may be a name before its phone number ("ORLA BRADY 086 914 3320")
    "pain",
    "cpot",
    "tof",
    "fsbs",
    "bm",
    "uo",
    "edw",
    "qb",
    "qd",
    "uf",
    // "pain score 6/10", random blood glucose, the mini-mental state examination; French,
    // Spanish and Portuguese blood pressure and heart rate ("TA 118/66, FC 102": tension
    // artérielle / tensión arterial, fréquence / frecuencia cardiaca). Not "PA" (pressão
    // arterial) nor "PR" (pulse rate): state codes before a ZIP code ("PA 19104")
    "score",
    "rbg",
    "mmse",
    "ta",
    "fc",
    // blood gases, creatinine and random blood sugar as notes write them ("ABG 7.38/41/92", "Cr
    // 92", "RBS 6.1")
    // triage scales and the newborn's score ("ESI 2", "CTAS 2", "TEWS 5", "APGAR 8/9")
    "esi",
    "ctas",
    "tews",
    "apgar",
    "abg",
    "vbg",
    "cr",
    "scr",
    "rbs",
    // creatinine as Europe abbreviates it, causality and severity scores of drug reactions and
    // their grades ("CREA 1.8", "RUCAM 9", "RegiSCAR 7", "SCORTEN 2", "NIHSS 4", "grade 3"; not
    // Naranjo, a surname too)
    "crea",
    // the tests of a report's lab field as the 1990s and 2021 VAERS fields write them ("CPK 67",
    // "SGPT-32", "Eosinophils 43", "LDH 240", "BNP 1,200"): the enzymes, the blood count's
    // differential and indices, clotting times, lipids and antibodies. Not "monos", "bands",
    // "polys", "chol", "IgE", "IgA", "Cl" (surnames, a town, a postcode's letters)
    "cpk",
    "sgot",
    "sgpt",
    "ldh",
    "amylase",
    "eos",
    "eosinophils",
    "neutrophils",
    "lymphocytes",
    "monocytes",
    "basophils",
    "lymphs",
    "segs",
    "mcv",
    "mch",
    "mchc",
    "rdw",
    "mpv",
    "ptt",
    "aptt",
    "fibrinogen",
    "bnp",
    "cholesterol",
    "ldl",
    "hdl",
    "triglycerides",
    "igg",
    "igm",
    "co2",
    "rucam",
    "regiscar",
    "scorten",
    "nihss",
    "edss",
    "sofa",
    "ctcae",
    "grade",
];

/// How often or how a dose is given, after its amount ("1 g bid", "2 g iv", "1 l daily").
pub(super) const DOSING_WORDS: &[&str] = &[
    "bid", "tid", "qid", "qd", "od", "bd", "tds", "qds", "daily", "prn", "iv", "po", "im", "sc",
    "nocte", "mane", "stat", "x", "per", "once", "twice", "q6h", "q8h", "q12h", "q24h",
];

pub(crate) fn is_vital_or_lab(word: &str) -> bool {
    // ("triglycerides", the longest)
    word.len() <= 13 && VITALS_AND_LABS.contains(&word.to_ascii_lowercase().as_str())
}

/// A body temperature's whole degrees: 95-108 °F or 35-42 °C.
pub(super) fn is_temperature(number: &str) -> bool {
    number
        .parse::<u32>()
        .is_ok_and(|v| (95..=108).contains(&v) || (35..=42).contains(&v))
}

/// "500mg", "10ml": a number glued to a unit of more than one letter.
pub(super) fn is_glued_measurement(word: &str) -> bool {
    let split = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    let (num, unit) = word.split_at(split);
    !num.is_empty() && is_unit(unit) == Some(false)
}

/// "q12h", "q6h", "Q4H", "q15min", "q2hrs": a dosing or observation interval, never an
/// identifier.
pub(super) fn is_dosing_interval(word: &str) -> bool {
    // (asked of every word: no allocation)
    let Some(rest) = word.strip_prefix(['q', 'Q']) else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    (1..=2).contains(&digits)
        && [
            "h", "hr", "hrs", "hrly", "hourly", "min", "mins", "d", "wk", "w",
        ]
        .iter()
        .any(|u| rest[digits..].eq_ignore_ascii_case(u))
}

/// "AOx3", "A&Ox4" (its "Ox4"), "aaox3": orientation to person, place, time and situation,
/// a nursing score.
pub(super) fn is_orientation_score(word: &str) -> bool {
    // (asked of every word: no allocation)
    let head = word.trim_end_matches(['1', '2', '3', '4']);
    head.len() + 1 == word.len() && head.len() <= 5 && {
        let letters = head.trim_start_matches(['a', 'A']);
        letters.eq_ignore_ascii_case("ox")
    }
}

/// "G2P1", "g3p3", "G4P3003", "G2P1A0": gravidity and parity, a pregnancy's history in the
/// obstetric notation, never an identifier.
pub(super) fn is_obstetric_formula(word: &str) -> bool {
    let b = word.as_bytes();
    let digits = |s: &[u8]| (1..=4).contains(&s.len()) && s.iter().all(u8::is_ascii_digit);
    let Some(rest) = b.strip_prefix(b"G").or_else(|| b.strip_prefix(b"g")) else {
        return false;
    };
    let Some(p) = rest.iter().position(|c| matches!(c, b'P' | b'p')) else {
        return false;
    };
    let (gravida, para) = (&rest[..p], &rest[p + 1..]);
    let para = match para.iter().position(|c| matches!(c, b'A' | b'a')) {
        Some(a) if digits(&para[a + 1..]) => &para[..a],
        Some(_) => return false,
        None => para,
    };
    gravida.len() <= 2 && digits(gravida) && digits(para)
}

/// "3531 CL", "1012 AB": a Dutch postcode is four digits and two capital letters, which may
/// spell a unit (cl, mg, ml). Four digits then a two-letter unit in capitals, or in a document
/// whose case says nothing, is taken for a postcode; "1000 mg" stays a dose.
pub(super) fn looks_like_postcode(doc: &Tokenized, number: usize, unit: usize) -> bool {
    let u = doc.token_text(unit);
    doc.token_text(number).len() == 4
        && u.chars().count() == 2
        && (!doc.case_informative || u.chars().all(|c| c.is_uppercase()))
}
