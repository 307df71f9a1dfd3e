//! Tests of `rules/role`: relation words, contactable reporters and clinicians' specialties.

use crate::rules::{words_with_reason, Reason};

#[test]
fn a_relation_word_inside_a_capitalised_name_is_the_names() {
    // where capitals mean something, "Son" after another capitalised word that starts no
    // sentence is a name's own word, not the relation word before a relative's name
    let roles = words_with_reason(
        "Neutrófilos 0.08. Traslado a Hospital Universitari Son Espases (box 4), Palma.",
        Reason::PhiCue,
    );
    assert!(!roles.iter().any(|w| w == "Son"), "{roles:?}");
}

#[test]
fn a_contactable_reporters_qualification_but_not_the_patients() {
    let roles = words_with_reason(
        "THIS IS A SPONTANEOUS REPORT FROM A CONTACTABLE PHYSICIAN. A CONTACTABLE OTHER \
         HEALTHCARE PROFESSIONAL REPORTED THAT; from a contactable pharmacist; a contactable nurse",
        Reason::PhiCue,
    );
    assert_eq!(
        roles,
        [
            "PHYSICIAN",
            "OTHER",
            "HEALTHCARE",
            "PROFESSIONAL",
            "pharmacist",
            "nurse"
        ]
    );
    // how the report came, where the reporter works, the reporter's name or specialty
    for (text, role) in [
        (
            "This is a spontaneous report from a contactable physician received via the \
             regulatory authority.",
            "physician",
        ),
        (
            "THIS IS A SPONTANEOUS REPORT FROM A CONTACTABLE PHYSICIAN DOWNLOADED FROM THE \
             REGULATORY AUTHORITY-WEB.",
            "PHYSICIAN",
        ),
        (
            "this is a report from a contactable nurse of the vaitupu health centre,",
            "nurse",
        ),
        (
            "from a contactable physician, Dr. Lama Haddad, of the university hospital.",
            "physician",
        ),
        (
            "from a contactable physician (obstetrician) of the klinika.",
            "physician",
        ),
        (
            "from a contactable consumer (patient), Thibodeaux, Evangeline R of",
            "consumer",
        ),
    ] {
        let cues = words_with_reason(text, Reason::PhiCue);
        assert!(cues.iter().any(|w| w == role), "{text}: {cues:?}");
    }
    // the patient's own profession, or a name after it
    for text in [
        "from a contactable nurse (patient). A 44-year-old female",
        "from a contactable physician reporting for herself.",
        "FROM A CONTACTABLE PHYSICIAN, NUSRAT JAHAN TALUKDER (36, THE PATIENT)",
        "from a contactable physician, Dr. Ana Ruiz, reporting for herself.",
        "from a contactable nurse of the ward (the patient). A 44-year-old female",
        "from a contactable physician (dermatologist, the patient).",
        "FROM A CONTACTABLE PHYSICIAN, DR. SYDNEY NGUYEN (SYDNEY.N@X.ORG). THIS PHYSICIAN \
         REPORTED FOR HERSELF THAT",
        "from a contactable physician, dr. kendra ochoa of lincoln, ne. a male patient \
         (reporter's husband, dwayne ochoa) received",
    ] {
        let cues = words_with_reason(text, Reason::PhiCue);
        assert!(
            !cues
                .iter()
                .any(|w| w.eq_ignore_ascii_case("nurse") || w.eq_ignore_ascii_case("physician")),
            "{text}: {cues:?}"
        );
    }
}

#[test]
fn a_doctors_specialty_after_the_doctors_name() {
    let roles = words_with_reason(
        "Reporter: Dr. Lama Haddad, dermatologist, Damascus University Hospital. Reporter: Dr \
         Touré Mariam Sita, oncologue, tel. Reporter: Dr. N. Jeyaruban, consultant oncologist.",
        Reason::PhiCue,
    );
    assert_eq!(
        roles,
        ["dermatologist", "oncologue", "consultant", "oncologist"]
    );
    let roles = words_with_reason(
        "NOTIFICATEUR: DR AICHETOU MINT BABA, MEDECIN URGENTISTE. Notificadora: Dr.ª Inês \
         Magalhães, médica de família, USF Ramalde. Reporter: Dr Fifamè Ahouandjinou, \
         gynécologue-obstétricien; Reporter: Dr. Farhana Yasmin, registrar in medicine, Dhaka",
        Reason::PhiCue,
    );
    for w in [
        "MEDECIN",
        "URGENTISTE",
        "médica",
        "de",
        "família",
        "gynécologue",
        "obstétricien",
        "registrar",
        "in",
        "medicine",
    ] {
        assert!(roles.iter().any(|x| x == w), "{w}: {roles:?}");
    }
    // (the facility after the specialty is not the specialty's)
    assert!(
        !roles.iter().any(|x| x == "USF" || x == "Dhaka"),
        "{roles:?}"
    );
    // a patient's occupation, or a specialty with no doctor's title before the name
    for text in [
        "Patient: Jane Roe, nurse, 45, lives in Leeds.",
        "Patient: Aino Heikkilä, radiologist, 78 years.",
        "A PHYSICIAN REPORTING FOR HIMSELF, DR. MARCELO QUIROGA SAAVEDRA, INTERNISTA WITH CAJA",
    ] {
        let cues = words_with_reason(text, Reason::PhiCue);
        assert!(
            !cues
                .iter()
                .any(|w| ["nurse", "radiologist", "INTERNISTA"].contains(&w.as_str())),
            "{text}: {cues:?}"
        );
    }
}

