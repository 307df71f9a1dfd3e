//! Choosing the adaptive-threshold rule's thresholds on a gold set (`deid calibrate`): the pair
//! (low, high) that reaches a target recall at the best precision, then per-category pairs where
//! they buy precision without losing the target. A model that replaces another (`--no-worse-than`)
//! is held to the other's recall on every set and chosen recall first: the most recall of all sets
//! together that keeps the other's precision (see `pick`). The document set is scored once (rules +
//! model); every candidate threshold only re-runs the cheap combination and the evaluation.
//!
//! The gold may come as several sets, one per narrative style (2021, 1990s shorthand, ALL CAPS,
//! lower case, international): the target then holds for **each** set, the worst one deciding,
//! since a recall reached on average can hide a style that leaks (the targets are per style).

use crate::deidentify::{Deidentifier, Scored};
use crate::error::{Error, Result};
use crate::eval::{evaluate_pair, Counts};
use crate::i2b2::{document_from_spans, Document};
use crate::model::{ThresholdPair, Thresholds};
use rayon::prelude::*;
use serde::Serialize;
use std::path::Path;

/// Which recall the target applies to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RecallKind {
    /// Token recall over the HIPAA categories.
    Hipaa,
    /// Token recall over every category.
    All,
}

impl RecallKind {
    /// The names [`RecallKind::from_str`](std::str::FromStr) accepts.
    pub const NAMES: [&'static str; 2] = ["hipaa", "all"];
}

impl std::str::FromStr for RecallKind {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<RecallKind, String> {
        match s {
            "hipaa" => Ok(RecallKind::Hipaa),
            "all" => Ok(RecallKind::All),
            other => Err(format!("unknown recall {other:?}: use hipaa or all")),
        }
    }
}

/// The grid of P(SAFE) thresholds tried.
const GRID: [f32; 14] = [
    0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99, 0.995, 0.998, 0.999,
];

/// One global threshold pair tried, with the recall and precision it gives on the gold set.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct CurvePoint {
    /// P(SAFE) threshold for words the rules call safe.
    pub low: f32,
    /// P(SAFE) threshold for words the rules call PHI (never below `low`).
    pub high: f32,
    /// Token recall of the chosen [`RecallKind`]: the lowest of any set.
    pub recall: f64,
    /// Token recall of the chosen [`RecallKind`], all sets together.
    pub pooled_recall: f64,
    /// Token precision (system tokens matching a gold token over system tokens), all sets together.
    pub precision: f64,
}

/// The result of [`calibrate`]: the thresholds chosen and how they do on the gold set.
#[derive(Debug, Clone, Serialize)]
pub struct Calibration {
    /// The recall asked for (0..1).
    pub target_recall: f64,
    /// Which recall the target applies to.
    pub recall_kind: RecallKind,
    /// Whether the chosen thresholds reach the target on every set. When a set cannot reach it
    /// with any pair, the pair holds that set at its best recall and the others at the target
    /// (best precision among those; if no pair does both, the highest recall of the worst set),
    /// and no per-category pair is added.
    pub reached: bool,
    /// The chosen thresholds, ready for a model's `metadata.json`.
    pub thresholds: Thresholds,
    /// The recall the chosen thresholds give: the lowest of any set.
    pub recall: f64,
    /// The recall the chosen thresholds give on each set, in the order of the sets.
    pub recall_per_set: Vec<f64>,
    /// The precision the chosen thresholds give.
    pub precision: f64,
    /// Every global (low, high) pair tried: the recall/precision curve.
    pub curve: Vec<CurvePoint>,
    /// Gold documents scored.
    pub documents: usize,
    /// The recall each set had to reach: the target, or where a floor was given and lies below
    /// it, the floor; without floors, on a set no pair brings to the target, its best recall.
    pub goal_per_set: Vec<f64>,
    /// The floors asked for ([`calibrate_no_worse`]: another model's recall on each set).
    pub floor_per_set: Option<Vec<f64>>,
    /// The precision the chosen thresholds give on each set.
    pub precision_per_set: Vec<f64>,
    /// With floors, the other model's precision on each set (with its own thresholds).
    pub floor_precision_per_set: Option<Vec<f64>>,
    /// The all-PHI token recall the chosen thresholds give on each set (every category, HIPAA
    /// or not: professions, countries, organisations too).
    pub all_recall_per_set: Vec<f64>,
    /// With a HIPAA target and floors ([`calibrate_no_worse`]): the other model's all-PHI recall
    /// on each set, which the chosen thresholds must also keep (up to the target), so that a
    /// replacement loses no recall of any category that the HIPAA figure does not count.
    pub all_floor_per_set: Option<Vec<f64>>,
    /// The all-PHI recall each set had to reach: the target, or the floor where it is lower.
    pub all_goal_per_set: Option<Vec<f64>>,
}

