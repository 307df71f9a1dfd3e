use super::*;

fn ids(text: &str) -> Vec<(&str, PhiType)> {
    let mut out = Vec::new();
    IdRecognizer::new().collect(text, !crate::tokenize::case_is_informative(text), &mut out);
    out.sort_by_key(|c| c.start);
    out.iter()
        .map(|c| (&text[c.start..c.end], c.kind))
        .collect()
}

#[test]
fn report_numbers() {
    use PhiType::*;
    for v in [
        "US-PFIZER INC-2020503871",
        "US-MODERNATX, INC.-MOD-2021-000123",
        "USMODERNA-2021-000123",
        "US-009507513-2101USA001097",
        "MEC21-0019",
    ] {
        let t = format!("Sender's Comments: {v}: linked report");
        assert_eq!(ids(&t), [(v, Idnum)], "{t}");
        // in an ALL CAPS narrative the words before the id stay out of it
        let caps = format!("SENDER'S COMMENTS LINKED REPORT {v}: SEEN");
        assert_eq!(ids(&caps), [(v, Idnum)], "{caps}");
    }
    // (the report and worldwide shapes both find it: overlaps are resolved later)
    assert_eq!(
        ids("Código de notificación: CU-UCNFv-2022-1457\nIL-Tocilizumab 4000 mg"),
        [("CU-UCNFv-2022-1457", Idnum)]
    );
    let found = ids("SWEDISH MPA CASE SE-MPA-2021-012345, INITIAL RECEIPT");
    assert!(!found.is_empty());
    assert!(
        found.iter().all(|f| *f == ("SE-MPA-2021-012345", Idnum)),
        "{found:?}"
    );
    let t = "Case, reference number PL-URPL-DML-MLR.4401.7665.1997 is a report";
    assert!(
        ids(t).contains(&("PL-URPL-DML-MLR.4401.7665.1997", Idnum)),
        "{:?}",
        ids(t)
    );
    let t = "Linked Report(s) : IT-MINISAL02-ADR 26765451 same reporter";
    assert!(
        ids(t).contains(&("IT-MINISAL02-ADR 26765451", Idnum)),
        "{:?}",
        ids(t)
    );
    // a no-break space between register and serial, as some narratives have between words
    let t = "date\u{a0}of\u{a0}birth:\u{a0}16/06/1962;\u{a0}case\u{a0}ref\u{a0}BR-ANVISA-ADR\u{a0}004745772\nThe";
    let found = ids(t);
    assert!(
        found.contains(&("BR-ANVISA-ADR\u{a0}004745772", Idnum)),
        "{found:?}"
    );
}

#[test]
fn office_references_with_a_years_serial() {
    for (text, id) in [
        (
            "Sent to SÚKL 21APR95, ref. SUKL-NU-95/0387.",
            "SUKL-NU-95/0387",
        ),
        (
            "to ŠÚKL 6. mája 1996, ref ŠÚKL-NÚ-96/0231.",
            "ŠÚKL-NÚ-96/0231",
        ),
        (
            "TO THE MINISTRY OF HEALTH 20.05.97, REF BY-MZ-97/0614.",
            "BY-MZ-97/0614",
        ),
        (
            "to the food and drug administration, 10apr98, ref fda-adr/98/027.",
            "fda-adr/98/027",
        ),
    ] {
        assert_eq!(ids(text), [(id, PhiType::Idnum)], "{text}");
    }
    // no year's serial, or part of something longer
    for text in ["HIV-AIDS-12/10 ratio", "path A/B-CD-EF-97/0614/2"] {
        assert!(ids(text).is_empty(), "{text}");
    }
}

