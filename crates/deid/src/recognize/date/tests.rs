//! Tests of the date recognizer.

use super::*;

fn dates(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    DateRecognizer::new().collect(text, &mut out);
    out.sort_by_key(|c| c.start);
    out.iter().map(|c| &text[c.start..c.end]).collect()
}

#[test]
fn a_hyphenated_day_and_month_after_an_event() {
    assert_eq!(
        dates("Vaccine received 1-8, began to feel ill. Her first COVID vaccine 10-1."),
        ["1-8", "10-1"]
    );
    assert_eq!(
        dates("She tested positive for COVID 27/4 in outpatient clinic; pain 3/10; 24/7 care"),
        ["27/4"]
    );
    assert_eq!(
        dates("initially diagnosed 1979-04 s/p flu shot. Discharged to home 22-5 with; 18-4 fever 106"),
        ["1979-04", "22-5", "18-4"]
    );
    assert_eq!(
        dates("On Friday evening 3-7 it became the worst headache; each evening 2-3 hours"),
        ["Friday", "3-7"]
    );
    // after a weekday's abbreviation too; not a count of hours in the sun
    assert_eq!(dates("had fully cleared up by Sat 23-2."), ["Sat", "23-2"]);
    // "may" after the disease and its day, but never the disease's "19"
    assert_eq!(
        dates("TESTED POSITIVE FOR COVID 23 MAY IN CLINIC; covid 19 may in some"),
        ["23 MAY"]
    );
    assert!(dates("had fully cleared up by sat 24 dec.").contains(&"24 dec"));
    // a range's end day with its ordinal in any case
    assert_eq!(
        dates("BOTH NEGATIVE, AUGUST 1ST-2ND HOSPITAL ADMISSION"),
        ["AUGUST 1ST", "2ND"]
    );
    assert!(!dates("WENT OUT IN THE SUN 12-3 HOURS").contains(&"12-3"));
    assert_eq!(
        dates("continued symptoms, 15-3 repeat of COVID swab. 9-7 virtual appointment"),
        ["15-3", "9-7"]
    );
    assert_eq!(
        dates("Presented to ED 6-5 with fatigue; the week of 19-7 and then; tested positive 5-5"),
        ["6-5", "19-7", "5-5"]
    );
    // counts after the same words
    assert!(dates("to ER 2-3 times; positive 1-2 days later; a week of 1-2 doses").is_empty());
    // with a period, a day and a month ("26.2."), never an amount or a version
    assert_eq!(
        dates("her first COVID vaccine 26.2.  GI appointment 24.5 with plan; evening 9.4 it"),
        ["26.2", "24.5", "9.4"]
    );
    assert!(dates("received 0.5 mL; positive, 4.2 ug/mL; received 1.2.3; vaccine 2.13").is_empty());
    assert_eq!(
        dates("FEVER 103-104 21-1; 22-1 RASH; TX;4.6. RASH; 12-1 TEAM MEMBER; ON THE 11.9 AND"),
        ["22-1", "4.6", "12-1", "11.9"]
    );
    // a day and month with their periods, then a range's end day
    assert_eq!(
        dates("review symptoms, 2.8.-4 continued symptoms. appetite. 10.8.-13 continued"),
        ["2.8", "4", "10.8", "13"]
    );
    // not an amount, a version, an earlier day or a number going on
    for text in [
        "level 2.8.-4 mg",
        "potassium was 4.8.-2 later",
        "version 2.8.-4.1 installed",
    ] {
        assert!(dates(text).is_empty(), "{text}: {:?}", dates(text));
    }
    // a two-digit year first
    assert_eq!(
        dates("By 93.08.30 pt report; As of 88.11.07 the vaccinee; on 99-12-31"),
        ["93.08.30", "88.11.07", "99-12-31"]
    );
    assert!(dates("BP 98.6.12 and 45.13.02 or 98.12.40").is_empty());
    // a zero-padded month and a two-digit year
    assert_eq!(dates("initially diagnosed 01/99 s/p flu shot"), ["01/99"]);
    assert_eq!(dates("pt devel chicken pox in 05/00 p/ sibling"), ["05/00"]);
    // "may" glued to two digits by a hyphen is the month (May 3, or May 2003)
    assert_eq!(
        dates("initially diagnosed MAY-03 s/p flu shot; he may - 03 no"),
        ["MAY-03"]
    );
    assert_eq!(dates("initially diagnosed mar-03 s/p flu shot"), ["mar-03"]);
    assert!(dates("ratio 1/99, 10/45 and 01/15 mg").is_empty());
    assert_eq!(dates("given motrin & apap;7 mar fever 106"), ["7 mar"]);
    assert_eq!(dates("activities stopped;9 mar had sz;"), ["9 mar"]);
    assert_eq!(
        dates("appetite, 5 mar, fever 103; apap given;8 may rash devel; stopped;17-6 had sz"),
        ["5 mar", "8 may", "17-6"]
    );
    assert_eq!(
        dates("She tested positive for COVID 11-8 in outpatient clinic"),
        ["11-8"]
    );
    assert!(dates("positive for COVID 19-8 days; COVID 2-3 weeks; stopped;2-3 had sz").is_empty());
    // a day before a smaller month at a clause's start, whatever follows
    assert_eq!(
        dates("loss of appetite, 23-3, fever 103; mild h/a;13-2 severe h/a; 10-1 abn EEG"),
        ["23-3", "13-2", "10-1"]
    );
    // a day glued or hyphened to its month, then a range's later day or a two-digit year
    assert_eq!(
        dates("symptoms, 05Apr-8 continued; NEGATIVE, 1SEP-2 HOSPITAL; on 6-Jan-21 at; 2-OCT-91;"),
        ["05Apr", "8", "1SEP", "2", "6-Jan-21", "2-OCT-91"]
    );
    assert_eq!(dates("given 12 Dec - 3 mg"), ["12 Dec"]);
    // a range of two named dates, the first with its ordinal and "of"
    assert_eq!(
        dates("ADMITTED TO THE HOSPITAL 8TH OF APRIL-14APR2024 FOR ENCEPHALITIS"),
        ["8TH OF APRIL", "14APR2024"]
    );
    assert_eq!(dates("prob GE 15OCT-16OCT, tatoo"), ["15OCT", "16OCT"]);
    // a letter of several bytes before the hyphen (this panicked: "ü" is two bytes)
    assert_eq!(dates("Grüß Gott Kü-14 Dec, then 15 Dec"), ["Dec", "15 Dec"]);
    // a dotted day and smaller month at a clause's start in a narrative that writes another
    // dotted date, never a lab value in one that writes none
    assert_eq!(
        dates("prior to vax mild h/a;2.1 severe h/a dec;7.1. loss of vision"),
        ["2.1", "7.1"]
    );
    assert!(
        dates("drawn 5MAR-negative;WBC 3.6, 45.8 lymphs;10.8 mono;43.4 segs;")
            .iter()
            .all(|d| !d.contains('.'))
    );
    // a lower-case month after "received"; a dotted day and month before "or" and a date
    assert_eq!(
        dates("vaccine received 10 sept, began to feel ill; EITHER 7.1 OR 9 JAN. PT EXP"),
        ["10 sept", "7.1", "9 JAN"]
    );
    assert!(dates("wbc 3.6 & 4.2; hgb 12.5 or 13 mg; took 2.5 or 3 tabs").is_empty());
    // a bare day after "on the" before a clause goes on; no count, amount or month after it
    assert_eq!(
        dates("confirmed positive on the 5 but in their mind; On the 18, Pt began"),
        ["5", "18"]
    );
    assert!(dates("on the 2 occasions and on the 3 of them, on the 5 mg dose").is_empty());
    // ... and a day and month with the period that ends them
    assert_eq!(dates("loss of appetite, 5.9., fever 103"), ["5.9"]);
    // ... but no range that runs up, no amount, unit or time after it, no decimal's part
    assert!(
        dates("rash, 2-3 spots; 8-2 hrs later; approx 2.5-2 hrs; 5-3 mg; L4-5, 3-4;").is_empty()
    );
    assert_eq!(dates("pouchitis last harmattan, but"), ["harmattan"]);
    assert_eq!(
        dates("stopped;14.7. had sz; gi appointment 6 dec with plan; positive for covid 23 dec in"),
        ["14.7", "6 dec", "23 dec"]
    );
    assert!(dates("HR dec 5 dec appetite; pt 4 dec fever; level 14.7. had").is_empty());
    assert_eq!(
        dates("stopped;26.2 had sz; then;9.1 had sz"),
        ["26.2", "9.1"]
    );
    assert!(dates("level 26.2 had; stopped;2.6 had; dose 9.1 had").is_empty());
    assert!(dates("scratches 2 mar had no effect").is_empty());
    assert_eq!(
        dates("COVID VACCINE 4 MAY.  PRESENTED TO ED 7 MAY WITH; bleeding and 26 mar. it"),
        ["4 MAY", "7 MAY", "26 mar"]
    );
    // "on the 2-3 days", "pt 4 dec fever": counts and a decreased fever
    assert!(dates("on the 2-3 days after; pt 4 dec fever").is_empty());
    for text in [
        "fever for 2-3 hours after the shot",
        "vaccine 1-2 days later",
        "seen 2-3 times",
        "received 1-2 doses",
        "vaccinated 3-4 occasions",
        "vaccine 5-6 x",
        "received 2-3%",
        "pain, 2-3 tabs of tylenol. 1-2 visits",
        "wheezing . 9-11 called epinephrine x 2",
    ] {
        assert!(dates(text).is_empty(), "{text}: {:?}", dates(text));
    }
}

