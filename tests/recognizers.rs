//! Integration tests of the regular-expression recognizers through the public API:
//! exact span text and PHI type for every recognizer, the look-alikes that must not be PHI,
//! overlap resolution, code point offsets after non-ASCII text, CRLF, and short snippets
//! copied from real VAERS narratives (2021-01 file) so the tests do not depend on the data.

use deid::phi::PhiType::{self, *};
use deid::recognize::Recognizers;
use deid::tokenize::OffsetMap;
use std::sync::OnceLock;

fn rec() -> &'static Recognizers {
    static R: OnceLock<Recognizers> = OnceLock::new();
    R.get_or_init(Recognizers::new)
}

/// Spans as (text, type), the text taken by code point offsets.
fn found(text: &str) -> Vec<(String, PhiType)> {
    let spans = rec().find(text);
    for w in spans.windows(2) {
        assert!(w[0].end <= w[1].start, "overlapping or unsorted: {spans:?}");
    }
    spans
        .iter()
        .map(|s| {
            let t: String = text.chars().skip(s.start).take(s.end - s.start).collect();
            (t, s.kind)
        })
        .collect()
}

fn expect(text: &str, want: &[(&str, PhiType)]) {
    let got = found(text);
    let want: Vec<(String, PhiType)> = want.iter().map(|(s, k)| (s.to_string(), *k)).collect();
    assert_eq!(got, want, "in {text:?}");
}

fn dates(text: &str) -> Vec<String> {
    found(text)
        .into_iter()
        .filter(|(_, k)| *k == Date)
        .map(|(s, _)| s)
        .collect()
}

#[test]
fn numeric_dates() {
    for d in [
        "12/21/2020",
        "12/21/20",
        "1-5-21",
        "2020-12-21",
        "12.21.2020",
        "11/16/20",
        "21/12/2020",
        "12/2020",
    ] {
        expect(&format!("seen on {d}."), &[(d, Date)]);
    }
    expect("on 1/17 and 12/30", &[("1/17", Date), ("12/30", Date)]);
    expect("Test Date: 20201225;", &[("20201225", Date)]);
}

#[test]
fn month_name_dates() {
    for d in [
        "Dec 22",
        "dec 22",
        "December 24, 2020",
        "22 Dec 2020",
        "Dec 29th",
        "14th of jan",
        "3rd of January",
        "23Dec2020",
        "Dec2020",
        "Nov2020",
        "15DEC2020",
        "December 2020",
        "Dec 2020",
        "15-Dec-2020",
        "Jan. 15, 2021",
        "January 2nd",
        "May 5",
        "5 May 2020",
        "May 2020",
        "Mar 3",
        "SEPT 9, 2020",
    ] {
        expect(&format!("It began on {d}, then"), &[(d, Date)]);
    }
    expect("the 3rd of January", &[("3rd of January", Date)]);
    expect("In March I caught it", &[("March", Date)]);
    expect("Jan 20, 2021@15:30 Test", &[("Jan 20, 2021", Date)]);
}

#[test]
fn ranges_are_two_spans() {
    assert_eq!(dates("12/26/20-12/28/20"), ["12/26/20", "12/28/20"]);
    assert_eq!(dates("October-November 2013"), ["October", "November 2013"]);
    assert_eq!(dates("Dec 27-29 continued"), ["Dec 27", "29"]);
    assert_eq!(dates("from 2009 to 2012"), ["2009", "2012"]);
    assert_eq!(dates("1/20-1/22 developed rash"), ["1/20", "1/22"]);
}

#[test]
fn years_weekdays_holidays_seasons() {
    assert_eq!(
        dates("diagnosed in 2014, since 2003, from 2015"),
        ["2014", "2003", "2015"]
    );
    assert_eq!(dates("in the year 2019"), ["2019"]);
    assert_eq!(dates("on Monday and last Wed"), ["Monday", "Wed"]);
    assert_eq!(
        dates("Christmas Eve and Thanksgiving"),
        ["Christmas Eve", "Thanksgiving"]
    );
    assert_eq!(
        dates("New Year's Day, Easter"),
        ["New Year's Day", "Easter"]
    );
    assert_eq!(
        dates("in summer 2020 and fall of 2019"),
        ["summer 2020", "fall of 2019"]
    );
}

