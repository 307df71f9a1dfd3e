//! Reading the words around a title: the word iterators (forward and back, folded as the lists
//! are), the classes of words a title's edges are judged by (a form's title words, connectors
//! inside a title, the clinical phrases and sentence continuations that end one, roles,
//! descriptions) and the titles no list knows, found by their shape (the Pfizer form's other
//! sentence, a title up to its phrase's end, a title between commas).

use super::*;

/// The title of the Pfizer form's other sentence, "(within 4 weeks). Systemadministrator
/// (patient) was calling", "(within 4 weeks). travailleur social (patient)": words of letters,
/// all that stands between the end of a sentence and "(patient)" (one word, or up to four after
/// the form's bracket), the last no role ("The (patient)", "Consumer (patient)").
pub(super) fn form_title_before(text: &str, at: usize) -> Option<(usize, usize)> {
    let head = &text[..at];
    let words = words_back(head, MAX_TITLE_WORDS_BEFORE);
    let last = words.first()?;
    if last.1 != head.trim_end().len() || !is_form_title_word(&last.2) || is_role(&last.2) {
        return None;
    }
    let mut after = last.0;
    for (taken, w) in (1..).zip(&words) {
        // (Spanish and Portuguese "a" inside a title: "Empleado de servicios de apoyo a la
        // producción (patient)"; never its first word)
        let inner_a = w.2 == "a";
        if w.0 != last.0 && (!gap_ok(&text[w.1..after]) || !(is_form_title_word(&w.2) || inner_a)) {
            return None;
        }
        if inner_a {
            after = w.0;
            continue;
        }
        let before = text[..w.0].trim_end_matches([' ', '\u{a0}']);
        // one word after any sentence; more only after the form's "(within 4 weeks)." ("we saw
        // Hans (patient)" is no title)
        let sentence_end = before.is_empty() || before.ends_with(['.', '\n', ';']);
        // more than four words only after the form's own "(within 4 weeks)."
        let form = before.ends_with(").") && (taken <= 4 || before.ends_with("weeks)."));
        // the manufacturer's sentence: "Information has been received from a kinésithérapeute,
        // who is the patient's mother" (up to eight words of a title no list knows: "Operador
        // de prensa de moldar vidro" has six)
        let received = taken <= 8 && {
            let b = before.to_lowercase();
            [
                "received from a",
                "received from an",
                "reported by a",
                "reported by an",
            ]
            .iter()
            .any(|p| b.ends_with(p))
        };
        if (w.0 == last.0 && sentence_end) || form || received {
            return Some((w.0, last.1));
        }
        after = w.0;
    }
    None
}

/// A word that may be part of a title the lists do not know: letters (of any script) only, and
/// not a word that ends the title's phrase.
pub(super) fn is_form_title_word(w: &str) -> bool {
    w.chars().all(char::is_alphabetic)
        && !matches!(
            w,
            "reporting"
                | "who"
                | "for"
                | "on"
                | "was"
                | "is"
                | "reported"
                | "reports"
                | "stated"
                | "states"
                | "said"
                | "that"
                | "the"
                | "a"
                | "an"
                | "contactable"
                | "called"
                | "calling"
        )
}

/// After "works as a", the words of a title no list knows up to the end of its phrase (a period,
/// comma, semicolon or bracket): up to seven words of letters, none of them one that goes on with
/// the sentence ("works as a nurse at the hospital" is the list's "nurse"). `head_first`: the
/// title is of a language that writes its head first ("Professor de artes visuais no ensino
/// superior"), where Portuguese "no"/"na" (in the) stay inside it.
pub(super) fn title_to_phrase_end(
    text: &str,
    at: usize,
    head_first: bool,
) -> Option<(usize, usize)> {
    let mut words = Words::new(text, at);
    let first = words.next()?;
    if !gap_ok(&text[at..first.0]) {
        return None;
    }
    let allowed = |w: &str| {
        is_form_title_word(w)
            && (!goes_on_with_the_sentence(w) || (head_first && matches!(w, "no" | "na")))
            && !is_role(w)
    };
    unlisted_title(text, &mut words, first, MAX_TITLE_WORDS, allowed, |rest| {
        ends_phrase(rest) || starts_clause(rest)
    })
}

/// Whether a clause with its own subject starts at the start of `rest`: "as I am left hand
/// dominant", "because she", "but he" (after "works as a lab technician").
fn starts_clause(rest: &str) -> bool {
    let mut words = rest.split_whitespace().map(str::to_lowercase);
    let (Some(conjunction), Some(subject)) = (words.next(), words.next()) else {
        return false;
    };
    matches!(
        conjunction.as_str(),
        "as" | "because" | "since" | "but" | "and" | "so" | "when" | "while" | "until"
    ) && matches!(
        subject.as_str(),
        "i" | "he" | "she" | "we" | "they" | "it" | "you"
    )
}

