//! The short function words the rules call safe ("of", "the", "at", "and", "for"): reason
//! `FunctionWord`, which the combination releases on half the model's evidence
//! (`combine::FUNCTION_WORD_LOW`). Beside masked words in ALL CAPS or another language's text the
//! model doubts them ("AT HER PLACE [OF] WORK", "lives [at] Sveavägen 44"), and masking them
//! hides the sentence around the PHI without hiding anyone. Never a letter alone ("MRS J [A]
//! HEPBURN": an initial), never a word another rule decided.

use super::{Reason, TokenRule};
use crate::tokenize::Tokenized;
use std::borrow::Cow;

/// Function words of two letters or more, folded. Not those that are also a state's, a
/// province's or an id's code where capitals say nothing ("INDIANAPOLIS, IN", "Mississauga, ON",
/// "OR", Morocco's "CIN BE 784512"): "in", "on", "or", "be", "as", "is", "to", "me".
const FUNCTION_WORDS: &[&str] = &[
    "of", "the", "at", "and", "for", "by", "with", "from", "was", "were", "are", "been", "that",
    "this", "who", "which", "into", "onto", "than",
];

pub(super) fn apply(doc: &Tokenized, rules: &mut [TokenRule], folded: &[Cow<'_, str>]) {
    for (k, rule) in rules.iter_mut().enumerate() {
        if !rule.phi
            && rule.reason == Reason::Safe
            && FUNCTION_WORDS.contains(&folded[k].as_ref())
            && doc.token_text(k).chars().count() >= 2
        {
            rule.reason = Reason::FunctionWord;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{words_with_reason, Reason};

    #[test]
    fn function_words_the_rules_call_safe() {
        assert_eq!(
            words_with_reason(
                "THE VACCINE WAS RECEIVED AT ABOUT 0900 ON 01/04/2021 AT HER PLACE OF WORK, \
                 MEDICAL CENTER, WHERE SHE WAS EMPLOYED",
                Reason::FunctionWord
            ),
            ["THE", "WAS", "AT", "AT", "OF", "WAS"]
        );
        // a letter alone may be an initial; a name the rules hold is none
        assert!(words_with_reason(
            "CC: MRS J A HEPBURN; MR GORDON HEPBURN (HUSBAND); THE GP PRACTICE WAS INFORMED",
            Reason::FunctionWord
        )
        .iter()
        .all(|w| w != "A"));
    }
}