#[test]
fn month_words_are_guarded() {
    for t in [
        "symptoms may be related",
        "she may 2 times a day",
        "it may have been",
        "HR dec 5 dec appetite",
        "Decadron 10mg IV",
        "to mar the skin",
        "marketing authorization holder",
        "sun exposure, O2 sat 94%",
        "O2 Sat 89% on room air",
    ] {
        assert!(dates(t).is_empty(), "{t}: {:?}", dates(t));
    }
}

#[test]
fn not_dates() {
    for t in [
        "BP 165/104",
        "blood pressure 140/90",
        "HR 120",
        "1/2 tablet",
        "0.5 mL",
        "2 x 500mg",
        "7:00 pm",
        "at 0230",
        "at 10:30",
        "Lot EK5730",
        "lot EL0140",
        "3/10 pain",
        "pain was 8/10",
        "COVID-19",
        "mRNA-1273",
        "lab value 12.5",
        "a dose of 2000 mg",
        "platelets 150000",
        "2-3 hours later",
        "due in 2 1/2 weeks",
        "strength 4/5 bilaterally",
        "24/7 care",
        "PHASE 1/2/3 study",
        "2019-nCoV acute respiratory disease",
    ] {
        assert!(found(t).is_empty(), "{t}: {:?}", found(t));
    }
}

#[test]
fn ages() {
    for (t, a) in [
        ("a 53-year-old woman", "53"),
        ("a 53 year old woman", "53"),
        ("53 yo F", "53"),
        ("53 y/o F", "53"),
        ("53 y.o. female", "53"),
        ("a 9 y.o.", "9"),
        ("aged 32", "32"),
        ("age 32", "32"),
        ("age: 32", "32"),
        ("a.o. 85", "85"),
        ("85 years old", "85"),
        ("eleven months old", "eleven"),
        ("a woman in her 30s", "30s"),
        ("a 49yo male", "49"),
        ("62 years of age", "62"),
        ("a 2 month old", "2"),
    ] {
        expect(t, &[(a, Age)]);
    }
    for t in [
        "for 3 years",
        "2 years ago",
        "3 months later",
        "a 3 month history",
        "sats in the 90s",
    ] {
        assert!(found(t).is_empty(), "{t}: {:?}", found(t));
    }
}

#[test]
fn contacts() {
    expect("call (555) 123-4567", &[("(555) 123-4567", Phone)]);
    expect("call 555-123-4567", &[("555-123-4567", Phone)]);
    expect("call 555.123.4567", &[("555.123.4567", Phone)]);
    expect("call +1 555 123 4567", &[("+1 555 123 4567", Phone)]);
    expect("UK +44 20 7946 0958", &[("+44 20 7946 0958", Phone)]);
    expect("fax 555-123-9999", &[("555-123-9999", Fax)]);
    expect("f: 555-123-9999", &[("555-123-9999", Fax)]);
    expect(
        "Ph: 555-123-4567 Fax: 555-123-4568",
        &[("555-123-4567", Phone), ("555-123-4568", Fax)],
    );
    expect("mail j.doe@example.org.", &[("j.doe@example.org", Email)]);
    expect(
        "see http://example.org/x.",
        &[("http://example.org/x", Url)],
    );
    expect("see www.example.org", &[("www.example.org", Url)]);
    expect("see example.com/path", &[("example.com/path", Url)]);
    expect("host 10.0.0.12", &[("10.0.0.12", Ipaddr)]);
    assert!(found("Temp 98.6, q.d. dosing, Dr.Smith").is_empty());
}