/// The recall another model reached on each set ([`calibrate_no_worse`]): the floors of the
/// model that replaces it.
struct Floors {
    /// Recall of the calibration's kind.
    recall: Vec<f64>,
    /// All-PHI recall, guarded as well when the kind is HIPAA.
    all: Option<Vec<f64>>,
    /// The other model's precision, all sets together: the replacement takes the most recall
    /// that keeps it (see [`pick`]).
    precision: f64,
}

fn recall_of(c: &Counts, kind: RecallKind) -> f64 {
    let (found, gold) = match kind {
        RecallKind::Hipaa => (c.hipaa_found_tokens, c.hipaa_gold_tokens),
        RecallKind::All => (c.found_tokens, c.gold_tokens),
    };
    if gold == 0 {
        1.0
    } else {
        found as f64 / gold as f64
    }
}

fn precision_of(c: &Counts) -> f64 {
    if c.system_tokens == 0 {
        1.0
    } else {
        c.matched_system_tokens as f64 / c.system_tokens as f64
    }
}

/// Gold tokens a category needs in the calibration set before it gets thresholds of its own.
const MIN_CATEGORY_TOKENS: usize = 20;

/// Gold `[a-zA-Z0-9]+` tokens per TYPE name.
fn gold_tokens_per_type(gold: &[Document]) -> std::collections::HashMap<&'static str, usize> {
    let mut out = std::collections::HashMap::new();
    for d in gold {
        for t in &d.tags {
            *out.entry(t.span.kind.type_name()).or_default() +=
                crate::tokenize::i2b2_tokens(&t.text).len();
        }
    }
    out
}

/// What each set must reach: the target; with floors (a model the calibrated one replaces), the
/// floor where it lies below the target: never lower than the model being replaced, whatever this
/// one can reach. Without floors, on a set where no pair reaches the target, the best recall any
/// pair gives there (that set's misses are not the thresholds' to fix, and must not cost the other
/// sets their target).
fn goals_per_set(
    set_recalls: &[Vec<f64>],
    sets: usize,
    target_recall: f64,
    floors: Option<&[f64]>,
) -> Vec<f64> {
    (0..sets)
        .map(|k| match floors {
            Some(f) => f[k].min(target_recall),
            None => set_recalls
                .iter()
                .map(|r| r[k])
                .fold(0.0, f64::max)
                .min(target_recall),
        })
        .collect()
}

/// The best precision among the pairs meeting every set's goal, and `true`; if none does, the
/// highest recall (of the worst set), among those the best precision, and `false`.
///
/// A replacement (`keep_precision`: the replaced model's precision, all sets together) is chosen
/// recall first: among the pairs meeting every goal whose precision is not below the replaced
/// model's, the most recall of all sets together (then the best precision). The goals stop at the
/// target, so on sets where both models sit at the ceiling the best-precision pair spends the
/// margin down to the target on precision; a fine-tuned model calibrated that way on sets at the
/// ceiling (recall 1.0) lost recall on narratives nothing was calibrated on (59 HIPAA tokens
/// missed on 15 other dev sets against the replaced model's 20). Where no pair keeps that
/// precision, the best precision among those meeting the goals, as for a first calibration.
fn pick(
    curve: &[CurvePoint],
    set_recalls: &[Vec<f64>],
    goals: &[f64],
    keep_precision: Option<f64>,
) -> Option<(CurvePoint, bool)> {
    let meets = |recalls: &[f64]| recalls.iter().zip(goals).all(|(r, g)| r >= g);
    let meeting = || {
        curve
            .iter()
            .zip(set_recalls)
            .filter(|(_, r)| meets(r))
            .map(|(p, _)| p)
    };
    let recall_first = keep_precision.and_then(|floor| {
        meeting().filter(|p| p.precision >= floor).max_by(|a, b| {
            a.pooled_recall
                .total_cmp(&b.pooled_recall)
                .then(a.precision.total_cmp(&b.precision))
        })
    });
    let meeting = recall_first.or_else(|| {
        meeting().max_by(|a, b| {
            a.precision
                .total_cmp(&b.precision)
                .then(a.recall.total_cmp(&b.recall))
        })
    });
    match meeting {
        Some(p) => Some((*p, true)),
        None => curve
            .iter()
            .max_by(|a, b| {
                a.recall
                    .total_cmp(&b.recall)
                    .then(a.precision.total_cmp(&b.precision))
                    .then(b.low.total_cmp(&a.low))
            })
            .map(|p| (*p, false)),
    }
}

