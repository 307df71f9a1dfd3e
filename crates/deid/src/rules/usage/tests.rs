//! Tests of the usage rules.

use super::units::{is_time_unit, UNITS};
use super::*;
use crate::lexicon::Lexicons;

fn found(text: &str) -> Vec<(String, Usage)> {
    let doc = Tokenized::new(text);
    let lex = Lexicons::embedded();
    let folded = crate::lexicon::fold_words(&doc);
    let flags = lex.flags_for_folded(&doc, &folded);
    let spans = crate::recognize::Recognizers::new()
        .find_with(text, &crate::tokenize::OffsetMap::new(text));
    let claimed: Vec<bool> = doc
        .tokens
        .iter()
        .map(|t| spans.iter().any(|s| s.overlaps(t.start, t.end)))
        .collect();
    let u = usage(&doc, &flags, &claimed);
    (0..doc.len())
        .filter_map(|i| u[i].map(|x| (doc.token_text(i).to_string(), x)))
        .collect()
}

fn words(text: &str, kind: Usage) -> Vec<String> {
    found(text)
        .into_iter()
        .filter(|(_, u)| *u == kind)
        .map(|(w, _)| w)
        .collect()
}

#[test]
fn every_unit_is_known_in_any_case() {
    for u in UNITS {
        for w in [u.to_string(), u.to_uppercase()] {
            assert_eq!(is_unit(&w), Some(u.chars().count() == 1), "{w}");
        }
    }
    assert_eq!(is_unit("fever"), None);
    assert_eq!(is_unit("capsuless"), None);
}

#[test]
fn numbers_with_units_are_measurements_and_ages_are_not() {
    assert_eq!(
        words(
            "D-dimer >35 mg/L FEU, fibrinogen 1.1 g/L, ALT 612 U/L",
            Usage::Measurement
        ),
        ["35", "mg", "L", "1", "1", "g", "L", "612", "U", "L"]
    );
    assert_eq!(
        words("levothyroxine 75 µg daily, 500mg bid", Usage::Measurement),
        ["75", "µg", "500mg"]
    );
    assert_eq!(
        words("Depakine 1000 mg daily", Usage::Measurement),
        ["1000", "mg"]
    );
    assert_eq!(
        words("SpO2 88 % on room air, temp 39.2 °C", Usage::Measurement),
        ["88", "39", "2"]
    );
    assert_eq!(
        words(
            "HR 88-102 ST, RASS -2, GCS 15; K 3.2; SpO2: 96",
            Usage::Measurement
        ),
        ["88", "102", "2", "15", "96"]
    );
    // the tests of a report's lab field
    assert_eq!(
        words(
            "NOV92 CPK 67; SGPT-32; Eosinophils 43; LDH 240, MCV 88",
            Usage::Measurement
        ),
        ["67", "32", "43", "240", "88"]
    );
    // (a year between a test and its value is the test's date)
    assert_eq!(
        words(
            "SGPT 1990 184, LDH 1990 259; CPK 2000 -> nl",
            Usage::Measurement
        ),
        ["2000"]
    );
    // a postcode before the phone's label "Ph" is no amount of pH
    assert!(words(
        "Address: 27 Pukete Road, Te Rapa, Hamilton 3200   Ph (07) 849 3312",
        Usage::Measurement
    )
    .is_empty());
    assert_eq!(words("urine 6.5 pH", Usage::Measurement), ["6", "5", "pH"]);
    // a pain score is out of ten; after "pain" another fraction is a date
    assert_eq!(
        words(
            "PAIN 1/21- ABDOMINAL PAIN WORSENED; pain 4/10",
            Usage::Measurement
        ),
        ["4", "10"]
    );
    // a one-letter unit after a decimal number
    assert_eq!(
        words(
            "I&O +1.2 L. Fluid restriction 1.2 L, co-amoxiclav 1.2 g IV",
            Usage::Measurement
        ),
        ["1", "2", "L", "1", "2", "L", "1", "2", "g"]
    );
    // ages, durations, identifiers and initials stay as they were
    for text in [
        "aged 45 y",
        "for 3 days",
        "a 45 year old",
        "MRN 123456",
        "John L Smith",
        "Room 12 G",
        "Kanaalstraat 90, 3531 CL Utrecht",
        "the patient lives at kanaalstraat 90, 3531 cl utrecht with her husband.",
    ] {
        // (only the unit of a duration or an age is released, never its number)
        let m = words(text, Usage::Measurement);
        assert!(m.iter().all(|w| is_time_unit(w)), "{text}: {m:?}");
    }
}

#[test]
fn the_unit_of_an_age_or_duration_is_released_its_number_is_not() {
    // a street spelled like a unit: "504 Weeks Ville"
    assert!(words(
        "SHE LIVES AT 504 WEEKS VILLE APT. 231, DALTONLAND, MS 45696.",
        Usage::Measurement
    )
    .is_empty());
    for (text, unit) in [
        (
            "Patient: Mohamed El-Sayed, male, 52 years, accountant",
            "years",
        ),
        ("Frau Elisabeth Pölzl, 87 Jahre, SV-Nr. 2816", "Jahre"),
        (
            "Nguyễn Thị Hương, female, 57 tuổi, street food vendor",
            "tuổi",
        ),
        ("ΠΑΠΑΔΟΠΟΥΛΟΣ, 74 ΕΤΩΝ, RETIRED", "ΕΤΩΝ"),
        ("fever for 3 days", "days"),
    ] {
        let m = words(text, Usage::Measurement);
        assert_eq!(m, [unit], "{text}");
    }
    assert!(words("he was in the hospital for years", Usage::Measurement).is_empty());
}

