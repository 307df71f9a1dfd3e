//! The adaptive-threshold rule that combines the rule-based and the deep de-identifier
//! (Meldau 2018, section 4.3.5). A token is let back in only when both agree it is safe:
//!
//! - the rules call it safe: it is released when the model's P(SAFE) >= `low`;
//! - the rules call it PHI: it is released only when P(SAFE) >= `high`;
//! - the rules saw a weekday, month, street, holiday or written-out number: never released
//!   (threshold infinity), whatever the model says;
//! - a field label before its value ("Tel", "MRN"), a measurement ("35 mg/L", "95 %") or a time
//!   of day ("07:30", "at 1400"): always released, as the guidelines say they are not PHI;
//! - a recognizer (date, age, contact, ID pattern) claimed it, or it is part of a company name by
//!   its shape ("Bell and Sons") or of a signature ("- lm (hca)"): never released either. This goes beyond Meldau: the patterns
//!   are written to be precise, so releasing their hits could only trade recall for a sliver of
//!   precision.
//!
//! A masked token gets the model's most likely PHI category, or the rules' when the model itself
//! thinks the token is safe.

use crate::model::Thresholds;
use crate::phi::PhiType;
use crate::rules::{Feature, Reason, TokenRule};

/// Features whose tokens are never released (Meldau's threshold infinity).
const NEVER_RELEASED: [Feature; 5] = [
    Feature::IsWeekday,
    Feature::IsMonth,
    Feature::IsStreet,
    Feature::IsHoliday,
    Feature::IsWrittenOutNumber,
];

/// The P(SAFE) a function word the rules call safe ("of", "the", "at") needs to be released
/// when the low threshold asks more: the model, reading one beside masked words, doubts it
/// ("AT HER PLACE OF WORK" in ALL CAPS), and none identifies anyone. On the dev sets about 600 of
/// 20,000 falsely masked words, against 3 HIPAA tokens, each a function word inside an
/// organisation's name ("Bank [of] China", "home for [the] aged"), session 44.
pub const FUNCTION_WORD_LOW: f32 = 0.5;

/// The P(SAFE) a word of a medicine's name needs to be released when the low threshold asks
/// more (`rules/drug_names`): the model doubted drug names in ALL CAPS and beside another
/// language's words ("ON HRZE (RIFAMPICIN, PYRAZINAMIDE, ETHAMBUTOL)" at 0.63-0.89),
/// masking the suspect drug (session 45).
pub const DRUG_NAME_LOW: f32 = 0.5;

/// The P(SAFE) a title before a name ("Dr", "DR.", "dr" where the rules read it as one, not as a
/// street's "Drive") needs to be released when the low threshold asks more: the model, reading
/// it inside the masked name, doubts it (0.76-0.86 on "DR. JOAQUIM VALADARES", "Dr. Caleb
/// Ouko"), and a title identifies no one: about 120 falsely masked words of the dev sets were
/// "Dr" (session 46).
pub const TITLE_LOW: f32 = 0.5;

/// The decision on one token.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Decision {
    /// `None` = safe (released).
    pub kind: Option<PhiType>,
    /// The model's P(SAFE) for the word.
    pub p_safe: f32,
    /// The threshold P(SAFE) had to reach for release (`INFINITY` when it never can).
    pub threshold: f32,
}

/// What the decisions need of the model's distribution over the labels for one word: 16 bytes
/// instead of the 29 probabilities (a 5 MB narrative has about 800,000 words).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct WordScore {
    /// P(SAFE).
    pub p_safe: f32,
    /// The most likely PHI category.
    pub best_phi: Option<PhiType>,
    /// Its probability.
    pub p_best_phi: f32,
    /// The largest probability of any PHI label.
    pub p_max_phi: f32,
}