#[test]
fn ordinal_days_listed_before_a_month() {
    assert_eq!(
        dates("positive on the 2nd and 3rd of July; fever 7th, 8th and 9th May"),
        ["2nd", "3rd of July", "7th", "8th", "9th May"]
    );
    // a word between, or no ordinal before the separator
    assert_eq!(dates("the 1st dose and 3rd of May"), ["3rd of May"]);
    assert_eq!(
        dates("tested positive for COVID 29-MAY in clinic; seen 14-mar"),
        ["29-MAY", "14-mar"]
    );
    assert_eq!(dates("Brand 3rd of May"), ["3rd of May"]);
    assert_eq!(dates("gave 2 and 3rd of May"), ["3rd of May"]);
    // a month of another script after "and": the words after the number are not ASCII (this
    // panicked, and the narrative was skipped)
    dates("tested positive for covid on the 29th and 28 फ़रवरी. She recovered.");
    dates("on the 1st and 2 日");
}

#[test]
fn numeric_forms() {
    assert_eq!(
        dates("on 12/21/2020 and 12/21/20"),
        ["12/21/2020", "12/21/20"]
    );
    assert_eq!(
        dates("on 1-5-21, 2020-12-21, 12.21.2020"),
        ["1-5-21", "2020-12-21", "12.21.2020"]
    );
    assert_eq!(dates("Test Date: 20201225; Test Name"), ["20201225"]);
    assert_eq!(dates("since 12/2020"), ["12/2020"]);
    assert_eq!(dates("Discharged 1/17. Woke up 1/18"), ["1/17", "1/18"]);
    assert_eq!(dates("12/26/20-12/28/20"), ["12/26/20", "12/28/20"]);
    assert_eq!(
        dates("negative, 09/02-10 hospital admission; during 18/09-27, 2020, in"),
        ["09/02", "10", "18/09", "27, 2020"]
    );
    assert!(!dates("took 3/4-5 times a day").contains(&"5"));
    assert_eq!(
        dates("review symptoms, 02-02-7 continued symptoms"),
        ["02-02", "7"]
    );
    assert_eq!(dates("ref 12-05-3-4 sent"), Vec::<&str>::new());
    assert_eq!(
        dates("Admitted to the hospital 12/21-12/27/20 for"),
        ["12/21", "12/27/20"]
    );
    assert_eq!(
        dates("symptoms, 04.09 appointment made; home 09.09 with fever"),
        ["04.09", "09.09"]
    );
    assert_eq!(
        dates("13-MAR felt light headed, 14-03, fever; 20-03 repeat swab"),
        ["13-MAR", "14-03", "20-03"]
    );
    assert_eq!(
        dates("little water intake, 04-27 appointment made"),
        ["04-27"]
    );
    assert_eq!(
        dates("loss of appetite, 03.24, fever 103; Vaccine received 01.25, began"),
        ["03.24", "01.25"]
    );
    // decimals and clock times are not written so
    assert!(dates("INR 1.25, K 3.24, seen 03.00 pm").is_empty());
}

