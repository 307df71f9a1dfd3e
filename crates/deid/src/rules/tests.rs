use super::*;

fn verdicts(text: &str) -> Vec<(String, bool)> {
    let engine = RuleEngine::embedded();
    let doc = Tokenized::new(text);
    let out = engine.apply(&doc, &OffsetMap::new(text));
    (0..doc.len())
        .map(|i| (doc.token_text(i).to_string(), out.rules[i].phi))
        .collect()
}

#[test]
fn local_festivals_are_holidays() {
    for (text, festival) in [
        (
            "Fever began ten days after Timket and lasted a week.",
            "Timket",
        ),
        (
            "since chongyang festival my cousin has looked after her",
            "chongyang",
        ),
        (
            "DISCHARGED BEFORE THIRUVONAM WITH RESIDUAL DISEASE",
            "THIRUVONAM",
        ),
    ] {
        // a holiday word, which the combination never releases (the model released them)
        let engine = RuleEngine::embedded();
        let doc = Tokenized::new(text);
        let out = engine.apply(&doc, &OffsetMap::new(text));
        let i = (0..doc.len())
            .find(|&i| doc.token_text(i) == festival)
            .unwrap();
        assert!(
            out.rules[i].phi && out.rules[i].features.has(Feature::IsHoliday),
            "{festival}"
        );
    }
}

#[test]
fn countries_and_states_written_out_are_place_names_but_not_english_words() {
    let engine = RuleEngine::embedded();
    let text = "He flew in from the Philippines to PENNSYLVANIA and ate turkey in Chad's diner.";
    let doc = Tokenized::new(text);
    let out = engine.apply(&doc, &OffsetMap::new(text));
    let reason = |w: &str| {
        let i = (0..doc.len()).find(|&i| doc.token_text(i) == w).unwrap();
        out.rules[i].reason
    };
    assert_eq!(reason("Philippines"), Reason::PlaceName);
    assert_eq!(reason("PENNSYLVANIA"), Reason::PlaceName);
    assert_ne!(reason("turkey"), Reason::PlaceName);
    assert_ne!(reason("Chad"), Reason::PlaceName);
    // every letter of an abbreviated country, in any case; not the article after it
    for text in [
        "cases were reported in the u.s.a. and a few in canada after the second dose",
        "CASES WERE REPORTED IN THE U.S.A. AND A FEW IN CANADA AFTER THE SECOND DOSE",
    ] {
        let doc = Tokenized::new(text);
        let out = engine.apply(&doc, &OffsetMap::new(text));
        let reasons: Vec<_> = (0..doc.len())
            .map(|i| (doc.token_text(i).to_ascii_lowercase(), out.rules[i].reason))
            .collect();
        let place: Vec<&str> = reasons
            .iter()
            .filter(|(_, r)| *r == Reason::PlaceName)
            .map(|(w, _)| w.as_str())
            .collect();
        assert_eq!(place, ["u", "s", "a", "canada"], "{text}: {reasons:?}");
    }
}

#[test]
fn eves_and_carnival_days_no_calendar_lists_are_dates_in_any_case() {
    // the `holidays` calendars name neither France's Réveillon nor Finland's bare juhannus;
    // `lexicons/build.py` lists them, and a holiday is never released
    for text in [
        "The day after Réveillon he went to a drive-up clinic.",
        "came down w/a cold on juhannus, went into coma",
        "SEEN ON ROSENMONTAG AND AGAIN AT HOGMANAY",
        "syncope at la Saint-Sylvestre while on azithromycin",
    ] {
        let doc = Tokenized::new(text);
        let out = RuleEngine::embedded().apply(&doc, &OffsetMap::new(text));
        let holidays: Vec<String> = (0..doc.len())
            .filter(|&i| out.rules[i].features.has(Feature::IsHoliday))
            .map(|i| doc.token_text(i).to_lowercase())
            .collect();
        assert!(
            [
                "réveillon",
                "juhannus",
                "rosenmontag",
                "hogmanay",
                "sylvestre"
            ]
            .iter()
            .any(|h| holidays.iter().any(|w| w.contains(h))),
            "{text}: {holidays:?}"
        );
    }
    // the English words around them stay words
    assert!(phi_words("The day after the party he went to a clinic.").is_empty());
}

#[test]
fn contractions_are_safe_but_initials_are_not() {
    let v = verdicts("It\u{2019}s fine, don't worry. Seen by J. Smith's nurse.");
    let phi = |t: &str| v.iter().find(|(w, _)| w == t).unwrap().1;
    assert!(!phi("s") && !phi("t"), "{v:?}");
    assert!(phi("J") && phi("Smith"), "{v:?}");
}

