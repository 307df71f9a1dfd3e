//! Tests of the world date recognizer.

use super::*;

fn dates(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    WorldDateRecognizer::new().collect(text, &mut out);
    out.iter().map(|c| &text[c.start..c.end]).collect()
}

/// Every recognizer's spans, as the engine runs them together (numeric dates are recognize/date's).
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
fn a_month_in_roman_numerals_between_the_day_and_the_year() {
    assert_eq!(
        dates("no rxn to dose #1 (9-ix-96); seen 12.III.2021, again 12. III. 2021 and 3/XI/97"),
        ["9-ix-96", "12.III.2021", "12. III. 2021", "3/XI/97"]
    );
    assert_eq!(dates("VACUNADO EL 4 VII 2021 EN"), ["4 VII 2021"]);
    // the day and the numeral alone where the narrative writes its whole dates so
    assert_eq!(
        dates("oxytocin over 19 h from 12.V.97.\n13.V post-partum: vomiting; 19.x: petechiae"),
        ["12.V.97", "13.V", "19.x"]
    );
    assert!(dates("tablets 2.v daily; 13.V post-partum").is_empty());
    // not two separators, not a count and a shorthand between blanks, not a number going on
    assert!(dates(
        "9-ix.96; took 2 x 20 mg; gave 2 IV 40 mg; dose 2 I 25 mins; 1.9-ix-96.4; 40-ix-96"
    )
    .is_empty());
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

mod weekdays;

#[test]
fn a_month_word_after_and_ending_a_sentence() {
    assert_eq!(
        dates("emergency center for intermittent bleeding and 27 dic. It might be"),
        ["27 dic"]
    );
    assert!(dates("platelets low and DIC. 27 dic patients; and 27 set up").is_empty());
}

#[test]
fn hungarian_full_dates_filipino_december_and_vietnamese_days() {
    // (the shorter reading too: the engine keeps the longer)
    assert_eq!(
        dates("On 2012. febr. 9. she"),
        ["febr. 9", "2012. febr. 9."]
    );
    assert_eq!(
        dates("Patient was vaccinated Dis 17, 2008. Prime dose"),
        ["Dis 17, 2008"]
    );
    assert!(dates("dis 17 2008 units; sub 17, 2008").is_empty());
    assert_eq!(
        dates("Transported to local ER on Th 2, ngày 9 upon worsening"),
        ["Th 2, ngày 9"]
    );
    assert_eq!(
        dates("initially diagnosed ago. de 2003 s/p flu shot"),
        ["ago. de 2003"]
    );
}

#[test]
fn a_month_that_is_an_english_word_after_or_and_a_numeric_date() {
    assert_eq!(
        dates("INJECT RECVD EITHER 16/08 OR 18 ago. PT EXP"),
        ["18 ago"]
    );
    // no date before "or": a time ago
    assert!(dates("pain either 2 or 18 ago. then").is_empty());
}

#[test]
fn weekdays_of_chinese_japanese_and_korean_with_a_day_before_them() {
    assert_eq!(
        dates("Released 31 週五 around noon; 星期五 fever; 金曜日に発熱; 금요일 발열; 40 周六"),
        ["31 週五", "星期五", "金曜日", "금요일", "周六"]
    );
    // the characters alone, a month's name
    assert!(dates("周 5; 5月; 曜日; 일요").is_empty());
}

#[test]
fn hebrew_abbreviated_months_with_their_geresh_and_prefix() {
    assert_eq!(
        dates("She received her first COVID vaccine 6 באוק׳.  Then 12 נוב׳ 2021 rash"),
        ["6 באוק׳", "12 נוב׳ 2021"]
    );
}

#[test]
fn des_and_dis_with_both_their_day_and_year() {
    assert_eq!(
        dates("Admitted to Hosp 10 Des 1979 w/chest pains; 3 dis 2001; ADMITTED 4 DES 1985"),
        ["10 Des 1979", "3 dis 2001", "4 DES 1985"]
    );
    // an English word between numbers, one of them no year
    assert!(dates("des 1979 records; 10 des 19 79; 3 dis 200").is_empty());
}

#[test]
fn a_month_word_before_two_digits_where_the_narrative_writes_its_dates_so() {
    assert_eq!(
        dates("RCVD 17 FEB 98. HX: CEFACLOR SUSP 20 MG/KG/D FROM 24 GEN 98 (2ND COURSE)"),
        ["17 FEB", "24 GEN"]
    );
    assert_eq!(
        dates("rcvd ter 5 nov 96 from hospital municipal. born 28 out 96, 2.6 kg"),
        ["5 nov", "28 out"]
    );
    // not where no other date is written so, nor before a count
    assert!(dates("born 28 out 96, 2.6 kg, apgar 9").is_empty());
    assert_eq!(
        dates("seen 5 nov 96. physio: 3 set 12 reps, then 2 out 10 pain"),
        ["5 nov"]
    );
}