#[test]
fn ids_and_zip() {
    expect("SSN 123-45-6789", &[("123-45-6789", Ssn)]);
    expect(
        "Linked Report(s) : US-PFIZER INC-2020503871 same reporter",
        &[("US-PFIZER INC-2020503871", Idnum)],
    );
    expect(
        "ref US-MODERNATX, INC.-MOD-2021-000123.",
        &[("US-MODERNATX, INC.-MOD-2021-000123", Idnum)],
    );
    expect("USMODERNA-2021-000123", &[("USMODERNA-2021-000123", Idnum)]);
    // a Canadian postal code, and the province's code before it, in every case
    expect(
        "221 Queen St S, Apt 1204, Mississauga ON L5M 1L7. Buzz code",
        &[("ON", State), ("L5M 1L7", Zip)],
    );
    expect(
        "221 queen st s, apt 1204, mississauga on l5m 1l7. buzz code",
        &[("on", State), ("l5m 1l7", Zip)],
    );
    // not a lot number, a dose or a mixed-case word
    for text in [
        "lot EL0140 given",
        "took 5 mg on 2 of them",
        "Rx 1 tab at 9 pm",
    ] {
        assert!(found(text).iter().all(|(_, k)| *k != Zip), "{text}");
    }
    // a regulator's sender id with a space and an underscore, in every case
    expect(
        "Linked Report(s) : CA-HEALTH CANADA-E2B_13794660 same drug",
        &[("CA-HEALTH CANADA-E2B_13794660", Idnum)],
    );
    expect(
        "linked report(s) : ca-health canada-e2b_13794660 same drug",
        &[("ca-health canada-e2b_13794660", Idnum)],
    );
    expect("case no 050368", &[("050368", Idnum)]);
    expect("report number 12345", &[("12345", Idnum)]);
    expect("MRN 123456", &[("123456", MedicalRecord)]);
    expect(
        "medical record number 7654321",
        &[("7654321", MedicalRecord)],
    );
    expect("VAERS ID 912345", &[("912345", Idnum)]);
    expect("Austin, TX 78701", &[("78701", Zip)]);
    expect("zip code 78701-1234", &[("78701-1234", Zip)]);
    assert!(found("platelets 15000, WBC 12345").is_empty());
    assert!(found("Lot number EL0140, COVID-19, BNT162B2").is_empty());
}

#[test]
fn glued_dates_with_two_digit_years() {
    expect("pt recvd vax 12jan90 fever", &[("12jan90", Date)]);
    expect("since mar90 rash", &[("mar90", Date)]);
    expect("onset 7DEC95.", &[("7DEC95", Date)]);
}

#[test]
fn two_digit_years_after_temporal_words_and_seasons() {
    expect("hx of CVA in 94, stable", &[("94", Date)]);
    expect("SPRING 95 pt recv vax", &[("SPRING 95", Date)]);
    expect("sick all summer, 1999 with pain", &[("summer, 1999", Date)]);
    for t in [
        "resolved in 45 minutes",
        "in 60 % of cases",
        "in 50 patients",
    ] {
        assert!(
            found(t).iter().all(|(_, k)| *k != Date),
            "{t}: {:?}",
            found(t)
        );
    }
}

#[test]
fn worldwide_case_ids() {
    for id in [
        "GB-MHRA-ADR 25123456",
        "SE-MPA-2021-012345",
        "DE-PEI-2021-004567",
    ] {
        expect(&format!("Case {id}, follow-up."), &[(id, Idnum)]);
    }
    assert!(found("SARS-COV-2 and COVID-19 and PFIZER-BIONTECH").is_empty());
}

#[test]
fn overlaps_resolved_by_priority() {
    // ID beats the date and the number inside it
    expect(
        "Case number: US-PFIZER INC-2020503871",
        &[("US-PFIZER INC-2020503871", Idnum)],
    );
    // an ID keyword value that looks like a date stays an ID
    expect("MRN 2020-12-21", &[("2020-12-21", MedicalRecord)]);
    // a ZIP-looking number after a state code inside a phone number stays a phone
    expect("TX (512) 555-1234", &[("(512) 555-1234", Phone)]);
    // DATE and AGE side by side
    expect(
        "On 12/21/2020 a 53-year-old",
        &[("12/21/2020", Date), ("53", Age)],
    );
}

