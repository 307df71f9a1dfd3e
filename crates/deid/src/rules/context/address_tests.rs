//! Tests of `rules/context/address_parts`: post-office boxes, routes and boxes, flats, floors,
//! county and numbered roads, US street lines and towns before their ZIP. Split from
//! `rules/context/address_parts` to keep files short.
use crate::rules::{words_with_reason, Reason};

fn address(text: &str) -> Vec<String> {
    words_with_reason(text, Reason::AddressWord)
}

#[test]
fn a_post_office_box_in_any_case() {
    for (text, words) in [
        (
            "a sister (Autumn Two Bulls, PO Box 412, Kyle SD) who",
            &["PO", "Box", "412"][..],
        ),
        ("mail to p.o. box 77, tulsa ok", &["p", "o", "box", "77"]),
        ("MAILING ADDRESS PO BOX 9 FORT YATES", &["PO", "BOX", "9"]),
    ] {
        assert_eq!(address(text), words, "{text}");
    }
    // "po" is "by mouth"; a box of gauze no address
    assert!(address("tylenol 500 mg po q6h, box 2 of the form").is_empty());
}

#[test]
fn a_numbered_street_after_its_direction_without_a_house() {
    for (text, words) in [
        (
            "tested positive at walgreens #6624 on w 95th st. the test was",
            &["w", "95th", "st"][..],
        ),
        (
            "SEEN AT THE CLINIC ON E. 42ND STREET, NEW YORK",
            &["E", "42ND", "STREET"],
        ),
        (
            "lives on North 3rd Ave in the city",
            &["North", "3rd", "Ave"],
        ),
    ] {
        assert_eq!(address(text), words, "{text}");
    }
    // a direction letter before a dose or a floor is no street
    assert!(address("w 2nd dose felt sore; moved to e 3rd floor").is_empty());
}

#[test]
fn a_route_box_with_its_letter_and_a_flat_after_the_street() {
    assert_eq!(
        address("pt destiny mcgee. rt 4 box 119-a, shannon ms 38868. tel (601) 566-0912."),
        // (and the ZIP after the town that follows the box's line)
        ["rt", "4", "box", "119", "a", "38868"]
    );
    assert_eq!(
        address("JOSEPH BOUDREAUX, DOB 07/12/1996, 141 BAYOU BLUE RD APT C, GRAY LA 70359."),
        ["141", "BAYOU", "BLUE", "RD", "APT", "C", "70359"]
    );
    assert_eq!(
        address("she lives at 340 e 93rd st apt 14c, new york, with her son."),
        ["340", "e", "93rd", "st", "apt", "14c"]
    );
    // "rt" is also "right": no box, no route
    assert!(address("pain rt 4 fingers, box of gauze used.").is_empty());
}

#[test]
fn a_county_road_by_its_letter_or_number() {
    let a = address("pt is a dairy farmer (moore family dairy, w2287 county rd k, marshfield wi).");
    assert!(
        ["county", "rd", "k"]
            .iter()
            .all(|w| a.contains(&w.to_string())),
        "{a:?}"
    );
    assert_eq!(
        address("LIVES OFF COUNTY ROAD 12 WITH HER HUSBAND AND WAS WELL UNTIL THE DOSE."),
        ["COUNTY", "ROAD", "12"]
    );
    // a letter that does not close its phrase is a word
    assert!(
        address("she drove down the county road a few miles to the clinic and fainted.").is_empty()
    );
    // "cr" and its number after a long house number; a creatinine after a lab's value
    assert_eq!(
        address("pt addr 60512 cr 113, middlebury 46540, ph 574-555-0161"),
        // (and the ZIP after the town that follows the road's line)
        ["60512", "cr", "113", "46540"]
    );
    assert!(address("labs: na 138 cr 113, k 4.1, bun 20.").is_empty());
}

#[test]
fn a_post_office_box_and_not_a_blood_pressure() {
    assert_eq!(
        address("MERE AU FOYER. ADRESSE POSTALE: BP 3407 ANTANANARIVO 101."),
        ["BP", "3407"]
    );
    assert_eq!(
        address("Domicile : B.P. 12417 Douala."),
        ["B", "P", "12417"]
    );
    assert!(address("BP 140/90, BP 1400 hrs 120/80, bp 118 sitting").is_empty());
    // a 1990s blood pressure without its slash
    assert!(address("pale blue around eyes, lips & cheek, BP 9060, given epi").is_empty());
}

#[test]
fn a_postcode_with_its_countrys_code_next_to_the_town() {
    assert_eq!(
        address("address: str. ismail 47, ap. 37, sectorul centru, mun. chișinău md-2001. tel 22"),
        ["md", "2001"]
    );
    assert_eq!(
        address("Address: Brīvības iela 12, LV-1010 Rīga, Latvia. She received the vaccine."),
        ["LV", "1010"]
    );
    // a drug's code, no town
    assert!(address("started on MK-0431 and AZD-1222 in the trial at the site.").is_empty());
}

#[test]
fn indonesian_neighbourhood_units() {
    assert_eq!(
        address("address: jl. kaliurang km 9, rt 05/rw 12, dusun tegalrejo, sleman."),
        ["rt", "05", "rw", "12"]
    );
    assert!(address("rt 05 and left 12 reactive").is_empty());
}

