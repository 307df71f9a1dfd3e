//! Tests of `rules/place/suffix`: towns of two words, state codes after towns, towns after
//! postcodes, names before a town and its state. Split from `rules/place/suffix` to keep files
//! short.
use crate::rules::{words_with_reason, Reason};

#[test]
fn a_town_right_after_its_postcode() {
    for (text, town) in [
        (
            "REFERRING TO HERSELF, SZABÓ ILDIKÓ, OF 1137 BUDAPEST, POZSONYI ÚT 38.",
            "BUDAPEST",
        ),
        (
            "Adresse : 12 rue Oberkampf, 75011 Paris. Pas d'allergie.",
            "Paris",
        ),
    ] {
        let p = words_with_reason(text, Reason::PlaceName);
        assert!(p.contains(&town.to_string()), "{town} in {text}: {p:?}");
    }
    // no phrase closes after it
    let p = words_with_reason(
        "DOSE 2 OF 1137 BUDAPEST LOT FROM THE SITE.",
        Reason::PlaceName,
    );
    assert!(!p.contains(&"BUDAPEST".to_string()), "{p:?}");
}

#[test]
fn a_town_of_a_place_and_a_place_word() {
    for (text, town) in [
        (
            "RESIDENT AT CEDAR HOLLOW MANOR, TRAVERSE CITY MI, PFIZER DOSE 1 (LOT EL9262) 1/12/21.",
            &["TRAVERSE", "CITY"][..],
        ),
        (
            "pt is a hog confinement manager at a farm near iowa falls; 2wk p/vax pt noticed a rash.",
            &["iowa", "falls"],
        ),
        // the town's first word too, where the place list holds the three words as one
        (
            "pt devel herpes zoster (seen at primary children's hospital, salt lake city, ut); no labs",
            &["salt", "lake", "city"],
        ),
    ] {
        let p = words_with_reason(text, Reason::PlaceName);
        for w in town {
            assert!(p.contains(&w.to_string()), "{w} in {text}: {p:?}");
        }
    }
    // no phrase closes after the place word
    let p = words_with_reason(
        "the patient from iowa falls within the study's age group and had a fever.",
        Reason::PlaceName,
    );
    assert!(!p.contains(&"falls".to_string()), "{p:?}");
}

