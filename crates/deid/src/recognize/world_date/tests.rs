//! Tests of the world date recognizer.

use super::*;

fn dates(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    WorldDateRecognizer::new().collect(text, &mut out);
    out.iter().map(|c| &text[c.start..c.end]).collect()
}

/// Every recognizer's spans, as the engine runs them together (numeric dates are date.rs's).
fn all(text: &str) -> Vec<String> {
    crate::recognize::Recognizers::new()
        .find(text)
        .into_iter()
        .map(|s| text.chars().skip(s.start).take(s.end - s.start).collect())
        .collect()
}

/// Dates with a weekday's abbreviation before them joined, as the recognizers run them.
fn dates_with_weekdays(text: &str) -> Vec<&str> {
    let r = WorldDateRecognizer::new();
    let mut out = Vec::new();
    r.collect(text, &mut out);
    r.extend_over_weekdays(text, &mut out);
    out.iter().map(|c| &text[c.start..c.end]).collect()
}

#[test]
fn a_weekday_abbreviation_before_a_part_of_the_day() {
    assert_eq!(
        dates("until So. morning; Sel am eyes swollen; took to MD kam @ 12noon; lør eve"),
        ["So", "Sel", "kam", "lør"]
    );
    assert_eq!(dates("T 103, TORS AM /W EYES SWOLLEN"), ["TORS"]);
    assert_eq!(dates("eyes swollen took to md su @ 12noon"), ["su"]);
    // English words ("mån" and "sön" fold to "man" and "son") and a two-letter word without
    // its period are no weekday
    assert!(dates("so am I; the son eve; do morning walks; mar am; man @ home").is_empty());
    // ... but the letters English has not ("søn", "mån") make them one; a two-letter one no
    // English word nor clinical abbreviation ("ke": Finnish Wednesday); Portuguese names its
    // weekdays by the ordinal ("quarta-feira", "quarta")
    assert_eq!(
        dates("T 103, søn. am /w eyes swollen; mån eve; ke am; until quarta morning when"),
        ["søn", "mån", "ke", "quarta"]
    );
    // "diam" is no "di am"; "LA @ site" the left arm; "PE am", "MI morning" clinical
    assert!(dates("3\" in diam; lump on LA @ site; PE am; MI morning; segunda dose").is_empty());
}

#[test]
fn a_weekday_of_two_letters_before_a_dotted_date_and_an_english_word_before_a_foreign_month() {
    // the numeric dates are date.rs's: the recognizers run together
    assert_eq!(
        all("malaise continued through DI. 14.12. AND ON"),
        ["DI. 14.12"]
    );
    // "Pt. 12/14" is the patient: a two-letter word joins only a date of periods
    assert_eq!(all("Pt. 12/14 seen"), ["12/14"]);
    // "mar" is Spanish Tuesday with its comma before a day and "ago" (August)
    assert_eq!(
        dates_with_weekdays("vaccine on mar, 28 ago at work"),
        ["mar, 28 ago"]
    );
    assert!(dates_with_weekdays("fever 28 ago; the man, 28 years old").is_empty());
}

#[test]
fn an_abbreviated_month_that_is_an_english_word_with_its_full_year() {
    assert_eq!(
        dates("records of gen 2005-06/2006; on 14 lug 2003; set 2019"),
        ["gen 2005", "14 lug 2003", "set 2019"]
    );
    // without a year, or before an amount, or a word that names something else before a number
    assert!(dates("gen 2 vaccine; set 2000 mg; pro 2000 model; avg 2010; 14 lug").is_empty());
}

#[test]
fn an_abbreviated_month_with_its_full_year() {
    assert_eq!(
        dates("clinic records of Okt 2002-MAR-04; since DEZ 1999, kwi 2020"),
        ["Okt 2002", "DEZ 1999", "kwi 2020"]
    );
    assert!(dates("okt 2000 mg; dez 2002.5; Stu 2019 team").is_empty());
}

#[test]
fn abbreviated_months_of_other_scripts_with_their_day() {
    assert_eq!(
        dates("bleeding and 1 Νοε. It might; 5 нояб. 2021; 12 ΔΕΚ"),
        ["1 Νοε", "5 нояб. 2021", "12 ΔΕΚ"]
    );
}