#[test]
fn keyed_ids() {
    use PhiType::*;
    assert_eq!(ids("case no 050368."), [("050368", Idnum)]);
    assert_eq!(ids("report number 12345"), [("12345", Idnum)]);
    assert_eq!(ids("MRN 123456"), [("123456", MedicalRecord)]);
    assert_eq!(
        ids("Medical record number: A123456"),
        [("A123456", MedicalRecord)]
    );
    assert_eq!(ids("VAERS ID 912345"), [("912345", Idnum)]);
    assert_eq!(
        ids("SSN 123-45-6789"),
        [("123-45-6789", Ssn), ("123-45-6789", Ssn)]
    );
    assert_eq!(ids("member ID: XK-99881"), [("XK-99881", HealthPlan)]);
    // a programme's client or a home's resident by number, "#" after the bare word
    assert_eq!(
        ids("age 24   client # rr-6602   dob 1/17/02"),
        [("rr-6602", Idnum)]
    );
    assert!(ids("the client 2 weeks later; resident 102 mg").is_empty());
    // a clinician's registration, its letters with it
    assert_eq!(
        ids("nurse practitioner, registration np-0417, mvaipulu@"),
        [("np-0417", License)]
    );
    assert_eq!(
        ids("case #12345, MR# 778899"),
        [("12345", Idnum), ("778899", MedicalRecord)]
    );
}

#[test]
fn national_numbers_in_dotted_thousands_with_a_check_digit() {
    for (t, v) in [
        (
            "(EUSEBIO TAPIA CARRASCO, RUT 6.482.117-3) OF UNKNOWN AGE",
            "6.482.117-3",
        ),
        ("rut 12.345.678-k, santiago", "12.345.678-k"),
        ("CPF 123.456.789-09, CARTÃO SUS 898", "123.456.789-09"),
    ] {
        assert_eq!(ids(t), [(v, PhiType::Ssn)], "{t}");
    }
    // a version or an amount is none
    for t in ["version 1.234.567-beta", "platelets 1.500.000 on 12/3"] {
        assert!(ids(t).is_empty(), "{t}: {:?}", ids(t));
    }
}

#[test]
fn not_ids() {
    for t in [
        "COVID-19 (PFIZER-BIONTECH COVID-19 MRNA VACCINE)",
        "bnt162b2 (BNT162B2, PFIZER-BIONTECH COVID-19 VACCINE, Batch/lot number",
        "SARS-COV-2 PCR",
        "Lot number EL0140, lot EK5730",
        "mRNA-1273",
        "000-12-3456 and 123-00-4567",
        "case report of 3 days",
        "patient number 3",
        "case 12345 and Mr 123456",
    ] {
        assert!(ids(t).is_empty(), "{t}: {:?}", ids(t));
    }
}

#[test]
fn british_postcodes_by_their_shape() {
    use PhiType::*;
    assert_eq!(
        ids("lives at 9 Ramp, Leeds AB73 6UG. This"),
        [("AB73 6UG", Zip)]
    );
    assert_eq!(ids("EDINBURGH EH39 7LT"), [("EH39 7LT", Zip)]);
    assert_eq!(ids("DY1Y 0UR"), [("DY1Y 0UR", Zip)]);
    // doses, ordinals, vaccines and lower case are not postcodes
    assert!(ids("took B12 5MG daily, X2 2ND DOSE, PF 2ML").is_empty());
    assert!(ids("ls6 2ab").is_empty());
}

#[test]
fn dutch_postcodes_between_house_number_and_town() {
    use PhiType::*;
    assert_eq!(
        ids("The patient lives at Lizahof 259, 4977 ON Bavel. The"),
        [("4977 ON", Zip)]
    );
    assert_eq!(
        ids("LIVES AT KERKSTRAAT 12A, 1234AB AMSTERDAM."),
        [("1234AB", Zip)]
    );
    // a date's year and a word are not a postcode
    assert!(ids("ON JANUARY 5, 2021 AT HOME AND Dose 2, 2021 PM Patient").is_empty());
    assert!(ids("Kerkstraat 12, 1234 ab Amsterdam").is_empty());
}

#[test]
fn zips_need_an_address() {
    use PhiType::*;
    assert_eq!(ids("Austin, TX 78701"), [("78701", Zip)]);
    assert_eq!(ids("Springfield, IL 62704-1234."), [("62704-1234", Zip)]);
    assert_eq!(ids("zip code: 90210"), [("90210", Zip)]);
    assert_eq!(ids("Dallas, Texas 75201"), [("75201", Zip)]);
    assert!(ids("platelets 15000 and 12345 cells, HR 12345").is_empty());
}