/// Calibrate on `gold` (documents with their gold tags), one set.
pub fn calibrate(
    deid: &Deidentifier,
    gold: &[Document],
    target_recall: f64,
    kind: RecallKind,
    per_category: bool,
) -> Result<Calibration> {
    calibrate_sets(
        deid,
        gold,
        &vec![0; gold.len()],
        target_recall,
        kind,
        per_category,
    )
}

/// Calibrate on `gold` made of several sets (`set_of[i]` is document `i`'s set, numbered from 0):
/// the target recall must hold on every set.
pub fn calibrate_sets(
    deid: &Deidentifier,
    gold: &[Document],
    set_of: &[usize],
    target_recall: f64,
    kind: RecallKind,
    per_category: bool,
) -> Result<Calibration> {
    calibrate_with_floors(deid, gold, set_of, target_recall, kind, per_category, None)
}

/// Calibrate a model that replaces `base` (a fine-tuned one): on every set the recall must reach
/// the target, or where `base` with its own thresholds stays below the target there, at least
/// `base`'s recall. With a HIPAA target the all-PHI recall is held the same way (the target, or
/// `base`'s all-PHI recall where lower): a fine-tune on notes that name the reporter's
/// qualification ("RN") learns that "nurse" is safe, and released patients' professions and a few
/// cities that the HIPAA figure does not count. `reached` is false when no pair does that on every
/// set: the new model then loses recall against the one it replaces, whatever its thresholds, and
/// must not replace it.
pub fn calibrate_no_worse(
    deid: &Deidentifier,
    base: &Deidentifier,
    gold: &[Document],
    set_of: &[usize],
    target_recall: f64,
    kind: RecallKind,
    per_category: bool,
) -> Result<Calibration> {
    let scored = score_all(base, gold)?;
    let per_set = score_sets_with(base, &scored, gold, set_of, &base.thresholds, kind)?;
    let floors = Floors {
        recall: per_set.recalls,
        all: (kind != RecallKind::All).then_some(per_set.all_recalls),
        precision: per_set.precision,
    };
    let mut cal = calibrate_with_floors(
        deid,
        gold,
        set_of,
        target_recall,
        kind,
        per_category,
        Some(floors),
    )?;
    cal.floor_precision_per_set = Some(per_set.precisions);
    Ok(cal)
}

/// How a threshold pair does on the gold sets.
struct SetScores {
    /// The lowest recall of any set.
    worst: f64,
    /// The recall of all sets together.
    pooled: f64,
    /// The precision of all sets together.
    precision: f64,
    recalls: Vec<f64>,
    precisions: Vec<f64>,
    /// All-PHI recall per set.
    all_recalls: Vec<f64>,
}

impl SetScores {
    /// The recalls that goals apply to: the kind's per set, then (when all-PHI recall is guarded
    /// too) the all-PHI ones, in the order of [`goals`].
    fn guarded(&self, all_guarded: bool) -> Vec<f64> {
        let mut r = self.recalls.clone();
        if all_guarded {
            r.extend_from_slice(&self.all_recalls);
        }
        r
    }
}

fn score_all<'g>(deid: &Deidentifier, gold: &'g [Document]) -> Result<Vec<Scored<'g>>> {
    let texts: Vec<&str> = gold.iter().map(|d| d.text.as_str()).collect();
    deid.score_batch(&texts)?.into_iter().collect()
}

