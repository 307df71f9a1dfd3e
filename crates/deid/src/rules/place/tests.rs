//! Tests of `rules/place`.
use crate::rules::{words_with_reason, Reason};

fn places(text: &str) -> Vec<String> {
    words_with_reason(text, Reason::PlaceName)
}

#[test]
fn a_prefixed_town_where_one_works_without_its_state() {
    for text in [
        "THE PATIENT WORKS AT SMITH, SMITH AND GROSS IN WEST DAVIDBOROUGH. POST-PROCEDURE VITALS WERE WNL.",
        "the patient works at smith, smith and gross in west davidborough. post-procedure vitals were wnl.",
        // a saint's town, abbreviated, and a saint's hospital by its possessive
        "vasc 4, hypertension known. flown to st. george's (reg prh-21-41877); aspirin then",
        "seen in the urgent care (st. luke's jerome, seen by dr. gideon aldana). discharged",
        // a town the list holds with its prefix, where capitals say nothing
        "MINISTRY OF HEALTH, PHARMACOVIGILANCE UNIT, PORT LOUIS - ADR EXPORT RECEIVED 12/02/2025.",
    ] {
        let p: Vec<String> = crate::rules::phi_words(text)
            .iter()
            .map(|w| w.to_lowercase())
            .collect();
        assert!(
            ["west", "st", "port"].iter().any(|w| p.contains(&w.to_string())),
            "{text}: {p:?}"
        );
    }
    // a direction before an English word is no town
    for text in [
        "pain in west wing of the hospital, new rash in lower back",
        "pain in upper rt arm, weakness in lower extremeties, went to lake w/family",
        "moved to st. 2 of the protocol, then in st. elevation leads",
    ] {
        let p = crate::rules::phi_words(text);
        assert!(
            !p.iter()
                .any(|w| ["west", "lower", "upper", "lake", "st"].contains(&w.as_str())),
            "{text}: {p:?}"
        );
    }
}

#[test]
fn a_country_of_english_words_is_a_place() {
    assert_eq!(
        places("vaccine during may 6-15, 2019, in the united states.   she works"),
        ["united", "states"]
    );
    assert_eq!(places("moved from new jersey last year"), ["new", "jersey"]);
    assert_eq!(
        places("vaccine during 2019, in the China. As of 8 January"),
        ["China"]
    );
    assert_eq!(places("She returned from Turkey on Monday."), ["Turkey"]);
    // food, a front, a state of mind
    assert!(places("She is allergic to turkey and ate a Turkey sandwich.").is_empty());
    assert!(places("the united front and states of mind").is_empty());
    assert!(places("PT ALLERGIC TO TURKEY").is_empty());
    // every word of a country's long name
    assert_eq!(
        places("vaccine during 2022, in the People's Republic of China. As of 2022"),
        ["People", "s", "Republic", "of", "China"]
    );
    // a town right after "in", "to" or "from", in any case; not a misspelling or a pair
    assert_eq!(
        places("3 mo old male received DTP/OPV vax in Hampshire approx 2 hrs later"),
        ["Hampshire"]
    );
    assert_eq!(
        places("REC'D VAX DAY BEFORE TRIP TO HAMPSHIRE.2-3 WKS INTO TRIP STARTED"),
        ["HAMPSHIRE"]
    );
    assert!(
        places("No fever but seemed to be in alot of pain; presented to OB/GYN-dx w/").is_empty()
    );
    // ... a capitalised town a frequency list holds as a word, after "in" or "from"
    assert_eq!(
        places("11 mo old male received DTP/OPV vax in Berlin approx 2 hrs later"),
        ["Berlin"]
    );
    assert!(places(
        "History of allergies to Mango. Reaction to Mountain Cedar, in Mountain Cedar season"
    )
    .is_empty());
    // ... and its other mentions in the document
    assert_eq!(
        places("rec'd vax day before trip to hampshire.2-3 wks into trip; cough meds helped break up cough.hampshire extremely warm."),
        ["hampshire", "hampshire"]
    );
    // a capital district after its town, never after a word that is no place (the town is one
    // too: no other list holds it)
    assert_eq!(
        places("helped break up cough.Bogotá D.C. extremely warm. Came home"),
        ["Bogotá", "D", "C"]
    );
    assert!(places("pt told to d.c. meds and D.C. the foley").is_empty());
    // in lower case or capitals, after "in the" or "from the" at a clause's end
    assert_eq!(
        places("RECEIVED A VACCINE DURING 2020, IN THE JAPAN.   AS OF 2020, A REPORTED"),
        ["JAPAN"]
    );
    assert_eq!(
        places("received a vaccine during 2011, in the brazil, as of 2012 a report"),
        ["brazil"]
    );
    assert!(places("ATE THE TURKEY IN THE TURKEY SANDWICH. SICK FROM THE TURKEY SALAD").is_empty());
    // after a verb only a place follows, in any case
    assert_eq!(
        places("A CHILD, WHO WAS ADOPTED FROM TURKEY, AND WAS"),
        ["TURKEY"]
    );
    assert_eq!(places("she was born in the gambia in 1990"), ["gambia"]);
    // where one went or came back from: a country written as a name, in any case where case
    // says nothing
    assert_eq!(
        places("Deployed to Saudi Arabia, started seeking tx March after return to US. Tx-entax"),
        ["Saudi", "Arabia", "US"]
    );
    assert_eq!(places("PT WAS DEPLOYED TO CHAD IN 2003"), ["CHAD"]);
    assert!(places("The patient returned to us for follow-up on the rash.").is_empty());
    assert!(places("pt returned to ER; traveling to the ER by car").is_empty());
    // a country of another language that is a surname too
    assert_eq!(places("during 2016, in the España. As of"), ["España"]);
    // a province without the local word for its kind ("Sichuan Sheng")
    assert_eq!(places("cough.Sichuan extremely warm"), ["Sichuan"]);
    // Swedish: the name of "Östergötlands län" without its genitive, with its kind before it
    assert_eq!(
        places("cough.Region Östergötland extremely warm"),
        ["Region", "Östergötland"]
    );
    assert_eq!(
        places("RECEIVED DTP/OPV VAX IN SILESIAN VOIVODESHIP APPROX 2 HRS"),
        ["SILESIAN", "VOIVODESHIP"]
    );
    assert!(places("symptoms born in mind; recovered from turkey dinner").is_empty());
}