#[test]
fn code_point_offsets_after_non_ascii() {
    let text = "Patiënte 😀 née — 发烧 on 23Dec2020, a 53 yo, tel 555-123-4567 ✓";
    let spans = rec().find(text);
    let got: Vec<String> = spans
        .iter()
        .map(|s| text.chars().skip(s.start).take(s.end - s.start).collect())
        .collect();
    assert_eq!(got, ["23Dec2020", "53", "555-123-4567"]);
    let map = OffsetMap::new(text);
    assert_eq!(rec().find_with(text, &map), spans);
    // the code point offset differs from the byte offset here
    assert_ne!(spans[0].start, text.find("23Dec").unwrap());
}

#[test]
fn crlf_text() {
    let text = "Vaccine on 12/22/2020\r\nOnset Dec 26\r\n53 y/o F\r\n";
    expect(text, &[("12/22/2020", Date), ("Dec 26", Date), ("53", Age)]);
    // no date across a line break
    assert_eq!(dates("Dec\r\n22 doses"), ["Dec"]);
}

/// Short snippets copied from the SYMPTOM_TEXT, LAB_DATA and HISTORY columns of
/// vaers-2021-01.csv.
#[test]
fn real_vaers_snippets() {
    let cases: &[(&str, &[(&str, PhiType)])] = &[
        (
            "on dec 22 I felt some myalgias, chills, fatigue, HA --quite normal.  That evening, noted small amount swelling R hand --I iced and took acetaminophen. By Dec 25, hand very swollen",
            &[("dec 22", Date), ("Dec 25", Date)],
        ),
        ("Dec 29th - saw surgeon.  had xray and exam", &[("Dec 29th", Date)]),
        (
            "had surgery R hand for advanced arthritis 11/16/20 - arthrodesis R thumb.",
            &[("11/16/20", Date)],
        ),
        (
            "Vaccine on 12/22/2020 and started feeling bad on 12/27/2020 and tested positive on 12/30/2020 for COVID 19",
            &[("12/22/2020", Date), ("12/27/2020", Date), ("12/30/2020", Date)],
        ),
        (
            "Cardiac Arrest Narrative:   Jan 11, 2021@15:11 NASOPHARYNX COVID-19",
            &[("Jan 11, 2021", Date)],
        ),
        (
            "Test Date: 202012; Test Name: blood pressure; Result Unstructured Data: Test Result:170/104",
            &[("202012", Date)],
        ),
        ("Will continue to monitor. BP 152/112, P 116, T 99.1, O2", &[]),
        (
            "A 26-year-old female patient received BNT162B2 (PFIZER-BIONTECH COVID-19 mRNA VACCINE; Lot number EL0140), intramuscular on 23Dec2020",
            &[("26", Age), ("23Dec2020", Date)],
        ),
        (
            "episodes starting on Saturday 1/2, Sunday 1/3, Monday",
            &[
                ("Saturday", Date),
                ("1/2", Date),
                ("Sunday", Date),
                ("1/3", Date),
                ("Monday", Date),
            ],
        ),
        ("Resident had fall 0130 on 1-15-2021, which resulte", &[("1-15-2021", Date)]),
        ("a third dose. She is due in 2 1/2 weeks to get second", &[]),
        (
            "Hysterectomy (This was done in 2004 or 2005); UTI",
            &[("2004", Date), ("2005", Date)],
        ),
        (
            "MEDICAL HISTORY Surgical-  T&A  age 5 Appendectomy age 8 or 9",
            &[("5", Age), ("8", Age), ("9", Age)],
        ),
        (
            "patient of an unspecified age (age: 34; unit: unknown) received",
            &[("34", Age)],
        ),
        // "the" is part of the date after a weekday, as the gold annotates "Tuesday the 12th"
        ("Released Friday the 15th around noon.", &[("Friday", Date), ("the 15th", Date)]),
        ("pouchitis last spring, less painful", &[("spring", Date)]),
        ("febrile sz x 3 at 9mo;szs associated w/ fever", &[("9", Age)]),
        (
            "This is a spontaneous report from a contactable nurse (patient). A 33-year-old",
            &[("nurse", Profession), ("33", Age)],
        ),
        ("hypoxia O2 Sat 89%. Supplemental O2/mask @ 5LPM.", &[]),
        (
            "12-30-2020 to January 3rd",
            &[("12-30-2020", Date), ("January 3rd", Date)],
        ),
        (
            "Sender's Comments:  US-009507513-2101USA001097: US-009507513-2101USA001098:",
            &[
                ("US-009507513-2101USA001097", Idnum),
                ("US-009507513-2101USA001098", Idnum),
            ],
        ),
        (
            "Time of death: Jan 10,2021@14:56; immediate cause",
            &[("Jan 10,2021", Date)],
        ),
        (
            "Then on Saturday Jan.9, 2021 my left ear felt",
            &[("Saturday", Date), ("Jan.9, 2021", Date)],
        ),
        ("ALTI 47 unknown 14-59 U/L  ALPI 99 unknown 46-116 U/L", &[]),
        ("Ringing in ears 12/18  VACCINATION 12/19 WOKE UP", &[("12/18", Date), ("12/19", Date)]),
    ];
    for (text, want) in cases {
        expect(text, want);
    }
}