#[test]
fn a_body_temperature_is_a_measurement() {
    let text = "Thurs eve T 102, 17OCT93 t102; began fever 103-104 15dec; temp: 38 and fever 99";
    assert_eq!(
        words(text, Usage::Measurement),
        ["102", "t102", "103", "104", "38", "99"]
    );
    // a number out of a body's range, or not after a temperature's word, is not one
    let m = words("T 250, room 102, fever for 2 weeks", Usage::Measurement);
    assert!(
        !m.iter().any(|w| ["250", "102", "2"].contains(&w.as_str())),
        "{m:?}"
    );
}

#[test]
fn an_ages_abbreviation_is_no_initial() {
    for (text, unit) in [
        (
            "PT NAME: DONNA BAKER (45 Y/O), HOSPITAL NO. 2092",
            &["Y", "O"][..],
        ),
        ("A 60 YO FEMALE WAS SEEN", &["YO"]),
        ("PATIENT IS A 75Y/O MALE ANALYST", &["O"]),
        ("pt is a 82 y.o. m with fever", &["y", "o"]),
    ] {
        assert_eq!(words(text, Usage::Measurement), unit, "{text}");
    }
    // initials are not: "J. O. SMITH", "Y. O. KIM", an "O" after a name
    for text in ["SEEN BY DR Y. O. KIM ON 5/1", "BLOOD TYPE O, 45 O2 SAT"] {
        assert!(words(text, Usage::Measurement).is_empty(), "{text}");
    }
}

#[test]
fn durations_before_ago_or_after_for_are_relative_time_ages_are_not() {
    assert_eq!(
        words(
            "Started on nitrofurantoin 3 days ago for UTI; rash 2 weeks later; fever for 5 days, \
             x 2 wks; within 4 weeks; 10 days after the dose; in the past 6 months.",
            Usage::RelativeTime
        ),
        ["3", "2", "5", "2", "4", "10", "6"]
    );
    assert_eq!(
        words(
            "pt recvd vax & 2-3 wks later sudden onset; 7-10 days after",
            Usage::RelativeTime
        ),
        ["2", "3", "7", "10"]
    );
    for text in [
        "a 45 year old, 3 days old baby, aged 2 years later",
        "for 3 years old",
        "2 years of age",
        "born 12 may 2021, 3 days",
        "3 days. Ago",
    ] {
        assert!(words(text, Usage::RelativeTime).is_empty(), "{text}");
    }
}

#[test]
fn counts_of_days_and_doses_are_relative_time_dates_and_ages_are_not() {
    assert_eq!(
        words(
            "On day 8 of treatment, after dose 2; GI symptoms on days 1, 2, 3, and 4, week 3-5. Day: 12",
            Usage::RelativeTime
        ),
        // (the word that counts goes with its count)
        ["day", "8", "dose", "2", "days", "1", "2", "3", "4", "week", "3", "5", "Day", "12"]
    );
    // a date, a decimal, a time, an age, a number on the next line
    for text in [
        "on day 12/03/2021",
        "day 1.5 mg",
        "day 3:30 pm",
        "a 45 year old",
        "post vaccine day\n14 Main Street",
        "seen on 14 days",
        // a day before its month is a date's ("first dose 24 may no problem")
        "first dose 24 may no problem",
        "after dose 3 Mar 2021",
        "day 5 june",
    ] {
        // (the dose's ordinal "first" numbers a dose, no date)
        let words = words(text, Usage::RelativeTime);
        assert!(words.iter().all(|w| w == "first"), "{text}: {words:?}");
    }
    // "may" as a verb after a count
    assert_eq!(
        words("dose 2 may be given", Usage::RelativeTime),
        ["dose", "2"]
    );
    // a lot's parts joined by hyphens
    assert_eq!(
        words(
            "MEASLES VACCINE (ROUVAX, LOT M-0342) 0.5 ML SC; Td (lot TD-944-02) IM",
            Usage::LotNumber
        ),
        ["M", "0342", "TD", "944", "02"]
    );
    assert!(words("pt cried a lot 23MAY-27MAY; lost weight", Usage::LotNumber).is_empty());
    assert_eq!(
        words(
            "HIBTITER, LEDERLE, LOT 471-118) IM L THIGH; BMR (LOT 93-BMR-17) SC",
            Usage::LotNumber
        ),
        ["471", "118", "93", "BMR", "17"]
    );
    assert_eq!(
        words(
            "IM L THIGH; SC L UPPER ARM; r deltoid; Dr L Smith",
            Usage::Measurement
        ),
        ["L", "L", "r"]
    );
    // halves and quarters of an hour
    assert_eq!(
        words(
            "pt devel hives 2 1/2 hrs post vax; 3 1/2 to 4hrs inconsolable crying",
            Usage::Measurement
        )
        .iter()
        .filter(|w| w.bytes().all(|b| b.is_ascii_digit()))
        .collect::<Vec<_>>(),
        ["2", "1", "2", "3", "1", "2"]
    );
    // ... in the singular and the short forms, and halves of a tablet ("1/2 tab")
    for text in [
        "c/o severe burning in leg 1/2 hr p/ vax",
        "fever 1/2 hour after the shot",
        "rash within 1/2 day",
        "given 1/2 tab tylenol",
    ] {
        let got = words(text, Usage::Measurement);
        assert!(got.contains(&"1".to_string()), "{text}: {got:?}");
    }
    assert!(words("seen on 1/2 at the clinic", Usage::Measurement).is_empty());
    // a dozen counts things
    assert_eq!(
        words(
            "pt devel 3-4 dozen lesions; a dozen hives",
            Usage::Measurement
        ),
        ["3", "4", "dozen", "dozen"]
    );
    for text in [
        "4 1/2 yr old child 25Jun90 w/ positive",
        "reflux synd until 7 1/2 month of age",
        "hx of febrile convuls @ age 11mos & 1 1/2 yrs",
        "Born @ 35 1/2 wks- W/apnea periods",
    ] {
        assert!(
            !words(text, Usage::Measurement)
                .iter()
                .any(|w| w == "1" || w == "2"),
            "{text}"
        );
    }
    assert_eq!(
        words(
            "vaccinee: dewi anggraini saputri, f, 31 y, nik 3174056807",
            Usage::Measurement
        ),
        ["f", "y"]
    );
    // the sex after or before an age
    assert_eq!(
        words(
            "Pt: Chiharu Yamaguchi, 26 yo F, flight attendant; mother (F/84).",
            Usage::Measurement
        ),
        ["yo", "F", "F"]
    );
    assert_eq!(
        words(
            "MUHAMMAD QURESHI, 9 MONTHS, M. AKOSUA, 6 WK OLD F. MOTHER",
            Usage::Measurement
        )
        .iter()
        .filter(|w| w.len() == 1)
        .count(),
        2
    );
    // a bare age's sex, listed before or after it, in any case and with the world's units
    let sexes = |text: &str| -> Vec<String> {
        words(text, Usage::Measurement)
            .into_iter()
            .filter(|w| w.len() == 1)
            .collect()
    };
    assert_eq!(
        sexes("Pt: Deireragea Adeang-Harris, 58 M, Anabar District. NGH no. RH-2231"),
        ["M"]
    );
    assert_eq!(
        sexes("Pt: Lindon Pemberton, M, 61, welder, Hanley Brothers; ref 96/04"),
        ["M"]
    );
    assert_eq!(
        sexes("pt nabirye prossy kisakye, f 31, hairdresser at bwaise beauty palace"),
        ["f"]
    );
    assert_eq!(
        sexes("PT: MBOUMBA NZIENGUI GHISLAIN, 34 ANS, M, ORPAILLEUR, VILLAGE ALEMBE"),
        ["M"]
    );
    // an initial with its dot, a code's letter, a title
    assert!(sexes("Pt: Smith, M., 45, welder; ref no. 63-418827 F 47.").is_empty());
    assert!(sexes("PATIENT: M. BAMBA VAFING DIOMANDÉ, 61 ANS").is_empty());
    assert!(
        !words("Seen by Dr M. Smith and Mrs F. Jones", Usage::Measurement)
            .iter()
            .any(|w| w == "M" || w == "F")
    );
    // a vaccine's dose by its "#"
    assert_eq!(
        words(
            "No rxn to DTP #1 or #2; rcvd HEP B #3 and OPV #1; HEP B #1 & #2 IN 1996.",
            Usage::RelativeTime
        ),
        ["1", "2", "3", "1", "1", "2"]
    );
    // an apartment's, a store's or a room's number is none
    assert!(words("lives at apt #2, CVS #4521, room #3", Usage::RelativeTime).is_empty());
}

