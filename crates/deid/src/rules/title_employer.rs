//! After the combination: the employer named right after the patient's or a relative's title,
//! where the model masked its last word and released the others ("security guard at [black] swan
//! security, lae", "school bus dispatcher for [first student] buffalo"). The title says the next
//! words are where the person works; the model, reading "black" and "first" as ordinary words,
//! left part of the employer's name visible. Where the rules themselves can read the employer
//! after a title (a head word such as "Mining" or "Railway", a name list), `rules/company` masks it
//! before the combination; this completion covers the names only the model saw.
//!
//! Only ever masks more: after a title the rules found (`pattern:PROFESSION`) and "at", "for",
//! "with" ("w/") or "from" (or "@"), a run of one to five words of letters (joined by single blanks, "&" or
//! hyphens, "of", "and" and "&" inside), closed by a punctuation mark, the text's end or "in"; the
//! run stops at a preposition or article. "The" before the name is not part of it. The run's last
//! word masked by the combination, or one word no dictionary knows ("bus driver for the
//! [mbta]"); or, where capitals say nothing (ALL CAPS, lower case), a run of two words or more that no determiner starts and no clinical word is in, masked whole ("RETIRED
//! MACHINIST FROM ELECTRIC BOAT,": the model read two everyday words). Where capitals mean
//! something, every word but the connectors is capitalised ("nurse at the Hospital" has no run;
//! "nurse at night shift" has no masked head).

use crate::phi::PhiType;
use crate::rules::{Feature, Reason, TokenRule};
use crate::tokenize::Tokenized;

/// The longest employer's name filled.
const MAX_WORDS: usize = 5;

/// Words that end the employer's name or show there is none: prepositions and articles ("jeep
/// driver for tourists at volcanoes national park").
const STOPS: &[&str] = &[
    "in", "at", "on", "for", "with", "near", "to", "from", "as", "since", "by", "the", "a", "an",
];

/// Words that start no employer's name the model did not mask ("a cook at the same hotel").
const DETERMINERS: &[&str] = &[
    "same",
    "other",
    "another",
    "this",
    "that",
    "these",
    "those",
    "his",
    "her",
    "their",
    "our",
    "my",
    "its",
    "your",
    "several",
    "many",
    "various",
    "different",
    "each",
    "every",
    "some",
    "any",
    "no",
    "one",
    "two",
    "three",
    "both",
    "all",
    "most",
];

/// Words inside a name that join its other words.
const CONNECTORS: &[&str] = &["of", "and", "de"];

