//! After the combination: the head of a facility's or an organisation's name right after a
//! masked name joins it ("[Vistara] Heart Institute", "[imam khomeini] hospital complex",
//! "[kirulapone] post office", "[DONGSHAN DISTRICT NO. 3] PRIMARY SCHOOL").
//!
//! And whom a home the model masked is for, in its name ("[GOLDEN REAPERS HOME] FOR THE AGED").
//!
//! Why here and not in the facility rule: the rule extends the rules' own names; where the rules
//! knew no name but the model masked one (a name of another language, a place in lower case), the
//! head nouns after it, dictionary words both call safe, were left visible, and a visible "Heart
//! Institute" or "post office" after a masked word tells which one. The completion only ever masks
//! more, and only words that end in a head noun followed by the end of the phrase: "[Lagos]
//! health workers" is no facility.

use super::words::{HOSPITAL_NOUNS, OTHER_HEADS};
use crate::lexicon::fold;
use crate::phi::PhiType;
use crate::rules::company::ORGANISATION_HEADS;
use crate::rules::TokenRule;
use crate::tokenize::Tokenized;

/// Heads of what else a narrative names after a place or a person: a school, a post office, a
/// housing estate, a service, a park of offices, a health department, a laboratory or an
/// ambulance service ("EMS")
/// ("[elkhart county health] dept &", "[al-karkh public health] laboratory and").
const MORE_HEADS: &[&str] = &[
    "school",
    "office",
    "complex",
    "unit",
    "service",
    "services",
    "park",
    "estate",
    "market",
    "department",
    "dept",
    "laboratory",
    "laboratories",
    // (an ambulance service: "Transferred by [Muskingum Valley] EMS to")
    "ems",
];

/// Heads written before the name: "the Hotel Castellana Grande", "pharmacy al-shifa".
const HEADS_BEFORE: &[&str] = &[
    "hotel",
    "hotels",
    "pharmacy",
    "farmacia",
    "apotheke",
    "pharmacie",
];

/// Words a name's head is never: the ends of a phrase ("at", "and", "the").
const FUNCTION_WORDS: &[&str] = &[
    "the", "a", "an", "of", "in", "at", "for", "to", "with", "on", "by", "and", "or", "as", "is",
    "was", "his", "her", "their", "my", "our", "from", "since", "it", "this", "that", "which",
    "who", "where", "when", "after", "before", "then", "but", "so", "via",
];

fn is_head(w: &str) -> bool {
    // (Vietnamese "bệnh viện" puts its head first: "Người bệnh" is "the patient")
    !matches!(w, "benh" | "vien")
        && (OTHER_HEADS.contains(&w)
            || HOSPITAL_NOUNS.contains(&w)
            || ORGANISATION_HEADS.contains(&w)
            || MORE_HEADS.contains(&w))
}

/// Whether a masked word of this kind may be the name a head completes: a person's or a place's,
/// never a date, an age, a contact or a profession.
fn names_a_place(kind: PhiType) -> bool {
    matches!(kind.tag(), "NAME" | "LOCATION")
}

