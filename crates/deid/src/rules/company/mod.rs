//! Company names whose "and" a word-by-word reading lets through: "Bell and Sons", "Smith & Co",
//! "works at Burns, Mendoza and Reed", "works at ray-turner". Applied after the context rules; it
//! only ever turns words into PHI, with the reason `Company`, which the combination never
//! releases (the model, reading "and" and "sons", calls them safe).

use super::context::is_placelike;
use super::word_class::{WordClasses, COMPANY_TAIL, EMPLOYER_VERB, LEGAL_FORM, RELATION};
use super::{Reason, TokenRule};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use employers::{employer_named_after_cue, organisation_after_cue};
use std::borrow::Cow;

/// The last words of a company name joined by "and" or "&" ("Bell and Sons", "Smith & Co").
pub(super) const COMPANY_TAILS: &[&str] = &[
    "sons",
    "daughters",
    "co",
    "company",
    "partners",
    "associates",
    "brothers",
    "bros",
];

/// Legal forms after a company's name ("Young Ltd", "Acme GmbH"); not "co", "group" or "ag",
/// which are also clinical words.
pub(super) const LEGAL_FORMS: &[&str] = &[
    "ltd", "llc", "inc", "plc", "gmbh", "corp", "pty", "pvt", "srl", "sarl", "llp", "bv",
];

/// Function words, which a company's name does not start or end with.
const FUNCTION_WORDS: &[&str] = &[
    "the", "a", "an", "of", "in", "at", "for", "to", "with", "on", "by", "and", "or", "as", "is",
    "was", "his", "her", "their", "my", "our", "from", "since", "home", "night", "nights",
    "school", "work", "it", "this", "that", "which",
];

/// Words that make a run of words an organisation's name after an employer cue ("works at
/// National Newspaper Corporation of the Philippines"), folded.
pub(in crate::rules) const ORGANISATION_HEADS: &[&str] = &[
    "corporation",
    "corp",
    "company",
    "inc",
    "ltd",
    "llc",
    "group",
    "bank",
    "university",
    "college",
    "institute",
    "agency",
    "authority",
    "council",
    "ministry",
    "department",
    "association",
    "society",
    "foundation",
    "union",
    "federation",
    "industries",
    "enterprises",
    "holdings",
    "international",
    "systems",
    "solutions",
    "technologies",
    "newspaper",
    "airlines",
    "railways",
    // a railway, a ranch, a cruise line ("rail conductor with duluth missabe & iron range
    // railway", "RANCH HAND AT CIRCLE J RANCH", "deckhand for tangier-smith island cruises")
    "railway",
    "railroad",
    "ranch",
    "cruises",
    "airways",
    "motors",
    "insurance",
    "logistics",
    "manufacturing",
    "plc",
    "gmbh",
    "bureau",
    // a town's administration, a school, a contractor, a mine ("civil servant at the Municipality
    // of Sfax", "pupil at Al-Ahliyya School for Girls", "steel fixer for Al Dafna Building
    // Contracting WLL", "security guard at Ok Tedi Mining Ltd"); Brazil's and Qatar's legal forms
    "municipality",
    "municipal",
    // a public body ("civil servant with Kano State Water Board", "the Electoral Commission")
    "board",
    "commission",
    // a fire or police service ("a firefighter with the kuwait fire force")
    "force",
    "directorate",
    "secretariat",
    "school",
    // a school district ("a bus driver for Tuscarawas Valley Local Schools", "cook w/ jackson
    // public schools", "Round Rock Independent School District")
    "schools",
    "district",
    "academy",
    "contracting",
    "construction",
    "mining",
    "wll",
    "ltda",
    // a claim's company, a family business, a cooperative ("working a claim for Kaieteur Gold
    // Ventures", "owner of the Bani Hani Olive Press", "Kisii Tea Farmers Cooperative")
    "ventures",
    "press",
    "cooperative",
    "factory",
    "mills",
    "farms",
    "trading",
    // a maker's or a supplier's name, a child's day care ("log truck driver
    // for Roseburg Forest Products", "oil field pumper for continental resources", "aide at kiddie
    // academy daycare"; not "works", a verb: "daughter brandi leblanc works for")
    "products",
    "resources",
    "daycare",
    "preschool",
    "kindergarten",
];