impl WordScore {
    /// `probs`: the model's distribution over `label_kinds` (index 0 SAFE).
    pub fn of(probs: &[f32], label_kinds: &[Option<PhiType>]) -> WordScore {
        // the most likely PHI label (the last of equals, as `max_by` gives it)
        let best = probs
            .iter()
            .enumerate()
            .skip(1)
            .max_by(|a, b| a.1.total_cmp(b.1));
        WordScore {
            p_safe: probs[0],
            best_phi: best.and_then(|(i, _)| label_kinds[i]),
            p_best_phi: best.map_or(0.0, |(_, p)| *p),
            p_max_phi: probs.iter().skip(1).copied().fold(0.0, f32::max),
        }
    }

    /// The model alone: PHI when any PHI class is more likely than SAFE.
    pub fn model_only(&self) -> Option<PhiType> {
        let best = self.best_phi?;
        (self.p_best_phi > self.p_safe).then_some(best)
    }
}

/// Combine for one token. `probs` is the model's distribution over `label_kinds` (index 0 SAFE).
pub fn combine(
    rule: &TokenRule,
    probs: &[f32],
    label_kinds: &[Option<PhiType>],
    thresholds: &Thresholds,
) -> Decision {
    combine_score(rule, &WordScore::of(probs, label_kinds), thresholds)
}

/// Combine for one token, from what the model said of it.
pub fn combine_score(rule: &TokenRule, score: &WordScore, thresholds: &Thresholds) -> Decision {
    let p_safe = score.p_safe;
    let best_phi = score.best_phi;
    let pair = best_phi
        .and_then(|k| thresholds.per_category.get(k.type_name()))
        .map_or((thresholds.low, thresholds.high), |p| (p.low, p.high));
    // a title ("Dr" before a name) is spelled like the street abbreviation: its use decides
    let never = (NEVER_RELEASED.iter().any(|f| rule.features.has(*f))
        && rule.reason != Reason::Title)
        || matches!(
            rule.reason,
            Reason::Pattern(_)
                | Reason::Company
                | Reason::Signature
                | Reason::RelationName
                | Reason::PlaceName
                | Reason::NamedFacility
                | Reason::AddressWord
        );
    let threshold = match rule.reason {
        // a label before its value, a regulator's name, a measurement (dose, lab value: "35 mg/L",
        // "95 %") and a time of day, a count of days or a lot number are never PHI (guidelines), and a model that
        // never saw the style calls them PHI ("1400", "0700-1900", "40 mEq" in nursing notes,
        // "day 8", "lot EP9598")
        Reason::FieldLabel
        | Reason::PhiCue
        | Reason::Regulator
        | Reason::TimeOfDay
        | Reason::RelativeTime
        | Reason::LotNumber
        | Reason::LocalWord
        | Reason::GenericPlace
        | Reason::Eponym
        | Reason::Shorthand
        | Reason::MedicalField
        | Reason::Measurement => 0.0,
        _ if never => f32::INFINITY,
        _ if rule.phi => pair.1,
        // no function word identifies anyone: half a chance is enough
        Reason::FunctionWord => pair.0.min(FUNCTION_WORD_LOW),
        // the suspect drug is the report's first causality fact, and no medicine's name on no
        // name or place list identifies anyone
        Reason::DrugName => pair.0.min(DRUG_NAME_LOW),
        Reason::Title => pair.0.min(TITLE_LOW),
        _ => pair.0,
    };
    let kind = if p_safe >= threshold {
        None
    } else if p_safe >= score.p_max_phi {
        // the model thinks it is safe but the rule kept it masked: the rules' category
        Some(rule.kind.or(best_phi).unwrap_or(PhiType::Patient))
    } else {
        best_phi.or(rule.kind)
    };
    Decision {
        kind,
        p_safe,
        threshold,
    }
}

/// The model alone: PHI when any PHI class is more likely than SAFE.
pub fn model_only(probs: &[f32], label_kinds: &[Option<PhiType>]) -> Option<PhiType> {
    WordScore::of(probs, label_kinds).model_only()
}

