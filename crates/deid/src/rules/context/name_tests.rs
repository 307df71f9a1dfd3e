//! Tests of the name rules of `rules/context` that read a person's name from what surrounds it:
//! a title or relation word and the surname after the given name, the Pfizer form's brackets,
//! a bracket that says who, the person's age, a clause's verb, and side-by-side names in ALL CAPS
//! (`rules/context/name_pairs`). Split from `rules/context/tests` to keep files short.
use crate::rules::Reason;

#[test]
fn a_surname_after_a_given_name_a_title_introduced_is_as_certain_as_the_given_name() {
    // the model read the colour and released "WHITE"; the rules know the whole name
    for (text, word) in [
        (
            "10/24/96 SEEN DR ARNOLD WHITE: WBC 12.7, ESR 55. RX KEFLEX 500 QID.",
            "WHITE",
        ),
        (
            "Follow-up with Dr. Grace Brown next week for the rash on her arms.",
            "Brown",
        ),
    ] {
        let p = crate::rules::words_with_reason(text, Reason::RelationName);
        assert!(p.contains(&word.to_string()), "{word}: {text}: {p:?}");
    }
    // a third word after a surname found this way stays a guess the model may overrule
    let p = crate::rules::words_with_reason(
        "SEEN DR ARNOLD WHITE BROWN TODAY FOR THE RASH ON HIS ARMS.",
        Reason::RelationName,
    );
    assert!(!p.contains(&"BROWN".to_string()), "{p:?}");
    // where capitals mean something, words not written as names are no certain name
    for (text, word) in [
        (
            "Pt dev pain in arms & legs which inc til unable to walk.",
            "pain",
        ),
        (
            "Infant fed alot on 16DEC91 found dead by father SID death-no autopsy;",
            "death",
        ),
    ] {
        let p = crate::rules::words_with_reason(text, Reason::RelationName);
        assert!(!p.contains(&word.to_string()), "{text}: {p:?}");
    }
}