#[test]
fn both_numbers_of_a_measured_pair_and_nursing_scores() {
    assert_eq!(
        words(
            "BP 168/94, MAP 75-85, Pain 4/10, UO 50-80 ml/hr",
            Usage::Measurement
        ),
        ["168", "94", "75", "85", "4", "10", "50", "80", "ml"]
    );
    // a date after a vital stays the recognizer's, and a pair needs its first number measured
    assert!(words("seen 12/03 and 4/10", Usage::Measurement).is_empty());
    // a surname before a phone number is no score
    assert!(words("NOK: PARTNER ORLA BRADY 086 914 3320", Usage::Measurement).is_empty());
}

#[test]
fn lot_numbers_after_their_label_but_not_house_plots() {
    assert_eq!(
        words(
            "VARIVAX (Lot #608318/0403B); Comirnaty (lot EP9598, 30 micrograms); CoronaVac (lote 210032); Lot number: ABV2856",
            Usage::LotNumber
        ),
        ["608318", "0403B", "EP9598", "210032", "ABV2856"]
    );
    for text in [
        "lives at Lot 12 Block 4, Phase 2",
        "Lot 5, Blk 3",
        "parking lot 4",
        "lot 123456 Block 7",
    ] {
        assert!(words(text, Usage::LotNumber).is_empty(), "{text}");
    }
}

#[test]
fn a_count_units_exponent_is_part_of_the_measurement() {
    assert_eq!(
        words("platelets 187 x10^9/L, WBC 4.1 10^9/l", Usage::Measurement),
        ["187", "x10", "9", "L", "4", "1", "10", "9", "l"]
    );
}