#[test]
fn numeric_lookalikes() {
    for t in [
        "BP 165/104",
        "blood pressure 140/90",
        "BP 12/8",
        "took 1/2 tablet",
        "in 2 1/2 weeks",
        "3/10 pain",
        "pain was 8/10",
        "strength 4/5",
        "5/5 strength",
        "PHASE 1/2/3",
        "12.5",
        "0.5 mL",
        "2-3 hours",
        "95-98%",
        "60-40-20",
        "EK5730",
        "12/26/202",
        "by 16.10 symptoms were better",
        "um 16.10 Uhr",
        "WBC 11.08 mg",
        "pH 7.35",
        "35.12 %",
        "45.10",
        "12.13",
        "1.2.3",
        "12.03.1",
        "10-12 days",
        "05-10 mg",
        "AB-14-03",
        "ref 14-03-",
        "20-30",
    ] {
        assert!(dates(t).is_empty(), "{t}: {:?}", dates(t));
    }
}

#[test]
fn month_forms() {
    assert_eq!(dates("on dec 22 I felt"), ["dec 22"]);
    assert_eq!(dates("Jan 11, 2021@15:30"), ["Jan 11, 2021"]);
    assert_eq!(dates("the 3rd of January"), ["3rd of January"]);
    assert_eq!(dates("Dec 27-29 continued"), ["Dec 27", "29"]);
    assert_eq!(dates("October-November 2013"), ["October", "November 2013"]);
    assert_eq!(dates("COVID-19 January 5"), ["January 5"]);
    assert_eq!(
        dates("As of today January/12/2021, the"),
        ["January/12/2021"]
    );
    assert_eq!(dates("Decadron 5 dec appetite"), Vec::<&str>::new());
    assert_eq!(dates("you may 2 and may be"), Vec::<&str>::new());
    // lower case after an event that happens on a date: the month and its day
    assert_eq!(
        dates("gi appointment mar 3 with plan; seen dec 5; admitted may 2"),
        ["mar 3", "dec 5", "may 2"]
    );
    assert_eq!(
        dates("negative. discharged to home mar 3 with fever; sent home dec 5"),
        ["mar 3", "dec 5"]
    );
    assert_eq!(
        dates("hr dec 5 bpm; this will mar 3 of them"),
        Vec::<&str>::new()
    );
    assert_eq!(dates("on may 2 and May 5"), ["may 2", "May 5"]);
    // a month and a two-digit year no day can be
    assert_eq!(
        dates("initially diagnosed JUL-82 s/p flu shot; seen Jul 82; Dec 45"),
        ["JUL-82", "Jul 82", "Dec 45"]
    );
    assert!(dates("you may 82; hr dec 45").is_empty());
    // a day before "may": after a word of when, and no verb after it
    assert_eq!(
        dates("discharged to home 4 may with low grade fever. 5 MAY-8 continued"),
        ["4 may", "5 MAY", "8"]
    );
    assert!(dates("took 2 tabs. 3 may help; on 2 may be; patients 2 may with").is_empty());
    // ... or a finite verb, which no modal takes
    assert_eq!(
        dates("ACTIVITIES STOPPED;30 MAY HAD SZ;HOSPITALIZED; foot;4MAY had chem burn"),
        ["30 MAY", "4MAY"]
    );
    assert_eq!(
        dates("continued through wed dec 4 and thu dec 5. sat was fine"),
        ["wed", "dec 4", "thu", "dec 5"]
    );
    assert_eq!(
        dates("symptoms, mar 1 appointment made; negative, mar 5-6 hospital admission"),
        ["mar 1", "mar 5", "6"]
    );
}