#[test]
fn abbreviated_months_and_a_weekday_before_a_date() {
    assert_eq!(
        dates_with_weekdays(
            "first dose last Do., 7. Okt. 2021 17:00; On So., 10. Okt. 2021, fever"
        ),
        ["Do., 7. Okt. 2021", "So., 10. Okt. 2021"]
    );
    assert_eq!(
        dates_with_weekdays("on 12 dez 2020 and 3 ene"),
        ["12 dez 2020", "3 ene"]
    );
    // an English word is no abbreviated month, a word is no weekday without a date after it
    assert!(dates_with_weekdays("2 out of 3 had 5 set of vials; so I went to the ER").is_empty());
    assert_eq!(dates_with_weekdays("also, 7. Okt. 2021"), ["7. Okt. 2021"]);
    assert_eq!(
        dates_with_weekdays("malaise continued through tirs 29 april and seg 3 mai"),
        ["tirs 29 april", "3 mai"]
    );
    // August's "ago" with its year or after "on the", never an English "ago"
    assert_eq!(
        dates_with_weekdays("first dose on the 31 ago and the second 15 ago 2021"),
        ["31 ago", "15 ago 2021"]
    );
    assert!(dates_with_weekdays("seen 3 days ago; 2 ago; about 10 ago").is_empty());
    assert_eq!(
        dates_with_weekdays("loss of apetite;10 de ago. dec urination"),
        ["10 de ago"]
    );
    assert_eq!(
        dates_with_weekdays("Tirsdag. 3. marts; lør., 5. marts 2022"),
        ["Tirsdag. 3. marts", "lør., 5. marts 2022"]
    );
}

#[test]
fn month_names_of_other_languages() {
    for (t, want) in [
        ("am 3. März 2021 geimpft", "3. März 2021"),
        ("el 12 de marzo de 2021 presentó", "12 de marzo de 2021"),
        ("le 5 janvier 2021,", "5 janvier 2021"),
        ("dnia 5 stycznia 2021 r.", "5 stycznia 2021"),
        ("desde marzo de 2021", "marzo de 2021"),
        ("seit März 2021", "März 2021"),
        ("il 5 gennaio", "5 gennaio"),
        ("GI appointment 3 mei with plan", "3 mei"),
        ("am 3. Mai 2021 geimpft", "3. Mai 2021"),
        ("le 12 mai 2021,", "12 mai 2021"),
        ("zaszczepiony 3 maj 2021, potem", "3 maj 2021"),
        ("den 12 februari 2021", "12 februari 2021"),
        ("bleeding and 21 tháng 8. It", "21 tháng 8"),
        (
            "tested positive for COVID 9 thg 12 in outpatient clinic",
            "9 thg 12",
        ),
        (
            "positive for COVID 14 Φεβρουαρίου in clinic",
            "14 Φεβρουαρίου",
        ),
        ("3 марта 2021 г.", "3 марта 2021"),
        ("loss of appetite, 2 أكتوبر, fever", "2 أكتوبر"),
        ("the following day 16 جويلية 2021 was", "16 جويلية 2021"),
        ("منذ 3 تموز 2021", "3 تموز 2021"),
        ("vaccine 25 באפריל.  She", "25 באפריל"),
        ("ได้รับวัคซีน 5 มีนาคม 2021", "5 มีนาคม 2021"),
        ("As of 27 tháng 9, 2021, a", "27 tháng 9, 2021"),
        ("vào ngày 5 tháng 3 năm 2021", "ngày 5 tháng 3 năm 2021"),
    ] {
        assert_eq!(dates(t), [want], "{t}");
    }
}

