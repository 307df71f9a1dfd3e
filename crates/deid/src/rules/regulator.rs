//! Names of medicines regulators and pharmacovigilance programmes, which the PHI guidelines call
//! no PHI ("Manufacturers, regulators and programmes: Pfizer, Moderna, FDA, CDC, WHO, VAERS").
//! The narratives of other countries name their own, often in the national language ("Swedish
//! Medical Products Agency (Läkemedelsverket)", "Rete Nazionale di Farmacovigilanza, AIFA"), and
//! a word-by-word reading masks them: "Agency" is a city in Iowa, "Swedish" a country adjective,
//! "Farmacovigilanza" a word no dictionary knows.
//!
//! The names are `lexicons/context/regulators.txt` (national level only: a regional centre named
//! after its city is not listed), matched as whole phrases on the folded words (case and accents
//! ignored) with the same punctuation between words. A name is not taken inside an identifier a
//! recognizer found ("CH-SWISSMEDIC-2021-1234" stays an IDNUM), nor right after an employer cue
//! ("works at the MHRA": the guidelines make an employer PHI).
//!
//! Not a lexicon file: the lexicons hold `[a-z0-9]` words (`lexicons/build.py`) and match a
//! phrase across any short gap, while these names come in Greek and Cyrillic too, and must keep
//! their own punctuation ("Drug Safety, Risk Management" is no name).

use super::company::EMPLOYER_CUES;
use crate::tokenize::Tokenized;
use rustc_hash::FxHashMap;
use std::borrow::Cow;
use std::sync::LazyLock;

const REGULATORS: &str = include_str!("../../../../lexicons/context/regulators.txt");

/// One name: its folded words and the punctuation between them ("" for spaces alone).
struct Name {
    words: Vec<String>,
    gaps: Vec<String>,
}

/// Names by their first folded word, longest first.
static NAMES: LazyLock<FxHashMap<String, Vec<Name>>> = LazyLock::new(|| {
    let mut by_first: FxHashMap<String, Vec<Name>> = FxHashMap::default();
    for line in REGULATORS.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let doc = Tokenized::new(line);
        if doc.is_empty() {
            continue;
        }
        let words: Vec<String> = (0..doc.len())
            .map(|i| crate::lexicon::fold(doc.token_text(i)).into_owned())
            .collect();
        let gaps = (1..doc.len()).map(|i| gap_key(doc.gap_before(i))).collect();
        by_first
            .entry(words[0].clone())
            .or_default()
            .push(Name { words, gaps });
    }
    for names in by_first.values_mut() {
        names.sort_by_key(|n| std::cmp::Reverse(n.words.len()));
    }
    by_first
});

/// The punctuation between two words, spaces removed ("" between words separated by spaces).
fn gap_key(gap: &str) -> String {
    punctuation(gap).collect()
}

fn punctuation(gap: &str) -> impl Iterator<Item = char> + '_ {
    gap.chars().filter(|c| !c.is_whitespace())
}