#[test]
fn a_prefixed_town_before_its_state() {
    assert_eq!(
        places("went to er. patient resides in west sheila, mississippi. felt like"),
        ["west", "sheila", "mississippi"]
    );
    assert_eq!(
        places("The outcome was unknown. Patient resides in North Jeremiah, Kentucky."),
        ["North", "Jeremiah", "Kentucky"]
    );
    assert_eq!(
        places("PATIENT RESIDES IN LAKE CHRISTIAN, MINNESOTA. THE PATIENT'S SON"),
        ["LAKE", "CHRISTIAN", "MINNESOTA"]
    );
    // a direction before a word that is no place, or no state after it
    assert!(places("pain in the west wing, mostly").is_empty());
    assert!(!places("developed a new rash, florida trip").contains(&"rash".to_string()));
    assert!(places("rash spread north slowly, then").is_empty());
}

#[test]
fn a_region_with_its_kind_where_one_is() {
    assert_eq!(
        places("17 mo old male received DTP/OPV vax in Ogun State approx 2 hrs later"),
        ["Ogun", "State"]
    );
    assert_eq!(places("MOVED TO LVIV OBLAST LAST YEAR"), ["LVIV", "OBLAST"]);
    assert_eq!(
        places("vax in kwazulu-natal approx 2 hrs"),
        ["kwazulu", "natal"]
    );
    // a name the place lists know needs no "in" before it
    assert_eq!(
        places("Cough meds helped.Isfahan Province extremely warm"),
        ["Isfahan", "Province"]
    );
    assert!(places("pt in stable state; in good condition; to the state").is_empty());
    assert!(places("Pt was brought to DANAPUR DISTRICT HOSPITAL via EMS.").is_empty());
    // with its kind before it
    assert_eq!(
        places("Rec'd vax day before trip to Region Sjælland.2-3 wks into trip"),
        ["Region", "Sjælland"]
    );
    assert_eq!(
        places("REC'D VAX DAY BEFORE TRIP TO REGION MIDTJYLLAND.2-3 WKS"),
        ["REGION", "MIDTJYLLAND"]
    );
    assert!(places("pain in region of left arm; swelling in county jail; to region 4").is_empty());
    assert!(places("brought to County General Hospital via EMS").is_empty());
    // a region by its direction and kind, and Australia's state codes, where one goes
    assert_eq!(
        places("7 MO OLD MALE RECEIVED DTP/OPV VAX IN EASTERN PROVINCE APPROX 2 HRS LATER"),
        ["EASTERN", "PROVINCE"]
    );
    assert_eq!(
        places("she went back home to nsw and was seen on 7 aug given a medrol dose pack"),
        ["nsw"]
    );
    assert!(
        places("pain in central region of the chest; sent to west district hospital").is_empty()
    );
    assert_eq!(
        places("2 mo old male received DTP/OPV vax in North West approx 2 hrs later"),
        ["North", "West"]
    );
    assert!(places("pain in north west side of the head").is_empty());
    // ... or with a Romance connector
    assert_eq!(
        places("Cough meds helped break up cough.Región de Ñuble extremely warm.Came home"),
        ["Región", "de", "Ñuble"]
    );
    assert!(places("pain in the region de la cicatrice, provincia de algo").is_empty());
    assert_eq!(
        places("rec'd vax day before trip to co. donegal.2-3 wks into trip"),
        ["co", "donegal"]
    );
    assert!(places("made by Smith & Co. Pharmacy and Co. Ltd").is_empty());
    // a county that is a given name too, where one is
    assert_eq!(
        places("15 MO OLD MALE RECEIVED DTP/OPV VAX IN CO. KERRY APPROX 2 HRS LATER"),
        ["CO", "KERRY"]
    );
    assert!(places("bought from Smith & Co. Kerry called later").is_empty());
}