#[test]
fn chinese_japanese_and_korean_dates_and_range_ends() {
    for (t, want) in [
        ("接种于2021年11月30日，", vec!["2021年11月30日"]),
        (
            "both negative, 11月30日-1 hospital admission",
            vec!["11月30日", "1"],
        ),
        ("2021년 11월 30일 접종", vec!["2021년 11월 30일"]),
        ("自2021年3月起", vec!["2021年3月"]),
        ("令和3年5月20日に接種", vec!["令和3年5月20日"]),
        (
            "negative, 8 Σεπτεμβρίου-9 hospital admission",
            vec!["8 Σεπτεμβρίου", "9"],
        ),
        ("le 5 janvier-7 à l'hôpital", vec!["5 janvier", "7"]),
    ] {
        assert_eq!(dates(t), want, "{t}");
    }
    // not a range: an earlier day, a dose, a month alone, a number going on
    for (t, want) in [
        ("le 5 janvier-3 doses", vec!["5 janvier"]),
        ("服用3月", vec![]),
        ("11月30日-12.5 mg", vec!["11月30日"]),
        ("13月5日", vec![]),
    ] {
        assert_eq!(dates(t), want, "{t}");
    }
}

#[test]
fn the_other_scripts_list_is_folded_as_the_engine_folds() {
    // lexicons/world.py writes it; a word is looked up by `fold`, so an entry fold changes
    // could never match
    for line in MONTHS_SCRIPTS.lines().filter(|l| !l.starts_with('#')) {
        assert_eq!(fold(line).replace('ς', "σ"), line, "{line}");
    }
    assert!(MONTHS_SCRIPTS.lines().count() > 100);
}

#[test]
fn ordinary_words_are_not_months() {
    for t in [
        "took 5 tablets 2021",
        "dose 2 of vaccine",
        "in Paris 2021",
        "the 12 patients",
        // "mai" without a day: a name, a drink
        "Mai 2021 was the month",
        "a mai tai",
    ] {
        assert!(dates(t).is_empty(), "{t}: {:?}", dates(t));
    }
}

#[test]
fn seasons_tied_to_a_year() {
    for (t, want) in [
        ("states dx sz disorder; hiver 94-retarded", "hiver 94"),
        ("un episodio en el verano de 2020 que", "verano de 2020"),
        ("seit Sommer 2019 keine", "Sommer 2019"),
        ("in de zomer van 2020", "zomer van 2020"),
        ("depuis l'été 2020", "été 2020"),
        ("ВПЕРВЫЕ ЛЕТОМ 2020 ГОДА", "ЛЕТОМ 2020"),
        (
            "had pouchitis in the dry season 2019 too",
            "dry season 2019",
        ),
        ("during the harmattan 2020", "harmattan 2020"),
        // Scandinavian with the definite article
        ("SHE WAS SICK ALL VINTEREN 2004 WITH", "VINTEREN 2004"),
        ("feber sedan hösten 2019", "hösten 2019"),
    ] {
        assert_eq!(dates(t), [want], "{t}");
    }
    // ... or after "last", "this", "next" or "past", as "last summer" is
    assert_eq!(
        dates("developed pouch itis last herfst, but; LAST AUTOMNE"),
        ["herfst", "AUTOMNE"]
    );
    assert!(dates("last season; this verandah; 36hr p/last host; last estate sale").is_empty());
    assert_eq!(dates("feber sedan förra last höst"), ["höst"]);
    for t in [
        "en verano se vacunó",
        "last dry season",
        "the 2020 season 12 games",
        "yaz 12 kez",
        "winter 5 mg",
        "season 2",
    ] {
        assert!(dates(t).is_empty(), "{t}: {:?}", dates(t));
    }
}

#[test]
fn an_abbreviated_month_or_weekday_of_another_language_before_its_day() {
    for (t, want) in [
        ("Vaccine received Abr 5, began to feel ill", "Abr 5"),
        ("Released mié 30 around noon.", "mié 30"),
        ("fever since lør 12", "lør 12"),
        ("Released dom., 21 around noon", "dom., 21"),
        // a whole month of another language first
        ("GIVEN MOTRIN & APAP;ABRIL 8 FEVER 106", "ABRIL 8"),
        // a clinical abbreviation too ("ter 5 anos"), but none takes a period and a comma
        ("Patient woke up ter., 10 with recurrent pain", "ter., 10"),
        // a month that is an English word too, after the place a date follows
        ("Presented to ED Set 18 with a chief complaint", "Set 18"),
    ] {
        assert_eq!(dates(t), [want], "{t}");
    }
    for t in [
        "given Mar 5",
        "the sep 3 mg",
        "lot 12 and dose 2",
        "took out 3 of them",
        "set 5 alarms",
        "vie 30.5",
        "cell count was high 107, seg 18, L18 mono 6",
        "the ED set 2 beds aside",
    ] {
        assert!(dates(t).is_empty(), "{t}: {:?}", dates(t));
    }
}

