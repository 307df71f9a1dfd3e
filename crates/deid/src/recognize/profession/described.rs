//! Occupations in a person's description that the self-description cues do not reach:
//! - a relative or the patient named (or introduced by age: "A 29-year-old woman, Mrs Chiamaka
//!   Okonkwo, a banker with Access Bank"), then described item by item between commas and brackets,
//!   the occupation one of the items (the relation also in the six languages of the local-word
//!   rule, after the name: "Luisa Zanon, figlia della paziente, insegnante di lettere alla ..."): "His son, Dr. Felix Meißner, a neurologist at the Charité",
//!   "his son, Dr. Yoni Mizrahi (יוני מזרחי), a family physician with Clalit", "Patient: Theresia
//!   Oberhuber (58), born 14.02.1963, hairdresser with her own salon". Only a listed title that
//!   starts an item and ends its phrase counts; the reporter's qualification ("Reporter: dr. Luc
//!   Dewaele, pneumologist") has no such introduction and stays safe (`phi-guidelines.md`);
//! - after a verb of work or a label of one's occupation in Spanish, French, German, Italian,
//!   Portuguese or Dutch, the words up to the end of the phrase: "trabaja como comerciante",
//!   "travaille comme aide-soignante", "arbeitet als Kellner im ...", "lavora come bagnina e
//!   cassiera allo ...", "von Beruf Koch", "PROFESSIONE: COLLABORATRICE SCOLASTICA PRESSO ...".

use super::words::{cand, ends_apposition, Words};
use super::{compile, Cand, ProfessionRecognizer};
use regex::Regex;
use std::sync::LazyLock;

/// Items of a description looked through for the occupation at most ("Patient: Mariam Saeed Al
/// Ketbi (مريم سعيد الكتبي), 41 years, female, Emirates ID ..., MRN ..., HR officer at ...").
const MAX_ITEMS: usize = 10;
/// Words of one item that is not the occupation at most ("Dr. Yoni Mizrahi", "born 14.02.1963").
const MAX_ITEM_WORDS: usize = 6;
/// Words of a title after a verb of work at most ("collaboratrice scolastica", "técnico superior
/// de laboratorio clínico").
const MAX_WORLD_TITLE_WORDS: usize = 6;

/// A relative or the patient, introduced before their description.
static INTRODUCED: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"(?i)(?:\b(?:an?|the)\s+\d{1,3}[ \t\u{a0}-]*(?:years?|yrs?|y)[ \t\u{a0}-]*old[ \t\u{a0}]+(?:man|woman|male|female|boy|girl|lady|gentleman|patient|mother|father)|\b(?:his|her|my|their|the\s+patient's|patient's|pt's)\s+(?:son|daughter|wife|husband|mother|father|brother|sister|niece|nephew|partner|spouse|grandson|granddaughter|cousin|aunt|uncle|mum|mom|dad|fianc[ée]e?|boyfriend|girlfriend)|\b(?:patient|pt|paciente|patiente|patientin|paziente|pati[ëe]nt)\s*:|\b(?:hij[ao]|espos[ao]|marido|madre|padre|herman[ao]|fille|fils|[ée]pouse|mari|m[èe]re|p[èe]re|s[œo]e?ur|fr[èe]re|filh[ao]|m[ãa]e|pai|irm[ãa]o?|tochter|sohn|ehefrau|ehemann|mutter|vater|schwester|bruder|figli[ao]|moglie|marito|sorella|fratello|dochter|zoon|echtgeno(?:te|ot)|moeder|vader|zus|broer)\s+(?:de\s+la|del|della|dello|du|de|da|do|der|des|van\s+de|van)\s+(?:paciente|patiente|patient|patientin|patienten|paziente|pati[ëe]nt)\b)[ \t\u{a0}]*,?",
    )
});

/// A verb of work or a label of one's occupation in the six languages of the local-word rule,
/// and an indefinite article after it.
static WORK_CUE: LazyLock<Regex> = LazyLock::new(|| {
    compile(
        r"(?i)\b(?:trabaj(?:a|aba|ó)\s+(?:como|de)|travaill(?:e|ait)\s+comme|arbeite(?:t|te)?\s+als|lavora(?:va)?\s+come|trabalh(?:a|ava|ou)\s+como|werk(?:t|te)\s+als|von\s+beruf|(?:profesi[oó]n|ocupaci[oó]n|profiss[aã]o|ocupa[cç][aã]o|beruf|beroep|professione|occupazione|m[ée]tier)[ \t\u{a0}]*:)[ \t\u{a0}]*(?:(?:un|una|um|uma|une|ein|eine|een)[ \t\u{a0}]+)?",
    )
});