#[test]
fn other_forms() {
    assert_eq!(dates("in 2004 or 2005"), ["2004", "2005"]);
    assert_eq!(
        dates("HAD \"BREAKOUT\" IN SECOND GRADE (APPROXIMATELY 2004). approx. 1998, twice"),
        ["2004", "1998"]
    );
    assert!(dates("approximately 2000 mg; approx 1500 cells; approximately 45").is_empty());
    assert_eq!(dates("O2 Sat 89% on Sat, Jan 2"), ["Sat", "Jan 2"]);
    assert_eq!(
        dates("PATIENT WOKE UP TUE 3 WITH RECURRENT; seen fri 12, better"),
        ["TUE", "3", "fri", "12"]
    );
    assert_eq!(
        dates("DIDN'T GO TO ER UNTIL SUN MORNING; sat eve fever; in the sun all day"),
        ["SUN", "sat"]
    );
    assert_eq!(
        dates("rcvd opv tues. am and had diarrhea by wed pm; O2 sat am draw 94%"),
        ["tues", "wed"]
    );
    assert!(
        dates("O2 sat 89; sun 3 hours; wed 3 pm; Tue 3:30; lym 27;sec mon 9")
            .iter()
            .all(|d| !d.starts_with('3') && !d.starts_with('8'))
    );
    // the whole of "Friday the 15th" (as i2b2 annotates it), "the" with the day
    assert_eq!(
        dates("Released Friday the 15th around noon"),
        ["Friday", "the 15th"]
    );
    assert_eq!(dates("by the 15th"), ["15th"]);
    assert_eq!(
        dates("pouchitis last spring, and this Summer"),
        ["spring", "Summer"]
    );
    // a weekday's abbreviation in lower case after a word of when or an appointment
    assert_eq!(
        dates("client + daughter informed. next visit mon. rpn"),
        ["mon"]
    );
    assert_eq!(dates("f/u appt wed with dr"), ["wed"]);
    assert_eq!(
        dates("CLIENT + DAUGHTER INFORMED. NEXT VISIT MON. RPN"),
        ["MON"]
    );
    assert!(dates("O2 SAT 94%, NEXT SAT CHECK; NEXT VISIT IN THE SUN").is_empty());
    assert!(dates("o2 sat 94%, next sat check").is_empty());
    // a year before its season
    assert_eq!(
        dates("digoxin 0.25 mg daily, started 2022 summer;"),
        ["2022 summer"]
    );
    assert!(!dates("2019 fall from a ladder")
        .iter()
        .any(|d| d.contains("fall")));
    // a range of days before the month: both days
    assert_eq!(
        dates("IM L BUTTOCK X 3 DOSES 17-19 FEB 1997 AT CSCOM"),
        ["17", "19 FEB 1997"]
    );
    assert_eq!(
        dates("fever 17-19 February 2021, then"),
        ["17", "19 February 2021"]
    );
    // (never a longer number's end, nor a day after a date)
    assert!(!dates("ref 2020-17-19 Feb").contains(&"17"));
    // a range of seasons with one year, at its end
    assert_eq!(
        dates("pt recv vax in later summer to early fall 1994 & fainted"),
        ["summer", "fall 1994"]
    );
    assert_eq!(dates("WINTER/SPRING 95 rash"), ["WINTER", "SPRING 95"]);
    assert_eq!(
        dates("in the spring and summer of 2019"),
        ["spring", "summer of 2019"]
    );
    // no year: seasons alone name no date
    assert!(dates("worse in spring to summer every year").is_empty());
    assert!(dates("since her last fall she walks with a cane").is_empty());
    assert!(dates("her last fall from bed; last fall on the ice").is_empty());
    assert_eq!(dates("developed pouchitis last fall, but"), ["fall"]);
    assert_eq!(dates("on the 2nd dose"), Vec::<&str>::new());
    assert_eq!(dates("on the 1st and 2nd dose"), Vec::<&str>::new());
    assert_eq!(dates("positive on the 2nd and 02/07. He"), ["2nd", "02/07"]);
    assert_eq!(dates("Test Date: 202012; x"), ["202012"]);
    assert_eq!(
        dates("carcinoma (2013), neck pain (1996 & 2015)"),
        ["2013", "1996", "2015"]
    );
    assert!(dates("(2000 mg) or (12345)").is_empty());
    assert_eq!(dates("K=11 1/13- potassium"), ["1/13"]);
    assert!(dates("was 10/10 on a pain scale").is_empty());
    assert!(dates("headache 7/10, pain at the site 3/10 with swelling").is_empty());
    // a dated list whose symptom says "pain" further on is no pain score
    assert_eq!(
        dates("3/9 HIVES TRUNK + ARMS, 3/10 BILAT KNEE & WRIST PAIN/SWELLING"),
        ["3/9", "3/10"]
    );
}