#[test]
fn a_region_that_is_a_surname_too_where_one_is() {
    // the region lists keep a surname that names a region ("Galicia", "Piemonte")
    assert_eq!(
        places("described as intense by client;saw md in galicia;came to hlth dept"),
        ["galicia"]
    );
    assert_eq!(
        places("cough meds helped break up cough.Piemonte extremely warm.Came home"),
        ["Piemonte"]
    );
}

#[test]
fn a_state_code_where_one_goes_and_its_other_mentions() {
    assert_eq!(
        places("Rec'd vax day before trip to FL.2-3 wks into trip started /w a cough. FL extremely warm."),
        ["FL", "FL"]
    );
    // in capitals in a lower-case report, where the lexicon keeps codes only in addresses
    assert_eq!(
        places("pt visiting relative in AZ & on 13APR92 rash appeared; seen by MD in er"),
        ["AZ"]
    );
    assert!(
        places("pt seen in ER & by MD on 13APR92; rash appeared in or after clinic").is_empty()
    );
    // a clinical abbreviation spelled like a state, or no place before it
    assert!(places("Pt was taken to OR for repair and seen in PA clinic after.").is_empty());
    assert!(places("Gave 2 FL oz of water; fever resolved by day 3 of illness.").is_empty());
    // the 1990s shorthand's midnight and treatment
    assert!(places("Cried & fretful from 7PM to MN, then slept; response to TX good.").is_empty());
}

#[test]
fn a_towns_words_hyphened_around_a_connector() {
    assert_eq!(
        places("TO ER IN CARE TO БОТКИНСКАЯ БОЛЬНИЦА IN ROSTOV-ON-DON;ADM-HEART MONITOR"),
        ["ROSTOV", "ON", "DON"]
    );
    assert_eq!(
        places("to er in care to боткинская больница in rostov-on-don;adm-heart monitor"),
        ["rostov", "on", "don"]
    );
    assert!(
        places("a follow-up on day-to-day basis with add-on therapy; walk-in clinic").is_empty()
    );
}

#[test]
fn a_state_code_after_home_to() {
    assert_eq!(
        places("She went back home to TN and was seen on 10/15"),
        ["TN"]
    );
    assert!(places("She went back home to ED and then to SNF").is_empty());
    assert_eq!(
        places("SHE WENT BACK HOME TO TN AND WAS SEEN ON 10/15"),
        ["TN"]
    );
    assert!(places("SHE WENT BACK HOME TO OR AND THEN TO MD").is_empty());
    assert_eq!(
        places("Rec'd vax day before trip to TN.2-3 wks into trip"),
        ["TN"]
    );
}

#[test]
fn a_korean_province_with_its_kind_hyphened() {
    assert_eq!(
        places("17 mo old male received DTP/OPV vax in Gangwon-do approx 2 hrs later"),
        ["Gangwon", "do"]
    );
    assert!(places("a must-do list; the to-do items; a well-do").is_empty());
}

#[test]
fn a_polish_province_with_its_kind_before_it() {
    assert_eq!(
        places("Cough meds helped break up cough.województwo lubelskie extremely warm.Came home"),
        ["województwo", "lubelskie"]
    );
}

#[test]
fn a_listed_town_with_a_connector_inside() {
    assert_eq!(
        places("PT WAS BROUGHT TO UNIVERSITÄTSKLINIKUM FRANKFURT AM MAIN VIA EMS."),
        ["FRANKFURT", "AM", "MAIN"]
    );
    assert_eq!(
        places("moved to kingston upon hull in 2019"),
        ["kingston", "upon", "hull"]
    );
    assert!(places("seen at 10 am main entrance; pain on left side").is_empty());
    // a French or Portuguese connector, spaced or hyphened
    assert_eq!(
        places("She flew home to Port au Prince on 3 May."),
        ["Port", "au", "Prince"]
    );
    assert_eq!(
        places("pt lives in port-au-prince, haiti"),
        ["port", "au", "prince", "haiti"]
    );
    // "au" outside a listed town's name stays a word
    assert!(places("seen at the clinic au naturel; pain au chocolat").is_empty());
}