#[test]
fn labels_count_only_before_their_value() {
    assert_eq!(
        words(
            "Uppsala, Tel +46 70 174 06 42, e-mail hakon.odegard@epost.example.",
            Usage::FieldLabel
        ),
        ["Tel", "e", "mail"]
    );
    assert!(words("She lives in Tel Aviv.", Usage::FieldLabel).is_empty());
    // a letter before a number after blanks is an address's part ("E 1432, Umlazi", "1950 E
    // 3300 S"); the "E" of "E-MAIL" stays a label
    assert_eq!(
        words(
            "ADDRESS: E 1432, UMLAZI 4031. 1950 E 3300 S, SALT LAKE CITY. E-MAIL: X@Y.EXAMPLE",
            Usage::FieldLabel
        ),
        ["E", "MAIL"]
    );
    // a state's code after its town, and letters that open a hyphened identifier, are no labels
    assert!(words(
        "Sandhill Baptist Medical Center, Columbia, SC - 4 North, Rm 412",
        Usage::FieldLabel
    )
    .iter()
    .all(|w| w != "SC"));
    assert!(words("event rpt iv-26-0319-02. faxed to dr", Usage::FieldLabel).is_empty());
    assert!(words(
        "pnlo reference cd-pnlo-2021-sae-017. a 42-year-old",
        Usage::FieldLabel
    )
    .iter()
    .all(|w| w != "sae"));
    // "reference" before a case's reference, in the languages of the world's reports
    assert_eq!(
        words(
            "received via the Rwanda FDA e-reporting system, reference RW-FDA-AEFI-2021-0771. \
             RÉFÉRENCE SN-DPM-PV-2021-0387; referencia interna 2021-0441; riferimento \
             IT-AIFA-2021-1187",
            Usage::FieldLabel
        ),
        ["reference", "RÉFÉRENCE", "riferimento"]
    );
    assert!(words(
        "a reference librarian at the county library",
        Usage::FieldLabel
    )
    .is_empty());
    assert!(words("a pharmacist (rph lic. ph-0041187) with", Usage::FieldLabel).is_empty());
    // a number before "ph" is not measured by it (pH goes before its value)
    assert!(words("ohip 5583 209 415 ph  chart sak-22081", Usage::Measurement).is_empty());
    // a surname spelled like a label, after a first name
    assert!(words("Pt name: Timo Room (87 y/o), seen today", Usage::FieldLabel).is_empty());
    assert_eq!(
        words("Pt in room 12, bed 3.", Usage::FieldLabel),
        ["room", "bed"]
    );
    assert_eq!(words("Patient Room 12", Usage::FieldLabel), ["Room"]);
    // the world's identifiers by their names (safe/id_labels_world.txt), alone or in a chain
    assert_eq!(
        words(
            "Patient Søren Kjærgaard (CPR-nr. 030649-2217), a",
            Usage::FieldLabel
        ),
        ["CPR", "nr"]
    );
    assert_eq!(
        words("PESEL 85010112345, zam.", Usage::FieldLabel),
        ["PESEL"]
    );
    assert!(words("the PESEL was withheld", Usage::FieldLabel).is_empty());
    assert!(words("Rochahaven, TX 01499", Usage::FieldLabel).is_empty());
    assert_eq!(words("Tx 2 days of abx", Usage::FieldLabel), ["Tx"]);
    assert!(words("Please call my mobile tomorrow.", Usage::FieldLabel).is_empty());
}

#[test]
fn dr_before_a_name_is_a_title_after_a_street_name_it_is_not() {
    assert_eq!(
        words("Reporter: Dr. Anna-Karin Sjöberg", Usage::Title),
        ["Dr"]
    );
    assert_eq!(words("Seen by Dr Smith today", Usage::Title), ["Dr"]);
    assert_eq!(
        words(
            "his PCP Dr. Lindqvist; GP Dr Moira Fenwick. Oncologist Dr. P. Ramaswamy notified. Called Dr. Voss, Rheumatology Dr P. Gunasekera",
            Usage::Title
        ),
        ["Dr", "Dr", "Dr", "Dr", "Dr"]
    );
    assert!(words("She lives at 12 Oak Dr Springfield", Usage::Title).is_empty());
    // a specialty or office abbreviated before its doctor, in a history field
    assert_eq!(
        words(
            "Autopsy consistent w/SIDS; per ME Dr. Przybylak 3/9/90; GI Dr. Nakasone; ENT Dr Shah",
            Usage::Title
        ),
        ["Dr", "Dr", "Dr"]
    );
    assert!(words(
        "POLI KULIT DAN KELAMIN, RSUPN DR. CIPTO MANGUNKUSUMO, JAKARTA",
        Usage::Title
    )
    .is_empty());
    assert_eq!(
        words(
            "SEEN BY DR. FELIX MEISSNER, A NEUROLOGIST, ON THE WARD",
            Usage::Title
        ),
        ["DR"]
    );
    // a medical officer, a letter's salutation, the specialists of other languages
    assert_eq!(
        words(
            "They (duty MO Dr. Arvind Pillai) observed her. Dear Dr. Halloran, thank you. \
             MD (DERMATÓLOGO DR. KOLDO ARRONDO); ORL Dr. Benvenuto; die Kardiologin Dr. Weber",
            Usage::Title
        ),
        ["Dr", "Dr", "DR", "Dr", "Dr"]
    );
}

#[test]
fn a_codes_prefix_is_no_label_nor_a_ph() {
    // "ADR", "MD" glued by a hyphen inside a reference or a licence are the code's, not labels
    // (the label before the reference is one: "REF")
    for (text, code) in [
        ("HOSPITAL REF: NKP-ADR-67/0236", "ADR"),
        ("REG. NR. MD-2194, M.JANGA@CMC.EXAMPLE", "MD"),
    ] {
        let labels = words(text, Usage::FieldLabel);
        assert!(!labels.iter().any(|w| w == code), "{text}: {labels:?}");
    }
    assert!(words("licence PH-28741, pharmacist", Usage::Measurement).is_empty());
}

#[test]
fn a_ph_is_a_small_number_never_a_phones_first_group() {
    assert_eq!(
        words("pH 7.35, ph 7; ALK PH 340; pH 6.877;", Usage::Measurement),
        ["7", "35", "7", "340", "6", "877"]
    );
    assert!(words(
        "to supervise, ph 019-774 2081; ph 555-1234",
        Usage::Measurement
    )
    .is_empty());
    // more than 14 is no pH: a register's code and number
    assert!(words("to casualty, reg no PH 95/1184. Rx:", Usage::Measurement).is_empty());
}