#[test]
fn a_month_first_with_its_day_and_year_and_weekdays_before_it() {
    assert_eq!(
        dates_with_weekdays("then on huw, ago 16, 2012 and BIY, AGO 17, 2012 she had"),
        ["huw, ago 16, 2012", "BIY, AGO 17, 2012"]
    );
    assert!(dates("seen okt 5, 2021").contains(&"okt 5, 2021"));
    // an English word before a day and a year is no month: "out 5, 2012"
    assert!(dates("ruled out 5, 2012 cases").is_empty());
}

#[test]
fn a_weekday_that_is_an_english_word_before_its_day() {
    assert_eq!(
        dates("Released vie 10 around noon; sön 5 fever"),
        ["vie 10", "sön 5"]
    );
    assert!(dates("they vie 10 mg; the son 5 years; per 10 days").is_empty());
}

#[test]
fn weekdays_of_two_letters_with_their_punctuation_and_scandinavian_den() {
    assert_eq!(
        dates_with_weekdays(
            "woke up wt., 1 with pain. Released pt., 4 around noon. Released الجمعة، 6 around"
        ),
        ["wt., 1", "pt., 4", "الجمعة، 6"]
    );
    assert_eq!(
        dates_with_weekdays("thursday and fr. 25. april 2014 she had; FR. 25. APRIL 2014"),
        ["fr. 25. april 2014", "FR. 25. APRIL 2014"]
    );
    assert_eq!(
        dates("Patient woke up tirs. den 9. with pain; WOKE UP TIRS. DEN 9. WITH"),
        ["tirs. den 9.", "TIRS. DEN 9."]
    );
    // two letters with their period after "on", or with a comma too, before a day
    assert_eq!(
        all("RETURNED TO DR ON SO. 10DEC/W 100 T; THROUGH 23APR AND MI., 24APR."),
        ["SO. 10DEC", "23APR", "MI., 24APR"]
    );
    // ... or after "through", or with a comma alone before a dotted date after "by"
    assert_eq!(
        all("MALAISE CONTINUED THROUGH WT. 08-OCT AND; had fully cleared up by la, 28.8."),
        ["WT. 08-OCT", "la, 28.8"]
    );
    // Italy's summer after "last" before a clause's end, never a host or an estate sale
    assert_eq!(
        dates("developed pouch itis last estate, but that was"),
        ["estate"]
    );
    assert!(dates("occurred 36hr p/last host;migrating; the last estate sale").is_empty());
    // a month that is an English word with both its day and year
    assert_eq!(
        dates("SORE ARM ON VACCINATION DAY (24 LIP 2011), AND"),
        ["24 LIP 2011"]
    );
    // a number before ("2 mo., 3 wks"), the patient and a den are no weekday
    assert!(
        dates_with_weekdays("2 mo., 3 wks later; given to pt. 25. April 2014")
            .iter()
            .all(|d| !d.contains("pt"))
    );
    assert!(dates_with_weekdays("2 mo., 3 wks later").is_empty());
    assert!(dates("the kid played in the den 9. then").is_empty());
}

#[test]
fn weekdays_that_are_english_words_or_clinical_abbreviations_where_english_cannot_read_them() {
    // a clinical abbreviation before a month of another language
    assert_eq!(
        dates_with_weekdays("THROUGH TUESDAY, 01OCT AND MER 2 OTT.   ON"),
        ["MER 2 OTT"]
    );
    // an English word announced by "on" or "until" before a part of the day
    assert_eq!(
        dates("On sob. morning 15.6 at 2:30 AM; until min morning when"),
        ["sob", "min"]
    );
    assert!(dates("c/o sob. morning temp; took 10 min morning walk; pt sob am").is_empty());
    // ... or with its period before "@"; a month-word after "home"
    assert_eq!(
        dates("T 103, took to MD sex. @ 12noon; DISCHARGED TO HOME 12 LUG WITH FEVER"),
        ["sex", "12 LUG"]
    );
    assert!(dates("after 10 min. @ 3pm; sent home 2 set of vials").is_empty());
    // a range's end after an abbreviated month's period; a month-word after "COVID"
    assert_eq!(dates("labs. 6 янв.-9 afebrile"), ["6 янв", "9"]);
    assert_eq!(dates("POSITIVE FOR COVID 14 SET IN CLINIC"), ["14 SET"]);
    assert!(dates("POSITIVE FOR COVID 19 SET OF TESTS").is_empty());
}