#[test]
fn a_town_after_in_the_before_the_sentences_end_and_where_a_journey_goes() {
    assert_eq!(
        places("the COVID-19 vaccine during 7.7.-16, 2008, in the Norge.   As of 16JUL2008"),
        ["Norge"]
    );
    assert_eq!(
        places("Rec'd vax day before trip to Berlin.2-3 wks into trip started /w a cough"),
        ["Berlin"]
    );
    // an allergy's "to", a place of care
    assert!(places("allergic to Mango; sent to Ward 6G; seen in the Clinic.").is_empty());
}

#[test]
fn an_italian_provinces_code_after_its_town() {
    let p = places("Paziente: Sig. Gianfranco Vottero, nato a Pinerolo (TO) il 07/04/1956.");
    assert!(p.contains(&"TO".to_string()), "{p:?}");
    // in an address, by its postcode
    let p = places("VIA NOMENTANA 221, INT. 9, ROMA, RM 00161; +39 06 5550 4418");
    assert!(p.contains(&"RM".to_string()), "{p:?}");
    let p = places("Residenza: Via Nomentana 221, 00161 Roma (RM). Tel 06 5550 4418");
    assert!(p.contains(&"RM".to_string()), "{p:?}");
    // a clinical abbreviation in brackets after a word that is no town
    let p = places("He was taken to Surgery (OR) and the Emergency Department (ED).");
    assert!(
        !p.contains(&"OR".to_string()) && !p.contains(&"ED".to_string()),
        "{p:?}"
    );
    // a name and its credential, which spells a province's code too (Modena, Rimini)
    let p = places("REVIEWED BY DR. A. KIPROTICH (MO). Discharge nurse: Neema Mollel (RN)");
    assert!(
        !p.contains(&"MO".to_string()) && !p.contains(&"RN".to_string()),
        "{p:?}"
    );
}

#[test]
fn a_towns_own_article_capitalised_inside_a_sentence() {
    let p = places(
        "Reporter (Lisa Sweet, RN, Villages Regional Hospital, The Villages, FL) reported a rash.",
    );
    assert!(
        p.contains(&"The".to_string()) && p.contains(&"Villages".to_string()),
        "{p:?}"
    );
    // not a sentence's first word, nor "the" where capitals say nothing
    for text in [
        "She was seen in the ER. The Villages Regional Hospital discharged her the next day.",
        "SHE LIVES AT THE VILLAGES WITH HER HUSBAND AND WAS WELL UNTIL THE SECOND DOSE.",
        "The onset was assessed as related by the reporting nurse per The Agency. No lot given.",
    ] {
        assert!(
            !places(text).iter().any(|w| w.eq_ignore_ascii_case("the")),
            "{text}"
        );
    }
}

#[test]
fn a_capitalised_town_no_other_list_holds_is_a_place() {
    let text = "Stools x 2 to the national polio lab, Harare: poliovirus type 3. She took Norco \
                7.5/325 for pain.";
    assert_eq!(places(text), ["Harare"]);
    // where capitals say nothing, the model keeps its say
    assert!(places(&text.to_uppercase()).is_empty());
}

#[test]
fn a_state_code_beside_a_licence_and_city_after_a_town() {
    assert_eq!(
        places("Audiologist: Persephone Attwater, Au.D., CCC-A (MI lic 5301006612)\nBaseline"),
        ["MI"]
    );
    assert!(
        places("wound healing well, no sign of infection. dpm: ambrosius vorster-quayle dpm   lic vt 041.0097718")
            .contains(&"vt".to_string())
    );
    assert!(
        places("c3 0.42 g/l. biopsy in belize city: class iv lupus nephritis.")
            .contains(&"city".to_string())
    );
    // no licence's number; no town before "city"
    assert!(places("She is in lic for OR staff; the city was hot").is_empty());
    // the state whose Medicaid insures the patient, in any case; not a sentence's words
    assert!(
        places("dob 3/14/11  14 y/o m  mrn thc-5520938  nm medicaid 400782219")
            .contains(&"nm".to_string())
    );
    assert!(places("Insurance: AZ Medicaid (AHCCCS), member 4471").contains(&"AZ".to_string()));
    for text in [
        "she was enrolled in medicaid last year; medicare or medicaid pending",
        "Insurance: Medicare or Medicaid, tarjeta de medicaid",
        "The patient has az medicaid coverage per the note from the clinic today",
    ] {
        assert!(places(text).is_empty(), "{text}: {:?}", places(text));
    }
}