#[test]
fn vital_signs_of_other_languages_and_scores() {
    assert_eq!(
        words(
            "Glasgow 15, TA 118/66, FC 102, pain score 6/10, RBG 5.8",
            Usage::Measurement
        ),
        ["118", "66", "102", "6", "10", "5", "8"]
    );
}

#[test]
fn a_blood_pressure_has_at_most_three_digits() {
    assert_eq!(
        words("BP 168/94, bp 90; BP 12417 Douala", Usage::Measurement),
        ["168", "94", "90"]
    );
}

#[test]
fn world_measurements_hours_and_days_of_treatment() {
    assert_eq!(
        words(
            "creatinina 0,9 mg/dL; fiebre de 39,2 °C; cada 12 horas; toutes les 8 heures",
            Usage::Measurement
        ),
        ["0", "9", "mg", "dL", "39", "2", "12", "horas", "8", "heures"]
    );
    assert_eq!(
        words(
            "El 28/07 (día 25 de tratamiento); Tag 3",
            Usage::RelativeTime
        ),
        ["día", "25", "Tag", "3"]
    );
    // a newborn's age in hours keeps its number's own decision
    let newborn = words("a baby 36 hours old; 12 horas de vida", Usage::Measurement);
    assert!(
        !newborn.iter().any(|w| w == "36" || w == "12"),
        "{newborn:?}"
    );
}

#[test]
fn cldr_units_of_the_worlds_languages_measure_their_number() {
    assert_eq!(
        words(
            "кларитроміцин 500 мг двічі на добу; калій 5,6 ммоль/л; 250 miligramos; 2 Milligramm",
            Usage::Measurement
        ),
        [
            "500",
            "мг",
            "5",
            "6",
            "ммоль",
            "л",
            "250",
            "miligramos",
            "2",
            "Milligramm"
        ]
    );
    // a time to onset in minutes or seconds, like hours
    assert_eq!(
        words(
            "A los 15 minutos presentó prurito; nach 20 Minuten; через 30 минут; 10 saniye",
            Usage::Measurement
        ),
        [
            "15",
            "minutos",
            "20",
            "Minuten",
            "30",
            "минут",
            "10",
            "saniye"
        ]
    );
    // glued to its number
    assert_eq!(words("500мг", Usage::Measurement), ["500мг"]);
    // a range
    assert_eq!(
        words(
            "pt recvd vax; 5-10 min later, apnea 10–15 sec",
            Usage::Measurement
        ),
        ["5", "10", "min", "10", "15", "sec"]
    );
    assert_eq!(
        words(
            "vax on 10/28/98;(8-10 hr post vax; seen 12/5-10 min",
            Usage::Measurement
        ),
        ["8", "10", "hr", "10", "min"]
    );
    // a year is never one: "45 años" is an age (the unit alone is released); a count of days or
    // weeks is a duration where nothing makes it an age
    assert_eq!(
        words("45 años, 3 días, 2 semanas", Usage::Measurement),
        ["años", "3", "días", "2", "semanas"]
    );
}

#[test]
fn a_unit_that_is_a_name_too_is_no_unit_before_a_name() {
    // "Min" is a given name and a surname; "Gram" a surname
    assert!(words("Bed 5 Min Jung; 12 Gram Street", Usage::Measurement).is_empty());
    assert!(words(
        "PATIENT WAS MOVED TO BED 5 MIN JUNG AND SEEN BY THE NURSE",
        Usage::Measurement
    )
    .is_empty());
    assert_eq!(
        words("oxytocin 10 IU IM given", Usage::Measurement),
        ["10", "IU"]
    );
    assert_eq!(
        words("rash 15 min after the dose", Usage::Measurement),
        ["15", "min"]
    );
}

#[test]
fn the_world_units_hold_no_stopword_and_no_street_word() {
    // a number before "de" begins a date ("3 de julio"); one before "St" an address
    for w in ["de", "st", "a", "of", "del", "rue", "calle"] {
        assert_eq!(is_unit(w), None, "{w}");
        assert!(!units::is_short_duration_unit(w), "{w}");
    }
    for u in ["hours", "horas", "часов", "мг", "μg", "µg", "mmhg", "毫克"] {
        assert!(
            is_unit(u).is_some() || units::is_short_duration_unit(u),
            "{u}"
        );
    }
}

#[test]
fn an_obstetric_formula_and_a_gestational_age_are_measurements_and_an_id_is_not() {
    assert_eq!(
        words(
            "PT: G2P1 39+2 WKS; g3p3, svb; G4P3003 and G2P1A0",
            Usage::Measurement
        ),
        ["G2P1", "39", "2", "WKS", "g3p3", "G4P3003", "G2P1A0"]
    );
    assert_eq!(
        words(
            "Primigravida, 36+4 weeks, admitted; 45+3 ans",
            Usage::Measurement
        ),
        ["36", "4", "weeks", "ans"]
    );
    for text in ["ref GP2021", "code G2P", "G123P4", "GP12", "G2P1X"] {
        assert!(words(text, Usage::Measurement).is_empty(), "{text}");
    }
}

#[test]
fn a_post_box_is_no_blood_pressure_label() {
    assert!(words("derrière la pharmacie, BP 12417 Douala", Usage::FieldLabel).is_empty());
    assert_eq!(words("BP 120/80, HR 88", Usage::FieldLabel), ["BP", "HR"]);
}

