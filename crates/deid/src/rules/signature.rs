//! Clinicians' signatures at the end of a line, before a credential: "- lm (hca) / s.ahmed rn",
//! "--bg, lpn", "P. Osei RMN", "ts dn". Initials are dictionary words ("bg", "ts") that only their
//! position tells apart; the reason `Signature` is never released by the combination. The
//! credential itself is the signer's qualification, no PHI: reason `phi-cue`, always released.

use super::word_class::{WordClasses, CREDENTIAL};
use super::{Reason, TokenRule};
use crate::phi::PhiType;
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Credentials that close a clinician's signature ("-- K. Lopez, RN", "--bg, lpn", "ts dn").
pub(super) const CREDENTIALS: &[&str] = &[
    "rn", "lpn", "lvn", "rpn", "rmn", "rgn", "en", "hca", "hcsw", "dn", "cna", "np", "aprn",
    "crna", "rrt", "sn",
    // the credentials of Ghana's, Nigeria's and the Commonwealth's nurses and midwives ("- dm,
    // chn": community health nurse; registered midwife, state registered nurse, registered nurse
    // and midwife), only at a line's end like the others ("rm 12" is a room)
    "chn", "rm", "srn", "rnm", // a certified nurse-midwife's
    "cnm",
];

/// Words that stand before a credential without being a signature.
const SIGNATURE_STOP: &[&str] = &[
    "the", "a", "an", "per", "to", "by", "of", "and", "or", "for", "at", "in", "on", "is", "was",
    "her", "his", "my", "our", "pt", "see", "via", "new", "any", "all", "no", "not", "as",
];