fn score_sets_with(
    deid: &Deidentifier,
    scored: &[Scored],
    gold: &[Document],
    set_of: &[usize],
    t: &Thresholds,
    kind: RecallKind,
) -> Result<SetScores> {
    let sets = set_of.iter().max().map_or(1, |m| m + 1);
    let counts: Vec<Counts> = scored
        .par_iter()
        .zip(gold)
        .map(|(s, g): (&Scored, &Document)| {
            let (spans, _) = deid.spans_for(s, t);
            evaluate_pair(g, &document_from_spans(g.text.clone(), &spans))
        })
        .collect::<Result<_>>()?;
    let mut per_set = vec![Counts::default(); sets];
    for (c, &k) in counts.into_iter().zip(set_of) {
        per_set[k] += c;
    }
    let recalls: Vec<f64> = per_set.iter().map(|c| recall_of(c, kind)).collect();
    let all_recalls: Vec<f64> = per_set
        .iter()
        .map(|c| recall_of(c, RecallKind::All))
        .collect();
    let precisions: Vec<f64> = per_set.iter().map(precision_of).collect();
    let total: Counts = per_set.into_iter().sum();
    Ok(SetScores {
        worst: recalls.iter().copied().fold(f64::INFINITY, f64::min),
        pooled: recall_of(&total, kind),
        precision: precision_of(&total),
        recalls,
        precisions,
        all_recalls,
    })
}

fn calibrate_with_floors(
    deid: &Deidentifier,
    gold: &[Document],
    set_of: &[usize],
    target_recall: f64,
    kind: RecallKind,
    per_category: bool,
    floors: Option<Floors>,
) -> Result<Calibration> {
    let sets = set_of.iter().max().map_or(1, |m| m + 1);
    let scored = score_all(deid, gold)?;
    let score_sets = |t: &Thresholds| score_sets_with(deid, &scored, gold, set_of, t, kind);

    // Meldau's adaptive thresholds: a token the rules call PHI needs more evidence to be
    // released than one they call safe, so `high` is always above `low` (never one value).
    let all_guarded = floors.as_ref().is_some_and(|f| f.all.is_some());
    let mut curve = Vec::new();
    // per pair, the recalls the goals apply to (SetScores::guarded)
    let mut set_recalls: Vec<Vec<f64>> = Vec::new();
    for &low in &GRID {
        for &high in GRID.iter().filter(|&&h| h > low) {
            let t = Thresholds {
                low,
                high,
                per_category: Default::default(),
            };
            let scores = score_sets(&t)?;
            curve.push(CurvePoint {
                low,
                high,
                recall: scores.worst,
                pooled_recall: scores.pooled,
                precision: scores.precision,
            });
            set_recalls.push(scores.guarded(all_guarded));
        }
    }
    // the kind's goal per set, then (all-PHI guarded) the all-PHI goal per set
    let floor_list = floors.as_ref().map(|f| {
        let mut l = f.recall.clone();
        l.extend(f.all.iter().flatten());
        l
    });
    let guarded = if all_guarded { 2 * sets } else { sets };
    let goals = goals_per_set(&set_recalls, guarded, target_recall, floor_list.as_deref());
    let meets = |recalls: &[f64]| recalls.iter().zip(&goals).all(|(r, g)| r >= g);
    let keep_precision = floors.as_ref().map(|f| f.precision);
    let (best, meets_goals) =
        pick(&curve, &set_recalls, &goals, keep_precision).ok_or_else(|| Error::Invalid {
            path: "(calibration)".into(),
            message: "no threshold pair could be evaluated".into(),
        })?;
    // Categories the gold cannot speak for keep the thresholds the model already has.
    let mut thresholds = Thresholds {
        low: best.low,
        high: best.high,
        per_category: deid.thresholds.per_category.clone(),
    };
    let (mut recall, mut precision) = (best.recall, best.precision);
    let reached = if floors.is_some() {
        meets_goals
    } else {
        recall >= target_recall
    };

    // Per category (the model's most likely PHI class): one pass of coordinate ascent, only for
    // categories with enough gold tokens to judge (a category absent from the gold would
    // otherwise be set to the most permissive pair: releasing its tokens costs nothing there).
    if reached && per_category {
        let gold_tokens = gold_tokens_per_type(gold);
        let labels: Vec<String> = deid
            .model
            .as_ref()
            .map(|m| m.meta.labels[1..].to_vec())
            .unwrap_or_default()
            .into_iter()
            .filter(|l| gold_tokens.get(l.as_str()).copied().unwrap_or(0) >= MIN_CATEGORY_TOKENS)
            .collect();
        for label in labels {
            let mut best_here: Option<(ThresholdPair, f64, f64)> = None;
            for &low in &GRID {
                for &high in GRID.iter().filter(|&&h| h > low) {
                    let mut t = thresholds.clone();
                    t.per_category
                        .insert(label.clone(), ThresholdPair { low, high });
                    let scores = score_sets(&t)?;
                    let (r, p) = (scores.worst, scores.precision);
                    let better = best_here.as_ref().map_or(p > precision, |b| p > b.2);
                    if meets(&scores.guarded(all_guarded)) && better {
                        best_here = Some((ThresholdPair { low, high }, r, p));
                    }
                }
            }
            if let Some((pair, r, p)) = best_here {
                thresholds.per_category.insert(label, pair);
                recall = r;
                precision = p;
            }
        }
    }
    let chosen = score_sets(&thresholds)?;
    let (floor_per_set, all_floor_per_set) = match floors {
        Some(f) => (Some(f.recall), f.all),
        None => (None, None),
    };
    let all_goal_per_set = all_guarded.then(|| goals[sets..].to_vec());
    let mut goals = goals;
    goals.truncate(sets);
    Ok(Calibration {
        target_recall,
        recall_kind: kind,
        reached,
        thresholds,
        recall,
        recall_per_set: chosen.recalls,
        precision,
        curve,
        documents: gold.len(),
        goal_per_set: goals,
        floor_per_set,
        precision_per_set: chosen.precisions,
        floor_precision_per_set: None,
        all_recall_per_set: chosen.all_recalls,
        all_floor_per_set,
        all_goal_per_set,
    })
}