#[test]
fn intervals_orientation_and_blood_gases_of_nursing_notes_are_measurements() {
    assert_eq!(
        words(
            "vancomycin 1.25 g q12h, turned q2h, obs Q4H, pt A&Ox4, AOx3",
            Usage::Measurement
        )
        .into_iter()
        .filter(|w| w.starts_with(['q', 'Q', 'O', 'A']))
        .collect::<Vec<_>>(),
        ["q12h", "q2h", "Q4H", "Ox4", "AOx3"]
    );
    assert_eq!(
        words("ABG 7.38/41/92. Cr 92. RBS 6.1", Usage::Measurement),
        ["7", "38", "41", "92", "92", "6", "1"]
    );
    // an identifier that only starts like one
    assert!(words("ref Q12345, box 7X3", Usage::Measurement).is_empty());
}

#[test]
fn a_floor_after_a_house_number_is_no_temperature() {
    assert!(words(
        "domiciliado en Bv. San Juan 1184, 5° C, Córdoba",
        Usage::Measurement
    )
    .iter()
    .all(|w| w != "5"));
    assert!(words("fever 39° C, then 38° C", Usage::Measurement).contains(&"39".to_string()));
}

#[test]
fn a_count_of_days_or_weeks_in_another_language_but_not_an_age() {
    let m = words(
        "Tomó el antibiótico durante 7 días y, 13 días tras la dosis, fiebre; pendant 14 jours; \
         für 3 Wochen",
        Usage::Measurement,
    );
    for w in ["7", "13", "14", "3"] {
        assert!(m.contains(&w.to_string()), "{w}: {m:?}");
    }
    for text in [
        "recién nacido de 10 días",
        "bebé con 12 días de vida",
        "3 meses",
        "45 años",
        "ein 10 Tage alter Säugling",
        // a newborn's age after its sex in the demographics
        "pt: nné de ngaroudal esther, m, 9 jours. dossier hrs-96-0593.",
        "Paciente: recién nacida, F, 12 días, ictericia",
    ] {
        let m = words(text, Usage::Measurement);
        assert!(
            !m.iter().any(|w| w.bytes().all(|b| b.is_ascii_digit())),
            "{text}: {m:?}"
        );
    }
}

#[test]
fn a_title_after_a_doctors_role_in_another_language() {
    assert_eq!(
        words(
            "prescribed by his Hausarzt Dr. Urs Zgraggen; huisarts dr. Van Leeuwen",
            Usage::Title
        ),
        ["Dr", "dr"]
    );
    // a street's abbreviation after its name
    assert!(words("lives at 12 Elm Dr. Springfield", Usage::Title).is_empty());
}

#[test]
fn a_count_per_unit_and_a_thousands_group_after_a_space_are_measurements() {
    assert_eq!(
        words(
            "plaquetas 214 000/mm³, leucocitos 5400/mm3, creatinina 1 218 µmol/L, CD4 350/µL",
            Usage::Measurement
        ),
        ["214", "000", "mm³", "5400", "mm3", "1", "218", "µmol", "L", "350", "µL"]
    );
    // a phone's groups, a date, an age and a sex are no measurement
    let found = words(
        "tel 0322 022 301; seen 12/03 and 4 500 patients; Mr. K, 84/M, and Mrs. L, 91/F",
        Usage::Measurement,
    );
    assert!(
        !found
            .iter()
            .any(|w| w.starts_with(|c: char| c.is_ascii_digit())),
        "{found:?}"
    );
}

#[test]
fn a_dose_in_grams_before_its_frequency_and_a_reaction_score() {
    assert_eq!(
        words(
            "ON METFORMIN 1 G BID AND CEFTRIAXONE 2 g iv daily",
            Usage::Measurement
        ),
        ["1", "G", "2", "g"]
    );
    assert_eq!(
        words(
            "DILI (RUCAM 9), REGISCAR 7, SCORTEN 2, CREA 1.8, grade 3 rash",
            Usage::Measurement
        ),
        ["9", "7", "2", "1", "8", "3"]
    );
    // an initial before a name is no unit
    assert!(words("seen by 2 G Smith and 1 L Jones", Usage::Measurement).is_empty());
}

#[test]
fn a_measured_ranges_first_number_and_an_hours_compound() {
    assert_eq!(
        words(
            "ON 22DEC2020, 1-1.5 HOURS AFTER; RANGE = 2-150 MINUTES; A 14-HOUR FLIGHT",
            Usage::Measurement
        ),
        ["1", "1", "5", "HOURS", "2", "150", "MINUTES", "14", "HOUR"]
    );
    // a newborn's age in hours and a phone's groups are none
    let found = words("a 36-hour-old infant; tel 555-1234", Usage::Measurement);
    assert!(!found.iter().any(|w| w == "36" || w == "555"), "{found:?}");
}

#[test]
fn the_half_of_a_word_after_an_apostrophe_has_no_usage() {
    // "im" of a Hebrew street's name is no route, no label
    let f = found("address: rehov ha-nevi'im 17, dira 5, haifa. 10 IU given.");
    assert!(!f.iter().any(|(w, _)| w == "im"), "{f:?}");
    // (the unit keeps its own)
    assert!(f.contains(&("IU".to_string(), Usage::Measurement)), "{f:?}");
}