#[test]
fn a_weekday_in_brackets_after_its_date() {
    assert_eq!(
        dates_with_weekdays("Then on 4. September 2008 (Do.) and 7. Oktober (fre) she"),
        ["4. September 2008 (Do.)", "7. Oktober (fre)"]
    );
    // ... or between commas with its period
    assert_eq!(
        dates_with_weekdays("LIKE A HIVE. ON 29 MAI 2016, DIM., AGAIN WITH THE FEVER"),
        ["29 MAI 2016, DIM."]
    );
    // a note in brackets that is no weekday stays out, and so does a lab's flag
    assert_eq!(
        dates_with_weekdays("Then on 4. September 2008 (approx.) she; 102.8 on 3. Mai 2021 (H),"),
        ["4. September 2008", "3. Mai 2021"]
    );
}

#[test]
fn a_weekday_after_last_that_a_date_then_names() {
    for (t, want) in [
        ("the vaccination last tis that was 20110523", "tis"),
        ("the vaccination last dim. that was when it began", "dim"),
        ("THE VACCINATION LAST SUN THAT WAS 12-JUN-23", "SUN"),
        ("the vaccination last Th 7 that was 20/1/2014", "Th 7"),
        ("the vaccination last jue, which was", "jue"),
        ("since last søn when the rash began", "søn"),
    ] {
        assert_eq!(dates(t), [want], "{t}");
    }
    // English words and clinical abbreviations, and a weekday with nothing a date takes after it
    for t in [
        "this pt. that was seen",
        "the last man that was here",
        "make it last so that it holds",
        "the last son that was born",
        "this min. that was all",
        "last dim light in the room",
        "last sun exposure",
    ] {
        assert!(dates(t).is_empty(), "{t}: {:?}", dates(t));
    }
}

#[test]
fn vietnamese_weekdays() {
    assert_eq!(
        dates("fully cleared up by Th 7, 29 tháng 12. TOOK TO MD THỨ BẢY @ 12NOON; chủ nhật"),
        ["Th 7, 29 tháng 12", "THỨ BẢY", "chủ nhật"]
    );
    // "thứ" and a word that is no weekday's number
    assert!(dates("thứ tự").is_empty());
    // the numbered weekday in Latin letters after a word of when, never a spine's level
    assert_eq!(
        dates("everyday starting on Th 6 the day after; STARTING ON TH 6 THE DAY"),
        ["Th 6", "TH 6"]
    );
    assert!(dates("fracture on th 5 vertebra; on th 4 days; with 3 doses").is_empty());
}

#[test]
fn a_month_that_is_an_english_word_after_a_weekday_or_another_date() {
    assert_eq!(
        dates_with_weekdays("fully cleared up by sob., 11 lip. fine on 8/8 & 9 ago;fever"),
        ["sob., 11 lip", "9 ago"]
    );
    assert!(dates("cut her lip, 11 lip injuries; 2 weeks and 3 ago").is_empty());
    // ... or what happened that day right before it
    assert_eq!(dates("her first COVID vaccine 11 mag. She"), ["11 mag"]);
    assert!(dates("took 2 tabs of 11 mag. She").is_empty());
}

#[test]
fn a_weekday_of_another_script_before_its_day() {
    assert_eq!(dates("Released пт, 13 around noon"), ["пт, 13"]);
    // two Latin letters no English word nor clinical abbreviation
    assert_eq!(
        dates("PATIENT WOKE UP DI 18 WITH; RELEASED VR 21 AROUND"),
        ["DI 18", "VR 21"]
    );
    assert!(dates("so 18 of them; do 2 more; to 21 days; PE 12 mm").is_empty());
    // with a letter English has not, before a day with its period
    assert_eq!(dates("RELEASED PÁ 4. AROUND NOON"), ["PÁ 4"]);
    assert!(dates("address số 12 phố Hàng Bài").is_empty());
    // two letters without their comma or period are words ("не 5 раз")
    assert!(dates("пт 13 и не 5").is_empty());
}