#[test]
fn a_town_of_two_ordinary_words_where_a_town_stands() {
    for (text, town) in [
        (
            "SZ 3/4/96. TRANSFER TO ARKANSAS CHILDREN'S HOSPITAL, LITTLE ROCK, ON LIFE SUPPORT.",
            ["LITTLE", "ROCK"],
        ),
        (
            "she moved to grand rapids, michigan last year and was well until the second dose.",
            ["grand", "rapids"],
        ),
        (
            "the patient (dwight honeycutt, 64, tobacco farmer near four oaks) had anaphylaxis",
            ["four", "oaks"],
        ),
        (
            "She was born in 1929 near Many Farms and herded sheep all her life until the fall.",
            ["Many", "Farms"],
        ),
    ] {
        let p = words_with_reason(text, Reason::PlaceName);
        for w in town {
            assert!(p.contains(&w.to_string()), "{w} in {text}: {p:?}");
        }
    }
    for text in [
        "pt noted numbness of left hand, resolved in approx 1 hour, no other symptoms.",
        "inj site began to swell immed to size of golf ball;w/in a few min ice was applied",
        "pain near left hand, resolved in approx 1 hour, no other symptoms were reported.",
    ] {
        let p = words_with_reason(text, Reason::PlaceName);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn a_state_code_after_a_town_closing_the_phrase_in_any_case() {
    for (text, code) in [
        ("pt to er at reid hospital, richmond in; mom amber called the clinic the next day", "in"),
        ("Vaccine given at the County Health Dept, Orangeburg SC. 10/28/96 c/o numbness of feet", "SC"),
        ("SEEN AT FORD COUNTY HEALTH DEPT, DODGE CITY KS (MMR LOT M3472, SC R ARM). FEVER NOTED", "KS"),
        ("mmr given 3/19/97 at lee county health dept, tupelo ms, for kindergarten entry at school", "ms"),
        // after a town a name list holds too, before "&" or ";"
        ("opv/hep b 27oct92 @ hinds county health dept jackson ms & exp fever starting that evening", "ms"),
        ("pt (15 yo wf) recvd td @ griffin hospital derby ct; next am arm sore, unable to lift", "ct"),
        // before a date
        ("Chest xray, blood work @ Good Sam, Dayton OH 11/8/99", "OH"),
        // after the town's comma, a code no word is spelled like, whatever follows
        ("rec'd 4/90 w/engerix-b at employee health, chattanooga, tn 1-2 days post vaccine", "tn"),
    ] {
        let p = words_with_reason(text, Reason::PlaceName);
        assert!(p.contains(&code.to_string()), "{code} in {text}: {p:?}");
    }
    let p = words_with_reason(
        "SEEN AT FORD COUNTY HEALTH DEPT, DODGE CITY KS (MMR LOT M3472, SC R ARM). FEVER NOTED",
        Reason::PlaceName,
    );
    assert!(p.contains(&"DODGE".to_string()), "{p:?}");
    // no phrase closes after the word, or it is no code in a text with capitals
    for text in [
        "She stayed in richmond in the summer and had no reaction to the first dose at all.",
        "The patient moved to Richmond, in the spring, and had no reaction to the first dose.",
        "a history of ms & htn; the mri and the ct; fine since",
        "pt was drifting in & out of sleep, seemed fussy",
        "The patient stayed in Richmond in 2019 and had no reaction to the first dose at all.",
        "Electronically signed: L. Okafor-Briggs, MD 11/04/2025 03:40",
        "pt from jackson, ms 2 yrs; seen in richmond, in 2 days",
        "She was taken to Kettering, CT showed a small bleed and she went home in 2 days",
    ] {
        let p = words_with_reason(text, Reason::PlaceName);
        assert!(
            !p.iter()
                .any(|w| matches!(w.as_str(), "in" | "ms" | "MD" | "CT")),
            "{text}: {p:?}"
        );
    }
}

#[test]
fn a_name_alone_in_brackets_before_its_town_and_state() {
    let org = words_with_reason(
        "SHE IS NOW IN ANOTHER WORKPLACE (BATH IRON WORKS, BATH, ME) - WILL SEE A RHEUMATOLOGIST",
        Reason::Company,
    );
    assert_eq!(org, ["BATH", "IRON", "WORKS"]);
    // a sentence in brackets is no name
    let org = words_with_reason(
        "she got the shot last week (she lives in mobile, al) and had a fever for two days.",
        Reason::Company,
    );
    assert!(org.is_empty(), "{org:?}");
}

#[test]
fn a_town_that_is_an_everyday_word_before_a_comma_and_its_state_code() {
    for (text, town) in [
        ("the patient, a 45 yo female from mobile, al, received the vaccine and had hives.", ["mobile", "al"]),
        ("SHE IS NOW IN ANOTHER WORKPLACE (BATH IRON WORKS, BATH, ME) - WILL SEE A RHEUMATOLOGIST", ["BATH", "ME"]),
        ("THE PATIENT, A 45 YO FEMALE FROM NORMAL, IL, RECEIVED THE VACCINE AND HAD HIVES.", ["NORMAL", "IL"]),
    ] {
        let p = words_with_reason(text, Reason::PlaceName);
        for w in town {
            assert!(p.contains(&w.to_string()), "{w} in {text}: {p:?}");
        }
    }
    // no place before it, or no comma: an everyday word
    for text in [
        "her labs were normal, in the clinic she felt fine and went home after the dose.",
        "the patient was given a bath, me and my wife stayed with her all night long.",
    ] {
        let p = words_with_reason(text, Reason::PlaceName);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}