/// Words before a relative ("her husband and sons").
const POSSESSIVES: &[&str] = &["her", "his", "my", "their", "our", "your", "the", "a", "s"];

/// Words that introduce an employer ("works at Burns, Mendoza and Reed").
pub(super) const EMPLOYER_CUES: &[(&str, &str)] = &[
    ("works", "at"),
    ("works", "for"),
    ("worked", "at"),
    ("worked", "for"),
    ("employed", "by"),
    ("employed", "at"),
    ("employee", "of"),
    ("employee", "at"),
    ("employees", "of"),
    ("employees", "at"),
    // a union, club or congregation one belongs to ("MEMBER OF UAW LOCAL 696")
    ("member", "of"),
    // a former employer, a charity ("retired from boeing", "volunteers at the Salvation Army")
    ("retired", "from"),
    ("volunteers", "at"),
    ("volunteers", "with"),
    // ("working a claim for ...", "owner of the ...", "principal of ... School", "teacher at ...")
    ("working", "for"),
    ("working", "at"),
    ("claim", "for"),
    ("owner", "of"),
    ("principal", "of"),
    ("teacher", "at"),
    ("chair", "of"),
];

/// Company names whose "and" a word-by-word reading lets through. A name before
/// "and Sons" or "& Co" ("bell and sons" in lower case too); right after an employer cue,
/// "A, B and C" where the rules call one of them a name ("works at Burns, Mendoza and Reed"),
/// or two words joined by a hyphen ("works at ray-turner").
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    folded: &[Cow<'_, str>],
    class: &WordClasses,
) {
    // a congregation named by its denomination: "first presbyterian church of flushing"
    churches::apply(doc, rules, folded);
    // an organisation named in brackets after its kind: "ems (old colony ambulance)"
    bracketed::apply(doc, rules);
    let n = doc.len();
    let same_line = |k: usize| !doc.gap_before(k).contains('\n');
    for k in 1..n {
        if !class.on(k, COMPANY_TAIL) || !same_line(k) {
            continue;
        }
        // "X and Sons" (three words) or "X & Sons" (two words, the "&" in the gap)
        let and_word = k >= 2 && folded[k - 1] == "and" && doc.gap_before(k) == " ";
        let ampersand = doc.gap_before(k).trim() == "&";
        let name = if and_word { k - 2 } else { k - 1 };
        if !(and_word || ampersand)
            || !same_line(name + 1)
            || doc.gap_before(name + 1).contains(',')
        {
            continue;
        }
        // "her husband and sons": a relation, or a word after a possessive, is family
        let family = class.on(name, RELATION)
            || (name > 0 && POSSESSIVES.contains(&folded[name - 1].as_ref()));
        if family || rules[name].reason == Reason::Digit || folded[name].chars().count() < 2 {
            continue;
        }
        for m in name..=k {
            mark_company(rules, m);
        }
    }
    // "Young Ltd", "acme gmbh": a word before a legal-form suffix
    for k in 1..n {
        let name = k - 1;
        if class.on(k, LEGAL_FORM)
            && matches!(doc.gap_before(k), " " | ", ")
            && same_line(k)
            && !FUNCTION_WORDS.contains(&folded[name].as_ref())
            && folded[name].chars().count() >= 2
            && folded[name].chars().all(char::is_alphabetic)
            && !shorthand_not_legal_form(doc, rules, folded, k)
        {
            mark_company(rules, name);
            mark_company(rules, k);
        }
    }
    // "West Union Co-op", "Kisii Farmers co-op": one to three words before a co-op, capitalised
    // where capitals mean something ("my co-op", "the co-op" name nothing); and a US Head Start
    // centre, a child's preschool ("ATTENDS TABOR TOTS HEAD START", "attends little sprouts head
    // start"; not the programme's "Early Head Start")
    for k in 2..n {
        let co_op = folded[k] == "op" && folded[k - 1] == "co" && doc.gap_before(k) == "-";
        let head_start =
            folded[k] == "start" && folded[k - 1] == "head" && doc.gap_before(k) == " ";
        if !co_op && !head_start {
            continue;
        }
        let word = |m: usize| {
            doc.gap_after(m) == " "
                && same_line(m + 1)
                && !FUNCTION_WORDS.contains(&folded[m].as_ref())
                && !(head_start
                    && matches!(
                        folded[m].as_ref(),
                        "early"
                            | "federal"
                            | "local"
                            | "attends"
                            | "attend"
                            | "attended"
                            | "attending"
                            | "enrolled"
                            | "goes"
                            | "went"
                    ))
                && folded[m].chars().count() >= 2
                && folded[m].chars().all(char::is_alphabetic)
                && (!doc.case_informative || doc.token_text(m).starts_with(char::is_uppercase))
        };
        let mut first = k - 1;
        while first > 0 && k - 1 - first < 3 && word(first - 1) {
            first -= 1;
        }
        if first < k - 1 {
            for m in first..=k {
                mark_company(rules, m);
            }
        }
    }
    // a word that may be part of a company name: not a number or a function word ("works at
    // home, and"); stop-word lists hold surnames such as "Best", so only function words count
    let allowed = |rules: &[TokenRule], k: usize| {
        !FUNCTION_WORDS.contains(&folded[k].as_ref())
            && !matches!(rules[k].reason, Reason::Digit | Reason::Pattern(_))
    };
    // after an occupation the recognizers found, its employer: "a banker with Access Bank (Wuse
    // II branch)", "SECURITY GUARD AT OK TEDI MINING LTD, TABUBIL"
    for c in 1..n {
        // ("civil servant w/ fct water board": shorthand's "with")
        let with_shorthand = folded[c] == "w" && doc.gap_after(c).starts_with("/ ");
        let title =
            rules[c - 1].reason == Reason::Pattern(PhiType::Profession) && doc.gap_before(c) == " ";
        if (matches!(folded[c].as_ref(), "at" | "with" | "for") || with_shorthand) && title {
            organisation_after_cue(doc, rules, folded, c);
            employer_named_after_cue(doc, rules, folded, class, c);
        }
        // "on" and "from" say where one works only before an organisation's head ("RANCH HAND ON
        // THE DOUBLE S RANCH"; "a nurse from Lagos" is where she comes from)
        if matches!(folded[c].as_ref(), "on" | "from") && title {
            organisation_after_cue(doc, rules, folded, c);
        }
    }
    // a port's authority or its company: "dock workers at the Port of Antwerp", "CUSTOMS OFFICER
    // OF THE PORT OF ORAN" (the model released "Port", "of" and "ALEXANDRIA"); only before a place the rules
    // know, since a port is also a catheter's ("port of the PICC line")
    for k in 0..n.saturating_sub(2) {
        if folded[k] == "port"
            && folded[k + 1] == "of"
            && doc.gap_after(k) == " "
            && doc.gap_after(k + 1) == " "
            && rules[k + 2].phi
            && is_placelike(&rules[k + 2])
            && (!doc.case_informative || doc.token_text(k).starts_with(char::is_uppercase))
        {
            for m in k..=k + 2 {
                mark_company(rules, m);
            }
        }
    }
    // a form's label: "Employer: Ford Motor Co.", or without its colon where a clause starts
    // ("fat deposit on liver; employer NM Dept of Transportation; SSN")
    for c in 0..n.saturating_sub(1) {
        let clause_start = c == 0 || {
            let gap = doc.gap_before(c).trim_end_matches(' ');
            gap.is_empty() || gap.ends_with([';', '.', '\n'])
        };
        if folded[c] == "employer"
            && (doc.gap_after(c).trim() == ":" || (clause_start && doc.gap_after(c) == " "))
        {
            employer_named_after_cue(doc, rules, folded, class, c);
        }
    }
    for c in 1..n {
        // "works part-time at", "works full time for"
        let verb = if c >= 3
            && folded[c - 1] == "time"
            && matches!(folded[c - 2].as_ref(), "part" | "full")
        {
            c - 3
        } else {
            c - 1
        };
        if !class.on(verb, EMPLOYER_VERB)
            || !EMPLOYER_CUES.contains(&(folded[verb].as_ref(), folded[c].as_ref()))
        {
            continue;
        }
        organisation_after_cue(doc, rules, folded, c);
        employer_named_after_cue(doc, rules, folded, class, c);
        // A, B [, C ...] and Z, or A-B: one word each, at least one a name or place by the rules
        let (first, mut k) = (c + 1, c + 1);
        let (mut names, mut hyphenated) = (0, false);
        while k < n && same_line(k) && allowed(rules, k) {
            names += usize::from(rules[k].phi && is_namelike_or_place(&rules[k]));
            let gap = doc.gap_after(k);
            if k + 1 < n && (gap.trim() == "," || gap == "-") && allowed(rules, k + 1) {
                hyphenated |= gap == "-";
                k += 1;
            } else {
                break;
            }
        }
        // "works at ray-turner in north kevin", "works for Hewlett-Packard": right after an
        // employer cue two words joined by a hyphen are a company's name
        let words = |a: usize, b: usize| {
            (a..=b).all(|m| {
                folded[m].chars().count() >= 2 && folded[m].chars().all(char::is_alphabetic)
            })
        };
        if hyphenated && k == first + 1 && words(first, k) {
            for m in first..=k {
                mark_company(rules, m);
            }
        }
        // "Barnes, Smith and Best in Weissview": a list of two or more before "and", the last
        // name closed by a preposition or a punctuation mark, is one name even where the rules
        // know none of its words
        let and = k + 1;
        let closed = |z: usize| {
            z + 1 >= n
                || doc
                    .gap_after(z)
                    .trim_start()
                    .starts_with(['.', ',', ';', '('])
                || matches!(folded[z + 1].as_ref(), "in" | "at" | "for" | "since" | "as")
        };
        if k > first
            && and + 1 < n
            && (names > 0 || closed(and + 1))
            && folded[and] == "and"
            && doc.gap_before(and) == " "
            && same_line(and + 1)
            && allowed(rules, and + 1)
        {
            for m in first..=and + 1 {
                mark_company(rules, m);
            }
        }
    }
}

