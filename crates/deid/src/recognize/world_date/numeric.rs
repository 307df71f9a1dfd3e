//! The world's dates of numbers and units: a Japanese era's date in Latin letters ("H3.12.2"),
//! day, month and year with spaced periods ("8. 8. 2015", "1990. 9. 3.") or without the year
//! ("19. 4."), Hungarian year and abbreviated month ("2002. febr."), CJK dates ("2021年11月30日")
//! and Vietnamese numbered months and weekdays ("21 tháng 8", "thứ hai", "Th 7"). The patterns
//! are `WorldDateRecognizer`'s.

use super::*;

/// A day, a period and a month's Roman numeral, nothing after ("13.V", "19.x").
static ROMAN_DAY_MONTH: std::sync::LazyLock<Regex> = std::sync::LazyLock::new(|| {
    compile(r"(?i)\b\d{1,2}\.(?:xii|xi|x|ix|viii|vii|vi|v|iv|iii|ii|i)\b")
});

impl WorldDateRecognizer {
    /// A Japanese era's year, month and day ("H3.12.2"): a real year of the era, month and day,
    /// and no number going on ("H3.12.2.1" is something else).
    pub(super) fn japanese_era_dates(&self, text: &str, out: &mut Vec<Cand>) {
        for c in self.japanese_era.captures_iter(text) {
            let m = c.get(0).expect("whole match");
            let num = |g: &str| c[g].parse::<u32>().unwrap_or(0);
            if (1..=64).contains(&num("y"))
                && (1..=12).contains(&num("m"))
                && (1..=31).contains(&num("d"))
                && !continues_number(text, m.end(), b"./-")
            {
                out.push(date_cand(m.start(), m.end()));
            }
        }
    }

    /// A day, a month in Roman numerals and a year ("9-IX-96", "12.III.2021", "12 iii 2021"): the
    /// same separator on both sides of the month, a real day, no number going on or before it
    /// ("1.5-iv-2021" is something else). The rules read the numeral as a word ("IX", "iii") and
    /// the day and year as plain numbers, which the model released around it.
    pub(super) fn roman_month_dates(&self, text: &str, out: &mut Vec<Cand>) {
        let mut dotted = false;
        for c in self.roman_month.captures_iter(text) {
            let m = c.get(0).expect("whole match");
            let sep = |g: &str| c[g].trim_end().to_owned();
            let day: u32 = c["d"].parse().unwrap_or(0);
            // between blanks only a numeral no English word or shorthand is ("2 x 20 mg", "gave 2
            // IV 40 mg", "dose 2 I 25 mins later")
            let spaced_ok = !sep("s1").is_empty()
                || !matches!(c["m"].to_ascii_lowercase().as_str(), "i" | "v" | "x" | "iv");
            if (1..=31).contains(&day)
                && sep("s1") == sep("s2")
                && spaced_ok
                && !continues_number(text, m.end(), b"./:-")
                && !crate::recognize::preceded_by_number(text, m.start(), b"./-:")
            {
                dotted |= sep("s1") == ".";
                out.push(date_cand(m.start(), m.end()));
            }
        }
        // "13.V post-partum", "19.x: petechiae": the day and the month's numeral with its period
        // alone, in a narrative that writes its whole dates so ("from 12.V.97")
        if dotted {
            for m in ROMAN_DAY_MONTH.find_iter(text) {
                let day: u32 = m
                    .as_str()
                    .split('.')
                    .next()
                    .unwrap_or("")
                    .parse()
                    .unwrap_or(0);
                let taken = out.iter().any(|c| c.start <= m.start() && m.end() <= c.end);
                if (1..=31).contains(&day)
                    && !taken
                    && !continues_number(text, m.end(), b"./:-")
                    && !crate::recognize::preceded_by_number(text, m.start(), b"./-:")
                {
                    out.push(date_cand(m.start(), m.end()));
                }
            }
        }
    }