/// Words that go on with the sentence after a title in the six languages (folded): where, since,
/// with, and, that ("camarero en el Bar ...", "Koch im Gasthof ...", "cassiera allo
/// stabilimento").
fn continues_sentence(w: &str) -> bool {
    matches!(
        w,
        "en" | "em"
            | "no"
            | "na"
            | "nos"
            | "nas"
            | "in"
            | "im"
            | "am"
            | "an"
            | "bei"
            | "beim"
            | "au"
            | "aux"
            | "dans"
            | "chez"
            | "para"
            | "pour"
            | "fur"
            | "per"
            | "presso"
            | "nel"
            | "nella"
            | "nello"
            | "al"
            | "alla"
            | "allo"
            | "ai"
            | "agli"
            | "desde"
            | "depuis"
            | "seit"
            | "hasta"
            | "jusqu"
            | "bis"
            | "tot"
            | "op"
            | "ou"
            | "oder"
            | "of"
            | "pero"
            | "mais"
            | "aber"
            | "ma"
            | "maar"
            | "mas"
            | "que"
            | "qui"
            | "che"
            | "dat"
            | "dass"
            | "durante"
            | "pendant"
            | "wahrend"
            | "tijdens"
            | "con"
            | "avec"
            | "mit"
            | "met"
            | "com"
            | "sin"
            | "sans"
            | "ohne"
            | "zonder"
            | "sem"
            | "hace"
            | "il"
            | "since"
            | "at"
            | "for"
            | "with"
    )
}

/// Values of an occupation's label that say there is none, or a status rather than a work.
fn no_occupation(w: &str) -> bool {
    matches!(
        w,
        "keine"
            | "keiner"
            | "ninguna"
            | "ninguno"
            | "aucune"
            | "aucun"
            | "nessuna"
            | "nessuno"
            | "nenhuma"
            | "nenhum"
            | "geen"
            | "none"
            | "jubilado"
            | "jubilada"
            | "retraite"
            | "retraitee"
            | "rentner"
            | "rentnerin"
            | "pensionato"
            | "pensionata"
            | "aposentado"
            | "aposentada"
            | "gepensioneerd"
            | "desempleado"
            | "desempleada"
            | "chomeur"
            | "chomeuse"
            | "arbeitslos"
            | "disoccupato"
            | "disoccupata"
            | "desempregado"
            | "desempregada"
            | "werkloos"
    )
}

/// Whether a phrase ends at the start of `rest`: punctuation, a bracket, a line's end.
fn phrase_ends(rest: &str) -> bool {
    let rest = rest.trim_start_matches([' ', '\t', '\u{a0}']);
    rest.is_empty() || rest.starts_with(['.', ',', ';', ':', '(', ')', '\n', '\r', '"', '/'])
}

impl ProfessionRecognizer {
    /// Both readings of the module's documentation, as candidates.
    pub(super) fn collect_described(&self, text: &str, out: &mut Vec<Cand>) {
        for m in INTRODUCED.find_iter(text) {
            if let Some((start, end)) = self.title_in_description(text, m.end()) {
                out.push(cand(start, end));
            }
        }
        for m in WORK_CUE.find_iter(text) {
            if let Some((start, end)) = world_title_after(text, m.end()) {
                out.push(cand(start, end));
            }
        }
    }

    /// In the description that starts at byte `at`, the listed title that starts one of its
    /// items (after "a"/"an") and ends its phrase.
    fn title_in_description(&self, text: &str, mut at: usize) -> Option<(usize, usize)> {
        for _ in 0..MAX_ITEMS {
            let item = skip_article(text, at);
            if let Some((start, end)) = self.title_after(text, item, 0) {
                if ends_apposition(&text[end..]) {
                    return Some((start, end));
                }
                // a title written head first in another language, to the word that goes on
                // with the sentence: "insegnante di lettere alla scuola ...", "professora de
                // matemática na escola ..."
                if let Some(end) = head_first_tail(text, end) {
                    return Some((start, end));
                }
            }
            at = next_item(text, at)?;
        }
        None
    }
}

/// After a title ending at byte `end`, a Romance connector and up to three more words of letters
/// ("di lettere", "de matemática"), closed by the phrase's end or a word that goes on with the
/// sentence; the new end.
fn head_first_tail(text: &str, end: usize) -> Option<usize> {
    let mut words = Words::new(text, end);
    let connector = words.next()?;
    let blank = |a: usize, b: usize| text[a..b].trim_matches([' ', '\t', '\u{a0}']).is_empty();
    if !blank(end, connector.0)
        || !matches!(
            connector.2.as_str(),
            "de" | "di" | "da" | "do" | "des" | "du" | "del" | "della" | "dos" | "das"
        )
    {
        return None;
    }
    let mut last = connector.1;
    for _ in 0..3 {
        let w = words.next()?;
        if !blank(last, w.0) || !w.2.chars().all(char::is_alphabetic) {
            return None;
        }
        if continues_sentence(&w.2) {
            return (last > connector.1).then_some(last);
        }
        last = w.1;
        if phrase_ends(&text[last..]) {
            return Some(last);
        }
    }
    None
}