/// Legal forms that are also words of clinical shorthand: "inc" is "increased" ("fever inc 105",
/// "had inc temp", "pain inc & is now severe"), "pvt" a private doctor ("see pvt MD").
const SHORTHAND_FORMS: &[&str] = &["inc", "pvt"];

/// Whether the legal form at `k` is shorthand, not a company's: where capitals mean something, a
/// form or a name not capitalised ("Fever inc 105" but "Acme Inc"); where they say nothing, a
/// name a dictionary knows ("FEVER INC TO 104", "p/vax inc T") or a reading after the form
/// ("exp inc BP"; "ACME INC IN OHIO" stays a company).
fn shorthand_not_legal_form(
    doc: &Tokenized,
    rules: &[TokenRule],
    folded: &[Cow<'_, str>],
    k: usize,
) -> bool {
    if !SHORTHAND_FORMS.contains(&folded[k].as_ref()) {
        return false;
    }
    let capitalised = |m: usize| doc.token_text(m).starts_with(char::is_uppercase);
    if doc.case_informative {
        return !capitalised(k) || !capitalised(k - 1);
    }
    // where capitals say nothing: a name a dictionary knows ("vax inc T", "FEVER INC"), or a
    // reading after the form ("exp inc BP", "devel inc fever", "inc 105")
    let known_name = !matches!(rules[k - 1].reason, Reason::Unknown | Reason::Unsafe(_))
        || rules[k - 1]
            .features
            .has(crate::rules::Feature::IsCommonWord);
    let reading_after = k + 1 < doc.len()
        && doc.gap_after(k) == " "
        && (matches!(rules[k + 1].reason, Reason::Digit | Reason::SingleCapital)
            || doc.token_text(k + 1).chars().count() == 1
            || (rules[k + 1].reason == Reason::Safe
                && !FUNCTION_WORDS.contains(&folded[k + 1].as_ref())));
    known_name || reading_after
}

fn mark_company(rules: &mut [TokenRule], i: usize) {
    let r = &mut rules[i];
    r.phi = true;
    r.kind = Some(PhiType::Organization);
    if !matches!(r.reason, Reason::Pattern(_) | Reason::Digit) {
        r.reason = Reason::Company;
    }
}

fn is_namelike_or_place(r: &TokenRule) -> bool {
    is_placelike(r) || matches!(r.kind, Some(PhiType::Organization))
}

mod bracketed;
mod churches;
mod employers;
#[cfg(test)]
mod tests;