/// Decisions for a whole document. `unreadable[i]` says the model cannot read word `i` (a
/// character outside its vocabulary: a script it was never trained on); such a word, when the
/// rules call it PHI, is never released, since the model's "safe" would be a guess about
/// characters it cannot see ("Иван", "王小明").
pub fn combine_document(
    rules: &[TokenRule],
    scores: &[WordScore],
    thresholds: &Thresholds,
    unreadable: &[bool],
) -> Vec<Decision> {
    rules
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let d = combine_score(r, &scores[i], thresholds);
            if r.phi && unreadable.get(i).copied().unwrap_or(false) {
                Decision {
                    kind: d.kind.or(r.kind).or(Some(PhiType::Patient)),
                    p_safe: d.p_safe,
                    threshold: f32::INFINITY,
                }
            } else {
                d
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ThresholdPair;
    use crate::rules::Features;

    const KINDS: [Option<PhiType>; 4] = [
        None,
        Some(PhiType::Patient),
        Some(PhiType::Date),
        Some(PhiType::City),
    ];

    fn rule(phi: bool, kind: Option<PhiType>, feature: Option<Feature>) -> TokenRule {
        let mut features = Features::default();
        if let Some(f) = feature {
            features.set(f, true);
        }
        TokenRule {
            phi,
            kind,
            reason: if phi { Reason::Unknown } else { Reason::Safe },
            features,
        }
    }

    fn t() -> Thresholds {
        Thresholds::default() // 0.9 / 0.95
    }

    #[test]
    fn rules_safe_is_released_at_the_low_threshold() {
        let r = rule(false, None, None);
        assert_eq!(
            combine(&r, &[0.91, 0.03, 0.03, 0.03], &KINDS, &t()).kind,
            None
        );
        let d = combine(&r, &[0.89, 0.01, 0.09, 0.01], &KINDS, &t());
        assert_eq!(
            d.kind,
            Some(PhiType::Date),
            "below low: masked with the model's PHI class"
        );
        assert_eq!(d.threshold, 0.9);
    }

    #[test]
    fn rules_phi_needs_the_high_threshold() {
        let r = rule(true, Some(PhiType::City), None);
        assert_eq!(
            combine(&r, &[0.96, 0.02, 0.01, 0.01], &KINDS, &t()).kind,
            None
        );
        let d = combine(&r, &[0.93, 0.05, 0.01, 0.01], &KINDS, &t());
        assert_eq!(
            d.kind,
            Some(PhiType::City),
            "model says safe but not surely: the rules' category"
        );
        assert_eq!(d.threshold, 0.95);
    }

    #[test]
    fn weekday_month_street_holiday_and_number_words_are_never_released() {
        for f in NEVER_RELEASED {
            let r = rule(true, Some(PhiType::Date), Some(f));
            let d = combine(&r, &[1.0, 0.0, 0.0, 0.0], &KINDS, &t());
            assert_eq!(d.kind, Some(PhiType::Date), "{f:?}");
            assert!(d.threshold.is_infinite());
        }
    }

    #[test]
    fn labels_and_units_are_released_titles_and_measured_numbers_need_the_model() {
        let t = Thresholds {
            low: 0.9,
            high: 0.99,
            per_category: Default::default(),
        };
        let score = |p_safe: f32| WordScore {
            p_safe,
            best_phi: Some(PhiType::Phone),
            p_best_phi: 1.0 - p_safe,
            p_max_phi: 1.0 - p_safe,
        };
        let rule = |phi: bool, reason: Reason, features: Features| TokenRule {
            phi,
            kind: phi.then_some(PhiType::Idnum),
            reason,
            features,
        };
        let none = Features::default();
        // "Tel" before a number: released even when the model calls it PHI
        assert!(
            combine_score(&rule(false, Reason::FieldLabel, none), &score(0.05), &t)
                .kind
                .is_none()
        );
        // a measurement (the unit, and its number, which the rules mask for its digits) likewise,
        // and a time of day
        for (phi, reason) in [
            (false, Reason::Measurement),
            (true, Reason::Measurement),
            (true, Reason::TimeOfDay),
        ] {
            let released = combine_score(&rule(phi, reason, none), &score(0.05), &t);
            assert!(released.kind.is_none(), "{reason:?}");
        }
        // a number the rules mask for its digits alone needs the high threshold
        let number = rule(true, Reason::Digit, none);
        assert!(combine_score(&number, &score(0.99), &t).kind.is_none());
        assert!(combine_score(&number, &score(0.95), &t).kind.is_some());
        // "Dr" before a name: a street word, yet releasable as a title, on half the model's
        // evidence (`TITLE_LOW`), never on less
        let mut street = Features::default();
        street.set(crate::rules::Feature::IsStreet, true);
        for (p_safe, released) in [(0.95, true), (0.6, true), (0.45, false)] {
            let title = combine_score(&rule(false, Reason::Title, street), &score(p_safe), &t);
            assert_eq!(title.kind.is_none(), released, "{p_safe}");
        }
        assert!(combine_score(
            &rule(true, Reason::Unsafe("is-street"), street),
            &score(1.0),
            &t
        )
        .kind
        .is_some());
    }

    #[test]
    fn a_name_after_a_relation_word_is_never_released() {
        // "WIFE CONNIE": the model, blind to names in ALL CAPS, was sure it was safe
        let mut r = rule(true, Some(PhiType::Patient), None);
        r.reason = Reason::RelationName;
        let d = combine(&r, &[1.0, 0.0, 0.0, 0.0], &KINDS, &t());
        assert_eq!(d.kind, Some(PhiType::Patient));
        assert!(d.threshold.is_infinite());
    }

    #[test]
    fn a_country_or_state_written_out_is_never_released() {
        // "in the Philippines", "PENNSYLVANIA": places the model was sure were safe
        let mut r = rule(true, Some(PhiType::Country), None);
        r.reason = Reason::PlaceName;
        let d = combine(&r, &[1.0, 0.0, 0.0, 0.0], &KINDS, &t());
        assert!(d.kind.is_some());
        assert!(d.threshold.is_infinite());
    }

    #[test]
    fn a_named_facility_is_never_released() {
        // "miller nursing home", "port william urgent care": words the model read as safe
        let mut r = rule(true, Some(PhiType::Hospital), None);
        r.reason = Reason::NamedFacility;
        let d = combine(&r, &[1.0, 0.0, 0.0, 0.0], &KINDS, &t());
        assert_eq!(d.kind, Some(PhiType::Hospital));
        assert!(d.threshold.is_infinite());
    }

    #[test]
    fn recognizer_hits_are_never_released() {
        let mut r = rule(true, Some(PhiType::Date), None);
        r.reason = Reason::Pattern(PhiType::Date);
        let d = combine(&r, &[1.0, 0.0, 0.0, 0.0], &KINDS, &t());
        assert_eq!(d.kind, Some(PhiType::Date));
        assert!(d.threshold.is_infinite());
    }

    #[test]
    fn the_model_s_category_wins_when_it_sees_phi() {
        let r = rule(true, Some(PhiType::Patient), None);
        let d = combine(&r, &[0.1, 0.1, 0.1, 0.7], &KINDS, &t());
        assert_eq!(d.kind, Some(PhiType::City));
    }

    #[test]
    fn per_category_thresholds_follow_the_model_s_best_phi_class() {
        let mut th = t();
        th.per_category.insert(
            "DATE".into(),
            ThresholdPair {
                low: 0.99,
                high: 0.999,
            },
        );
        let r = rule(false, None, None);
        // best PHI class DATE: needs 0.99
        assert_eq!(
            combine(&r, &[0.95, 0.01, 0.03, 0.01], &KINDS, &th).kind,
            Some(PhiType::Date)
        );
        // best PHI class CITY: global 0.9
        assert_eq!(
            combine(&r, &[0.95, 0.01, 0.01, 0.03], &KINDS, &th).kind,
            None
        );
    }

    #[test]
    fn model_only_is_argmax() {
        assert_eq!(
            model_only(&[0.4, 0.5, 0.05, 0.05], &KINDS),
            Some(PhiType::Patient)
        );
        assert_eq!(model_only(&[0.6, 0.3, 0.05, 0.05], &KINDS), None);
    }
}