    /// "8. 8. 2015": a real day and month, no number going on, no number before it ("1.5. 3. 2015"
    /// is something else).
    pub(super) fn spaced_dotted_dates(&self, text: &str, out: &mut Vec<Cand>) {
        for c in self.spaced_dotted.captures_iter(text) {
            let m = c.get(0).expect("whole match");
            // day, month and year, or (Korean, Hungarian) year, month and day
            let num = |g: &str, g2: &str| {
                c.name(g)
                    .or_else(|| c.name(g2))
                    .map_or(0, |v| v.as_str().parse::<u32>().unwrap_or(0))
            };
            if (1..=31).contains(&num("d", "d2"))
                && (1..=12).contains(&num("m", "m2"))
                && !continues_number(text, m.end(), b"./:-")
                && !crate::recognize::preceded_by_number(text, m.start(), b"./-")
                && !is_amount_or_unit(&word_after(text, m.end()))
            {
                out.push(date_cand(m.start(), m.end()));
            }
        }
        // ... and Hungarian's year and abbreviated month without the day ("initially diagnosed
        // 2002. febr. s/p flu shot")
        for c in self.year_dot_month.captures_iter(text) {
            let m = c.get(0).expect("whole match");
            let month = &c["m"];
            let folded = fold(month);
            // (with its day, the whole of what a shorter reading holds: "febr. 9" of "2012. febr. 9.")
            let day_ok = c
                .name("d")
                .is_none_or(|d| (1..=31).contains(&d.as_str().parse::<u32>().unwrap_or(0)));
            let held =
                c.name("d").is_none() && out.iter().any(|o| o.start < m.end() && o.end > m.start());
            if !held
                && day_ok
                && (self.month_abbreviations.contains(folded.as_ref())
                    || self.month_words.contains(folded.as_ref())
                    || is_english_month(&folded))
            {
                out.push(date_cand(m.start(), m.end()));
            }
        }
        // ... and day and month alone, each with its period, as Czech and German write them
        // ("Discharged to home 19. 4. with", "GI appointment 28. 4. with plan", "10. 4., fever"):
        // never one of a list of numbers ("1. 2. 3.") or a version ("v. 2. 1.")
        for c in self.spaced_day_month.captures_iter(text) {
            let m = c.get(0).expect("whole match");
            let (d, mo) = (
                c["d"].parse::<u32>().unwrap_or(0),
                c["m"].parse::<u32>().unwrap_or(0),
            );
            let rest = &text[m.end()..];
            let goes_on = rest.starts_with(|ch: char| ch.is_alphanumeric())
                || rest
                    .trim_start_matches([' ', '\u{a0}'])
                    .starts_with(|ch: char| ch.is_ascii_digit());
            let held = out.iter().any(|o| o.start < m.end() && o.end > m.start());
            if (1..=31).contains(&d)
                && (1..=12).contains(&mo)
                && !goes_on
                && !held
                && !crate::recognize::preceded_by_number(text, m.start(), b"./-")
                // (nor the tail of a longer run: "2020. 13. 5.")
                && !text[..m.start()]
                    .trim_end()
                    .trim_end_matches('.')
                    .ends_with(|ch: char| ch.is_ascii_digit())
                && !matches!(
                    word_before(text, m.start()).as_str(),
                    "version"
                        | "v"
                        | "grade"
                        | "stage"
                        | "step"
                        | "steps"
                        | "level"
                        | "type"
                        | "phase"
                        | "dose"
                        | "item"
                        | "no"
                        | "nr"
                        | "chapter"
                        | "section"
                        | "table"
                        | "figure"
                        | "fig"
                        | "page"
                        | "p"
                        | "pp"
                        | "vol"
                        | "ver"
                )
            {
                out.push(date_cand(m.start(), m.end()));
            }
        }
    }

    /// CJK dates ("2021年11月30日", "11月30日", "2021년 11월 30일"): the unit characters make
    /// them unambiguous; a month alone is a date only with its year.
    pub(super) fn cjk_dates(&self, text: &str, out: &mut Vec<Cand>) {
        if text.contains(['月', '월']) {
            for c in self.cjk.captures_iter(text) {
                let m = c.get(0).expect("whole match");
                let month: u32 = c["m"].parse().unwrap_or(0);
                let day: Option<u32> = c.name("d").and_then(|d| d.as_str().parse().ok());
                // a month alone ("3月") is a date only with its year
                let whole_number = !text[..m.start()]
                    .chars()
                    .next_back()
                    .is_some_and(|ch| ch.is_ascii_digit());
                if !(1..=12).contains(&month)
                    || day.is_some_and(|d| !(1..=31).contains(&d))
                    || (day.is_none() && c.name("y").is_none())
                    || !whole_number
                {
                    continue;
                }
                out.push(date_cand(m.start(), m.end()));
                if let (Some(d), None) = (day, c.name("y")) {
                    out.extend(self.range_end_after(text, m.end(), d));
                }
            }
        }
    }