#[test]
fn race_and_sex_shorthand_after_an_age() {
    let roles = words_with_reason(
        "PT LINNET SIZEMORE (9 YO WF, LOGAN WV) RECVD VAX. pt 13 mo wm recvd; 19 y/o BF nursing \
         student; 71 yo bf, retired",
        Reason::PhiCue,
    );
    for w in ["WF", "wm", "BF", "bf"] {
        assert!(roles.iter().any(|x| x == w), "{w}: {roles:?}");
    }
    // not without the age before it
    let roles = words_with_reason("seen by WF and BM on the ward", Reason::PhiCue);
    assert!(!roles.iter().any(|x| x == "WF" || x == "BM"), "{roles:?}");
}

#[test]
fn a_physician_assistants_credential() {
    let roles = words_with_reason(
        "t100.2 R; seen by Karen Whitlow, PA-C; chart # SF-558213. cc: Wendell Ogunbiyi-Park, PA-C\n",
        Reason::PhiCue,
    );
    assert_eq!(roles, ["PA", "C", "PA", "C"]);
    // Pennsylvania stays a state
    let roles = words_with_reason("lives in Pittsburgh, PA 15213 with her son", Reason::PhiCue);
    assert!(!roles.iter().any(|w| w == "PA"), "{roles:?}");
}

#[test]
fn a_relatives_word_a_name_list_holds_with_no_name_after_it() {
    let roles = words_with_reason(
        "chickenpox w/approx 100 lesions reported by the pt mom; no fever.",
        Reason::PhiCue,
    );
    assert!(roles.contains(&"mom".to_string()), "{roles:?}");
}

#[test]
fn a_relation_word_before_a_relatives_name_and_a_credential_beside_a_name() {
    for (text, roles) in [
        (
            "temp 103.2 ax. MOC Heidi Sorensen (26, elementary teacher) called the clinic.",
            &["MOC"][..],
        ),
        (
            "discharged 2/3/21. son dennis tanabe, phone 808.487.3316, was with her all day.",
            &["son"][..],
        ),
        (
            "Vaccine given at the school clinic by Hope Tatro RN (DTP lot 3L51207, L thigh IM).",
            &["RN"][..],
        ),
        (
            "PT ANNA DE GROOT (BSN 294173067), A FORMER TELEPHONE OPERATOR AT THE PTT, RESIDES",
            &["FORMER"][..],
        ),
        (
            "Reporter: Vera Sims, RN, county health nurse, 601-453-7720. No other history.",
            &["RN"][..],
        ),
    ] {
        let p = words_with_reason(text, Reason::PhiCue);
        for r in roles {
            assert!(p.contains(&r.to_string()), "{r} in {text}: {p:?}");
        }
    }
    let p = words_with_reason(
        "Seen by Dr. English and her son Minh on day 2 after the dose.",
        Reason::PhiCue,
    );
    assert_eq!(p, ["son"]);
    // a surname "Son" after a title or a label, an "RN" far from any name
    for text in [
        "She was seen by Dr. Son at the clinic and sent home with ibuprofen.",
        "Patient: Son Minh, 45 years, male, teacher. Received dose 2 on 3 May.",
        "The RN on duty gave the second dose and watched her for 15 minutes.",
        // (a place's name after its particle: Majorca's "Son" for an estate)
        "Hospital Universitario Sierra de Tramontana, Carrer de Son Ferriol 41, 07198 Palma",
    ] {
        let p = words_with_reason(text, Reason::PhiCue);
        assert!(!p.iter().any(|w| w == "Son" || w == "RN"), "{text}: {p:?}");
    }
}