#[test]
fn digit_chains_of_registers_but_not_dates_phones_or_product_codes() {
    assert_eq!(
        ids("same drug, different patient;2012-483593-8 same drug"),
        [("2012-483593-8", PhiType::Idnum)]
    );
    for t in [
        "on 2021-01-08 she",
        "on 12-03-1957 she",
        "call 555-123-4567",
        "(NDC number: 59267-1000-2)",
        "NDC#59267-1000-1",
        "days 1-2-3",
    ] {
        assert!(
            ids(t).iter().all(|(_, k)| *k != PhiType::Idnum),
            "{t}: {:?}",
            ids(t)
        );
    }
}

#[test]
fn chains_of_letter_and_digit_groups_of_reports_and_registers() {
    for (t, id) in [
        (
            "informed at 3:15 AM. Incident report IR-2026-0704-02 filed; FDA",
            "IR-2026-0704-02",
        ),
        (
            "pharmacy. adr note to-moh-22-014, 27 sune 2022.",
            "to-moh-22-014",
        ),
        (
            "round, pnlo reference cd-pnlo-2021-sae-017. a 42",
            "cd-pnlo-2021-sae-017",
        ),
        ("case KE-22-0134 received", "KE-22-0134"),
    ] {
        assert!(ids(t).contains(&(id, PhiType::Idnum)), "{t}: {:?}", ids(t));
    }
    for t in [
        "a covid-19-related rash",
        "vitamin 25-oh-d3 low",
        "a 3-4-week course",
        "on day-1-2 fever",
        "seen 12-mar-2021 and mar-12-2021",
        "the il-6-174 polymorphism",
        "Td (lot TD-944-02) IM; lot #: td-12-3456; lote n° xy-21-0456",
        "exp fever-103-104, intermittent-99-100, milk-1130-12 screaming; POx RA-999-100%",
        "SAE NARRATIVE - PROTOCOL KBT-RA-2019-04, SITE 012",
    ] {
        assert!(
            ids(t).iter().all(|(_, k)| *k != PhiType::Idnum),
            "{t}: {:?}",
            ids(t)
        );
    }
}

#[test]
fn room_numbers() {
    use PhiType::*;
    assert_eq!(ids("Taken straight to Rm 9. Dr. R"), [("9", LocationOther)]);
    assert_eq!(
        ids("Unit: 4 West   Rm 412-B Pt:"),
        [("412-B", LocationOther)]
    );
    assert_eq!(ids("moved to room #12A today"), [("12A", LocationOther)]);
    assert!(ids("on room air, SpO2 96%; back at 11:30").is_empty());
    assert!(ids("room temperature 21.5").is_empty());
}

#[test]
fn register_numbers_of_slashed_groups_and_car_plates() {
    use PhiType::*;
    assert_eq!(
        ids("AGE: 19  FOLDER: TNR/ED/24/3390\nREG NO. mhrh/icu/24/0088 NIDA"),
        [("TNR/ED/24/3390", Idnum), ("mhrh/icu/24/0088", Idnum)]
    );
    // two letter groups before two digit groups need no serial of four digits
    assert_eq!(
        ids("REF: MSCH/PHARM/ADR/99/031   DATE: 23 NOV 1999; REF: MPH/TB/98/112"),
        [("MSCH/PHARM/ADR/99/031", Idnum), ("MPH/TB/98/112", Idnum)]
    );
    assert_eq!(
        ids("PT IS A ROUTE TAXI OPERATOR, PLATE PP 4417. car (OH PLATE HJK 4471)"),
        [("PP 4417", Vehicle), ("HJK 4471", Vehicle)]
    );
    // values and dates in slashes, a path, platelets, a plate of agar
    assert!(ids(
        "BP/90/60; ABG=7 US/32/188/24/100% NRB; Dec/18/2020; HIV/AIDS; c:/a/b/1234/5678; \
         Platelet 110, platelet-536; blood agar plate 24 hrs"
    )
    .is_empty());
}