/// Whether a phrase ends at the start of `rest`: a period, comma, semicolon, bracket or line's
/// end, or a dash between blanks ("mother is cuidadora de idosos - child easily").
fn ends_phrase(rest: &str) -> bool {
    let rest = rest.trim_start_matches([' ', '\u{a0}']);
    rest.is_empty()
        || rest.starts_with(['.', ',', ';', '(', '\n'])
        || rest.starts_with("- ")
        || rest.starts_with("\u{2013} ")
}

/// After a label of one's work ("Occupation:", "Work:", "Job:"), the words of a title no list
/// knows up to the end of its phrase or a word that goes on with the sentence ("Occupation: site
/// supervisor, Gulf Horizon", "Work: steel fixer for Al Dafna"): the label says what they are. Not
/// a value that says there is none ("Occupation: unemployed", "Job: n/a", "Work: retired").
pub(super) fn title_after_label(text: &str, at: usize) -> Option<(usize, usize)> {
    let mut words = Words::new(text, at);
    let first = words.next()?;
    if !gap_ok(&text[at..first.0]) {
        return None;
    }
    let allowed = |w: &str| is_form_title_word(w) && !goes_on_with_the_sentence(w) && !is_role(w);
    let ends = |rest: &str| {
        ends_phrase(rest)
            || Words::new(rest, 0).next().is_some_and(|(s, _, w)| {
                rest[..s].trim().is_empty()
                    && (goes_on_with_the_sentence(&w) || matches!(w.as_str(), "for" | "on"))
            })
    };
    let (start, end) = unlisted_title(text, &mut words, first, MAX_TITLE_WORDS, allowed, ends)?;
    let value = crate::lexicon::fold(&text[start..end]);
    (!matches!(
        value.as_ref(),
        "none"
            | "nil"
            | "n"
            | "na"
            | "unknown"
            | "unk"
            | "unemployed"
            | "retired"
            | "not working"
            | "no"
            | "not known"
            | "not stated"
            | "not applicable"
    ))
    .then_some((start, end))
}

/// A word that goes on with a sentence after "works as a", so ends no title there.
pub(super) fn goes_on_with_the_sentence(w: &str) -> bool {
    matches!(
        w,
        "at" | "in"
            | "with"
            | "from"
            | "to"
            | "since"
            | "during"
            | "because"
            | "but"
            | "when"
            | "while"
            | "after"
            | "before"
            | "his"
            | "her"
            | "their"
            | "my"
            | "our"
            | "has"
            | "had"
            | "have"
            | "been"
            | "not"
            | "no"
            | "and"
            | "or"
            | "usual"
            | "normal"
            | "always"
            | "well"
            | "much"
            | "long"
            | "soon"
            | "needed"
            | "planned"
            | "scheduled"
            | "expected"
            | "prescribed"
            | "directed"
            | "instructed"
            | "such"
            | "follows"
            | "part"
            | "possible"
            | "tolerated"
    )
}

/// From word `w` on, a title no list knows: up to `max` words, each `allowed`, joined by blanks
/// or a hyphen, until the text after one `ends` it; as a byte range.
pub(super) fn unlisted_title(
    text: &str,
    words: &mut Words,
    w: Word,
    max: usize,
    allowed: impl Fn(&str) -> bool,
    ends: impl Fn(&str) -> bool,
) -> Option<(usize, usize)> {
    unlisted_title_with_commas(text, words, w, max, 0, allowed, ends)
}

/// `unlisted_title` where up to `commas` of the gaps may be a comma: Faker's "Head, modifier"
/// titles in the form's "a contactable Clinical scientist, histocompatibility and
/// immunogenetics (patient's husband)", which its closing bracket delimits.
pub(super) fn unlisted_title_with_commas(
    text: &str,
    words: &mut Words,
    mut w: Word,
    max: usize,
    mut commas: usize,
    allowed: impl Fn(&str) -> bool,
    ends: impl Fn(&str) -> bool,
) -> Option<(usize, usize)> {
    let first = w.0;
    for _ in 0..max {
        // ("Costureiro, a máquina na confecção em série (patient)": Romance "a" inside the title,
        // never its first or last word)
        let inner_a = w.2 == "a" && w.0 != first && !ends(&text[w.1..]);
        if !(allowed(&w.2) || inner_a) {
            return None;
        }
        if ends(&text[w.1..]) {
            return Some((first, w.1));
        }
        let next = words.next()?;
        let gap = &text[w.1..next.0];
        if !gap_ok(gap) {
            if commas == 0 || gap.trim_matches([' ', '\u{a0}']) != "," {
                return None;
            }
            commas -= 1;
        }
        w = next;
    }
    None
}