#[test]
fn the_name_in_the_forms_bracket_after_patient_is_certain() {
    for (text, want) in [
        (
            "this is a spontaneous report from a contactable other hcp (patient, joy hill, \
             406-555-0152). a 52-year-old female patient received the vaccine.",
            &["joy", "hill"][..],
        ),
        (
            "This is a spontaneous report from a contactable other HCP (Patient, Morag Rose \
             Campbell, a health visitor). A 40-year-old female patient received BNT162B2.",
            &["Morag", "Rose", "Campbell"][..],
        ),
        (
            "A SPONTANEOUS REPORT FROM A CONTACTABLE OTHER HCP (PATIENT, ANGEL MARIE THIBODEAUX, A \
             RESPIRATORY THERAPIST). A 40-YEAR-OLD FEMALE PATIENT RECEIVED THE VACCINE.",
            &["ANGEL", "MARIE", "THIBODEAUX"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, Reason::RelationName);
        for w in want {
            assert!(p.contains(&w.to_string()), "{w}: {text}: {p:?}");
        }
    }
    // what follows "patient," that is no name
    for text in [
        "a spontaneous report from a contactable consumer (patient, self) who received the vaccine.",
        "a spontaneous report from a contactable nurse (patient, unspecified age) who received it.",
        "a spontaneous report from a contactable nurse (patient, 52 years old) who received it.",
        "A report from a contactable nurse (patient, female) who received the vaccine in her arm.",
    ] {
        let p = crate::rules::words_with_reason(text, Reason::RelationName);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn a_given_name_and_ordinary_words_in_brackets_after_a_who_word_are_a_name() {
    for (text, want) in [
        (
            "A REPORT FROM THE MOTHER OF A 5-YEAR-OLD FEMALE (AUTUMN LITTLE BEAR) WHO ON 02 JUL 92 \
             WAS VACCINATED.",
            &["AUTUMN", "LITTLE", "BEAR"][..],
        ),
        (
            "a spontaneous report from a contactable consumer (pat lynn white, 870-555-0117). a \
             44-year-old female patient received the vaccine.",
            &["pat", "lynn", "white"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, Reason::RelationName);
        for w in want {
            assert!(p.contains(&w.to_string()), "{w}: {text}: {p:?}");
        }
    }
    // no given name first, a stop word, or a bracket that goes on: no name
    for text in [
        "a spontaneous report from a contactable consumer (patient herself) who received the dose.",
        "the patient (may have had a fever) was seen by her doctor the next morning at home.",
        "a report from a contactable nurse (grace period of two weeks) about a patient with rash.",
    ] {
        let p = crate::rules::words_with_reason(text, Reason::RelationName);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn an_everyday_given_name_before_a_surname_and_the_persons_age() {
    for (text, want) in [
        (
            "Pat Brown, 45, developed hives after the vaccine and went to urgent care.",
            &["Pat", "Brown"][..],
        ),
        (
            "will chavez, 29, bus driver for gallup schools, got the shot on 3/3 and had a rash.",
            &["will", "chavez"][..],
        ),
        (
            "WILL CHAVEZ (29) GOT THE SHOT ON 3/3 AND HAD A RASH ON BOTH ARMS THE NEXT DAY.",
            &["WILL", "CHAVEZ"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, Reason::RelationName);
        for w in want {
            assert!(p.contains(&w.to_string()), "{w}: {text}: {p:?}");
        }
    }
    // a word not written as a name where capitals mean something, a relation word
    for text in [
        "We will Chavez, 29, said the nurse when she read the list out loud in the room.",
        "Hx: penicillin allergy; asthma. Son Faisal, 19, vaccinated same day w/o rxn.",
    ] {
        let p = crate::rules::words_with_reason(text, Reason::RelationName);
        assert!(
            !p.iter().any(|w| w == "Pat" || w == "will"),
            "{text}: {p:?}"
        );
    }
}

#[test]
fn a_given_name_and_a_surname_side_by_side_in_all_caps() {
    let related = |text: &str| crate::rules::words_with_reason(text, Reason::RelationName);
    for (text, want) in [
        (
            "SPOKE WITH PT'S WIFE TODAY; SHE SAYS PETER JOHNSON IS DOING BETTER BUT STILL TIRED.",
            &["PETER", "JOHNSON"][..],
        ),
        (
            "ANTONIO WHITE CALLED ON 2/2/21 TO REPORT THAT HER DAUGHTER HAD A FEVER OF 102.",
            &["ANTONIO", "WHITE"][..],
        ),
    ] {
        let p = related(text);
        for w in want {
            assert!(p.contains(&w.to_string()), "{w}: {text}: {p:?}");
        }
    }
    // clinical words the name lists hold, a street, and any pair where capitals mean something
    for text in [
        "SEVERE ABD PAIN STARTED 10 HOURS AFTER THE VACCINE AND LASTED UNTIL THE NEXT MORNING.",
        "SHE CAME BACK TO THE CLINIC ON FREDERICK AVE, WHICH WAS CLOSED BUT SAT IN THE LOT.",
        "pt exp severe abd pain after the vaccine and was seen in the ER the next morning.",
    ] {
        let p = related(text);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn a_name_right_before_a_bracket_that_says_who() {
    let related = |text: &str| crate::rules::words_with_reason(text, Reason::RelationName);
    for (text, want) in [
        (
            "information was received from eusebia brown (mother) regarding her son who developed a rash.",
            &["eusebia", "brown"][..],
        ),
        (
            "INFORMATION WAS RECEIVED FROM MALIK GÜÇLÜ (MOTHER) REGARDING HER SON WHO DEVELOPED A RASH.",
            &["MALIK", "GÜÇLÜ"][..],
        ),
    ] {
        let p = related(text);
        for w in want {
            assert!(p.contains(&w.to_string()), "{w}: {text}: {p:?}");
        }
    }
    // no name list holds any word before it, or a clinical phrase
    for text in [
        "the rash was reported by the school nurse (mother) on the next day after the dose.",
        "She was seen and treated with antibiotics (patient) and went home the same day.",
    ] {
        let p = related(text);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn a_name_at_a_clauses_start_before_a_verb_a_person_does() {
    let related = |text: &str| crate::rules::words_with_reason(text, Reason::RelationName);
    for (text, want) in [
        (
            "joshua smith was seen in the er on 1/10/21 for chest pain and shortness of breath.",
            &["joshua", "smith"][..],
        ),
        (
            "JOSHUA HERING CALLED ON 2/2/21 TO REPORT THAT HER DAUGHTER HAD A FEVER OF 102.",
            &["JOSHUA", "HERING"][..],
        ),
        (
            "Pat Brown developed hives after the vaccine and went to urgent care the next day.",
            &["Pat", "Brown"][..],
        ),
        (
            "amy young called on 2/2/21 to report that her daughter had a fever of 102 after it.",
            &["amy", "young"][..],
        ),
    ] {
        let p = related(text);
        for w in want {
            assert!(p.contains(&w.to_string()), "{w}: {text}: {p:?}");
        }
    }
    for text in [
        "foster parent states 30 mins past vax pt stated was sleepy and had a fever of 101.",
        "Seen by MD 21OCT92; ELISA study was performed which indicated borderline results.",
    ] {
        let p = related(text);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn a_surname_the_stop_words_hold_after_a_titled_given_name() {
    let related = |text: &str| crate::rules::words_with_reason(text, Reason::RelationName);
    for (text, word) in [
        (
            "the vaccine was administered by nurse lukas young and the patient felt dizzy after.",
            "young",
        ),
        (
            "my wife amy little had a fever and chills after the second dose of the vaccine.",
            "little",
        ),
    ] {
        let p = related(text);
        assert!(p.contains(&word.to_string()), "{word}: {text}: {p:?}");
    }
    for (text, word) in [
        (
            "she was seen by dr mark will see her again next week for the rash.",
            "will",
        ),
        (
            "the nurse said wife amy may call back tomorrow about the rash on her arm.",
            "may",
        ),
        (
            "13/3 830am wife sarah found him confused + slurred speech, ?tia, 999 called.",
            "found",
        ),
    ] {
        let p = related(text);
        assert!(!p.contains(&word.to_string()), "{word}: {text}: {p:?}");
    }
}