/// Per word of `doc`, whether it is part of a regulator's or programme's name. `claimed`: words a
/// recognizer's span covers (an identifier), never part of a name.
pub(super) fn regulator_words(
    doc: &Tokenized,
    folded: &[Cow<'_, str>],
    claimed: &[bool],
) -> Vec<bool> {
    let n = doc.len();
    let mut out = vec![false; n];
    let mut i = 0;
    while i < n {
        let matched = NAMES
            .get(folded[i].as_ref())
            .and_then(|names| names.iter().find(|name| matches_at(doc, folded, i, name)))
            .map(|name| name.words.len());
        match matched {
            Some(len)
                if !after_employer_cue(folded, i)
                    && !claimed[i..i + len].contains(&true)
                    && !glued_into_a_code(doc, i, i + len - 1) =>
            {
                out[i..i + len].iter_mut().for_each(|w| *w = true);
                i += len;
            }
            _ => i += 1,
        }
    }
    out
}

fn matches_at(doc: &Tokenized, folded: &[Cow<'_, str>], i: usize, name: &Name) -> bool {
    i + name.words.len() <= doc.len()
        && name.words[1..]
            .iter()
            .zip(&name.gaps)
            .enumerate()
            .all(|(k, (word, gap))| {
                let j = i + 1 + k;
                // compared without building a string: this runs at every word that starts a name
                folded[j] == word.as_str() && punctuation(doc.gap_before(j)).eq(gap.chars())
            })
}

/// Whether words `first..=last` are part of a code no recognizer claimed ("png nde case
/// pg-nde-aefi-21-027"): glued by hyphens or underscores on both sides, or to digits, by a slash
/// too (not "BfArM/PEI", "Swissmedic-Referenz", "lareb-app").
fn glued_into_a_code(doc: &Tokenized, first: usize, last: usize) -> bool {
    let glue = |gap: &str| matches!(gap, "-" | "_");
    let digits = |k: usize| doc.token_text(k).bytes().any(|b| b.is_ascii_digit());
    let before = first > 0 && glue(doc.gap_before(first));
    let after = last + 1 < doc.len() && glue(doc.gap_after(last));
    // ("ref infarmed/98/1417": or a slash before the code's digits; "HALMED-NŠ-2021-13490",
    // "PVPI/AMC-PUN/2023/1184": or a hyphen or slash before letters that the code's digits
    // follow, with no blank between)
    let mut k = last + 1;
    let mut chain_digits = false;
    while k < doc.len() && matches!(doc.gap_before(k), "-" | "_" | "/") {
        if digits(k) {
            chain_digits = true;
            break;
        }
        k += 1;
    }
    (before && (after || digits(first - 1))) || chain_digits
}

/// "works at [the] …", "employed by …": the name that follows is the patient's employer (a
/// regulator's, or a pharmacovigilance centre's: `vigilance_centre`).
pub(super) fn after_employer_cue(folded: &[Cow<'_, str>], i: usize) -> bool {
    let cue_ends =
        |c: usize| c >= 1 && EMPLOYER_CUES.contains(&(folded[c - 1].as_ref(), folded[c].as_ref()));
    (i >= 1 && cue_ends(i - 1)) || (i >= 2 && folded[i - 1] == "the" && cue_ends(i - 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of `text` found as part of a regulator's name.
    fn found(text: &str) -> Vec<String> {
        let doc = Tokenized::new(text);
        let folded = crate::lexicon::fold_words(&doc);
        let claimed = vec![false; doc.len()];
        regulator_words(&doc, &folded, &claimed)
            .iter()
            .enumerate()
            .filter(|(_, &r)| r)
            .map(|(i, _)| doc.token_text(i).to_string())
            .collect()
    }

    #[test]
    fn regulators_in_any_case_and_language_are_found_whole() {
        assert_eq!(
            found("forwarded by the Swedish Medical Products Agency (Läkemedelsverket) today"),
            [
                "Swedish",
                "Medical",
                "Products",
                "Agency",
                "Läkemedelsverket"
            ]
        );
        assert_eq!(
            found("RETE NAZIONALE DI FARMACOVIGILANZA, AIFA"),
            ["RETE", "NAZIONALE", "DI", "FARMACOVIGILANZA", "AIFA"]
        );
        assert_eq!(found("reported to lakemedelsverket"), ["lakemedelsverket"]);
        // a manufacturer's programme ("First" is a number word, never released on its own)
        assert_eq!(
            found("a Pfizer-sponsored program Pfizer First Connect. A contactable"),
            ["Pfizer", "First", "Connect"]
        );
        assert_eq!(
            found("MFDS / Korea Institute of Drug Safety & Risk Management"),
            [
                "MFDS",
                "Korea",
                "Institute",
                "of",
                "Drug",
                "Safety",
                "Risk",
                "Management"
            ]
        );
    }

    #[test]
    fn a_ministry_of_health_is_the_programme_of_a_small_state() {
        assert_eq!(
            found("received via the Ministry of Health and Wellness, reference BS-MOHW-21"),
            ["Ministry", "of", "Health", "and", "Wellness"]
        );
        assert_eq!(
            found("TO THE MINISTRY OF HEALTH, BASSETERRE 16SEP96"),
            ["MINISTRY", "OF", "HEALTH"]
        );
        assert_eq!(
            found("REPUBLICA DE ANGOLA - MINISTERIO DA SAUDE - DIRECCAO NACIONAL"),
            ["MINISTERIO", "DA", "SAUDE"]
        );
        // the ministry as an employer is PHI, as is another ministry
        assert!(found("she works at the Ministry of Health as a clerk").is_empty());
        assert!(found("a teacher (Ministry of Education), National ID").is_empty());
    }

    #[test]
    fn a_part_of_a_name_or_other_punctuation_is_not_a_name() {
        // "Agency" alone is a place name's word; "Medical Products" is not a whole name
        assert!(found("She moved to Agency, Iowa.").is_empty());
        assert!(found("Medical Products were delivered").is_empty());
        assert!(found("Drug Safety, Risk Management").is_empty());
    }

    #[test]
    fn an_employer_and_an_identifier_stay_phi() {
        assert!(found("she works at the MHRA as a clerk").is_empty());
        assert!(found("employed by Swissmedic since 2019").is_empty());
        let doc = Tokenized::new("case CH-SWISSMEDIC-2021-1234 received");
        let folded = crate::lexicon::fold_words(&doc);
        let claimed: Vec<bool> = (0..doc.len()).map(|i| (1..=4).contains(&i)).collect();
        assert!(!regulator_words(&doc, &folded, &claimed).iter().any(|&r| r));
        // ... or one no recognizer claimed: a name glued into a code
        assert!(found("png nde case pg-nde-aefi-21-027. outcome: recovered.").is_empty());
        assert_eq!(found("AEFI REPORT FORM, PORT MORESBY"), ["AEFI"]);
        assert!(found("medicina 2. ref infarmed/98/1417. pt: albertino").is_empty());
        assert!(found("Prijava HALMED-NŠ-2021-13490, zaprimljena utorak").is_empty());
        assert!(found("Pune   Reg. no. PVPI/AMC-PUN/2023/1184\nPatient:").is_empty());
        assert!(found("reported to HALMED-NŠ, 2021 and PVPI/AMC 2023").len() == 2);
        assert!(found("reported to BfArM/PEI on 3 May").contains(&"BfArM".to_string()));
    }

    #[test]
    fn no_single_word_name_is_a_person_or_place_of_the_unsafe_lexicons() {
        let lex = crate::lexicon::Lexicons::embedded();
        for (first, names) in NAMES.iter() {
            for name in names.iter().filter(|n| n.words.len() == 1) {
                let doc = Tokenized::new(first);
                let flags = lex.flags_for(&doc);
                let risky = crate::lexicon::flag::FIRST_NAME
                    | crate::lexicon::flag::SURNAME
                    | crate::lexicon::flag::CITY;
                assert_eq!(flags[0] & risky, 0, "{:?} is a name or a city", name.words);
            }
        }
    }
}