/// A signature at the end of a line: one or two words, initials included, between a dash,
/// a slash or the line start and a credential ("- lm (hca) / s.ahmed rn", "P. Osei RMN", "ts dn").
/// The initials are dictionary words ("bg", "ts") that only the position tells apart.
pub(super) fn apply(
    doc: &Tokenized,
    rules: &mut [TokenRule],
    folded: &[Cow<'_, str>],
    class: &WordClasses,
) {
    let n = doc.len();
    for c in 1..n {
        if !class.on(c, CREDENTIAL) {
            continue;
        }
        // the credential ends its line, or a "/" joins a second signature
        let after = doc.gap_after(c);
        let rest = after.trim_start_matches([' ', ')', ',', '.', '\t']);
        if !(c + 1 == n
            || rest.starts_with(['\n', '\r', '/'])
            || (rest.is_empty() && after.contains('\n')))
        {
            continue;
        }
        // one or two words before it: "P. Osei", "s.ahmed", "bg,", "lm ("
        let gap_ok = |g: &str| g.chars().count() <= 2 && g.chars().all(|ch| " ,(.".contains(ch));
        if !gap_ok(doc.gap_before(c)) {
            continue;
        }
        // initials are short and often in the stop-word list ("bg", "ts"): only function words
        // that can stand before a credential are excluded ("per the rn", "to 5 north rn")
        let word_ok = |k: usize| {
            let w = doc.token_text(k);
            w.chars().all(char::is_alphabetic)
                && !SIGNATURE_STOP.contains(&folded[k].as_ref())
                && (w.chars().count() <= 3 || rules[k].phi)
        };
        // opened by the line start, a sentence end, a dash or a slash: not "report to 5 north rn"
        let opens = |first: usize| {
            let opener = doc.gap_before(first);
            first == 0
                || opener.contains('\n')
                || opener
                    .trim()
                    .chars()
                    .last()
                    .is_some_and(|ch| matches!(ch, '-' | '/' | '—' | '–' | '.'))
        };
        // ("reaching w/lt rm;": "rm" is a room, or an arm, unless a dash or the line's start
        // opens the signature)
        let opens = |first: usize| {
            opens(first)
                && (folded[c] != "rm"
                    || first == 0
                    || doc.gap_before(first).contains('\n')
                    || doc.gap_before(first).trim().ends_with(['-', '—', '–']))
        };
        // two words ("P. Osei", "s.ahmed": a period only after an initial), else one ("ts")
        let two = c >= 2
            && word_ok(c - 2)
            && word_ok(c - 1)
            && gap_ok(doc.gap_before(c - 1))
            && !doc.gap_before(c - 1).contains('(')
            && (!doc.gap_before(c - 1).contains('.') || doc.token_text(c - 2).chars().count() <= 2)
            && opens(c - 2);
        let first = if two {
            c - 2
        } else if word_ok(c - 1) && opens(c - 1) {
            c - 1
        } else {
            continue;
        };
        for r in &mut rules[first..c] {
            r.phi = true;
            r.kind = Some(PhiType::Doctor);
            r.reason = Reason::Signature;
        }
        // the credential itself is the signer's qualification, no PHI (the model, which never
        // saw nursing notes, masked "RN")
        if !matches!(rules[c].reason, Reason::Pattern(_) | Reason::Digit) {
            rules[c].phi = false;
            rules[c].kind = None;
            rules[c].reason = Reason::PhiCue;
        }
    }
    // ... and a credential before the clinician's initial and surname: "f/u w/ cnm p. mulqueen:
    // settled" (the model, reading a lower-case note, released the surname a name list holds)
    for c in 0..n.saturating_sub(2) {
        let (k, s) = (c + 1, c + 2);
        let initial = doc.token_text(k);
        if class.on(c, CREDENTIAL)
            && doc.gap_after(c) == " "
            && initial.chars().count() == 1
            && initial.chars().all(char::is_alphabetic)
            && matches!(doc.gap_after(k), ". " | ".")
            && doc.token_text(s).chars().count() >= 3
            && doc.token_text(s).chars().all(char::is_alphabetic)
            && rules[s].phi
            && matches!(rules[s].reason, Reason::Unsafe(_) | Reason::Unknown)
        {
            for r in &mut rules[k..=s] {
                r.phi = true;
                r.kind = Some(PhiType::Doctor);
                r.reason = Reason::Signature;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::phi_words;

    #[test]
    fn signature_initials_before_a_credential() {
        let p =
            phi_words("Pt resting, call bell in reach. Plan: obs q4h.\n- lm (hca) / s.ahmed rn");
        for w in ["lm", "s", "ahmed"] {
            assert!(p.contains(&w.to_string()), "{w}: {p:?}");
        }
        let p = phi_words(
            "pt notified 2:05pm, verbalized understanding. no distress noted.\n--bg, lpn",
        );
        assert!(p.contains(&"bg".to_string()), "{p:?}");
        let p = phi_words("Risk: no self-harm or aggression this shift. P. Osei RMN");
        assert!(p.contains(&"P".to_string()), "{p:?}");
        assert!(
            !p.contains(&"RMN".to_string()),
            "the credential is no PHI: {p:?}"
        );
        let p = phi_words("laxido prescribed pending. rv thurs. ts dn");
        assert!(p.contains(&"ts".to_string()), "{p:?}");
        let p =
            phi_words("VS STABLE. PT RESTING. REPORT TO 5 NORTH RN.\nPLAN D/C IN AM PER THE RN.");
        for w in ["NORTH", "THE", "PER"] {
            assert!(!p.contains(&w.to_string()), "{w}: {p:?}");
        }
    }

    #[test]
    fn a_credential_before_a_clinicians_initial_and_surname() {
        let signed = crate::rules::words_with_reason(
            "04/02 09:30 f/u w/ cnm p. mulqueen: settled, clonus gone.",
            crate::rules::Reason::Signature,
        );
        assert_eq!(signed, ["p", "mulqueen"]);
        // a dose's route after a credential is none: "rn p. o. meds"
        assert!(crate::rules::words_with_reason(
            "meds given by rn p. o. at 0900, tolerated",
            crate::rules::Reason::Signature
        )
        .is_empty());
    }

    #[test]
    fn commonwealth_nurses_and_midwives_credentials_close_a_signature() {
        let p = phi_words("call me on 0543 266 781 if worse.\nrv sat.\n- dm, chn");
        assert!(p.contains(&"dm".to_string()), "{p:?}");
        assert!(
            !p.contains(&"chn".to_string()),
            "the credential is no PHI: {p:?}"
        );
        let p = phi_words("baby to breast.\n- ao rm");
        assert!(p.contains(&"ao".to_string()), "{p:?}");
        // a room's number, an arm, are no credential's place
        let p = phi_words("pt moved to rm 12 today; reaching w/lt rm;");
        assert!(
            !p.contains(&"to".to_string()) && !p.contains(&"lt".to_string()),
            "{p:?}"
        );
    }
}