/// Write the chosen thresholds (and how they were chosen) into `dir/metadata.json`, keeping
/// every other field as it is.
pub fn write_into_metadata(dir: &Path, cal: &Calibration, gold_dirs: &[&Path]) -> Result<()> {
    let path = dir.join("metadata.json");
    let bytes = std::fs::read(&path).map_err(|e| Error::io(&path, e))?;
    let mut meta: serde_json::Value = serde_json::from_slice(&bytes).map_err(|e| Error::Model {
        path: path.clone(),
        message: format!("not valid JSON: {e}"),
    })?;
    let obj = meta.as_object_mut().ok_or_else(|| Error::Model {
        path: path.clone(),
        message: "metadata is not a JSON object".into(),
    })?;
    obj.insert(
        "thresholds".into(),
        serde_json::to_value(&cal.thresholds).expect("plain data"),
    );
    obj.insert(
        "calibration".into(),
        serde_json::json!({
            "gold": gold_dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>().join(", "),
            "gold_sets": gold_dirs.iter().map(|d| d.display().to_string()).collect::<Vec<_>>(),
            "documents": cal.documents,
            "target_recall": cal.target_recall,
            "recall_kind": cal.recall_kind,
            "target_per_set": gold_dirs.len() > 1,
            "reached": cal.reached,
            "recall": cal.recall,
            "recall_per_set": cal.recall_per_set,
            "goal_per_set": cal.goal_per_set,
            "floor_per_set": cal.floor_per_set,
            "precision_per_set": cal.precision_per_set,
            "floor_precision_per_set": cal.floor_precision_per_set,
            "all_recall_per_set": cal.all_recall_per_set,
            "all_floor_per_set": cal.all_floor_per_set,
            "all_goal_per_set": cal.all_goal_per_set,
            "precision": cal.precision,
        }),
    );
    let mut text = serde_json::to_string_pretty(&meta).expect("plain data");
    text.push('\n');
    // a model's metadata is not PHI: keep the file's mode (atomic writes create 0600)
    let mode = std::fs::metadata(&path).map(|m| m.permissions());
    crate::fsutil::write_atomic(&path, text.as_bytes(), crate::fsutil::Durability::PowerLoss)?;
    if let Ok(perms) = mode {
        std::fs::set_permissions(&path, perms).map_err(|e| Error::io(&path, e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(low: f32, high: f32, recall: f64, precision: f64) -> CurvePoint {
        CurvePoint {
            low,
            high,
            recall,
            pooled_recall: recall,
            precision,
        }
    }

    /// Two sets; the second cannot reach the target 0.995 with any pair.
    fn curve() -> (Vec<CurvePoint>, Vec<Vec<f64>>) {
        let set_recalls = vec![vec![0.999, 0.990], vec![0.996, 0.985], vec![0.990, 0.970]];
        let curve = vec![
            point(0.9, 0.99, 0.990, 0.70),
            point(0.8, 0.95, 0.985, 0.80),
            point(0.5, 0.6, 0.970, 0.90),
        ];
        (curve, set_recalls)
    }

    /// The goals, the chosen pair and whether it meets them, with these floors.
    fn choose(floors: Option<&[f64]>) -> (Vec<f64>, (f32, f32), bool) {
        let (curve, recalls) = curve();
        let goals = goals_per_set(&recalls, 2, 0.995, floors);
        let (best, met) = pick(&curve, &recalls, &goals, None).unwrap();
        (goals, (best.low, best.high), met)
    }

    #[test]
    fn without_floors_a_set_out_of_reach_is_held_at_its_best() {
        assert_eq!(choose(None), (vec![0.995, 0.990], (0.9, 0.99), true));
    }

    #[test]
    fn floors_below_the_target_let_a_replacement_trade_nothing_but_precision() {
        // the model replaced had 0.985 on the second set: the replacement may not go below it,
        // and at that the most precise pair wins (not the one with the most recall)
        assert_eq!(
            choose(Some(&[1.0, 0.985])),
            (vec![0.995, 0.985], (0.8, 0.95), true)
        );
    }

    #[test]
    fn a_replacement_keeps_the_all_phi_recall_as_well_as_the_hipaa_recall() {
        // one set; both pairs keep the base's HIPAA recall (0.99), the more precise one releases
        // professions and countries (all-PHI recall 0.97 against the base's 0.98): the other wins
        let curve = vec![point(0.9, 0.99, 0.99, 0.70), point(0.5, 0.6, 0.99, 0.90)];
        let guarded = vec![vec![0.99, 0.985], vec![0.99, 0.97]]; // [HIPAA, all-PHI] per pair
        let goals = goals_per_set(&guarded, 2, 0.995, Some(&[0.99, 0.98]));
        assert_eq!(goals, vec![0.99, 0.98]);
        let (best, met) = pick(&curve, &guarded, &goals, None).unwrap();
        assert_eq!(((best.low, best.high), met), ((0.9, 0.99), true));
    }

    /// Three pairs that all keep the target on both sets (both models at the ceiling there); the
    /// more recall all sets together, the less precision.
    fn ceiling_curve() -> (Vec<CurvePoint>, Vec<Vec<f64>>) {
        let at = |low, high, pooled, precision| CurvePoint {
            low,
            high,
            recall: 0.996,
            pooled_recall: pooled,
            precision,
        };
        let curve = vec![
            at(0.95, 0.98, 0.9990, 0.80),
            at(0.9, 0.97, 0.9985, 0.83),
            at(0.5, 0.7, 0.9965, 0.88),
        ];
        (curve, vec![vec![0.996, 0.997]; 3])
    }

    #[test]
    fn a_replacement_takes_the_most_recall_that_keeps_the_replaced_models_precision() {
        let (curve, recalls) = ceiling_curve();
        let goals = goals_per_set(&recalls, 2, 0.995, Some(&[1.0, 1.0]));
        // the replaced model had precision 0.82: the most recall at or above it, not the most
        // precise pair (which would spend the margin down to the target on precision)
        let (best, met) = pick(&curve, &recalls, &goals, Some(0.82)).unwrap();
        assert_eq!(((best.low, best.high), met), ((0.9, 0.97), true));
        // a first calibration (nothing replaced) keeps the best precision at the target
        let (best, _) = pick(&curve, &recalls, &goals, None).unwrap();
        assert_eq!((best.low, best.high), (0.5, 0.7));
    }

    #[test]
    fn a_replacement_that_cannot_keep_the_precision_takes_the_best_precision_at_the_goals() {
        let (curve, recalls) = ceiling_curve();
        let goals = goals_per_set(&recalls, 2, 0.995, Some(&[1.0, 1.0]));
        let (best, met) = pick(&curve, &recalls, &goals, Some(0.95)).unwrap();
        assert_eq!(((best.low, best.high), met), ((0.5, 0.7), true));
    }

    #[test]
    fn a_replacement_below_the_floor_on_any_set_is_not_reached() {
        // the model replaced had 0.992 on the second set: no pair of this one gets there, and the
        // pair chosen is the one with the most recall
        assert_eq!(
            choose(Some(&[0.999, 0.992])),
            (vec![0.995, 0.992], (0.9, 0.99), false)
        );
    }
}