#[test]
fn a_day_glued_to_its_month_in_lower_case_an_apostrophe_year_and_a_dry_season() {
    assert_eq!(
        dates("positive for covid 07oct in clinic; on 1oct; exposed 6nov"),
        ["07oct", "1oct", "6nov"]
    );
    // "2may" may be a dose; "12 oct" in lower case needs more than its day: a word of time
    // or the clause's start before it
    assert!(dates("2may be given; dose 12 oct").is_empty());
    assert_eq!(
        dates("given by father;5 sept rash devel; seen on 3 jun"),
        ["5 sept", "3 jun"]
    );
    // ... or the part of the day
    assert_eq!(
        dates("on fre. evening 5 sept it became worse; thursday morning dec 24 at 2:30 am"),
        ["5 sept", "thursday", "dec 24"]
    );
    assert_eq!(
        dates("last DTP in '00 pt had T 104; in '98"),
        ["'00", "'98"]
    );
    // a two-digit count after "in" without its apostrophe stays a count
    assert!(dates("in 00 cases").is_empty());
    assert_eq!(dates("itis last dry season, but"), ["dry season"]);
}

#[test]
fn may_mar_and_dec_after_a_day_before_an_event() {
    assert_eq!(
        dates("TO VACCINE. 1 MAY VIRTUAL APPOINTMENT; intake, 4 dec appointment made"),
        ["1 MAY", "4 dec"]
    );
    // the modal and "decreased" stay words
    assert!(dates("pt. 1 may repeat the dose; intake, 4 dec appetite").is_empty());
}