#[test]
fn japanese_era_dates_and_months_that_are_english_words_after_a_date_word() {
    assert_eq!(
        dates("INCLUDING H3.12.2 EXCESSIVE SLEEPING & H14.3.9 PT'S MOM"),
        ["H3.12.2", "H14.3.9"]
    );
    // no era's year, month or day, or a number that goes on
    assert!(dates("T3.1.2.4 and S99.1.1 and H3.13.2").is_empty());
    assert_eq!(
        dates("THE WEEK OF 7 MAG AND; DUE ON THE 11 MAG. FIRST"),
        ["7 MAG", "11 MAG"]
    );
    assert!(dates("on 2 mag tablets; the 3 sub q; on 2 out of 3").is_empty());
    // the day's own period says a month follows
    assert_eq!(dates("VACCINE ON THE 24. DES. AND"), ["24. DES"]);
}

#[test]
fn two_letter_weekdays_and_those_no_english_sentence_writes_before_a_date() {
    assert_eq!(
        dates_with_weekdays("CONTINUED THROUGH DI 17 OKT AND; LAST TORS 17 MAJ 2018 17:00"),
        ["DI 17 OKT", "TORS 17 MAJ 2018"]
    );
    assert_eq!(all("CONTINUED THROUGH TI 29.04. AND"), ["TI 29.04"]);
    assert_eq!(all("went to 29.04. and"), ["29.04"]);
    // "SOB 19FEB91" is shortness of breath; "on 12 dez" an English "on"
    assert_eq!(
        dates_with_weekdays("SOB 19 MAJ; on 12 dez"),
        ["19 MAJ", "12 dez"]
    );
    // before an English month or a date of slashes, its day first, with or without a comma
    assert_eq!(
        all("through di 13 mei and wo 14 May. On"),
        ["di 13 mei", "wo 14 May"]
    );
    assert_eq!(all("and wo, 28/09. On"), ["wo, 28/09"]);
    // an English word announced by "last" before a foreign month ("do": Dutch Thursday)
    assert_eq!(
        dates_with_weekdays("the first dose last do 12 februari 2009 17:00; do 12 februari"),
        ["do 12 februari 2009", "12 februari"]
    );
}

#[test]
fn day_month_and_year_with_a_period_and_a_space() {
    assert_eq!(
        dates("On so 8. 8. 2015, she; since 19. 11.2020 fever"),
        ["8. 8. 2015", "19. 11.2020"]
    );
    assert!(dates("doses 1. 2. 2015 mg; items 32. 1. 2015; v1.5. 3. 2015").is_empty());
    // year first, as Korean and Hungarian write them
    assert_eq!(
        dates("ADMITTED TO HOSP 1990. 9. 3. W/CHEST PAINS; 접종일 2021. 11. 30. 발열"),
        ["1990. 9. 3", "2021. 11. 30"]
    );
    assert!(dates("in 2019. 3 doses; 2020. 13. 5. or 2020. 1. 45 mg").is_empty());
}

#[test]
fn a_weekday_with_a_period_and_a_comma_before_a_day() {
    // Portuguese "sex." (sexta-feira) is an English word once folded: only with both marks
    assert_eq!(dates("Released sex., 30 around noon"), ["sex., 30"]);
    assert!(dates("sex, 30 years; sex. 30").is_empty());
    // two letters with both marks before a day with its period ("So., 19. Feb.")
    assert_eq!(
        all("Returned to Dr on So., 19. Feb./w 100 T"),
        ["So., 19. Feb"]
    );
    assert!(!all("he said so, 19. Feb. was").contains(&"so, 19. Feb".to_string()));
    // ... before a date with a month of English letters ("sex.," is no English)
    assert_eq!(
        all("AND SEX., 24 DE JUL. DE 2020 SHE HAD"),
        ["SEX., 24 DE JUL. DE 2020"]
    );
    // ... and without a month ("Fr." Friday in German and French)
    assert_eq!(dates("Released Fr., 28. around noon"), ["Fr., 28"]);
    assert!(dates("seen by Dr., 28. Pt; Fr. 28 mg; Fr., 28 pts").is_empty());
}