/// The words (indices) to mask after the combination, with their kind. `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'.
pub fn complete_title_employers(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let lower = |k: usize| doc.token_text(k).to_lowercase();
    let mut out = Vec::new();
    for t in 0..n.saturating_sub(2) {
        let title = rules[t].reason == Reason::Pattern(PhiType::Profession) && kinds[t].is_some();
        if !title {
            continue;
        }
        // ("with" also written "w/", "at" written "@": "EMT W/ AMERICAN MEDICAL RESPONSE,",
        // "MEAT PACKER @ IBP STORM LAKE)")
        let with_slash =
            doc.gap_after(t) == " " && lower(t + 1) == "w" && doc.gap_after(t + 1) == "/ ";
        let word_cue = doc.gap_after(t) == " "
            && matches!(lower(t + 1).as_str(), "at" | "for" | "with" | "from")
            && doc.gap_after(t + 1) == " ";
        let mut first = if word_cue || with_slash {
            t + 2
        } else if doc.gap_after(t) == " @ " {
            t + 1
        } else {
            continue;
        };
        if lower(first) == "the" && doc.gap_after(first) == " " {
            first += 1;
        }
        let connector = |k: usize| CONNECTORS.contains(&lower(k).as_str());
        let word = |k: usize| {
            let w = doc.token_text(k);
            w.chars().count() >= 2
                && w.chars()
                    .all(|c| c.is_alphabetic() || c == '\'' || c == '’')
                && (!doc.case_informative || connector(k) || w.starts_with(char::is_uppercase))
        };
        // the run, up to where it is closed
        let mut last = None;
        let mut k = first;
        // (the halves of a hyphenated word count as one: "with compania de transport public
        // [cluj-napoca],")
        let mut words = 0;
        let mut at_closes = false;
        while k < n && word(k) {
            if k > first && !matches!(doc.gap_before(k), " " | " & " | "-") {
                break;
            }
            if k == first || doc.gap_before(k) != "-" {
                if words == MAX_WORDS {
                    break;
                }
                words += 1;
            }
            if STOPS.contains(&lower(k).as_str()) || (k == first && connector(k)) {
                break;
            }
            let gap = doc.gap_after(k);
            // (or "at" a place after it, where the combination masked the run's last word:
            // "a phlebotomist with quest [diagnostics] at the draw station")
            at_closes = k > first && k + 1 < n && gap == " " && lower(k + 1) == "at";
            let closed = k + 1 >= n
                || gap.trim_start().starts_with([',', '.', ';', '(', ')', ':'])
                || gap.contains('\n')
                || (gap == " " && lower(k + 1) == "in")
                || at_closes;
            if closed {
                last = Some(k);
                break;
            }
            k += 1;
        }
        let Some(last) = last else { continue };
        if at_closes && kinds[last].is_none() {
            continue;
        }
        // (an employer, or the care facility the model read in it: "guard at [black] swan security")
        // where capitals say nothing, a run of two words or more closed right after the title's
        // "at" is a name even where the model masked none of it ("machinist from [electric boat],")
        let unmasked_name = !doc.case_informative
            && last > first
            && !DETERMINERS.contains(&lower(first).as_str())
            && (first..=last).all(|m| {
                // (no clinical word: "nurse with [hip dysplasia]."; the medical list's everyday
                // words, "electric", "continental", may be a name's)
                let f = &rules[m].features;
                f.has(Feature::IsCommonWord)
                    || ![Feature::IsMedicalTerm, Feature::IsDrug]
                        .iter()
                        .any(|&g| f.has(g))
            });
        // one word no dictionary knows, the model released ("bus driver for the [mbta])"): a
        // name, where an everyday word would be a place or a time ("nurse at night")
        let unknown_word = last == first
            && rules[first].reason == Reason::Unknown
            && doc.token_text(first).chars().count() >= 3;
        let kind = match kinds[last] {
            None if unmasked_name || unknown_word => PhiType::Organization,
            None => continue,
            Some(k @ (PhiType::Hospital | PhiType::Organization)) => k,
            Some(_) => PhiType::Organization,
        };
        if (last == first && !unknown_word) || connector(last) {
            continue;
        }
        out.extend(
            (first..=last)
                .filter(|&m| kinds[m].is_none())
                .map(|m| (m, kind)),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, masked: &[&str]) -> Vec<String> {
        run_with_unknown(text, masked, &[])
    }

    /// As `run`, with the words in `unknown` known to no dictionary.
    fn run_with_unknown(text: &str, masked: &[&str], unknown: &[&str]) -> Vec<String> {
        let doc = Tokenized::new(text);
        let mut rules: Vec<TokenRule> = (0..doc.len())
            .map(|_| TokenRule {
                phi: false,
                kind: None,
                reason: Reason::Safe,
                features: Default::default(),
            })
            .collect();
        let mut kinds = vec![None; doc.len()];
        for i in 0..doc.len() {
            let w = doc.token_text(i);
            if [
                "guard",
                "dispatcher",
                "nurse",
                "driver",
                "machinist",
                "emt",
                "packer",
                "phlebotomist",
            ]
            .contains(&w.to_lowercase().as_str())
            {
                rules[i].phi = true;
                rules[i].kind = Some(PhiType::Profession);
                rules[i].reason = Reason::Pattern(PhiType::Profession);
                kinds[i] = Some(PhiType::Profession);
            }
            if unknown.contains(&w) {
                rules[i].phi = true;
                rules[i].reason = Reason::Unknown;
            }
            if masked.contains(&w) {
                kinds[i] = Some(PhiType::Organization);
            }
        }
        complete_title_employers(&doc, &rules, &kinds)
            .into_iter()
            .map(|(k, _)| doc.token_text(k).to_string())
            .collect()
    }

    #[test]
    fn the_employers_released_words_after_a_title_are_masked() {
        assert_eq!(
            run(
                "pt (peter wari, 27, security guard at black swan security, lae, morobe province)",
                &["swan", "security"]
            ),
            ["black"]
        );
        assert_eq!(
            run(
                "48 yo f school bus dispatcher for first student buffalo, janssen lot 1805031",
                &["buffalo"]
            ),
            ["first", "student"]
        );
        // a run at the text's very end, a blank after it: no word after it is read
        assert_eq!(
            run("a phlebotomist with Quest Diagnostics ", &["Diagnostics"]),
            ["Quest"]
        );
        // a hyphenated town ends the name: its halves count as one word
        assert_eq!(
            run(
                "the client, a tram driver with compania de transport public cluj-napoca, born 1954",
                &["compania", "cluj", "napoca"]
            ),
            ["de", "transport", "public"]
        );
        // "with" written "w/"
        assert_eq!(
            run(
                "JESUS MONTOYA 22 YO HM, EMT W/ AMERICAN MEDICAL RESPONSE, RECVD 1ST DOSE",
                &["RESPONSE"]
            ),
            ["AMERICAN", "MEDICAL"]
        );
        // "at" written "@"; a run closed by "at" where the model masked its last word
        assert_eq!(
            run(
                "TERRA VOGEL (34 YO WF, MEAT PACKER @ IBP STORM LAKE) EXP TEMP",
                &["LAKE"]
            ),
            ["IBP", "STORM"]
        );
        assert_eq!(
            run(
                "a healthcare worker (a phlebotomist with Quest Diagnostics at the draw station)",
                &["Quest"]
            ),
            Vec::<String>::new()
        );
        assert_eq!(
            run(
                "a healthcare worker (a phlebotomist with Quest Diagnostics at the draw station)",
                &["Diagnostics"]
            ),
            ["Quest"]
        );
    }

    #[test]
    fn one_word_no_dictionary_knows_is_the_employer() {
        let text = "w/dad (sean donnelly, bus driver for the mbta) & began to twitch";
        assert_eq!(run_with_unknown(text, &[], &["mbta"]), ["mbta"]);
        // a dictionary word is no name
        assert!(run("the dad, a bus driver for the city) & began", &[]).is_empty());
        assert!(run("she is a nurse at night.", &[]).is_empty());
    }

    #[test]
    fn where_capitals_say_nothing_an_unmasked_run_of_two_words_is_the_employer() {
        // the model masked none of it; "from" after a title says where one worked too
        assert_eq!(
            run(
                "SALVATORE LONG, 63, A RETIRED MACHINIST FROM ELECTRIC BOAT, WITH A HISTORY",
                &[]
            ),
            ["ELECTRIC", "BOAT"]
        );
        // one word is no name ("a nurse at work."), nor a run that a determiner starts
        assert!(run("she is a nurse at work. she is a nurse at night.", &[]).is_empty());
        assert!(run("a driver at the same hotel, also vaccinated", &[]).is_empty());
        // where capitals mean something, the model's verdict is needed
        assert!(run(
            "A retired Machinist from Electric Boat, with a history",
            &[]
        )
        .is_empty());
    }

    #[test]
    fn no_employer_without_a_masked_head_or_a_closed_run() {
        // the model masked nothing of it
        assert!(run("she is a nurse at the hospital, on nights.", &[]).is_empty());
        // where capitals mean something, a lower-case word is no name's
        assert!(run(
            "She is a Nurse at the main Hospital, on nights since 2019 and well.",
            &["Hospital"]
        )
        .is_empty());
        // a preposition ends the name: "tourists" is no employer's
        assert!(run(
            "eric (27), jeep driver for tourists at volcanoes national park. rwanda fda",
            &["park"]
        )
        .is_empty());
        // a run that goes on past five words is a sentence, not a name
        assert!(run(
            "pt is a guard at one two three four five six seven, then",
            &["seven"]
        )
        .is_empty());
    }
}