#[test]
fn shared_across_threads() {
    let r = std::sync::Arc::new(Recognizers::new());
    let handles: Vec<_> = (0..4)
        .map(|i| {
            let r = r.clone();
            std::thread::spawn(move || r.find(&format!("on 12/2{i}/2020")).len())
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap(), 1);
    }
}

/// Rough throughput: `cargo test --release --test recognizers -- --ignored --nocapture`.
#[test]
#[ignore = "timing only (2,000 narratives): cargo test --release --test recognizers -- --ignored --nocapture"]
fn throughput() {
    let narrative = "A 53-year-old female patient received BNT162B2 (PFIZER-BIONTECH COVID-19 mRNA VACCINE; Lot number EL0140), intramuscular on 23Dec2020 at a single dose. Medical history included hypertension from 2015 and ongoing. On dec 22 I felt some myalgias, chills, fatigue, HA. By Dec 25, hand very swollen and painful with decreased ROM all fingers. Vitals: BP 152/112, P 116, T 99.1, O2 sat 94% on room air. Took 1/2 tablet of ibuprofen 400 mg at 7:00 pm. Seen in ED on 1/17, discharged 1/20. Test Date: 20201225; Test Name: COVID-19; Test Result: Negative. Pain was 8/10. The patient may have had an allergic reaction; she was treated with epinephrine 0.3 mg and Decadron 10mg IV. Sender's Comments: US-PFIZER INC-2020503871 same reporter. Symptoms lasted for 3 days and resolved on Tuesday. Follow-up with PCP in 2 weeks, CBC and CMP within normal limits, troponin 0.02.";
    let docs: Vec<String> = (0..2000).map(|i| format!("{narrative} #{i}")).collect();
    let r = Recognizers::new();
    let mut n = 0;
    let t0 = std::time::Instant::now();
    for d in &docs {
        n += r.find(d).len();
    }
    let el = t0.elapsed();
    let accented: Vec<String> = docs
        .iter()
        .map(|d| format!("Patiënte née à Zürich 😀. {d}"))
        .collect();
    let t1 = std::time::Instant::now();
    for d in &accented {
        n += r.find(d).len();
    }
    println!("non-ASCII copies: {:?}", t1.elapsed());
    println!(
        "{} narratives of {} chars, {} spans in {:?}: {:.0} narratives/s, {:.1} MB/s",
        docs.len(),
        narrative.len(),
        n,
        el,
        docs.len() as f64 / el.as_secs_f64(),
        (docs.len() * narrative.len()) as f64 / el.as_secs_f64() / 1e6
    );
}