#[test]
fn a_letter_of_another_script_before_an_ordinal_date_is_no_crash() {
    // found by the probe (seed 49): the ordinals-listed-before check sliced inside "á"
    assert_eq!(
        dates("the hives had fully cleared up by sáb, 15th of May."),
        ["15th of May"]
    );
    assert_eq!(dates("by śr., 2nd and 3rd of July"), ["2nd", "3rd of July"]);
}

#[test]
fn a_lower_case_dec_with_its_day_ending_a_sentence() {
    assert_eq!(
        dates("for intermittent bleeding and 22 dec. It might be"),
        ["22 dec"]
    );
    // "decreased" with its noun before, or a sentence going on, is no month
    assert!(dates("HR 80 dec. appetite 2 dec and thirst").is_empty());
}

#[test]
fn may_and_its_day_after_covid() {
    assert_eq!(
        dates("SHE TESTED POSITIVE FOR COVID MAY 5 IN OUTPATIENT CLINIC."),
        ["MAY 5"]
    );
    assert!(dates("covid 19 may cause; covid may 5 days").is_empty());
}

#[test]
fn a_dotted_day_and_month_after_a_day_and_and() {
    assert_eq!(
        dates("tested positive for covid on the 8th and 9.3. He was trying"),
        ["8th", "9.3"]
    );
    assert_eq!(
        dates("tested positive for covid on the 9. and 10.7. He"),
        ["9", "10.7"]
    );
    // a lab value's range, a count
    assert!(dates("K between 2.5 and 3.5; 8 and 9.3 mg; dose 2 and 1.5").is_empty());
}

#[test]
fn a_date_of_six_digits_after_a_word_of_time() {
    assert_eq!(
        dates("febrile illness, occurred 810309 PM; the vaccination last Fri that was 100705, on"),
        ["810309", "Fri", "100705"]
    );
    // a lot, a count, an impossible month, a longer number
    assert!(dates("lot 100705; PLT was 150000; was 811309; was 1007051; on #100705").is_empty());
}