/// A word joining the words of a title, which counts only if an occupation follows it: "speech
/// and language therapist", "chief of staff", "pintor y empapelador", "técnico de laboratorio".
pub(super) fn is_title_connector(w: &str) -> bool {
    matches!(
        w,
        "and"
            | "of"
            | "as"
            | "a"
            | "y"
            | "e"
            | "et"
            | "und"
            | "og"
            | "och"
            | "de"
            | "del"
            | "da"
            | "do"
            | "di"
            | "du"
            | "des"
            | "la"
    )
}

/// A word that starts a clinical phrase rather than a title, after "46y/o male".
pub(super) fn starts_clinical_phrase(w: &str) -> bool {
    matches!(
        w,
        "with"
            | "w"
            | "who"
            | "whose"
            | "that"
            | "presenting"
            | "presented"
            | "presents"
            | "presentation"
            | "complaining"
            | "c"
            | "s"
            | "status"
            | "post"
            | "history"
            | "hx"
            | "pmh"
            | "pmhx"
            | "had"
            | "has"
            | "having"
            | "received"
            | "receiving"
            | "got"
            | "given"
            | "reported"
            | "reports"
            | "developed"
            | "experienced"
            | "in"
            | "at"
            | "to"
            | "from"
            | "on"
            | "after"
            | "before"
            | "the"
            | "his"
            | "her"
            | "their"
            | "no"
            | "not"
            | "and"
            | "or"
            | "patient"
            | "pt"
            | "vaccinated"
            | "vaccine"
            | "dose"
    )
}

/// Who may report without it being an occupation.
pub(super) fn is_role(w: &str) -> bool {
    matches!(
        w,
        "consumer"
            | "patient"
            | "pt"
            | "reporter"
            | "caller"
            | "individual"
            | "person"
            | "parent"
            | "mother"
            | "father"
            | "the"
            | "a"
            | "an"
            | "this"
            | "other"
            | "lawyer"
    )
}

/// The length of German's gender-inclusive ending after a title ("Verkehrstechniker*in",
/// "Pfleger:innen", "Lehrer_in"), which belongs to it; 0 where none follows.
pub(super) fn gender_suffix_len(rest: &str) -> usize {
    let b = rest.as_bytes();
    if b.len() < 3 || !matches!(b[0], b'*' | b':' | b'_') || !b[1..3].eq_ignore_ascii_case(b"in") {
        return 0;
    }
    let len = if b.len() >= 6 && b[3..6].eq_ignore_ascii_case(b"nen") {
        6
    } else {
        3
    };
    if rest[len..]
        .chars()
        .next()
        .is_some_and(char::is_alphanumeric)
    {
        return 0;
    }
    len
}

pub(super) fn cand(start: usize, end: usize) -> Cand {
    Cand {
        start,
        end,
        kind: PhiType::Profession,
        prio: PRIO_PROFESSION,
    }
}

/// Whether a title in a person's description ("Rocío Hernández (31), a nurse, accompanied
/// her", "Yonatan Cohen, 22, male, a student at the Technion") ends that description: a comma,
/// a bracket, the end of the sentence, or where the person works or studies. Not "male, a nurse
/// reported": that nurse is the reporter.
pub(super) fn ends_apposition(rest: &str) -> bool {
    let rest = rest.trim_start_matches([' ', '\t']);
    rest.is_empty()
        || rest.starts_with([',', '(', ')', ';', '.', '\n', '\r'])
        // ("45 yrs, male, cane cutter on his uncle's farm")
        || starts_with_any_ci(
            rest,
            &[
                "at ", "in ", "from ", "with ", "w/ ", "for ", "on ", "working ", "employed ",
                "based ",
            ],
        )
}

/// Whether `rest` starts with one of `heads` (ASCII), in any ASCII case.
pub(super) fn starts_with_any_ci(rest: &str, heads: &[&str]) -> bool {
    // (bytes, not a str slice: "spécialiste" has no char boundary at byte 3)
    heads.iter().any(|w| {
        rest.as_bytes()
            .get(..w.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(w.as_bytes()))
    })
}

/// The length of a person's sex and the comma after it at the start of `rest` ("f, ", "MALE,
/// "), if so.
pub(super) fn sex_and_comma(rest: &str) -> Option<usize> {
    let word = rest
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(rest.len());
    let sex = &rest[..word];
    if !["m", "f", "male", "female"]
        .iter()
        .any(|s| sex.eq_ignore_ascii_case(s))
    {
        return None;
    }
    let after = rest[word..].strip_prefix(',')?;
    let blanks = after.len() - after.trim_start_matches([' ', '\u{a0}']).len();
    (blanks > 0).then_some(word + 1 + blanks)
}