#[test]
fn an_identifiers_code_after_a_vitals_name_is_no_value() {
    let m = words(
        "employee no. hr-0731946, quality inspector. HR 64, HR-120.",
        Usage::Measurement,
    );
    assert!(!m.contains(&"0731946".to_string()), "{m:?}");
    assert!(
        m.contains(&"64".to_string()) && m.contains(&"120".to_string()),
        "{m:?}"
    );
    // a register's slashed number glued to letters that also abbreviate creatinine
    let m = words(
        "dob 21/07/95, clinic reg. cr-95/1184. cr 95 umol/l, bp-120/80 on admission.",
        Usage::Measurement,
    );
    assert!(
        !m.contains(&"1184".to_string()) && m.iter().filter(|w| *w == "95").count() == 1,
        "{m:?}"
    );
    assert!(m.contains(&"80".to_string()), "{m:?}");
}

#[test]
fn an_infants_age_unit_and_the_forms_age_of() {
    let m = words(
        "Pt: Arber Dervishi, 5 mo M, DOB 02.01.1994; vaccinated at the age of 24 years old.",
        Usage::Measurement,
    );
    assert!(
        m.contains(&"mo".to_string()) && m.contains(&"of".to_string()),
        "{m:?}"
    );
    // not "a piece of 24 carat gold" or "the age of onset"
    let m = words(
        "the age of onset was unclear; a piece of 24 carat gold",
        Usage::Measurement,
    );
    assert!(!m.contains(&"of".to_string()), "{m:?}");
}

#[test]
fn no_with_its_period_before_a_value_is_a_label_and_so_is_the_word_naming_the_number() {
    let labels = words(
        "NURSE: NEEMA LYIMO, REG. NO. 0736159. TAKEN TO NSAMBYA HOSPITAL, IP NO. 95/08841. \
         TICKET NO: 21-77340. HOSPITAL NO. 38292431, report no. PNUH-RPVC-2023-1184",
        Usage::FieldLabel,
    );
    for w in ["REG", "IP", "TICKET", "HOSPITAL", "report"] {
        assert!(labels.contains(&w.to_string()), "{w}: {labels:?}");
    }
    assert_eq!(
        labels.iter().filter(|w| *w == "NO").count(),
        4,
        "{labels:?}"
    );
    // an address's "No.", and a street's name before it
    let labels = words(
        "adres: hoşdere cad. no: 41/7, çankaya. address: kebele 14, house no. 1172, bahir dar. \
         Alamat: Jl. Cikutra Barat Gg. Sukasenang II No. 14, Bandung.",
        Usage::FieldLabel,
    );
    assert!(
        !labels
            .iter()
            .any(|w| ["no", "No", "cad", "house", "II"].contains(&w.as_str())),
        "{labels:?}"
    );
    // Turkey's abbreviated street word after the street's name is no label; coronary artery
    // disease before a year is one
    let labels = words(
        "tel +90 312 555 48 17; Aşkabat Cad. 41/6, Bahçelievler. hx of CAD. 2019 stent",
        Usage::FieldLabel,
    );
    assert!(!labels.iter().any(|w| w == "Cad"), "{labels:?}");
    assert!(labels.iter().any(|w| w == "CAD"), "{labels:?}");
    // a middle initial after the given name is no label before the age in brackets
    let labels = words(
        "resident lott, thurman e (91, dob 04/17/1929) of magnolia gardens. Vitals: T 38.5",
        Usage::FieldLabel,
    );
    assert!(!labels.iter().any(|w| w == "e"), "{labels:?}");
    // "no" as a word, and a name before "No."
    let labels = words(
        "no fever 9/24/99, no 2nd dose. Seen by Dr Lyimo No. 2 on the list.",
        Usage::FieldLabel,
    );
    assert!(
        !labels.iter().any(|w| w == "no" || w == "Lyimo"),
        "{labels:?}"
    );
}

#[test]
fn the_initials_of_an_identity_document_before_its_number_are_its_label() {
    let labels = words(
        "DERLIS GIMÉNEZ, MALE, 31, C.I. 4.718.302, BUS DRIVER. C.C. 80.739.516; H.C. 97-04431.",
        Usage::FieldLabel,
    );
    assert_eq!(labels, ["C", "I", "C", "C", "H", "C"]);
    // a person's initials before a name, a state's before nothing
    let labels = words(
        "seen by J.R. Martínez on day 2; lives in Bogotá D.C. since 2019; Washington, D.C. 20001; b.p. 5274",
        Usage::FieldLabel,
    );
    assert!(labels.is_empty(), "{labels:?}");
}

#[test]
fn home_opening_a_field_before_an_address_is_its_label() {
    for text in [
        "FATHER OUSMANE DIOP (34), FISHERMAN. HOME RUE 22 X 15, MÉDINA, DAKAR. TEL 822 75 18.",
        "FATHER SSEBUNYA GODFREY (31), BODA BODA RIDER. HOME PLOT 9, KISENYI LANE, KAWEMPE.",
        "NURSE AT POLICLÍNICO JOSÉ MARTÍ (HCW). HOME CALLE HEREDIA NO. 314, SANTIAGO DE CUBA.",
        // a street's or a district's name first, its number or street word after
        "nurse's aide at Residencia La Alegría; home C/ Arzobispo Mayoral 14, 3º B, 46002 Valencia",
        "COFFEE SELLER AT MEDEBER; HOME GODAIF, STREET 173-8, HOUSE 12, ASMARA.",
        "music teacher, pers. no. 60001047311; home Tamar Mepe St. 17, apt 12, Kutaisi",
    ] {
        let w = words(text, Usage::FieldLabel);
        assert!(
            w.iter().any(|x| x.eq_ignore_ascii_case("home")),
            "{text}: {w:?}"
        );
    }
    // "home" inside a sentence, or before no address, is the word
    for text in [
        "She went home. Plot 9 of the farm was flooded and she had a fever after that.",
        "DISCHARGED. HOME HEALTH NURSE TO VISIT IN TWO DAYS FOR WOUND CARE AND LABS.",
        "SHE WAS SENT HOME 2 DAYS LATER WITH ORAL ANTIBIOTICS AND A FOLLOW-UP VISIT.",
        // a home carer's kind, or the address in the next sentence
        "MOC: home health aide w/ Bronx Home Care since 1988, 2 days a week.",
        "Discharged; home. 3 days later she had a fever of 39 C.",
        // a building's name after the address's label
        "INSTITUTRICE. ADRESSE: RESIDENCE NAKHIL, IMM 14, APP 6, HAY HASSANI",
    ] {
        let w = words(text, Usage::FieldLabel);
        assert!(
            !w.iter()
                .any(|x| x.eq_ignore_ascii_case("home") || x.eq_ignore_ascii_case("residence")),
            "{text}: {w:?}"
        );
    }
}