#[test]
fn a_dotted_day_and_month_after_a_month_and_or() {
    assert_eq!(
        dates("INJECT RECVD EITHER 11th June OR 13.6. PT EXP DIARRHEA"),
        ["11th June", "13.6"]
    );
    assert!(dates("hb in may or 13.6 g/dl; 8 and 2.5 mg").is_empty());
}

#[test]
fn the_end_day_of_a_range_glued_to_a_day_and_month_at_a_clauses_start() {
    assert_eq!(
        dates("review symptoms, 7-3-9 continued symptoms, 30-6-2 continued"),
        ["7-3", "9", "30-6", "2"]
    );
    assert_eq!(
        dates("both negative, 4-4-5 hospital admission; care, 1-1 nursing"),
        ["4-4", "5"]
    );
    assert_eq!(
        dates("both negative, 15-5-16th hospital admission"),
        ["15-5", "16th"]
    );
    // a count's range, a tablet schedule, a unit after it, an ascending pair
    assert!(
        dates("pain, 2-1-1 tablets; 3-2-1 mg; x, 3-4-5 times; then, 2-3-4 continued").is_empty()
    );
}

#[test]
fn a_dotted_day_and_month_in_a_narrative_that_writes_a_day_with_its_period_before_a_month() {
    assert_eq!(
        dates("mild h/a;22. September severe h/a dec;27.9 loss of vision"),
        // ("22. September" whole is the world's dates' reading)
        ["September", "27.9"]
    );
    // a list's "may", no such day elsewhere
    assert!(dates("mild h/a;27.9 loss of vision").is_empty());
    assert!(dates("1. may cause h/a;27.9 loss of vision").is_empty());
}

#[test]
fn an_ordinal_day_before_and_a_month_with_its_day() {
    assert_eq!(
        dates("tested positive for covid on the 2nd and January 3rd. He"),
        ["2nd", "January 3rd"]
    );
    assert_eq!(
        dates("tested positive for covid on the 2nd and 03Dec. He"),
        ["2nd", "03Dec"]
    );
    // the ordinal of a dose, a month's name without its day
    assert!(dates("on the 2nd and may need a 3rd dose").is_empty());
}

#[test]
fn a_lower_case_mar_after_the_emergency_department_before_a_preposition() {
    assert_eq!(
        dates("presented to ed 7 mar with a chief complaint"),
        ["7 mar"]
    );
    // a heart rate's decrease, no preposition after it
    assert!(dates("hr 7 dec with rest; ed 7 mar the wall").is_empty());
}

#[test]
fn a_months_number_a_period_and_a_year() {
    assert_eq!(
        dates("syndrome initially diagnosed 05.1985 s/p flu shot; in 6.2019, fever"),
        ["05.1985", "6.2019"]
    );
    // a full date's tail, an amount, a version, a decimal that goes on
    assert_eq!(dates("on 1.05.1985 and"), ["1.05.1985"]);
    assert!(dates("12.2019 mg; v1.2019; 3.2001.5; $5.2000; 7.1990%").is_empty());
}

#[test]
fn either_one_dotted_day_and_month_or_another() {
    assert_eq!(
        dates("INJECT RECVD EITHER 28.5 OR 30.5. PT EXP DIARRHEA"),
        ["28.5", "30.5"]
    );
    // doses, a number going on, no month
    assert!(dates("either 2.5 or 3.5 mg; either 2.5 or 3.5.1; either 12.5 or 13.15 h").is_empty());
}

#[test]
fn a_descending_day_and_month_after_and_ending_the_sentence() {
    assert_eq!(
        dates("went for intermittent bleeding and 10-1. It might"),
        ["10-1"]
    );
    assert_eq!(dates("center for bleeding and 8-8. It might"), ["8-8"]);
    assert_eq!(dates("center for bleeding and 21.5.. It might"), ["21.5"]);
    // a count's range, the sentence going on, a period that is a decimal's
    assert!(dates("took 1 and 2-3. Then 4 and 10-1 more; 5 and 10-1.5 mg").is_empty());
}

#[test]
fn a_descending_day_and_month_after_either_before_or() {
    assert_eq!(dates("INJECT RECVD EITHER 30-4 OR 2 Mei. PT"), ["30-4"]);
    // a count's choice
    assert!(dates("either 2-3 or 4-5 days; either 5-2 tablets").is_empty());
}