#[test]
fn an_english_month_after_a_romance_connector_and_ago_before_a_verb() {
    assert_eq!(
        dates(
            "INJECT RECVD EITHER 4 DE SEPT OR 6 de sept. PT EXP; Vaccine received 7 de sept, began"
        ),
        ["4 DE SEPT", "6 de sept", "7 de sept"]
    );
    assert_eq!(dates("activities stopped;7 ago had sz;"), ["7 ago"]);
    // the second of two dates after a month and "or"
    assert_eq!(
        dates("INJECT RECVD EITHER 25 AGOSTO OR 27 AGO. PT EXP DIARRHEA"),
        ["25 AGOSTO", "27 AGO"]
    );
    assert!(dates("in march or 3 set of tests; in may and 2 sets").is_empty());
    assert!(dates("7 days ago had sz; 1 of may be; a de sept").is_empty());
    // a month that is an English word too after the connector, or at a clause's start before
    // what happened that day
    assert_eq!(
        dates("RECVD EITHER 11/09 OR 13 de set.. PT; fever 3 September; 4 set rash, loss"),
        ["13 de set", "3 September", "4 set"]
    );
    // ... or at a clause's start in a narrative that names such a month in full
    assert_eq!(
        dates("mild h/a;18 luglio severe h/a dec;23 lug loss of vision"),
        ["18 luglio", "23 lug"]
    );
    assert!(dates("mild h/a;severe h/a dec;23 lug loss of vision").is_empty());
    // ... after a comma too
    assert_eq!(
        dates("little bit of water intake, 13 dic appointment made"),
        ["13 dic"]
    );
    assert!(dates("got 4 set of tests; a 2 set rash; x 3, 4 out of 5").is_empty());
    // ... or after "on the" ("sty", a stye, after a count)
    assert_eq!(
        dates("first dose on the 20 sty and tested positive"),
        ["20 sty"]
    );
    assert!(dates("she had 2 sty on her eyelid").is_empty());
}

#[test]
fn a_month_of_two_letters_of_another_script() {
    assert_eq!(
        dates("continued symptoms, 19 मई repeat of COVID swab"),
        ["19 मई"]
    );
    assert!(dates("took 2 mg on 5 of them").is_empty());
}

#[test]
fn a_month_that_is_an_english_word_before_the_end_day_of_a_range() {
    assert_eq!(
        all("worsening labs. 6 ago-9 afebrile, started"),
        ["6 ago", "9"]
    );
    // "ago" before an event's noun ("3 days ago appointment" has its unit between)
    assert_eq!(
        all("water intake, 10 ago appointment made; 3 days ago appointment"),
        ["10 ago"]
    );
    assert_eq!(
        all("both negative, 23 DIC-24TH HOSPITAL ADMISSION"),
        ["23 DIC", "24TH"]
    );
    // an amount after the range, or no day before the month
    assert!(all("took 5 dic-10 mg daily; DIC-24 hours later").is_empty());
}

#[test]
fn a_month_word_written_with_a_letter_english_has_not() {
    // Turkish "Şub" (Şubat) folds to the English "sub"
    assert_eq!(
        dates("tested positive for Covid (8 Şub 2012 16:30) with"),
        ["8 Şub 2012"]
    );
    assert!(dates("we had a sub 1995; 8 sub 2012").is_empty());
}

#[test]
fn a_weekday_word_bare_before_a_day_and_a_month_word() {
    // "mer" (Italian Wednesday), "dom" (Sunday) before a day and "mag" (Italian May)
    assert_eq!(
        dates_with_weekdays(
            "continued through Tuesday, 20-MAY and mer 21 mag. Returned on dom 27 mag/w 100 T"
        ),
        ["mer 21 mag", "dom 27 mag"]
    );
    // a drug's shorthand with a dose, magnesium, no weekday: no date
    assert!(dates_with_weekdays("mer 1 g q8h; mag 2 g iv; gave 21 mag at noon").is_empty());
    // "last do" before a day, a month and a year is a Dutch Thursday; before hours it is English
    assert_eq!(
        dates_with_weekdays("received the first dose last do 16 jun 2016 17:00 in the arm"),
        ["do 16 jun 2016"]
    );
    assert!(dates_with_weekdays("the last do 12 hours before").is_empty());
}