#[test]
fn time_counted_in_written_numbers_is_relative_time_not_an_age() {
    // the time to onset, written out as reporters write it
    for (text, counted) in [
        ("Two days later she had a fever.", &["Two"][..]),
        ("Two hours later another seizure at the home", &["Two"]),
        ("One hour post shot, heart beat went up", &["One"]),
        ("rash for three weeks after the dose", &["three"]),
        (
            "twenty-one days later the rash came back",
            &["twenty", "one"],
        ),
        (
            "My left arm was very sore for the first 48 hours.",
            &["first"],
        ),
        (
            "symptoms the first 2-3 days after getting the vaccine",
            &["first"],
        ),
        ("headache the first two days", &["first", "two"]),
    ] {
        let words = words(text, Usage::RelativeTime);
        for w in counted {
            assert!(words.iter().any(|x| x == w), "{w} in {text}: {words:?}");
        }
    }
    // an age written out stays with the rules that mask it
    for text in [
        "a two year old boy",
        "her son is two years of age",
        "aged two years",
        "on the first of March",
        "she was seventy two.",
    ] {
        let words = words(text, Usage::RelativeTime);
        assert!(words.is_empty(), "{text}: {words:?}");
    }
}

#[test]
fn things_and_doses_counted_in_written_numbers_are_no_age() {
    for (text, usage, counted) in [
        (
            "Took One tablet ALEVE followed by temp 98.6",
            Usage::Measurement,
            "One",
        ),
        ("Two doses of IVIG were given", Usage::Measurement, "Two"),
        (
            "One episode of vomiting, listless",
            Usage::Measurement,
            "One",
        ),
        (
            "One of the things on there is bleeding",
            Usage::Measurement,
            "One",
        ),
        (
            "Four of the eight workers were hospitalized",
            Usage::Measurement,
            "Four",
        ),
        (
            "First dose; scheduled to receive a second dose",
            Usage::RelativeTime,
            "First",
        ),
        (
            "FIRST DOSE ON 17DEC2020, SECOND DOSE ON 04JAN2021",
            Usage::RelativeTime,
            "SECOND",
        ),
        (
            "after taking the first COVID19 Vaccine dose",
            Usage::RelativeTime,
            "first",
        ),
        (
            "Second vaccine 1/8/21: 10 hours post vaccine",
            Usage::RelativeTime,
            "Second",
        ),
    ] {
        let words = words(text, usage);
        assert!(
            words.iter().any(|x| x == counted),
            "{counted} in {text}: {words:?}"
        );
    }
    for text in [
        "a woman of seventy, she lives alone",
        "the first of March",
        "FIRST MEDICAL CENTER WAS FULL",
        "One Main Street",
        "Five Points Medical Center",
    ] {
        for usage in [Usage::Measurement, Usage::RelativeTime] {
            let words = words(text, usage);
            assert!(words.is_empty(), "{text}: {words:?}");
        }
    }
}

#[test]
fn the_word_that_counts_relative_time_goes_with_its_count() {
    for (text, counted) in [
        (
            "she was discharged from the hospital on day 8.",
            &["day", "8"][..],
        ),
        ("On Day 4 she describes her COVID symptoms", &["Day", "4"]),
        ("Day 2 (12/29/20): Fever", &["Day", "2"]),
        ("On day four, with the pain not resolved", &["day", "four"]),
        ("week two of treatment", &["week", "two"]),
    ] {
        let words = words(text, Usage::RelativeTime);
        for w in counted {
            assert!(words.iter().any(|x| x == w), "{w} in {text}: {words:?}");
        }
    }
    // a holiday's day before its date stays a date's
    let words = words("on Christmas Day 25 Dec she fell ill", Usage::RelativeTime);
    assert!(words.is_empty(), "{words:?}");
}

#[test]
fn a_house_or_plot_number_is_no_amount() {
    for text in [
        "bus conductor, stand 4417 unit k, chitungwiza",
        "lives at Plot 23 unit 4, Kira Road",
        "apt 4 units away",
        // an identifier before the next field's label across a printout's gap
        "AGE: 20\nDOD ID: 1620094471   UNIT PHONE: 910-555-0134",
    ] {
        let words = words(text, Usage::Measurement);
        assert!(
            !words.iter().any(|w| w.chars().all(|c| c.is_ascii_digit())),
            "{text}: {words:?}"
        );
    }
    assert_eq!(
        words("insulin 4417 units daily", Usage::Measurement),
        ["4417", "units"]
    );
    // a day and a month with its leading zero before a heart rate's label, no count of hours
    let measured = words(
        "advised digifab 2 vials, stop dig. 06/03 hr 62. recovered; 1/2 hr later",
        Usage::Measurement,
    );
    assert!(!measured.contains(&"03".to_string()), "{measured:?}");
}