#[test]
fn the_second_of_two_dates_after_either() {
    assert_eq!(
        dates("INJECT RECVD EITHER 6 septembre OR 8-9. PT EXP"),
        ["8-9"]
    );
    assert_eq!(dates("went for bleeding and 21.6. It might"), ["21.6"]);
    // a count's choice, a dose's
    assert!(dates("either 2 or 3-4 days; either 2 mg or 3-4; either 2 days or 3-4 hrs").is_empty());
}

#[test]
fn a_season_and_its_year_before_a_range_to_a_day_and_month() {
    let found = dates("autumn 03-October 11, 2003 pt recv vax");
    assert!(found.contains(&"autumn"), "{found:?}");
    assert!(found.contains(&"03-October"), "{found:?}");
    // a season and its year alone stay whole
    assert_eq!(dates("since autumn 03, pt recv vax"), ["autumn 03"]);
    // before a number read whole as something else, every word still masked
    let text = "autumn 97-1997-12-13 pt recv vax";
    let spans: Vec<&str> = crate::recognize::Recognizers::new()
        .find(text)
        .into_iter()
        .map(|s| &text[s.start..s.end])
        .collect();
    assert_eq!(spans[0], "autumn", "{spans:?}");
    assert!(spans[1].starts_with("97"), "{spans:?}");
    assert!(dates("AUTUMN OF 1991-07/09/91 PT RECV").contains(&"AUTUMN OF"));
}

#[test]
fn a_lower_case_month_glued_to_a_two_digit_year() {
    assert_eq!(
        dates("initially diagnosed mar-90 s/p flu shot; dec-85; seen jul-82; dx NOV-00 s/p"),
        ["mar-90", "dec-85", "jul-82", "NOV-00"]
    );
    // a percentage
    assert!(dates("sats dec-90% on RA").is_empty());
}

#[test]
fn a_dotted_day_and_month_of_a_list_in_a_narrative_of_dotted_dates() {
    let narrative = "31.08. felt light headed and loss of appetite, 1.9, fever 103 and chills, \
                     2. september Covid test; both negative, 9.9-10 hospital admission";
    let found = dates(narrative);
    for want in ["1.9", "9.9", "10"] {
        assert!(found.contains(&want), "{want} in {found:?}");
    }
    assert!(
        dates("03.08. appointment made, review symptoms, 1.8-3. continued symptoms")
            .contains(&"1.8"),
    );
    let descending =
        dates("03.08. appointment, chills, 23.3, fever; worsening labs. 27.2-1 afebrile");
    for want in ["23.3", "27.2", "1"] {
        assert!(descending.contains(&want), "{want} in {descending:?}");
    }
    // alone in the narrative; a lab value's list; a dose
    assert!(dates("loss of appetite, 1.9, fever 103").is_empty());
    let labs = dates("31.08. felt ill; WBC 3.6, 1.9, 2.5; appetite, 1.9, 2.5 mg; hb, 1.9 g");
    assert_eq!(labs, ["31.08"]);
}

#[test]
fn a_day_and_month_before_a_loss_at_a_clauses_start() {
    assert_eq!(
        dates("mild h/a;30-JUN severe h/a dec;5-7 loss of vision to see"),
        ["30-JUN", "5-7"]
    );
    // a count's loss mid-sentence
    assert!(dates("weight down 5-7 loss of appetite").is_empty());
}

#[test]
fn a_day_and_month_after_the_drug_was_stopped() {
    assert_eq!(
        dates("pulmonary reaction. stopped 13.3., no steroids; stopped 4-5 better"),
        ["13.3", "4-5"]
    );
    // a dose, a count of days
    assert!(dates("stopped 2.5 mg; stopped 2-3 days ago").is_empty());
}

#[test]
fn a_half_or_a_quarter_of_a_duration_is_no_date() {
    assert!(dates("mom brought pt back to clinic w/in 1/2 hr, flushed w/hives").is_empty());
    assert!(dates("3/4 day later the swelling went down").is_empty());
    // a day and month written the same way stays a date
    assert_eq!(dates("pt rcvd dtp on 1/2 and had fever"), ["1/2"]);
}
