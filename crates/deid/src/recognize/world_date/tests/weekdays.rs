//! Tests of the weekdays of the world's narratives around a date (`world_date/weekdays.rs`).

use super::*;

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
    // the numeric dates are recognize/date's: the recognizers run together
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
    // a discharge's day before the clause's end
    assert_eq!(
        dates_with_weekdays("hartmann procedure. recovered, discharged 3 set. esposa yorleny"),
        ["3 set"]
    );
    assert!(dates_with_weekdays("discharged 3 set of notes to the gp").is_empty());
    // French Wednesday before a whole date of numbers with its year of four digits; not a dose
    // of meropenem before a rate or a date without its year
    assert_eq!(
        all("notes consult\nmer 04/03/2026, dr coly"),
        ["mer 04/03/2026"]
    );
    assert_eq!(
        all("started mer 1/8 at 2g, mer 04/03 again"),
        ["1/8", "04/03"]
    );
    // Finnish and Latvian Friday bare before a dotted day and month, after a word of when
    assert_eq!(
        all("afebrile in 48 h, cxr clear on pe 20.11.98. son matti"),
        ["pe 20.11.98"]
    );
    assert_eq!(all("steroid; fading by pe 17.12.. wife"), ["pe 17.12"]);
    assert_eq!(
        all("Changed to baclofen. D/c pk 26.9.97.\nZiņoja"),
        ["pk 26.9.97"]
    );
    // not the embolism's or a kinetics' word elsewhere
    assert_eq!(
        all("ct showed pe 20.11.98 confirmed; pk 26.9.97 sampled"),
        ["20.11.98", "26.9.97"]
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
    assert_eq!(
        dates_with_weekdays("diurèse reprise j6. sortie le sam 11 juil 98. frère"),
        ["sam 11 juil"]
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
    assert_eq!(
        dates_with_weekdays("Then on 14 Haz 2018 Per and 15 Haz 2018 Cum she had"),
        ["14 Haz 2018 Per", "15 Haz 2018"]
    );
    assert_eq!(
        dates_with_weekdays("On 23 Şub 2012 Per, patient did not; On 7 mars 2010, sön, again"),
        ["23 Şub 2012 Per", "7 mars 2010, sön"]
    );
    assert_eq!(
        dates_with_weekdays("On 15. mars 2012, tor. (2 days after receiving"),
        ["15. mars 2012, tor."]
    );
    // "per" going on with its English sentence, the right arm after a date
    assert_eq!(
        dates_with_weekdays("received TRIPEDIA vaccine on 22 Eki 1998 RA (deltoid)."),
        ["22 Eki 1998"]
    );
    assert_eq!(
        dates_with_weekdays("since 6 Eki 2022 per protocol; 3 Eki 2022 per day and 2 more"),
        ["6 Eki 2022", "3 Eki 2022"]
    );
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

#[test]
fn a_hungarian_weekday_after_the_day_and_an_italian_one_before_an_english_month() {
    assert_eq!(
        dates_with_weekdays("On 2012. febr. 9., Cs (2 days after receiving my vaccine), my"),
        ["febr. 9", "2012. febr. 9., Cs"]
    );
    assert_eq!(
        dates_with_weekdays("malaise continued through 15 abr and mer 16 apr.   On"),
        ["15 abr", "mer 16 apr"]
    );
    // meropenem with its dose
    assert!(dates_with_weekdays("mer 1 g q8h; mer 16 mg").is_empty());
}

#[test]
fn a_weekday_with_its_period_and_comma_before_a_dotted_day_and_month() {
    assert_eq!(
        dates("continued through Di., 4.12 and Mi., 5. Dezember."),
        // ("Mi., " joins its date in `extend_over_weekdays`)
        ["Di., 4.12", "5. Dezember"]
    );
    // or its period alone where no English word is so written
    assert_eq!(dates("continued through Di. 13.9 and"), ["Di. 13.9"]);
    // no month after the day, a number going on
    assert!(dates("Di., 4.13 and Di., 4.12.3; Di. 13.9.5").is_empty());
}

#[test]
fn a_weekday_with_its_period_after_on_before_the_day_after() {
    assert_eq!(
        dates("a little everyday starting on So. the day after the vaccine"),
        ["So"]
    );
    assert_eq!(
        dates("a little everyday starting on tors the day after the vaccine"),
        ["tors"]
    );
    // English "so.", by mouth, no word of when before it
    assert!(
        dates("I told him so. The day after; started on po. the day after; Do. the day after")
            .is_empty()
    );
}

#[test]
fn hungarian_weekdays_of_one_letter_or_more_after_the_days_comma() {
    assert_eq!(
        dates_with_weekdays("Then on 2014. jan. 31., P she had; on 2019. okt. 31., Cs and Fri"),
        ["okt. 31", "2014. jan. 31., P", "2019. okt. 31., Cs"]
    );
    // a letter that abbreviates no weekday
    assert_eq!(
        dates_with_weekdays("on 2014. jan. 31., A patient"),
        ["2014. jan. 31."]
    );
}

#[test]
fn a_weekday_that_is_an_english_word_with_its_period_after_on_before_a_dotted_day() {
    assert_eq!(
        dates("Transported to local ER on man. 4. upon worsening"),
        ["man. 4"]
    );
    // a unit, no period after the day, no word of when
    assert!(dates("on min. 4. day; on man. 4 upon; the man. 4. upon").is_empty());
}

#[test]
fn a_two_letter_weekday_with_its_period_after_last() {
    assert_eq!(dates("the vaccination last Do. that was"), ["Do"]);
    // the patient, a month, no period
    assert!(dates("this pt. that was; last mo. that I; last so that").is_empty());
    // German Monday: in its capital, or with the date it names after it in one case
    assert_eq!(dates("the vaccination last Mo. that was"), ["Mo"]);
    assert_eq!(
        dates("THE VACCINATION LAST MO. THAT WAS 31.10.2011"),
        ["MO"]
    );
    assert!(dates("LAST MO. THAT WAS BAD").is_empty());
}

#[test]
fn a_weekday_no_english_sentence_writes_after_a_dates_comma() {
    assert_eq!(
        dates_with_weekdays("Then on 2 juli 2020, tors and fre, 3 juli 2020 she had"),
        ["2 juli 2020, tors", "fre, 3 juli 2020"]
    );
    // an English word after the comma
    assert_eq!(
        dates_with_weekdays("on 2 juli 2020, this and more"),
        ["2 juli 2020"]
    );
}

#[test]
fn a_two_letter_weekday_no_english_word_is_before_a_day_and_month_with_their_period() {
    assert_eq!(
        dates("continued through tiistaina 11FEB and ke 12.2. On Saturday"),
        ["ke 12.2"]
    );
    // no period after the month: a decimal may be
    assert!(dates("and ke 12.2 mg").is_empty());
}

#[test]
fn a_german_weekday_of_two_letters_after_a_german_preposition() {
    assert_eq!(
        all(
            "Die Patientin stellte sich am So 29.09.2019 vor, Kontrolle bis Mo 04.10.2019 geplant."
        ),
        ["So 29.09.2019", "Mo 04.10.2019"]
    );
    // English "so" and "do" before a number are no weekday, nor a German one before a count
    assert!(all("I am so 29 weeks along; we am do 3 tests").is_empty());
}

#[test]
fn a_months_abbreviation_and_a_two_digit_year_after_a_preposition_of_its_language() {
    assert_eq!(
        dates_with_weekdays("EVOLUCIÓN: MEJORÍA EN AGO 97, MARCHA CON FÉRULA EN DIC 97. DX: X"),
        ["AGO 97", "DIC 97"]
    );
    assert_eq!(
        dates_with_weekdays("marcha sin férula desde dic. 98"),
        ["dic. 98"]
    );
    // or after an English word of since when, a month no English word is
    assert_eq!(
        dates_with_weekdays("methyldopa 250 mg tid since Des 96.\nRA; gold from dic 95 on"),
        ["Des 96", "dic 95"]
    );
    assert!(dates_with_weekdays("ruled out since out 96 days; from sub 45 mg").is_empty());
    // or opening a line's entry before its colon
    assert_eq!(
        dates_with_weekdays("UNIDAD DE SALUD CHINAMECA.\nDIC 97: ENCÍAS HIPERTRÓFICAS"),
        ["DIC 97"]
    );
    // no preposition, an amount after it, or an English month (read elsewhere)
    for text in [
        "labs consistent with DIC 97 platelets",
        "labs: DIC 97: platelets low",
        "DIC 97 platelets: low",
        "en dic 97 mg total",
        "walking by dec 97",
    ] {
        assert!(dates_with_weekdays(text).is_empty(), "{text}");
    }
}