#[test]
fn a_floor_by_its_ordinal_after_another_address_part() {
    let words = address(
        "she lives with us at rue principale, bldg. abi nader, 3rd floor, zouk mikael, \
         keserwan.",
    );
    assert!(words.iter().any(|w| w == "floor"), "{words:?}");
    // India's cross roads after a house's number
    let words = address("lives w/ daughter at no. 14, 3rd cross, jayanagar 4th block.");
    assert_eq!(words, ["3rd", "cross"]);
    assert!(address("labour: 2nd stage 40 min, 3rd stage normal").is_empty());
    // India's old and new house numbers
    let words = address("bank officer, at old no. 14, new no. 27, vembuli amman koil st, chennai");
    // (and the street after them, up to its street word)
    assert_eq!(
        words,
        ["old", "no", "14", "new", "no", "27", "vembuli", "amman", "koil", "st"]
    );
    // a street's name after the address parts, ending with its street word
    let words = address(
        "resides at no. 8, lane 12, alley 3, section 2, heping e. rd, taipei. pt c/o fever.",
    );
    assert!(words.iter().any(|w| w == "heping"), "{words:?}");
    assert!(words.iter().any(|w| w == "rd"), "{words:?}");
    // a ward's floor in a hospital note is none
    assert!(address("Transferred to the 3rd floor ICU; 2nd floor pharmacy called.").is_empty());
}

#[test]
fn a_us_street_line_and_a_rural_route_in_any_case() {
    for (text, expected) in [
        (
            "address 340 e 93rd st apt 14c, new york, ny 10128; phone 212",
            &["340", "e", "93rd", "st"][..],
        ),
        (
            "paloma stays with her at 2515 n inspiration rd lot 47, mission.",
            &["2515", "n", "inspiration", "rd"],
        ),
        (
            "dob 8/3/71, 1811 e olive way #305, seattle 98102",
            &["1811", "e", "olive", "way"],
        ),
        // (a closing bracket ends the line too)
        (
            "staying at her sister's (apt 5, 118 red river rd). oxytocin restarted",
            &["118", "red", "river", "rd"],
        ),
        (
            "Addr: RR 1 Box 44A, Wilton, ND 58579.",
            &["RR", "1", "Box", "44A"],
        ),
        (
            "ADDR: HCR 62 BOX 19, ELIZABETH, WV.",
            &["HCR", "62", "BOX", "19"],
        ),
        // (an ordinal written out, a stopword too)
        (
            "RICE FARMER, SUPPLIER TO THE MILL; LOT 47 SECOND STREET, ANNA REGINA.",
            &["47", "SECOND", "STREET"],
        ),
        // (a stopword that names streets, after a compass point)
        (
            "POSITIVE ON 03JAN2021 (DRIVE-UP SITE, 1275 S STATE ST; REVIEWED BY DR. X",
            &["1275", "S", "STATE", "ST"],
        ),
    ] {
        let found = address(text);
        assert!(
            expected.iter().all(|w| found.contains(&w.to_string())),
            "{text}: {found:?}"
        );
    }
    // an abbreviated street word before a word that is no name ("DR" is no title there)
    let found = address(
        "HER NEIGHBOUR GRANT ALDER AT 1142 BUTTONWOOD DR CALLED 352-555-0166; THE PATIENT CALLED 911.",
    );
    assert!(
        ["1142", "BUTTONWOOD", "DR"]
            .iter()
            .all(|w| found.contains(&w.to_string())),
        "{found:?}"
    );
    // ... or before its period and a word that is no name, and Hawaii's house number of two
    // parts
    for (text, expected) in [
        (
            "vax given 12/02/1996 at cole county health department, 1616 industrial dr. acct 90017724.",
            &["1616", "industrial", "dr"][..],
        ),
        (
            "patient returned to ed (queen's west, 91-2135 fort weaver rd, ewa beach) on 1/3",
            &["91", "2135", "fort", "weaver", "rd"],
        ),
        (
            "at single dose (employee clinic, 1100 Central Ave SE) for COVID-19 immunization.",
            &["1100", "Central", "Ave", "SE"],
        ),
    ] {
        let found = address(text);
        assert!(
            expected.iter().all(|w| found.contains(&w.to_string())),
            "{text}: {found:?}"
        );
    }
    // no street: a dose, a count of days, a respiratory rate, a walk, a doctor
    for text in [
        "pt seen at 1400 the dr. called back; at 1130 saw dr. smith.",
        "dose given 10-1130 dr. called.",
        "he had a 100 yard walk daily and at 150 metres walk became short of breath.",
        "She was seen at 1130 by Dr Grant and again at 1400 Dr called the family.",
        "gave 2 tylenol at bedtime, rr 18, spo2 97%.",
        "pt took 2 of the st john's wort caps daily.",
        "RR 22 at rest, box 3 of the form checked.",
        "WBC-6200; UA-nl; Lymphocytes- 2 atypical LN;",
        "S 36.7, SpO2 98%. 08.45 Lapor dr. Hendra Wijaya, Sp.PD: inj.",
        "desbridamento a 13-06-2024 pelo Dr. Tomás Sequeira Amaral",
    ] {
        assert!(address(text).is_empty(), "{text}: {:?}", address(text));
    }
}
