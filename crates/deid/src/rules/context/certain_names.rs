//! Names that a relation word or an age makes certain, after the other name rules: a particle
//! inside a relative's name and the surname after it ("Wife Maria das Graças Lins", "my husband
//! kiprono arap sang"), and a surname of one or two ordinary words before the person's age ("I AM
//! LORETTA WILL, 64,", "GMOC LORRAINE WHITE CALF, 61,"). The model released those words (a
//! particle, an everyday word); the reason `RelationName` keeps them masked.

use super::{close, is_namelike, mark};
use crate::lexicon::{flag, LexFlags};
use crate::phi::PhiType;
use crate::rules::word_class::{WordClasses, PARTICLE, RELATION};
use crate::rules::{one_of, Reason, TokenRule};
use crate::tokenize::Tokenized;

/// Particles after which, in a name a relation word opened, the next word is the surname even
/// where it is an ordinary word ("my husband kiprono arap sang"); not the one-letter
/// conjunctions ("e", "y", "o") nor articles that begin a phrase ("la", "de", "el").
const SURNAME_PARTICLES: &[&str] = &[
    "van", "von", "der", "den", "ter", "ten", "bin", "ibn", "bint", "binti", "arap", "dos", "das",
    "del", "della", "du", "des",
];

/// Verbs a person does, after their name at a clause's start ("joshua smith was seen").
pub(super) const PERSON_VERBS: &[&str] = &[
    "called",
    "calls",
    "reported",
    "reports",
    "states",
    "stated",
    "said",
    "says",
    "was",
    "is",
    "received",
    "got",
    "developed",
    "presented",
    "experienced",
    "complained",
    "complains",
];

/// Roles in brackets after a person's name that are no relation word: "Lori Wade (reporter)".
const BRACKETED_ROLES: &[&str] = &["reporter", "caller", "consumer", "guardian", "self"];

/// Words that say who the person named in brackets after them is: "a pa (zhang wei)",
/// "vaccinator (Aigerim Bekova)".
const WHO_WORDS: &[&str] = &[
    "pa",
    "np",
    "rn",
    "md",
    "nurse",
    "doctor",
    "physician",
    "pharmacist",
    "reporter",
    "caller",
    "vaccinator",
    "provider",
    "midwife",
    "aide",
    "neighbour",
    "neighbor",
    "friend",
    "colleague",
    // the Pfizer form's reporter ("a contactable consumer (pat lynn white, 870-555-0117)")
    "consumer",
    // the patient described before the name ("CAUCASIAN FEMALE (MIA BIRD) WITH")
    "female",
    "male",
    "patient",
    "pt",
    "boy",
    "girl",
    "infant",
    "woman",
];

/// Whether word `m` is written as a name's word: three letters or more and letters only,
/// capitalised where capitals mean something.
fn written_as_name(doc: &Tokenized, m: usize) -> bool {
    let w = doc.token_text(m);
    w.chars().count() >= 3
        && w.chars().all(char::is_alphabetic)
        && (!doc.case_informative || w.starts_with(char::is_uppercase))
}

/// Whether word `m` may be a word of a person's name: two letters or more and letters only,
/// capitalised where capitals mean something, on none of the `stop` lists, no relation word and
/// no word a recognizer or a digit claimed.
fn person_word(
    doc: &Tokenized,
    rules: &[TokenRule],
    flags: &[LexFlags],
    class: &WordClasses,
    m: usize,
    stop: LexFlags,
) -> bool {
    let w = doc.token_text(m);
    w.chars().count() >= 2
        && w.chars().all(char::is_alphabetic)
        && (!doc.case_informative || w.starts_with(char::is_uppercase))
        && flags[m] & stop == 0
        && !class.on(m, RELATION)
        && !matches!(rules[m].reason, Reason::Pattern(_) | Reason::Digit)
}

pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    flags: &[LexFlags],
    class: &WordClasses,
) {
    let n = doc.len();
    let on = |k: usize, list| class.on(k, list);
    // 1g. a given name's surname of one or two ordinary words, before the person's age: "I AM
    // LORETTA WILL, 64, RETIRED MAIL CARRIER", "GMOC LORRAINE WHITE CALF, 61, BROUGHT PT TO ER"
    // (the model released "WILL", "WHITE", "CALF"); the age after the comma makes the words a
    // person's name
    let age_after = |k: usize| {
        k + 1 < n && doc.gap_after(k) == ", " && {
            let age = doc.token_text(k + 1);
            (1..=3).contains(&age.len())
                && age.bytes().all(|b| b.is_ascii_digit())
                && (k + 2 >= n
                    || doc.gap_after(k + 1).starts_with([',', ')', ';'])
                    || (doc.gap_after(k + 1) == " "
                        && crate::rules::one_of(
                            doc.token_text(k + 2),
                            &["yo", "y", "yrs", "years", "yr", "year"],
                        )))
        }
    };
    // a surname's word: letters, three or more, a stop word only where it is also a name ("Will")
    let surname_word = |rules: &[TokenRule], m: usize| {
        let w = doc.token_text(m);
        w.chars().count() >= 3
            && w.chars().all(char::is_alphabetic)
            && doc.gap_before(m) == " "
            && (flags[m] & flag::STOPWORD == 0
                || flags[m] & (flag::FIRST_NAME | flag::SURNAME) != 0)
            && !on(m, RELATION)
            && !matches!(rules[m].reason, Reason::Pattern(_) | Reason::Digit)
    };
    for k in 1..n.saturating_sub(1) {
        if !age_after(k) {
            continue;
        }
        for width in 1..=2 {
            if k < width {
                break;
            }
            let first = k - width;
            if flags[first] & flag::FIRST_NAME != 0
                && rules[first].phi
                && (first + 1..=k).all(|m| surname_word(rules, m))
                // (two words: the first a name's and no stop word, "WHITE CALF"; not "MARY HAD
                // FEVER, 39", "MARY NOTED FEVER, 39")
                && (width == 1
                    || (flags[first + 1] & (flag::FIRST_NAME | flag::SURNAME) != 0
                        && flags[first + 1] & flag::STOPWORD == 0))
                && (first + 1..=k).any(|m| !rules[m].phi)
            {
                for m in first..=k {
                    mark(rules, m, PhiType::Patient);
                    rules[m].reason = Reason::RelationName;
                }
                break;
            }
        }
    }
    // 1h. after a first name a relation word made certain, the rest of the name up to a comma or
    // a bracket: "DAUGHTER ROSE FREEMAN-BELL, A RETIRED MARTA BUS OPERATOR", "sister ann white
    // (nurse)" (the model released "BELL", "white"). One to three words joined by blanks or
    // hyphens, each a name's by the lists and no stop word ("son mark called,", "MOTHER TAMIKA
    // GRAYSON IN SHREVEPORT," are no names)
    for k in 0..n.saturating_sub(1) {
        if rules[k].reason != Reason::RelationName
            || (k > 0 && rules[k - 1].reason == Reason::RelationName)
        {
            continue;
        }
        let part = |rules: &[TokenRule], m: usize| {
            let w = doc.token_text(m);
            w.chars().count() >= 2
                && w.chars().all(char::is_alphabetic)
                && matches!(doc.gap_before(m), " " | "-")
                // (a stop word of five letters or more that is a name too: "MOC AMBER YOUNG,";
                // not "IN", "HER", "area")
                && (flags[m] & flag::STOPWORD == 0 || w.chars().count() >= 5)
                && flags[m] & (flag::FIRST_NAME | flag::SURNAME) != 0
                && !on(m, RELATION)
                && (!doc.case_informative || w.starts_with(char::is_uppercase))
                && !matches!(rules[m].reason, Reason::Pattern(_) | Reason::Digit)
        };
        let mut last = k;
        while last + 1 < n && last - k < 3 && part(rules, last + 1) {
            last += 1;
        }
        let closes = last + 1 >= n
            || doc
                .gap_after(last)
                .trim_start_matches(' ')
                .starts_with([',', '(', ')', ';']);
        if last > k && closes {
            for m in k + 1..=last {
                mark(rules, m, rules[k].kind.unwrap_or(PhiType::Patient));
                rules[m].reason = Reason::RelationName;
            }
        }
    }
    // 1i. a name alone in brackets after a word that says who, two or three words each a name's
    // by the lists and no ordinary word: "a pa (zhang wei) checked my ears", "SISTER (SEO-YEON
    // PARK)" (the model released "zhang" and "wei" in lower case).
    for k in 1..n.saturating_sub(1) {
        // (after a word that says who: a relation, a clinician, a reporter; "(terzo giorno)" in
        // an Italian narrative is no name)
        if !doc.gap_before(k).trim_end().ends_with('(')
            || !(on(k - 1, RELATION) || crate::rules::one_of(doc.token_text(k - 1), WHO_WORDS))
        {
            continue;
        }
        let name_word = |m: usize| {
            let w = doc.token_text(m);
            // (three letters or more: "(le lundi)" in a French narrative is no name)
            w.chars().count() >= 3
                && w.chars().all(char::is_alphabetic)
                && rules[m].phi
                && matches!(rules[m].kind, Some(PhiType::Patient | PhiType::Doctor))
                && rules[m].features.has(crate::rules::Feature::IsPossiblyName)
                && flags[m] & flag::SAFE & !flag::DRUG == 0
                && !matches!(rules[m].reason, Reason::Pattern(_) | Reason::Digit)
        };
        let mut last = k;
        while last + 1 < n
            && last - k < 2
            && matches!(doc.gap_after(last), " " | "-")
            && name_word(last + 1)
        {
            last += 1;
        }
        // ... or a given name no dictionary calls safe and one more word, whatever word it is but
        // a stop word: the surname ("FEMALE (MIA BIRD) WITH": the model released "BIRD", which
        // the medical lists hold too)
        let surname = |m: usize| {
            written_as_name(doc, m)
                && flags[m] & flag::STOPWORD == 0
                && !matches!(rules[m].reason, Reason::Pattern(_) | Reason::Digit)
        };
        // ... or a listed given name, whatever else the dictionaries call it, and one or two more
        // words up to the bracket's end or a comma: "FEMALE (AUTUMN LITTLE BEAR)", "a contactable
        // consumer (pat lynn white, 870-555-0117)" (the model released "AUTUMN", "LITTLE", "pat")
        let given_case = |m: usize| written_as_name(doc, m);
        let given = |m: usize| {
            flags[m] & flag::FIRST_NAME != 0 && flags[m] & flag::STOPWORD == 0 && given_case(m)
        };
        let ends = |m: usize| doc.gap_after(m).starts_with([')', ',']);
        let by_lists = last > k && name_word(k) && doc.gap_after(last).starts_with(')');
        let mut given_first = false;
        if !by_lists && given(k) {
            let mut m = k;
            // (a surname the stop words hold too: "LITTLE")
            let more = |m: usize| surname(m) || (flags[m] & flag::SURNAME != 0 && given_case(m));
            while m + 1 < n && m - k < 2 && doc.gap_after(m) == " " && more(m + 1) {
                m += 1;
                if ends(m) {
                    last = m;
                    given_first = true;
                    break;
                }
            }
        }
        if by_lists || given_first {
            // (a person's kind: "Joy" is a town's name too)
            let kind = rules[k]
                .kind
                .filter(|kind| rules[k].phi && matches!(kind, PhiType::Patient | PhiType::Doctor))
                .or(Some(PhiType::Patient));
            for rule in &mut rules[k..=last] {
                rule.kind = if given_first {
                    kind
                } else {
                    rule.kind.or(kind)
                };
                rule.phi = true;
                rule.reason = Reason::RelationName;
            }
        }
    }
    // 1j. the Pfizer form's bracket that says the reporter is the patient and then names them:
    // "a contactable other hcp (patient, joy hill, 406-555-0152)", "(Patient, Morag Rose
    // Campbell, a health visitor)": one to four words up to the next comma or bracket, the first a
    // listed given name or a word no dictionary holds, none a stop word (the model released "joy
    // hill" in lower case; "(patient, unspecified age)", "(patient, self)" are no names)
    for k in 1..n {
        let opens = one_of(doc.token_text(k - 1), &["patient", "pt"])
            && doc.gap_before(k - 1).trim_end().ends_with('(')
            && matches!(doc.gap_before(k), ", " | ": ");
        if !opens || !(flags[k] & flag::FIRST_NAME != 0 || flags[k] & flag::SAFE == 0) {
            continue;
        }
        let word = |m: usize| person_word(doc, rules, flags, class, m, flag::STOPWORD);
        let mut last = k;
        while last + 1 < n
            && last - k < 3
            && matches!(doc.gap_after(last), " " | "-" | "'")
            && word(last + 1)
        {
            last += 1;
        }
        let closed = doc.gap_after(last).starts_with([',', ')']);
        if word(k) && closed {
            for rule in &mut rules[k..=last] {
                rule.phi = true;
                rule.kind = Some(PhiType::Patient);
                rule.reason = Reason::RelationName;
            }
        }
    }
    // 1k. a listed given name, whatever else the dictionaries call it, before a surname the rules
    // hold and the person's age: "Pat Brown, 45, developed hives", "will chavez, 29, bus driver"
    // (the model released "Pat" and "will", everyday words)
    for k in 0..n.saturating_sub(2) {
        let s = k + 1;
        // (not a relation word a given-name list also holds: "son amos (19)")
        let given = flags[k] & flag::FIRST_NAME != 0
            && !class.on(k, RELATION)
            && written_as_name(doc, k)
            && (!doc.case_informative || doc.token_text(s).starts_with(char::is_uppercase));
        let surname = rules[s].phi
            && matches!(
                rules[s].kind,
                Some(PhiType::Patient | PhiType::Doctor | PhiType::City)
            )
            && rules[s].features.has(crate::rules::Feature::IsPossiblyName)
            && flags[s] & flag::STOPWORD == 0;
        let age = |a: usize| {
            let t = doc.token_text(a);
            (1..=3).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit())
        };
        let aged = s + 1 < n
            && age(s + 1)
            && ((doc.gap_after(s) == ", " && doc.gap_after(s + 1).starts_with([',', ' ']))
                || (doc.gap_after(s) == " (" && doc.gap_after(s + 1).starts_with(')')));
        if given && surname && aged && doc.gap_after(k) == " " && !rules[k].phi {
            for rule in &mut rules[k..=s] {
                rule.phi = true;
                rule.kind = Some(PhiType::Patient);
                rule.reason = Reason::RelationName;
            }
        }
    }
    // 1m. a name right before a bracket that says who the person is: "information was received
    // from eusebia brown (mother)", "MALIK GÜÇLÜ (MOTHER)", "Lori Wade (reporter)": one to three
    // words of letters back from the bracket to a function word, a punctuation mark or the
    // text's start, none a stop word or a relation word, one at least on a name list (the model
    // released "brown" and "MALIK")
    for b in 1..n {
        let says_who = doc.gap_before(b).ends_with('(')
            && doc.gap_after(b).starts_with(')')
            && (class.on(b, RELATION) || one_of(doc.token_text(b), BRACKETED_ROLES));
        if !says_who || doc.gap_before(b).trim() != "(" {
            continue;
        }
        let stop = flag::STOPWORD | flag::CURATED_SAFE;
        let word = |m: usize| person_word(doc, rules, flags, class, m, stop);
        let last = b - 1;
        let mut first = last;
        while first > 0 && last - first < 2 && doc.gap_before(first) == " " && word(first - 1) {
            first -= 1;
        }
        // the run opens at the text's start, after punctuation or after a stop word
        let opens = first == 0
            || doc.gap_before(first).trim() != ""
            || flags[first - 1] & flag::STOPWORD != 0;
        let listed = (first..=last).any(|m| flags[m] & (flag::FIRST_NAME | flag::SURNAME) != 0);
        if word(last) && opens && listed {
            for rule in &mut rules[first..=last] {
                rule.phi = true;
                rule.kind = Some(PhiType::Patient);
                rule.reason = Reason::RelationName;
            }
        }
    }
    // 1n. at a clause's start, a listed given name and one or two more words that a name list
    // holds or no dictionary knows, then a verb a person does: "joshua smith was seen in the er",
    // "OLGIERD HERING CALLED ON 2/2/21" (the model released "smith", "olgierd")
    let has_lower = doc.text.chars().any(char::is_lowercase);
    for k in 0..n.saturating_sub(2) {
        let gap = doc.gap_before(k);
        let clause_start =
            k == 0 || gap.contains('\n') || gap.trim_end().ends_with(['.', ';', ':']);
        let w = doc.token_text(k);
        // (where capitals mean something, written as a name, not as an acronym: "ELISA study
        // was performed")
        let case_ok = |m: usize| {
            let t = doc.token_text(m);
            if doc.case_informative {
                t.starts_with(char::is_uppercase) && t.chars().skip(1).any(char::is_lowercase)
            } else {
                // (an acronym in a narrative that has lower case: "ELISA study was performed")
                !has_lower || t.chars().any(char::is_lowercase)
            }
        };
        if !clause_start
            || flags[k] & flag::FIRST_NAME == 0
            || flags[k] & (flag::STOPWORD | flag::CURATED_SAFE | flag::SALUTATION) != 0
            || class.on(k, RELATION)
            || w.chars().count() < 3
            || !w.chars().all(char::is_alphabetic)
            || !case_ok(k)
        {
            continue;
        }
        let surname = |m: usize| {
            let t = doc.token_text(m);
            t.chars().count() >= 2
                && t.chars().all(char::is_alphabetic)
                && case_ok(m)
                && flags[m] & flag::CURATED_SAFE == 0
                // (a frequent surname the stop words hold too: "dylano young called")
                && (flags[m] & flag::STOPWORD == 0 || one_of(t, super::STOPWORD_SURNAMES))
                && !class.on(m, RELATION)
                && !one_of(t, &["parent", "parents"])
                && (flags[m] & flag::SURNAME != 0 || flags[m] & flag::SAFE == 0)
        };
        let mut last = k;
        while last + 1 < n && last - k < 2 && doc.gap_after(last) == " " && surname(last + 1) {
            last += 1;
        }
        let verb = last + 1;
        if last > k
            && verb < n
            && doc.gap_after(last) == " "
            && one_of(doc.token_text(verb), PERSON_VERBS)
        {
            for rule in &mut rules[k..=last] {
                rule.phi = true;
                rule.kind = Some(PhiType::Patient);
                rule.reason = Reason::RelationName;
            }
        }
    }
    // 1f. a particle inside a name a relation word opened is as certain as the name: "Wife Maria
    // das Graças Lins" (the model released "das")
    for k in 1..n.saturating_sub(1) {
        if on(k, PARTICLE)
            && rules[k - 1].reason == Reason::RelationName
            && rules[k].phi
            && matches!(rules[k].kind, Some(PhiType::Patient | PhiType::Doctor))
            && !matches!(rules[k].reason, Reason::Pattern(_) | Reason::Digit)
            && close(doc, k)
            && close(doc, k + 1)
            && is_namelike(&rules[k + 1])
        {
            rules[k].reason = Reason::RelationName;
        }
        // ... and after such a particle the surname, whatever word it is ("my husband kiprono
        // arap sang took me")
        if on(k, PARTICLE)
            && rules[k - 1].reason == Reason::RelationName
            && crate::rules::one_of(doc.token_text(k), SURNAME_PARTICLES)
            && doc.gap_before(k) == " "
            && doc.gap_before(k + 1) == " "
            && doc.token_text(k + 1).chars().count() >= 2
            && doc.token_text(k + 1).chars().all(char::is_alphabetic)
            && flags[k + 1] & flag::STOPWORD == 0
            && !matches!(rules[k + 1].reason, Reason::Pattern(_) | Reason::Digit)
        {
            for m in [k, k + 1] {
                mark(rules, m, rules[k - 1].kind.unwrap_or(PhiType::Patient));
                rules[m].reason = Reason::RelationName;
            }
        }
    }
}