/// The words (indices) to mask after the combination, each with its kind: the words from a masked
/// name up to one to three words later that end in a head noun ("Heart Institute"), all on one
/// line, joined by single blanks, alphabetic and no function word, the head closing the phrase
/// (a punctuation mark, a line's end, a function word or the text's end next). `kinds[i]` is the
/// combination's verdict on word `i`, `rules[i]` the rules'; the name must be PHI to both.
pub fn complete_facility_heads(
    doc: &Tokenized,
    rules: &[TokenRule],
    kinds: &[Option<PhiType>],
) -> Vec<(usize, PhiType)> {
    let n = doc.len();
    let folded: Vec<_> = (0..n).map(|k| fold(doc.token_text(k))).collect();
    let word = |k: usize| {
        folded[k].chars().all(char::is_alphabetic) && !FUNCTION_WORDS.contains(&folded[k].as_ref())
    };
    // (a spaced dash too after a service's head, before a letterhead's rest: "Kabul Emergency
    // Ambulance Service - patient transfer note", "Copperhill County EMS - Critical Care
    // Transport"; not after a unit's or a board's, "withdrawal mgmt unit - nursing log")
    let closes = |k: usize| {
        let gap = doc.gap_after(k);
        k + 1 >= n
            || gap.contains('\n')
            || gap
                .trim_start()
                .starts_with(['.', ',', ';', ':', '(', ')', '&'])
            || (gap.starts_with(' ')
                && gap.trim_start().starts_with(['-', '–', '—'])
                && matches!(folded[k].as_ref(), "service" | "services" | "ems"))
            || FUNCTION_WORDS.contains(&folded[k + 1].as_ref())
    };
    let mut masked: Vec<Option<PhiType>> = kinds.to_vec();
    let mut out = Vec::new();
    // a name's word: masked, of a person's or a place's kind, and the rules call it PHI or it
    // goes on such a word ("[Mansoori] [Guarding] Services": the model masked "Guarding"); not
    // the model's "[nearest] hospital"
    let mut anchored = vec![false; n];
    for k in 0..n {
        // (or masked as something else where the rules call it a place or a name: "(yakima
        // valley farm workers clinic" read as part of the title before it)
        let named = masked[k].is_some_and(names_a_place);
        let rules_place =
            masked[k].is_some() && rules[k].phi && rules[k].kind.is_some_and(names_a_place);
        let goes_on = k > 0
            && anchored[k - 1]
            && doc.gap_before(k) == " "
            && (named || (masked[k].is_some() && masked[k] == masked[k - 1]));
        anchored[k] = (named && rules[k].phi) || rules_place || goes_on;
    }
    // a head that comes before its name: "at the HOTEL [CASTELLANA GRANDE]"
    for k in 0..n.saturating_sub(1) {
        if masked[k].is_none()
            && HEADS_BEFORE.contains(&folded[k].as_ref())
            && doc.gap_after(k) == " "
            && anchored[k + 1]
        {
            let kind = if folded[k].starts_with("hotel") {
                PhiType::Organization
            } else {
                PhiType::Hospital
            };
            masked[k] = Some(kind);
            out.push((k, kind));
        }
    }
    let mut k = 0;
    while k + 1 < n {
        // (a name ends in no function word the model masked: "#7586 [VIA] EMS")
        let Some(kind) =
            masked[k].filter(|_| anchored[k] && !FUNCTION_WORDS.contains(&folded[k].as_ref()))
        else {
            k += 1;
            continue;
        };
        let mut done = None;
        for j in k + 1..n.min(k + 4) {
            if masked[j].is_some() || doc.gap_before(j) != " " || !word(j) {
                break;
            }
            // (a department or a laboratory only after a name of two masked words or more:
            // "[elkhart county health] dept", not the shorthand "[Hlth] Dept")
            let long_name = k > 0 && masked[k - 1].is_some() && doc.gap_before(k) == " ";
            let needs_long_name = matches!(
                folded[j].as_ref(),
                "department" | "dept" | "laboratory" | "laboratories"
            );
            if is_head(&folded[j]) && closes(j) && (long_name || !needs_long_name) {
                done = Some(j);
                break;
            }
        }
        let Some(end) = done else {
            k += 1;
            continue;
        };
        let facility = (k + 1..=end).any(|j| !ORGANISATION_HEADS.contains(&folded[j].as_ref()))
            || kind == PhiType::Hospital;
        let new_kind = if facility {
            PhiType::Hospital
        } else {
            PhiType::Organization
        };
        let new_kind = if kind.tag() == "LOCATION" && kind != PhiType::City {
            kind
        } else {
            new_kind
        };
        for (j, slot) in masked.iter_mut().enumerate().take(end + 1).skip(k + 1) {
            *slot = Some(new_kind);
            out.push((j, new_kind));
        }
        k = end;
    }
    // whom a home the model masked is for, in its name: "[GOLDEN REAPERS HOME] FOR THE AGED"
    // (the model released "FOR THE AGED", words of every sentence)
    // (or the home after two words the model masked: "staff of [sacred heart] home for the aged")
    for k in 1..n.saturating_sub(2) {
        if !super::continuations::HOMES.contains(&folded[k].as_ref())
            || masked[k - 1].is_none()
            || doc.gap_before(k) != " "
        {
            continue;
        }
        let named_before = k >= 2 && masked[k - 2].is_some() && doc.gap_before(k - 1) == " ";
        // (a home's words the model named no facility's are a home's: "[sacred heart]" was DATE)
        let Some(kind) = masked[k].or(named_before.then_some(PhiType::Hospital)) else {
            continue;
        };
        let head = |h: usize| h == k;
        if let Some(end) = super::continuations::for_tail(doc, &folded, k + 1, &head) {
            if masked[k].is_none() {
                masked[k] = Some(kind);
                out.push((k, kind));
            }
            for (j, slot) in masked.iter_mut().enumerate().take(end).skip(k + 1) {
                if slot.is_none() {
                    *slot = Some(kind);
                    out.push((j, kind));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words masked after completing `text` where `masked` are the words already masked.
    fn completed(text: &str, masked: &[&str]) -> Vec<String> {
        let doc = Tokenized::new(text);
        let rules: Vec<TokenRule> = (0..doc.len())
            .map(|k| TokenRule {
                // (the rules know the first word and the numbers only; the model masked the
                // others)
                phi: masked.first() == Some(&doc.token_text(k))
                    || doc.token_text(k).bytes().all(|b| b.is_ascii_digit()),
                kind: None,
                reason: crate::rules::Reason::Unknown,
                features: Default::default(),
            })
            .collect();
        let kinds: Vec<Option<PhiType>> = (0..doc.len())
            .map(|k| masked.contains(&doc.token_text(k)).then_some(PhiType::City))
            .collect();
        complete_facility_heads(&doc, &rules, &kinds)
            .into_iter()
            .map(|(k, _)| doc.token_text(k).to_string())
            .collect()
    }

    #[test]
    fn a_place_the_combination_read_as_part_of_a_title_still_takes_its_head() {
        let doc = Tokenized::new(
            "works as a medical assistant (yakima valley farm workers clinic in toppenish, wa)",
        );
        let mut rules: Vec<TokenRule> = (0..doc.len())
            .map(|_| TokenRule {
                phi: false,
                kind: None,
                reason: crate::rules::Reason::Safe,
                features: Default::default(),
            })
            .collect();
        // works as a medical assistant yakima valley farm workers clinic in toppenish wa
        rules[5].phi = true;
        rules[5].kind = Some(PhiType::City);
        let mut kinds = vec![None; doc.len()];
        for k in [3, 4, 5, 6] {
            kinds[k] = Some(PhiType::Profession);
        }
        let words: Vec<_> = complete_facility_heads(&doc, &rules, &kinds)
            .into_iter()
            .map(|(k, _)| doc.token_text(k))
            .collect();
        assert_eq!(words, ["farm", "workers", "clinic"]);
        // no place for the rules: the title's words take no head
        rules[5].phi = false;
        assert!(complete_facility_heads(&doc, &rules, &kinds).is_empty());
    }

    #[test]
    fn a_head_after_a_masked_name_joins_it() {
        for (text, masked, want) in [
            (
                "an anaesthesiologist at Vistara Heart Institute, received",
                &["Vistara"][..],
                &["Heart", "Institute"][..],
            ),
            (
                "retired postmaster (kirulapone post office), now a grocer",
                &["kirulapone"],
                &["post", "office"],
            ),
            (
                "Glucose 104.\nTransferred by Muskingum Valley EMS to Muskingum Crossing",
                &["Muskingum", "Valley"],
                &["EMS"],
            ),
            (
                "admitted to imam khomeini hospital complex, neurology ward 3",
                &["imam", "khomeini", "hospital"],
                &["complex"],
            ),
            (
                "a security guard for Al Mansoori Guarding Services, visa number",
                &["Mansoori", "Guarding"],
                &["Services"],
            ),
            (
                "STAYING FOR THE WINTER AT THE HOTEL CASTELLANA GRANDE, TOWER ROAD 142",
                &["CASTELLANA", "GRANDE"],
                &["HOTEL"],
            ),
            (
                "IS A RESIDENT OF GOLDEN REAPERS HOME FOR THE AGED, PUROK 4",
                &["GOLDEN", "REAPERS", "HOME"],
                &["FOR", "THE", "AGED"],
            ),
            (
                "staff of sacred heart home for the aged found him",
                &["sacred", "heart"],
                &["home", "for", "the", "aged"],
            ),
            (
                "PUPIL AT DONGSHAN DISTRICT NO. 3 PRIMARY SCHOOL. FATHER",
                &["DONGSHAN", "DISTRICT", "NO", "3"],
                &["PRIMARY", "SCHOOL"],
            ),
            (
                "works as a medical assistant (yakima valley farm workers clinic in toppenish, wa)",
                &["yakima", "valley"],
                &["farm", "workers", "clinic"],
            ),
            (
                "rcv vax 19jan99 at elkhart county health dept & 6 days later",
                &["elkhart", "county", "health"],
                &["dept"],
            ),
            (
                "tested at karkh public health laboratory and was positive",
                &["karkh", "public", "health"],
                &["laboratory"],
            ),
            // (a letterhead's spaced dash closes the name)
            (
                "Kabul Emergency Ambulance Service - patient transfer note",
                &["Kabul", "Emergency", "Ambulance"],
                &["Service"],
            ),
            (
                "Copperhill County EMS - Critical Care Transport narrative",
                &["Copperhill", "County"],
                &["EMS"],
            ),
        ] {
            assert_eq!(completed(text, masked), want, "{text}");
        }
    }

    #[test]
    fn no_head_or_a_head_inside_a_phrase_is_left_alone() {
        for (text, masked) in [
            ("the Lagos health workers came on day 2", &["Lagos"][..]),
            ("she flew to Lagos and went to school there", &["Lagos"]),
            ("seen in Lagos. Clinic notes say fever", &["Lagos"]),
            ("she lives in Lagos with her family since 2019", &["Lagos"]),
            // (the way one came, not the service's name)
            ("pt was brought to crmc via ems.", &["crmc"]),
            ("Người bệnh: Lò Thị Phượng, nữ, 58 tuổi", &["Người"]),
            // (a department after one masked word: the shorthand "Hlth Dept")
            ("immun in clinic @ Hlth Dept; Mom phoned", &["Hlth"]),
            // (a home after one masked word: "[jones] home for the holidays" is no name)
            ("went to the jones home for the holidays", &["jones"]),
        ] {
            let got = completed(text, masked);
            assert!(got.is_empty(), "{text}: {got:?}");
        }
        // a word the model masked but the rules call safe is no name ("the [nearest] hospital")
        let doc = Tokenized::new("EMS took her to the nearest hospital.");
        let rules = vec![
            TokenRule {
                phi: false,
                kind: None,
                reason: crate::rules::Reason::Safe,
                features: Default::default(),
            };
            doc.len()
        ];
        let mut kinds = vec![None; doc.len()];
        kinds[5] = Some(PhiType::Hospital);
        assert!(complete_facility_heads(&doc, &rules, &kinds).is_empty());
    }
}