    /// CJK weekdays ("星期五", "週五", "金曜日", "금요일"), with a day of the month written before
    /// one ("Released 31 週五 around noon"): no other word is written so.
    pub(super) fn cjk_weekdays(&self, text: &str, out: &mut Vec<Cand>) {
        for c in self.cjk_weekday.captures_iter(text) {
            let m = c.get(0).expect("whole match");
            // (a number no day can be before it is something else's: "40 周六" is the weekday)
            let start = match c.name("d") {
                Some(d) if !(1..=31).contains(&d.as_str().parse::<u32>().unwrap_or(0)) => {
                    m.end() - text[d.end()..m.end()].trim_start().len()
                }
                _ => m.start(),
            };
            out.push(date_cand(start, m.end()));
        }
    }

    /// Vietnamese numbered months ("21 tháng 8", "thg 8"), named weekdays ("thứ hai") and
    /// numbered weekdays after a word of time ("by Th 7").
    pub(super) fn vietnamese_dates(&self, text: &str, out: &mut Vec<Cand>) {
        // "on Th 2, ngày 9 upon worsening": a day after "ngày" (day), which no other language
        // writes, with its weekday before it
        if text.contains("ngày") || text.contains("NGÀY") {
            for c in self.vietnamese_day.captures_iter(text) {
                let m = c.get(0).expect("whole match");
                let day: u32 = c["d"].parse().unwrap_or(0);
                // (a numbered month after it is the whole date's: "ngày 5 tháng 3")
                let rest = text[m.end()..].trim_start().to_lowercase();
                let month_follows = rest.starts_with("tháng") || rest.starts_with("thg");
                if (1..=31).contains(&day)
                    && !month_follows
                    && !continues_number(text, m.end(), b"./:-")
                {
                    out.push(date_cand(m.start(), m.end()));
                }
            }
        }
        // "tháng" is rare outside Vietnamese text: skip the search where it cannot match
        if text.contains("háng")
            || text.contains("HÁNG")
            || text.contains("thg")
            || text.contains("THG")
        {
            for m in self.numbered_month.find_iter(text) {
                out.push(date_cand(m.start(), m.end()));
            }
        }
        if text.contains("hứ") || text.contains("HỨ") || text.contains("hủ") || text.contains("HỦ")
        {
            for m in self.vietnamese_weekday.find_iter(text) {
                // a whole word: the ASCII `\b` cannot end "tư"
                if !is_word(text[m.end()..].chars().next()) {
                    out.push(date_cand(m.start(), m.end()));
                }
            }
        }
        // (a cheap gate: "th", a blank and a weekday's number, or "thứ")
        let numbered = text.as_bytes().windows(4).any(|w| {
            w[0] | 0x20 == b't'
                && w[1] | 0x20 == b'h'
                && w[2] == b' '
                && (b'2'..=b'7').contains(&w[3])
        }) || text.contains("hứ")
            || text.contains("HỨ");
        if numbered {
            for c in self.vietnamese_numbered_weekday.captures_iter(text) {
                let w = c.name("w").expect("weekday");
                // no number going on ("on TH 5.5", "th 4-5"), no unit and no spine's level after
                // it ("fracture on th 5 vertebra")
                let after = word_after(text, w.end());
                // (one a numbered month's date already holds: "by Th 7, 29 tháng 12")
                let held = out.iter().any(|c| c.start <= w.start() && c.end >= w.end());
                if !held
                    && !continues_number(text, w.end(), b"./:-,%")
                    && !is_amount_or_unit(&after)
                    && !after.starts_with("vert")
                    && !matches!(
                        after.as_str(),
                        "level" | "disc" | "rib" | "nerve" | "segment"
                    )
                {
                    out.push(date_cand(w.start(), w.end()));
                }
            }
        }
    }
}