#[test]
fn digits_are_never_safe_and_unsafe_wins_over_safe() {
    let v = verdicts("took 25 mg on Monday in Boston with fever");
    let phi = |t: &str| v.iter().find(|(w, _)| w == t).unwrap().1;
    assert!(phi("25") && phi("Monday") && phi("Boston"));
    assert!(!phi("took") && !phi("mg") && !phi("fever") && !phi("with"));
}

/// One reason of each kind. Exhaustive over the generated vocabulary, as `Reason::kind` is
/// over the engine's reasons: a reason in the TOML file without a Rust variant (or the other
/// way round) stops this module from compiling.
fn example(kind: RuleReason) -> Reason {
    match kind {
        RuleReason::Pattern => Reason::Pattern(PhiType::MedicalRecord),
        RuleReason::Digit => Reason::Digit,
        RuleReason::Unsafe => Reason::Unsafe(Feature::IsMonth.name()),
        RuleReason::SingleCapital => Reason::SingleCapital,
        RuleReason::AfterSalutation => Reason::AfterSalutation,
        RuleReason::TimeOfDay => Reason::TimeOfDay,
        RuleReason::RelativeTime => Reason::RelativeTime,
        RuleReason::LotNumber => Reason::LotNumber,
        RuleReason::Measurement => Reason::Measurement,
        RuleReason::FieldLabel => Reason::FieldLabel,
        RuleReason::Title => Reason::Title,
        RuleReason::Regulator => Reason::Regulator,
        RuleReason::LocalWord => Reason::LocalWord,
        RuleReason::FunctionWord => Reason::FunctionWord,
        RuleReason::DrugName => Reason::DrugName,
        RuleReason::PhiCue => Reason::PhiCue,
        RuleReason::RelationName => Reason::RelationName,
        RuleReason::PlaceName => Reason::PlaceName,
        RuleReason::NamedFacility => Reason::NamedFacility,
        RuleReason::AddressWord => Reason::AddressWord,
        RuleReason::GenericPlace => Reason::GenericPlace,
        RuleReason::Context => Reason::Context,
        RuleReason::Company => Reason::Company,
        RuleReason::Signature => Reason::Signature,
        RuleReason::Eponym => Reason::Eponym,
        RuleReason::Shorthand => Reason::Shorthand,
        RuleReason::MedicalField => Reason::MedicalField,
        RuleReason::Unknown => Reason::Unknown,
        RuleReason::Safe => Reason::Safe,
    }
}

#[test]
fn every_reason_is_named_and_explained_by_the_definitions() {
    for kind in RuleReason::ALL {
        let reason = example(kind);
        assert_eq!(reason.kind(), kind);
        let json = serde_json::to_value(reason).unwrap();
        assert_eq!(json["rule"], kind.name(), "{reason:?}");
        // a detail exactly where the definitions say there is one, and explained with it
        assert_eq!(
            json.get("detail").is_some(),
            kind.detail().is_some(),
            "{reason:?}"
        );
        assert_eq!(
            reason.detail().is_some(),
            kind.detail().is_some(),
            "{reason:?}"
        );
        assert_eq!(
            kind.explanation().contains("{detail}"),
            kind.detail().is_some()
        );
        let label = reason.label();
        assert!(label.starts_with(kind.name()), "{label}");
    }
    // the serialised form serde's adjacently tagged derive wrote before the names were shared
    let json = |r: Reason| serde_json::to_string(&r).unwrap();
    assert_eq!(
        json(Reason::Pattern(PhiType::MedicalRecord)),
        r#"{"rule":"pattern","detail":"MEDICAL_RECORD"}"#
    );
    assert_eq!(
        json(Reason::Unsafe("is-month")),
        r#"{"rule":"unsafe","detail":"is-month"}"#
    );
    assert_eq!(json(Reason::TimeOfDay), r#"{"rule":"time-of-day"}"#);
    assert_eq!(
        json(Reason::AfterSalutation),
        r#"{"rule":"after-salutation"}"#
    );
    // the app's labels
    assert_eq!(
        Reason::Pattern(PhiType::MedicalRecord).label(),
        "pattern:MEDICALRECORD"
    );
    assert_eq!(Reason::Unsafe("is-month").label(), "unsafe:is-month");
    assert_eq!(Reason::SingleCapital.label(), "single-capital");
    assert_eq!(
        serde_json::to_string(&Feature::IsWrittenOutNumber).unwrap(),
        r#""is-written-out-number""#
    );
}
