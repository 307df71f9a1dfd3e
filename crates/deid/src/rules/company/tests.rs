use crate::rules::{phi_words, words_with_reason, Reason};

#[test]
fn a_numbered_school_and_a_school_for_girls_after_an_occupation() {
    for (text, org) in [
        (
            "Ali, 58 years, male, mathematics teacher at the 71st Intermediate School \
             (Ministry of Education), had a rash.",
            // (the ordinal keeps its reason, a digit's: masked by the rules too)
            &["Intermediate", "School"][..],
        ),
        (
            "Her husband (58), a teacher at Kufr Yuba Secondary School for Boys, called.",
            &["Kufr", "Yuba", "Secondary", "School", "for", "Boys"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert_eq!(p, org, "{text}");
    }
}

#[test]
fn a_school_district_after_an_occupation_and_a_port_before_its_place() {
    for (text, org) in [
        (
            "The patient, a bus driver for Tuscarawas Valley Local Schools, received dose 2.",
            &["Tuscarawas", "Valley", "Local", "Schools"][..],
        ),
        (
            "pt is a retired school cafeteria cook w/ jackson public schools, rcvd pneumovax.",
            &["jackson", "public", "schools"][..],
        ),
        (
            "A vaccination campaign for dock workers at the Port of Antwerp, Zandvliet.",
            &["Port", "of", "Antwerp"][..],
        ),
        (
            "HE WAS A CUSTOMS OFFICER OF THE PORT OF ORAN. HE LIVES WITH US.",
            &["PORT", "OF", "ORAN"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert_eq!(p, org, "{text}");
    }
    for text in [
        "The port of the PICC line was flushed; port of entry Houston.",
        "She is a teacher at the school. He was seen at the district clinic.",
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn a_claims_company_and_a_family_business() {
    for (text, org) in [
        (
            "He is a gold miner working a claim for Kaieteur Gold Ventures near Mahdia.",
            &["Kaieteur", "Gold", "Ventures"][..],
        ),
        (
            "RETIRED OLIVE FARMER; OWNER OF THE BANI HANI OLIVE PRESS IN KUFR YUBA.",
            &["BANI", "HANI", "OLIVE", "PRESS"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert_eq!(p, org, "{text}");
    }
}

#[test]
fn an_employer_named_right_after_a_cue() {
    for (text, org) in [
        (
            "pt works part-time at tim hortons on upper james, worried about her shifts.",
            &["tim", "hortons"][..],
        ),
        ("She works at Bunnings in Ringwood.", &["Bunnings"][..]),
        ("Employer: Ford Motor Co.", &["Ford", "Motor", "Co"][..]),
        (
            "fat deposit on liver; employer NM Dept of Transportation; SSN 525-71-4408",
            &["NM", "Dept", "of", "Transportation"][..],
        ),
        (
            "fat deposit on liver; employer nm dept of transportation; ssn 525-71-4408",
            &["nm", "dept", "of", "transportation"][..],
        ),
        (
            "FAT DEPOSIT ON LIVER; EMPLOYER NM DEPT OF TRANSPORTATION; SSN 525-71-4408",
            &["NM", "DEPT", "OF", "TRANSPORTATION"][..],
        ),
        (
            "social: retired from boeing after 30 yrs on the line, lives with his wife.",
            &["boeing"][..],
        ),
        (
            "volunteers at the Salvation Army on weekends",
            &["Salvation", "Army"][..],
        ),
        (
            "dad is a delivery driver for uber, home late.",
            &["uber"][..],
        ),
        (
            "PT IS A RETIRED ASSEMBLY LINE WORKER, MEMBER OF UAW LOCAL 696. SON VISITED.",
            // (the number keeps its reason, a digit's: masked by the rules too)
            &["UAW", "LOCAL"][..],
        ),
        // a listed company in ordinary words, and the site after it
        (
            "annual follow up; mom amber birdsong (cashier at dollar general) called the clinic.",
            &["dollar", "general"][..],
        ),
        (
            "Two reports for two patients, both employees of the Tyson Foods plant in Noel, Missouri.",
            &["Tyson", "Foods", "plant"][..],
        ),
        (
            "HE WORKS AT HOME DEPOT AS A STOCKER AND WAS WELL UNTIL THE SECOND DOSE OF VACCINE.",
            &["HOME", "DEPOT"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert_eq!(p, org, "{text}");
    }
    for text in [
        "He works at home. She works at the hospital. He works at a school in town.",
        "She works at night and works for herself.",
        "employer unknown; employer: self employed; employer: retired school teacher of pt.",
        "she works for now at a desk job and feels well; the employees of the month were named.",
        "She is a member of staff; a member of the church choir.",
        "He retired from teaching in 2010; a nurse with diabetes; the driver at night.",
        "The patient is employed by the hospital and so went to the ER; seen by Dr Lee.",
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn an_organisation_after_an_employer_cue() {
    let text =
        "THE PATIENT WORKS AT NATIONAL NEWSPAPER CORPORATION OF THE PHILIPPINES IN QUEZON CITY.";
    let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
    assert_eq!(
        p,
        [
            "NATIONAL",
            "NEWSPAPER",
            "CORPORATION",
            "OF",
            "THE",
            "PHILIPPINES"
        ]
    );
    let p = crate::rules::words_with_reason(
        "She works for the Department of Motor Vehicles in Salem.",
        crate::rules::Reason::Company,
    );
    assert_eq!(p, ["Department", "of", "Motor", "Vehicles"]);
    // after an occupation the recognizers found
    for (text, org) in [
        (
            "pt's father is a civil servant with kano state water board.",
            &["kano", "state", "water", "board"][..],
        ),
        (
            "pt's father is a civil servant w/ fct water board. add: plot 1147",
            &["fct", "water", "board"][..],
        ),
        (
            "Her husband, Mrs Chiamaka Okonkwo, a banker with Access Bank (Wuse II branch), \
             lives in Abuja.",
            &["Access", "Bank"][..],
        ),
        (
            "PATIENT: JOHN KAPI WARE, 35 YRS, M, SECURITY GUARD AT OK TEDI MINING LTD, TABUBIL.",
            &["OK", "TEDI", "MINING", "LTD"][..],
        ),
        (
            "Patient: Ahmed Ben Salah, an accountant at the Municipality of Sfax (ignored).",
            &["Municipality", "of", "Sfax"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert_eq!(p, org, "{text}");
    }
    assert!(crate::rules::words_with_reason(
        "Patient: Ana Ruiz, 40, a nurse at the Royal Free Hospital, and a teacher at a school.",
        crate::rules::Reason::Company
    )
    .is_empty());
    for text in [
        "She works at a bank in town.",
        "She works at the bank in town.",
        "She works for the department of health, and her husband",
        "She works at the hospital as a nurse.",
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn company_names_keep_their_and() {
    let p = phi_words("The patient works at Bell and Sons in Blackville since May.");
    for w in ["Bell", "and", "Sons"] {
        assert!(p.contains(&w.to_string()), "{w}: {p:?}");
    }
    let p = phi_words(
        "the patient works at bell and sons in blackville. she has no fever or rash today.",
    );
    for w in ["bell", "and", "sons"] {
        assert!(p.contains(&w.to_string()), "{w}: {p:?}");
    }
    let p = phi_words("The patient works at Burns, Mendoza and Reed in Shannonhaven.");
    for w in ["Burns", "Mendoza", "and", "Reed"] {
        assert!(p.contains(&w.to_string()), "{w}: {p:?}");
    }
    let p = phi_words(
        "the patient works at ray-turner in north kevin. she has no fever or rash today.",
    );
    assert!(p.contains(&"ray".to_string()), "{p:?}");
    let p = phi_words("the patient works at barnes, smith and best in weissview. she works at young ltd in turnerside.");
    for w in ["barnes", "smith", "and", "best", "young", "ltd"] {
        assert!(p.contains(&w.to_string()), "{w}: {p:?}");
    }
    let p = phi_words("She works at home, nights and weekends in retail. No fever.");
    assert!(!p.contains(&"and".to_string()), "{p:?}");
    let p = phi_words("Pt seen with Mary and son today; vitals stable, no fever.");
    assert!(!p.contains(&"son".to_string()), "{p:?}");
    // a son is not a company; "and" between other words stays safe
    let p = phi_words("She lives with her husband and sons. Fever and chills resolved.");
    assert!(!p.contains(&"and".to_string()), "{p:?}");
}

#[test]
fn a_co_op_and_the_words_of_its_name() {
    for (text, org) in [
        (
            "The patient (a retired grain elevator operator for West Union Co-op) received Shingrix.",
            &["West", "Union", "Co", "op"][..],
        ),
        (
            "pt a retired grain elevator operator for west union co-op, rcvd shingrix 2/3/21.",
            &["west", "union", "co", "op"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert_eq!(p, org, "{text}");
    }
    // a co-op that no name comes before
    for text in [
        "She does the shopping at the co-op every week and had no reaction to the first dose.",
        "She does the shopping at my Co-op every week and had no reaction to the first dose.",
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert!(p.is_empty(), "{text}: {p:?}");
    }
}

#[test]
fn a_railway_or_a_ranch_after_an_occupation_and_on_or_from_before_a_head() {
    let company = |text: &str| crate::rules::words_with_reason(text, crate::rules::Reason::Company);
    for (text, org) in [
        (
            "pt 58 yo m, a retired rail conductor with duluth missabe & iron range railway, received dose 1",
            &["duluth", "missabe", "iron", "range", "railway"][..],
        ),
        (
            "MOC IS 31, FOC 34 Y/O RANCH HAND ON THE DOUBLE S RANCH. MOC WORKS AS A DISPATCHER.",
            &["DOUBLE", "S", "RANCH"][..],
        ),
    ] {
        assert_eq!(company(text), org, "{text}");
    }
    // "from" before a place is where one comes from, not an employer
    let p = company("Her husband, 58, a retired teacher from Lagos came with her to the clinic.");
    assert!(p.is_empty(), "{p:?}");
}

#[test]
fn a_makers_or_a_suppliers_name_and_a_day_care_after_an_occupation() {
    for (text, org) in [
        (
            "Walker, Mark 52 yo log truck driver for Roseburg Forest Products; rt hand",
            &["Roseburg", "Forest", "Products"][..],
        ),
        (
            "pt (brooke young, oil field pumper for continental resources, watford city, nd)",
            &["continental", "resources"][..],
        ),
        (
            "mom, a teacher aide at kiddie academy daycare, called",
            &["kiddie", "academy", "daycare"][..],
        ),
    ] {
        let p = crate::rules::words_with_reason(text, crate::rules::Reason::Company);
        assert_eq!(p, org, "{text}");
    }
    // a verb after a name is no employer's head ("daughter brandi leblanc works for")
    let p = crate::rules::words_with_reason(
        "daughter brandi leblanc works for iberia parish school board.",
        crate::rules::Reason::Company,
    );
    assert!(!p.iter().any(|w| w == "leblanc"), "{p:?}");
}

#[test]
fn a_head_start_centre_by_its_name() {
    assert_eq!(
        words_with_reason(
            "PT (4 YO, OF HILLSBORO, KANSAS; ATTENDS TABOR TOTS HEAD START) WHO ON 05-APR-1997",
            Reason::Company
        ),
        ["TABOR", "TOTS", "HEAD", "START"]
    );
    let org = words_with_reason(
        "pt (marcus, 4 yo, attends little sprouts head start in shiprock) had a sz",
        Reason::Company,
    );
    assert_eq!(org, ["little", "sprouts", "head", "start"]);
    // the programme, or a centre named by nothing but the programme
    for text in [
        "she was enrolled in early head start last year and had all her vaccines there",
        "the child attends head start five days a week and had a fever after the dose",
    ] {
        assert!(
            words_with_reason(text, Reason::Company).is_empty(),
            "{text}"
        );
    }
}

#[test]
fn a_legal_form_that_is_also_shorthand_names_a_company_only_by_its_shape() {
    let company = |text: &str| crate::rules::words_with_reason(text, crate::rules::Reason::Company);
    // a company: capitalised where capitals mean something, an unknown name where they do not
    assert_eq!(
        company("The patient works for Acme Inc in Ohio and had a fever."),
        ["Acme", "Inc"]
    );
    assert_eq!(
        company("PT WORKS FOR ZORBLAX INC IN OHIO. FEVER TO 104 THE NEXT DAY, RASH ON ARM."),
        ["ZORBLAX", "INC"]
    );
    // "inc" as "increased" in shorthand, in every case
    for text in [
        "Immunized 15MAR91; 22MAR91 had inc temp of approx 103F; pain inc & is now severe",
        "Fever inc 105; \"Drowsy but could be aroused\" per mom",
        "PT HAD FEVER INC TO 104 AND SWELLING INC AT THE SITE; SEEN BY PVT MD NEXT DAY.",
        "pt had fever inc to 104 and swelling inc at the site; seen by pvt md next day.",
        "pt recv vax 7apr99 & same day pt exp inc bp, shakiness; p/vax inc t & constant crying",
    ] {
        assert!(company(text).is_empty(), "{text}: {:?}", company(text));
    }
}
