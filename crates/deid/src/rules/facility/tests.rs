//! Tests of `rules/facility`.
use crate::rules::{phi_words, words_with_reason, Reason};
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
        named(
            "pt had a bleed after the second dose and was brought to miller nursing home via ems."
        ),
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
    let p = crate::rules::words_with_reason(
        "ARMENIA. A RETIRED CHEMISTRY TEACHER OF SCHOOL NO. 114, RECEIVED CHADOX1 ON 3 MAY.",
        Reason::NamedFacility,
    );
    assert_eq!(p, ["SCHOOL", "NO", "114"]);
    // the words of a numbered facility's name before its head, back to a function word
    for text in [
        "DISCHARGED AND READMITTED TO THE CITY CLINICAL HOSPITAL NO. 1. HE HAS BEEN STABLE.",
        "discharged and readmitted to the city clinical hospital no. 1. he has been stable.",
    ] {
        let p = crate::rules::words_with_reason(text, Reason::NamedFacility);
        let p: Vec<String> = p.iter().map(|w| w.to_lowercase()).collect();
        assert_eq!(p, ["city", "clinical", "hospital", "no", "1"], "{text}");
    }
    // a person's initial inside a head-first name, in lower case too
    for text in [
        "he was readmitted to the Policlinico Universitario A. Gemelli. he has been stable.",
        "he was readmitted to the policlinico universitario a. gemelli. he has been stable.",
    ] {
        // (where one goes, never released: the model released the head in lower case)
        let p = crate::rules::words_with_reason(text, Reason::NamedFacility);
        for w in ["policlinico", "universitario", "gemelli"] {
            assert!(
                p.iter().any(|x| x.to_lowercase() == w),
                "{w}: {text}: {p:?}"
            );
        }
    }
    let p = phi_words("sent home from facility (Szpital Wojewódzki nr 4) at approx. 09:30am.");
    for w in ["Szpital", "Wojewódzki", "nr", "4"] {
        assert!(p.contains(&w.to_string()), "{w}: {p:?}");
    }
    // ... nor the head of a name that comes first before two words of a person or place
    for text in [
        "discharged on OCT. 31, 2014 AND READMITTED TO THE HOSPITAL PABLO TOBÓN URIBE. HE HAS",
        "discharged on 2019-10-25 and readmitted to the hospital ángeles tuxtla gutiérrez. he has",
    ] {
        let p = crate::rules::words_with_reason(text, Reason::NamedFacility);
        assert!(
            p.iter().any(|w| w.eq_ignore_ascii_case("hospital")),
            "{text}: {p:?}"
        );
    }
    // ... nor the town after its number
    let p = crate::rules::words_with_reason(
        "Discharged home from facility (Szpital Miejski nr 20 w Łodzi) at approx. 09:30am.",
        Reason::NamedFacility,
    );
    for w in ["nr", "20", "w", "Łodzi"] {
        assert!(p.contains(&w.to_string()), "{w}: {p:?}");
    }
    // "N°" and its number are never released with the facility
    let p = crate::rules::words_with_reason(
        "Pt was brought to Centro de Atención Primaria N° 28 via EMS.",
        Reason::NamedFacility,
    );
    assert!(
        p.contains(&"N".to_string()) && p.contains(&"28".to_string()),
        "{p:?}"
    );
    let p = phi_words("Pt was brought to MISKA LIKARNIA NO 4 via EMS. Reporter: the physician.");
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
        (
            "dose 2 on 1/21/21 from the walgreens store #15620 ltc team. he has been stable.",
            vec!["walgreens", "store"],
        ),
        (
            "allergies: codeine (hives 1989), naprosyn - list from osco drug #412 on file",
            vec!["osco", "drug"],
        ),
        (
            "and readmitted to the Spitalul Clinic Colentina. He has been stable.",
            vec!["Spitalul", "Clinic", "Colentina"],
        ),
        (
            "AND READMITTED TO THE CENTRE HOSPITALIER EMILE MAYRISCH. HE HAS BEEN STABLE.",
            vec!["CENTRE", "HOSPITALIER", "EMILE", "MAYRISCH"],
        ),
        // an Austrian doctor's practice; a Dutch university medical centre in every case
        (
            "and readmitted to the Ordination Dr. Steinacher. He has been stable.",
            vec!["Ordination", "Dr", "Steinacher"],
        ),
        (
            "BRAIN BLEED AND AIRLIFTED TO UMC UTRECHT. WAS ADMITTED",
            vec!["UMC", "UTRECHT"],
        ),
        (
            "brain bleed and airlifted to umc utrecht. was admitted",
            vec!["umc", "utrecht"],
        ),
        // a head in lower case after one with its capital, a title after a connector
        (
            "and readmitted to the Centre hospitalier de Versailles. He has been stable.",
            vec!["Centre", "hospitalier", "de", "Versailles"],
        ),
        (
            "brain bleed and airlifted to Cabinet médical du Dr Perrier. Was admitted",
            vec!["Cabinet", "médical", "du", "Dr", "Perrier"],
        ),
        // "Royal" inside the name
        (
            "AND READMITTED TO THE BELFAST ROYAL INFIRMARY. HE HAS BEEN STABLE.",
            // (the town before the head names it where one goes: the whole name, session 44)
            vec!["BELFAST", "ROYAL", "INFIRMARY"],
        ),
        // a person's initial inside the name
        (
            "and readmitted to the Policlinico Universitario A. Gemelli. He has been stable.",
            vec!["Policlinico", "Universitario", "A", "Gemelli"],
        ),
        // pharmacies of other languages
        (
            "pt was brought to apotheek van wijk via ems.",
            vec!["apotheek", "van", "wijk"],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, Reason::NamedFacility);
        assert_eq!(p, want, "{text}");
    }
    // the title or "Our Lady of" before the person a hospital is named after
    for (text, want) in [
        (
            "at his Our Lady of Lourdes Hospital, Drogheda. He received",
            vec!["Our", "of"],
        ),
        (
            "AND READMITTED TO THE SIR CHARLES GAIRDNER HOSPITAL. HE HAS",
            vec!["SIR"],
        ),
        (
            "readmitted to the queen elizabeth hospital. he has",
            // (and "elizabeth", a town before the head where one goes, names it whole)
            vec!["queen", "elizabeth", "hospital"],
        ),
        (
            "The queen was at the hospital. Our lady of the house",
            vec![],
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
        "from the study drug #1042 kit",
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

#[test]
fn a_facility_named_after_a_saint() {
    for (text, words) in [
        (
            "pt was brought to st. bell medical center via ems.",
            &["st", "bell", "medical", "center"][..],
        ),
        (
            "PT WAS BROUGHT TO ST. BELL MEDICAL CENTER VIA EMS.",
            &["st", "bell", "medical", "center"],
        ),
        (
            "She was taken to Saint Rose Hospital on day 2.",
            &["saint", "rose", "hospital"],
        ),
        (
            "she was admitted to sankt olav hospital after the second dose",
            &["sankt", "olav", "hospital"],
        ),
    ] {
        let named = crate::rules::words_with_reason(text, Reason::NamedFacility);
        for w in words {
            assert!(
                named.iter().any(|n| n.to_lowercase() == *w),
                "{text}: {w} in {named:?}"
            );
        }
    }
    // an ST segment is no saint
    for text in [
        "ECG showed st elevation, transferred to the hospital.",
        "pt had st changes on ecg and went to the hospital after the second dose.",
        "ST depression in leads V4-V6; cardiology clinic follow-up.",
    ] {
        let p = phi_words(text);
        assert!(
            !p.contains(&"st".to_string()) && !p.contains(&"hospital".to_string()),
            "{text}: {p:?}"
        );
    }
}

#[test]
fn a_towns_prefix_a_pharmacy_of_another_language_and_a_surname_in_capitals() {
    for (text, words) in [
        (
            "HE WAS DISCHARGED AND READMITTED TO THE WEST CARRIECHESTER COMMUNITY HEALTH CENTER. HE IS STABLE.",
            &["west", "carriechester", "community", "health", "center"][..],
        ),
        (
            "She had the vaccine at her place of employment. Pt was brought to PHARMACIE ROUX via EMS.",
            &["pharmacie", "roux"],
        ),
        (
            "He was discharged on 10-MAY-2020 and readmitted to the Fırat Tıp Merkezi. He has been stable.",
            &["merkezi"],
        ),
    ] {
        let p: Vec<String> = phi_words(text).iter().map(|w| w.to_lowercase()).collect();
        for w in words {
            assert!(p.contains(&w.to_string()), "{text}: {w} in {p:?}");
        }
    }
}

#[test]
fn the_connectors_of_other_languages_inside_a_facility_name() {
    let engine = crate::rules::RuleEngine::embedded();
    let hospital = |text: &str| -> Vec<String> {
        let doc = Tokenized::new(text);
        let out = engine.apply(&doc, &crate::tokenize::OffsetMap::new(text));
        (0..doc.len())
            .filter(|&i| out.rules[i].kind == Some(crate::phi::PhiType::Hospital))
            .map(|i| doc.token_text(i).to_lowercase())
            .collect()
    };
    assert_eq!(
        hospital("recebida do Hospital das Clínicas da FMUSP, São Paulo."),
        ["hospital", "das", "clínicas", "da", "fmusp"]
    );
    assert_eq!(
        hospital("readmitted to the EHPAD Les Tilleuls. He has been stable."),
        ["ehpad", "les", "tilleuls"]
    );
    // Polish and Czech "we", "ve" before a town whose first letters would not follow "w"
    assert_eq!(
        hospital("discharged from (wojewódzki szpital specjalistyczny we wrocławiu) at 9"),
        [
            "wojewódzki",
            "szpital",
            "specjalistyczny",
            "we",
            "wrocławiu"
        ]
    );
    // a German care home
    assert_eq!(
        hospital("airlifted to Pflegeheim Haus Sonnenschein. Was admitted"),
        ["pflegeheim", "haus", "sonnenschein"]
    );
    // Lyon's university hospitals, in capitals
    assert_eq!(
        hospital("AIRLIFTED TO HOSPICES CIVILS DE LYON. WAS ADMITTED TO THE NEURO UNIT"),
        ["hospices", "civils", "de", "lyon"]
    );
    // "w" of English shorthand ("with") joins nothing that is no name, nor does "we"
    assert!(hospital("taken to hospital w chest pain").is_empty());
    assert!(hospital("taken to the hospital we went to before").is_empty());
}

#[test]
fn a_facility_of_its_kind_and_number() {
    assert_eq!(
        words_with_reason(
            "readmitted to the Hospital General de Zona No. 15 IMSS. He has been stable.",
            Reason::NamedFacility
        ),
        ["Hospital", "General", "de", "Zona", "No", "15", "IMSS"]
    );
    assert_eq!(
        words_with_reason(
            "DISCHARGED HOME FROM FACILITY (UNIDAD DE MEDICINA FAMILIAR NO. 31) AT APPROX.",
            Reason::NamedFacility
        ),
        ["UNIDAD", "DE", "MEDICINA", "FAMILIAR", "NO", "31"]
    );
    // a record's or a day's number is no facility's
    assert!(words_with_reason(
        "admitted to hospital on day no. 3 of illness; hospital record no. 12; clinic visit no 2",
        Reason::NamedFacility
    )
    .is_empty());
}

#[test]
fn a_peoples_hospital_by_its_town_and_an_indonesian_hospital() {
    assert_eq!(
        words_with_reason(
            "Discharged home from facility (Nanjing First People's Hospital) at approx. 09:30am.",
            Reason::NamedFacility
        ),
        ["Nanjing", "First", "People", "s", "Hospital"]
    );
    // no town before it: a people's hospital of no name (at the text's start too: the fuzz
    // target's "First People's Hospital" underflowed here in a debug build)
    assert!(words_with_reason("First People's Hospital", Reason::NamedFacility).is_empty());
    assert!(words_with_reason(
        "taken to the people's hospital; then to the first people's hospital",
        Reason::NamedFacility
    )
    .is_empty());
    assert_eq!(
        words_with_reason(
            "READMITTED TO THE RUMAH SAKIT UMUM DAERAH SURAKARTA. HE HAS BEEN STABLE.",
            Reason::NamedFacility
        ),
        ["RUMAH", "SAKIT", "UMUM", "DAERAH", "SURAKARTA"]
    );
}

#[test]
fn a_turkish_faculty_hospital() {
    assert_eq!(
        words_with_reason(
            "SUB-DURAL BRAIN BLEED AND AIRLIFTED TO CERRAHPAŞA TIP FAKÜLTESI HASTANESI. WAS ADMITTED",
            Reason::NamedFacility
        ),
        ["CERRAHPAŞA", "TIP", "FAKÜLTESI", "HASTANESI"]
    );
    assert!(words_with_reason(
        "the tip of the needle; TIP OF TONGUE; a tip hospital",
        Reason::NamedFacility
    )
    .is_empty());
}

#[test]
fn a_hospital_named_in_one_word_where_one_goes() {
    assert_eq!(
        words_with_reason(
            "AND READMITTED TO THE RIKSHOSPITALET. HE HAS BEEN STABLE.",
            Reason::NamedFacility
        ),
        ["RIKSHOSPITALET"]
    );
    assert_eq!(
        words_with_reason(
            "readmitted to the Fakultní nemocnice v Motole. He has been",
            Reason::NamedFacility
        ),
        ["Fakultní", "nemocnice", "v", "Motole"]
    );
    assert!(
        words_with_reason("the krankenhaus was full; a sjukhus", Reason::NamedFacility).is_empty()
    );
}

#[test]
fn a_hospital_by_its_acronym_before_its_emergency_unit_or_after_a_transfer() {
    for (text, word) in [
        (
            "Seen in the GPHC emergency unit on 15/02/2024: Hb 6.1.",
            "GPHC",
        ),
        (
            "DIZZINESS AND COLLAPSE. BROUGHT TO MSCH EMERGENCY ROOM AT 19:30: BP 60/30.",
            "MSCH",
        ),
        (
            "The dispensary read HI; referred to BMC: glucose 31.4 mmol/L, HbA1c 12%.",
            "BMC",
        ),
    ] {
        assert_eq!(
            words_with_reason(text, Reason::NamedFacility),
            [word],
            "{text}"
        );
    }
    // dictionary acronyms stay where they were
    for text in [
        "He was referred to ENT and transferred to ICU; seen in the ED emergency bay.",
        "Pt taken to CT, then admitted to CCU for monitoring overnight and observation.",
        "Unable to quiet x 10min; referred to PMD. Brought to IGD at 13.10 by her mother.",
    ] {
        assert!(
            words_with_reason(text, Reason::NamedFacility).is_empty(),
            "{text}"
        );
    }
}

#[test]
fn a_second_name_after_an_ampersand_joins_the_facility() {
    for text in [
        "The patient was admitted to Jubilee Mission Medical College & Research Institute with \
         fever after the second dose.",
        "THE PATIENT WAS ADMITTED TO JUBILEE MISSION MEDICAL COLLEGE & RESEARCH INSTITUTE WITH \
         FEVER AFTER THE SECOND DOSE.",
        "the patient was admitted to jubilee mission medical college & research institute with \
         fever after the second dose.",
    ] {
        let words: Vec<String> = words_with_reason(text, Reason::NamedFacility)
            .iter()
            .map(|w| w.to_lowercase())
            .collect();
        assert_eq!(words, ["research", "institute"], "{text}");
    }
    // not a hospital and a word that no facility head ends, nor an ampersand after no facility
    for text in [
        "She was seen at Mercy Hospital & Research labs were normal the next day after the dose.",
        "She works in Research & Development Institute of the company since last year, no rash.",
    ] {
        let words = words_with_reason(text, Reason::NamedFacility);
        assert!(
            !words
                .iter()
                .any(|w| ["Research", "labs", "Development", "Institute"].contains(&w.as_str())),
            "{text}: {words:?}"
        );
    }
}

#[test]
fn the_title_of_the_person_a_hospital_is_named_after_where_one_goes() {
    for text in [
        "La paciente fue trasladada al Hospital Dr. Rafael Ángel Calderón Guardia con fiebre.",
        "LA PACIENTE FUE TRASLADADA AL HOSPITAL DR. RAFAEL ÁNGEL CALDERÓN GUARDIA CON FIEBRE.",
        "la paciente fue trasladada al hospital dr. rafael ángel calderón guardia con fiebre.",
    ] {
        let words = words_with_reason(text, Reason::NamedFacility);
        assert!(
            words.iter().any(|w| w.eq_ignore_ascii_case("dr")),
            "{text}: {words:?}"
        );
    }
}

#[test]
fn our_lady_and_a_public_kind_inside_a_name_in_all_caps() {
    let text = "FACILITY TYPE VACCINE WAS HOSPITAL (OUR LADY OF LOURDES REGIONAL MEDICAL CENTER, \
                LAFAYETTE, LA). PATIENT HAD A FEVER.";
    let words = phi_words(text);
    for w in [
        "OUR", "LADY", "OF", "LOURDES", "REGIONAL", "MEDICAL", "CENTER",
    ] {
        assert!(words.contains(&w.to_string()), "{w}: {words:?}");
    }
}

#[test]
fn a_facility_name_after_of_and_a_hospital_word_of_another_language_before_an_unknown_word() {
    let lower = |v: Vec<String>| -> Vec<String> { v.iter().map(|w| w.to_lowercase()).collect() };
    for text in [
        "M.SC. STUDENT OF URBAN DESIGN AT HAFEZ INSTITUTE OF ART AND ARCHITECTURE, PART-TIME \
         DRAFTSWOMAN SINCE 2021.",
        "She is a student at Tehran Institute of Art and Architecture, and works part-time.",
    ] {
        let words = lower(phi_words(text));
        for w in ["of", "art", "and", "architecture"] {
            assert!(words.iter().any(|x| x == w), "{w}: {text}: {words:?}");
        }
    }
    let text =
        "M.SC. STUDENT OF URBAN DESIGN AT HAFEZ INSTITUTE OF ART AND ARCHITECTURE, PART-TIME \
                DRAFTSWOMAN SINCE 2021.";
    let words = words_with_reason(text, Reason::NamedFacility);
    assert_eq!(
        words,
        ["HAFEZ", "INSTITUTE", "OF", "ART", "AND", "ARCHITECTURE"],
        "{text}"
    );
    // not a clinical phrase after a hospital's name: "the Mercy Hospital of the city was full"
    let text = "She was seen at Mercy Hospital of the city and felt better the next day.";
    assert!(!phi_words(text).iter().any(|w| w == "city"), "{text}");
    // "dirujuk ke rsud wangaya": the unknown word after the hospital word, never released
    let text =
        "pasien muntah darah dan bab hitam, lalu dirujuk ke rsud wangaya: trombosit 18.000, \
                kreatinin 2,1 dan dirawat lima hari.";
    let words = words_with_reason(text, Reason::NamedFacility);
    assert_eq!(words, ["rsud", "wangaya"], "{text}");
}

#[test]
fn a_facility_named_in_facility_words_and_a_name_after_of_where_one_goes() {
    for (text, name) in [
        (
            "DTP GIVEN 14-08-96 AT NATIONAL INSTITUTE OF CHILD HEALTH, KARACHI.",
            &["NATIONAL", "INSTITUTE", "OF", "CHILD", "HEALTH"][..],
        ),
        (
            "PT WAS SEEN AT UNIVERSITY HOSPITAL OF THE WEST INDIES.",
            &["UNIVERSITY", "HOSPITAL", "OF", "THE", "WEST", "INDIES"][..],
        ),
        (
            "RECEIVED LYMERIX AT UNIVERSITY HOSPITAL OF THE WEST INDIES FOR PREVENTION OF LYME.",
            &["UNIVERSITY", "HOSPITAL", "OF", "THE", "WEST", "INDIES"][..],
        ),
        (
            "IS GRIEF COUNSELOR AT HOSPICE OF THE BLUEGRASS. SHE TESTED POSITIVE.",
            &["HOSPICE", "OF", "THE", "BLUEGRASS"][..],
        ),
        (
            "She has been under Regional Hospice of Western CT services for almost a year.",
            &["Regional", "Hospice", "of"][..],
        ),
    ] {
        assert_eq!(
            words_with_reason(text, Reason::NamedFacility),
            name,
            "{text}"
        );
    }
    let text = "She was referred to National Institute of Child Health (Karachi).";
    let words = phi_words(text);
    for w in ["National", "Institute", "of", "Child", "Health"] {
        assert!(words.iter().any(|x| x == w), "{w}: {words:?}");
    }
    // a hospital's phrase that names none: no "at"/"to" before it, or one word after "of"
    for text in [
        "ADMITTED TO HOSPITAL OF ORIGIN.",
        "PT WAS ADMITTED TO HOSPITAL OF THE REGION. SHE WAS WELL AFTER.",
        "The general hospital of the region was full, so she waited.",
        "she went to university hospital of her choice.",
    ] {
        assert!(
            words_with_reason(text, Reason::NamedFacility).is_empty(),
            "{text}"
        );
    }
}

#[test]
fn an_abbreviated_head_beside_a_name_is_never_released() {
    for (text, words) in [
        (
            "Dx ITP. Adm Jacobi Med Ctr 5/1/91, IVIG 1 g/kg x2.",
            &["Med", "Ctr"][..],
        ),
        (
            "EMS BROUGHT PT TO HENNEPIN COUNTY MED CTR ER MON 8/31/98.",
            &["MED", "CTR"][..],
        ),
        (
            "purpuric rash both lower legs. seen unm hosp er 12/1/97: plt 221, ua 2+ protein.",
            &["hosp"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, Reason::NamedFacility);
        for w in words {
            assert!(p.contains(&w.to_string()), "{w} in {text}: {p:?}");
        }
    }
    // a medicine is no facility: "med" beside no name
    for text in [
        "Pt took her BP med at 8pm; hosp stay 3 days.",
        "pt took her bp med at 8pm and had a hosp stay of 3 days.",
        "MED LIST REVIEWED.",
    ] {
        let p = crate::rules::words_with_reason(text, Reason::NamedFacility);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn whom_a_home_or_hospital_is_for() {
    for (text, words) in [
        (
            "ADMITTED 2/18/21. DISCHARGED TO SLOVENE HOME FOR THE AGED ON 2/23/21. REPORTER CONSIDERS AFIB RELATED.",
            &["HOME", "FOR", "THE", "AGED"][..],
        ),
        (
            "arm red & swollen. taken to bustamante hospital for children a&e, docket 95-20971. rx paracetamol, seen by the team.",
            &["hospital", "for", "children"][..],
        ),
    ] {
        let p = phi_words(text);
        for w in words {
            assert!(p.contains(&w.to_string()), "{w} in {text}: {p:?}");
        }
    }
    let p = phi_words("She was admitted to the hospital for the elderly patients' ward.");
    assert!(!p.contains(&"for".to_string()), "{p:?}");
}

#[test]
fn a_facilitys_own_article_inside_a_sentence() {
    let named = |text: &str| words_with_reason(text, Reason::NamedFacility);
    for text in [
        "She received the vaccine at The Miriam Hospital. Relevant history: none.",
        "She was admitted to the ICU of The Medical City on 3 May.",
    ] {
        assert!(named(text).contains(&"The".to_string()), "{text}");
    }
    // a sentence's first word, a heading's, and where capitals say nothing
    for text in [
        "Seen at Mercy Hospital. The Miriam Hospital reported the case.",
        "Source: The Miriam Hospital",
        "SEEN AT THE MIRIAM HOSPITAL ON 3 MAY.",
    ] {
        assert!(
            !named(text).iter().any(|w| w.eq_ignore_ascii_case("the")),
            "{text}"
        );
    }
}

#[test]
fn a_stadium_named_after_a_name_the_rules_hold() {
    let named = words_with_reason(
        "EPIPEN GIVEN BY STAFF AT VACCINATION CLINIC (M&T BANK STADIUM, 01/14/2021).",
        Reason::NamedFacility,
    );
    assert!(
        named.contains(&"BANK".to_string()) && named.contains(&"STADIUM".to_string()),
        "{named:?}"
    );
    // no name before it
    let named = words_with_reason("vaccinated at the stadium on 1/14", Reason::NamedFacility);
    assert!(named.is_empty(), "{named:?}");
}

#[test]
fn the_capitalised_words_between_a_place_and_its_facility_head() {
    let named = phi_words;
    let n = named("Letter from Nature Isle Diabetes and Endocrine Clinic\n18 Hillsborough Street");
    for w in ["Diabetes", "and", "Endocrine", "Clinic"] {
        assert!(n.contains(&w.to_string()), "{w}: {n:?}");
    }
    // where capitals say nothing, or with no head after them
    assert!(named(
        "letter from roseau diabetes and endocrine clinic, 18 hillsborough street, roseau"
    )
    .iter()
    .all(|w| w != "diabetes"));
    let n = named("Seen in Roseau Diabetes and Endocrine follow-up today.");
    assert!(!n.contains(&"Diabetes".to_string()), "{n:?}");
    let n = named("irritability, bulging Roseau. Admitted Hospital Infantil Darcy Vargas");
    assert!(!n.contains(&"Admitted".to_string()), "{n:?}");
}