/// The length of a sex word and the blanks after it at the start of `rest` ("male log truck
/// driver": 5), or 0 where none is.
pub(super) fn sex_word(rest: &str) -> usize {
    let word = rest
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(rest.len());
    let sex = &rest[..word];
    let after = &rest[word..];
    let blanks = after.len() - after.trim_start_matches([' ', '\u{a0}']).len();
    let is_sex = ["m", "f", "male", "female", "man", "woman"]
        .iter()
        .any(|s| sex.eq_ignore_ascii_case(s));
    if is_sex && blanks > 0 {
        word + blanks
    } else {
        0
    }
}

/// Words that describe the person before their occupation: "46y/o male", "a 37-year-old
/// female", "retired".
pub(super) fn is_description(w: &str) -> bool {
    // an age: "46", "46y" of "46y/o", "46yo"
    w.starts_with(|c: char| c.is_ascii_digit())
        || matches!(
            w,
            "male"
                | "female"
                | "man"
                | "woman"
                | "m"
                | "f"
                | "y"
                | "o"
                | "yo"
                | "year"
                | "years"
                // "19 a, m, 2nd-yr medical student"
                | "yr"
                | "yrs"
                | "old"
                | "a"
                | "an"
                | "white"
                | "black"
                | "caucasian"
                | "hispanic"
                | "asian"
                | "pregnant"
                | "retired"
                | "former"
                | "now"
                | "also"
                | "currently"
                // "pt is self-employed tailor", "a part-time cashier"
                | "self"
                | "employed"
                | "part"
                | "full"
                | "time"
        )
}

/// Whether the sentence before byte `at` is about the reporter ("The reporter was a").
pub(super) fn reporter_before(text: &str, at: usize) -> bool {
    let head = &text[..at];
    let sentence = head
        .rfind(['.', '\n', ';'])
        .map_or(head, |i| &head[i + 1..]);
    sentence.to_ascii_lowercase().contains("reporter")
}

/// Words of two to four letters that an ALL CAPS narrative writes like an acronym.
pub(super) const NOT_ACRONYMS: &[&str] = &[
    "in", "to", "at", "on", "of", "by", "the", "a", "an", "is", "was", "for", "and", "or", "not",
    "no", "with", "from", "as", "into", "her", "his", "my", "our", "very", "also", "now", "then",
    "once", "good", "new", "old", "sick", "home", "call", "see", "seen", "told", "who", "that",
];

/// What may stand between two words of a title: blanks, one hyphen ("health-care"), one slash
/// ("clothing/textile technologist", "furniture conservator/restorer"), or the apostrophe of a
/// possessive ("politician's assistant", listed as "politician s assistant").
pub(super) fn gap_ok(gap: &str) -> bool {
    let t = gap.trim_matches([' ', '\t', '\u{a0}']);
    t.is_empty() || t == "-" || gap == "/" || gap == "'" || gap == "\u{2019}"
}

/// A word: byte start, byte end, lower-cased text.
pub(super) type Word = (usize, usize, String);

/// The words of `text` from byte `at` on (letters and digits of any script), lower-cased and accent-folded as the lists are (`lexicon::fold`: "farmacéutico" is "farmaceutico").
pub(super) struct Words<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Words<'a> {
    pub(super) fn new(text: &'a str, at: usize) -> Words<'a> {
        Words { text, at }
    }
}

impl Iterator for Words<'_> {
    type Item = Word;
    fn next(&mut self) -> Option<Word> {
        let rest = &self.text[self.at..];
        let (off, _) = rest.char_indices().find(|(_, c)| c.is_alphanumeric())?;
        let start = self.at + off;
        let len = self.text[start..]
            .char_indices()
            .find(|(_, c)| !c.is_alphanumeric())
            .map_or(self.text.len() - start, |(i, _)| i);
        self.at = start + len;
        Some((
            start,
            start + len,
            crate::lexicon::fold(&self.text[start..start + len]).into_owned(),
        ))
    }
}

/// Up to `n` words before the end of `head`, last first.
pub(super) fn words_back(head: &str, n: usize) -> Vec<Word> {
    let mut out = Vec::new();
    let mut end = head.len();
    while out.len() < n {
        let Some((i, c)) = head[..end]
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_alphanumeric())
        else {
            break;
        };
        let word_end = i + c.len_utf8();
        let start = head[..word_end]
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_alphanumeric())
            .map_or(0, |(i, c)| i + c.len_utf8());
        out.push((
            start,
            word_end,
            crate::lexicon::fold(&head[start..word_end]).into_owned(),
        ));
        end = start;
    }
    out
}