#[test]
fn an_italian_may_with_its_year_after_since() {
    assert_eq!(
        dates("I HAVE BEEN SO SICK SINCE MAG 1996 THAT I"),
        ["MAG 1996"]
    );
    // magnesium's dose is no year, and without a word of time the year alone says nothing
    assert!(dates("since mag 2000 mg daily; MAG 1996 protocol").is_empty());
}

#[test]
fn hindi_abbreviated_months_with_the_abbreviation_sign() {
    assert_eq!(
        dates("Vaccine received 10 अक्टू॰, began to feel ill; on 5 जन॰ and 7 जुल॰ 2021"),
        ["10 अक्टू॰", "5 जन॰", "7 जुल॰ 2021"]
    );
}

#[test]
fn day_and_month_each_with_its_period() {
    assert_eq!(
        dates("Discharged to home 19. 4. with low grade fever; 10. 4., fever 103; GI appointment 28. 4. with plan"),
        ["19. 4.", "10. 4.", "28. 4."]
    );
    // a list of numbers, a version, a year's date (read whole elsewhere) are no such date
    assert_eq!(
        dates("steps 1. 2. 3. done; version 2. 1. installed; grade 3. 2. seen; on 8. 8. 2015 seen"),
        ["8. 8. 2015"]
    );
}

#[test]
fn latin_ago_after_a_weekdays_word() {
    assert_eq!(
        dates("received the vaccine on mar 10 ago at work"),
        ["10 ago"]
    );
    assert!(dates("the rash began 10 ago; mar 10 days ago").is_empty());
}

#[test]
fn a_weekday_bare_after_a_dates_year() {
    assert_eq!(
        dates_with_weekdays("On 6 Eki 2022 Per (2 days after receiving my vaccine), my"),
        ["6 Eki 2022 Per"]
    );
    assert_eq!(
        dates_with_weekdays("RECEIVED THE FIRST DOSE LAST 28 TEM 2022 PER 17:00 IN THE ARM"),
        ["28 TEM 2022 PER"]
    );
    // "per" going on with its English sentence, the right arm after a date
    assert_eq!(
        dates_with_weekdays("received TRIPEDIA vaccine on 22 Eki 1998 RA (deltoid)."),
        ["22 Eki 1998"]
    );
    assert_eq!(
        dates_with_weekdays("since 6 Eki 2022 per protocol; 3 Eki 2022 per day"),
        ["6 Eki 2022", "3 Eki 2022"]
    );
}

#[test]
fn a_year_and_an_abbreviated_month_each_with_its_period() {
    assert_eq!(
        dates("chronic fatigue syndrome initially diagnosed 2002. febr. s/p flu shot"),
        ["2002. febr."]
    );
    assert!(dates("seen in 2002. Then she left. In 2003. pain").is_empty());
}

#[test]
fn a_month_word_before_its_day_after_on_the() {
    assert_eq!(
        dates("received the first dose of the vaccine on the nob 15 and tested positive"),
        ["nob 15"]
    );
    assert!(dates("put on the set 15 minutes; on the sub 2 list").is_empty());
}

#[test]
fn romanian_summer_and_hungarian_winter_with_their_year() {
    assert_eq!(
        dates("She was sick all vara 2003 with joint pain; TÉL 2002 pt recv vax"),
        ["vara 2003", "TÉL 2002"]
    );
    // a telephone's number is no winter
    assert!(dates("Tel 2002 555 100; tel 2002").is_empty());
}

#[test]
fn dates_after_covid_and_a_portuguese_weekday_with_feira() {
    assert_eq!(
        dates("She tested positive for COVID Ago 15 in outpatient clinic."),
        ["Ago 15"]
    );
    assert_eq!(
        dates("took to MD segunda-feira @ 12noon; T 103, quinta-feira eve"),
        ["segunda-feira", "quinta-feira"]
    );
    assert!(dates("the feira @ noon; a sexta feira am").is_empty());
    // a month and its day before "or"
    assert_eq!(
        dates("INJECT RECVD EITHER Aug 27 OR 29 ago. PT EXP"),
        ["29 ago"]
    );
}