/// Byte `at` past blanks and an English indefinite article.
fn skip_article(text: &str, at: usize) -> usize {
    let rest = &text[at..];
    let trimmed = rest.trim_start_matches([' ', '\t', '\u{a0}']);
    let lower = trimmed.get(..3).map(str::to_ascii_lowercase);
    let skip = match lower.as_deref() {
        Some("an ") => 3,
        Some(l) if l.starts_with("a ") => 2,
        _ => 0,
    };
    at + (rest.len() - trimmed.len()) + skip
}

/// The start of the description's next item after the one at byte `at`: past its comma or
/// bracket. `None` where the sentence ends first, or the item is longer than a name, an age or
/// a date ("Her daughter, who had come with her, noticed ...").
fn next_item(text: &str, at: usize) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut words = 0;
    let mut in_word = false;
    let mut i = at;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b',' | b'(' | b')' => {
                // the boundary and what follows it of brackets, commas and blanks
                let mut k = i + 1;
                while k < bytes.len() && matches!(bytes[k], b',' | b'(' | b')' | b' ' | b'\t') {
                    k += 1;
                }
                return (k < bytes.len() && k > at).then_some(k);
            }
            b';' | b'\n' | b'\r' | b':' => return None,
            b'.' if sentence_ends_at(text, i) => return None,
            _ => {}
        }
        let letter = (b as char).is_ascii_alphanumeric() || b >= 0x80;
        if letter && !in_word {
            words += 1;
            if words > MAX_ITEM_WORDS {
                return None;
            }
        }
        in_word = letter;
        i += 1;
    }
    None
}

/// Whether the period at byte `i` ends a sentence: not inside a number or a date ("14.02.1963"),
/// nor after an initial or a title of address ("Dr.", "J.", "Mrs.").
fn sentence_ends_at(text: &str, i: usize) -> bool {
    let after = text[i + 1..].chars().next();
    if after.is_some_and(|c| c.is_ascii_digit()) {
        return false;
    }
    let start = text[..i]
        .char_indices()
        .rev()
        .take_while(|(_, c)| c.is_alphabetic())
        .last()
        .map_or(i, |(k, _)| k);
    let word = &text[start..i];
    let initial = word.chars().count() == 1 && word.starts_with(char::is_uppercase);
    let title = matches!(
        word.to_lowercase().as_str(),
        "dr" | "dra"
            | "mr"
            | "mrs"
            | "ms"
            | "st"
            | "jr"
            | "sr"
            | "sra"
            | "pr"
            | "prof"
            | "med"
            | "mag"
            | "ing"
    );
    !(initial || title)
}

/// After a verb of work of the six languages, the title up to the end of its phrase or a word
/// that goes on with the sentence: words of letters only, at least one of them not a value that
/// says there is none.
fn world_title_after(text: &str, at: usize) -> Option<(usize, usize)> {
    let mut words = Words::new(text, at);
    let first = words.next()?;
    if !text[at..first.0]
        .trim_matches([' ', '\t', '\u{a0}'])
        .is_empty()
    {
        return None;
    }
    let mut last = None;
    let mut w = first.clone();
    for _ in 0..MAX_WORLD_TITLE_WORDS {
        if !w.2.chars().all(char::is_alphabetic) || continues_sentence(&w.2) || no_occupation(&w.2)
        {
            break;
        }
        last = Some(w.1);
        if phrase_ends(&text[w.1..]) {
            break;
        }
        let Some(next) = words.next() else { break };
        let gap = text[w.1..next.0].trim_matches([' ', '\t', '\u{a0}']);
        if !(gap.is_empty() || gap == "-") {
            break;
        }
        // "bagnina e cassiera allo ...": a second title after "and" when it ends the phrase or
        // the sentence goes on after it ("Lehrer und hat zwei Kinder" is one title)
        if matches!(next.2.as_str(), "y" | "e" | "et" | "und" | "o") {
            let mut after = Words::new(text, next.1);
            if let Some(second) = after.next() {
                let closes = phrase_ends(&text[second.1..])
                    || after
                        .next()
                        .is_some_and(|third| continues_sentence(&third.2));
                if closes
                    && second.2.chars().all(char::is_alphabetic)
                    && !continues_sentence(&second.2)
                    && text[next.1..second.0]
                        .trim_matches([' ', '\t', '\u{a0}'])
                        .is_empty()
                {
                    last = Some(second.1);
                }
            }
            break;
        }
        w = next;
    }
    last.map(|end| (first.0, end))
}
