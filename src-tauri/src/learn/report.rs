//! What a fine-tuning run says and how it ended: its output lines (stage, cleaned line), the
//! before/after table from its report, the outcome and the end of a job (`conclude`).

use super::models::{read_json, read_model, ModelInfo};
use super::plan::LearnPlan;
use super::EXIT_NOT_BETTER;
use serde::Serialize;
use serde_json::Value;
use std::path::Path;

/// A longer output line is cut (lines are stage lines and tables; nothing long is expected).
const MAX_LINE_CHARS: usize = 400;

/// A stage line of the process (for the dialog's headline), or `None` for other lines.
pub fn stage_of(line: &str) -> Option<&'static str> {
    let l = line.trim_start();
    let stages = [
        ("gold:", "reading the reviewed narratives"),
        ("replay:", "preparing synthetic replay data"),
        ("fine-tuning ", "fine-tuning"),
        ("base (epoch 0)", "scoring the current model"),
        ("epoch ", "fine-tuning"),
        ("time budget", "time budget reached"),
        ("early stop", "stopped early"),
        ("exported ONNX", "exporting the new model"),
        ("calibrating", "calibrating thresholds"),
        ("No fine-tuned model beat", "no better model"),
        ("wrote ", "new model written"),
    ];
    stages
        .iter()
        .find(|(p, _)| l.starts_with(p))
        .map(|(_, s)| *s)
}

/// One output line as the UI gets it: control characters out, cut to a bounded length; `None`
/// for a blank line.
pub fn clean_line(line: &str) -> Option<String> {
    let s: String = line
        .chars()
        .filter(|c| !c.is_control() || *c == '\t')
        .take(MAX_LINE_CHARS)
        .collect();
    let s = s.trim_end().to_string();
    (!s.trim().is_empty()).then_some(s)
}

/// Before and after of one figure (`None`: not defined, e.g. no token labelled so).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Pair {
    pub before: Option<f64>,
    pub after: Option<f64>,
}

/// One row of the before/after table: all PHI, or one category.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Row {
    /// `all PHI`, or the category (`DATE`, `DOCTOR`…).
    pub name: String,
    /// Gold PHI tokens of the row (the base's count).
    pub tokens: Option<u64>,
    pub recall: Pair,
    /// Per category: of the tokens the model labels with it, the share that are PHI.
    pub precision: Pair,
}

/// The table for one evaluation set (held-out reviewed gold, synthetic replay, dev gold).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct SetComparison {
    /// `heldout`, `replay` or `dev`.
    pub set: String,
    pub label: String,
    pub documents: u64,
    pub rows: Vec<Row>,
}

/// The hybrid (rules and model, each with its thresholds: what de-identifying gives) on one
/// gold set: the model in use before, the fine-tuned one with its calibrated thresholds after.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct HybridSet {
    /// `held-out`, or the gold folder.
    pub name: String,
    /// HIPAA token recall.
    pub recall: Pair,
    pub precision: Pair,
    /// The recall the new model had to reach there: the target, or the old model's recall where
    /// that is lower.
    pub goal: Option<f64>,
    /// All-PHI token recall (every category: professions, countries too), held at the old
    /// model's as well; absent in records written before it was.
    pub all_recall: Pair,
}

/// The before/after figures of a fine-tuning run.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Comparison {
    pub sets: Vec<SetComparison>,
    /// The hybrid per gold set (empty when calibration did not run).
    pub hybrid: Vec<HybridSet>,
    /// The epoch chosen (0: the base).
    pub best_epoch: Option<u64>,
    /// Why training stopped.
    pub stopped: Option<String>,
}

const SETS: [(&str, &str); 3] = [
    ("heldout", "held-out reviewed narratives"),
    ("replay", "synthetic replay (forgetting)"),
    ("dev", "dev gold (report only)"),
];

fn num(v: &Value) -> Option<f64> {
    v.as_f64()
}

/// The before/after table from `finetune-report.json` or `--summary-json` (both have `before`
/// and `after`, each `{heldout, replay, dev}` of the evaluation's metrics); sets missing on
/// either side are left out. `None` when there is nothing to compare.
pub fn parse_comparison(report: &Value) -> Option<Comparison> {
    let (before, after) = (report.get("before")?, report.get("after")?);
    let mut sets = Vec::new();
    for (key, label) in SETS {
        let (b, a) = match (before.get(key), after.get(key)) {
            (Some(b), Some(a)) if b.is_object() && a.is_object() => (b, a),
            _ => continue,
        };
        let mut rows = vec![Row {
            name: "all PHI".into(),
            tokens: b["phi_tokens"].as_u64(),
            recall: Pair {
                before: num(&b["argmax"]["recall"]),
                after: num(&a["argmax"]["recall"]),
            },
            precision: Pair {
                before: num(&b["argmax"]["precision"]),
                after: num(&a["argmax"]["precision"]),
            },
        }];
        let mut cats: Vec<(String, u64)> = Vec::new();
        for side in [b, a] {
            if let Some(per) = side["per_category"].as_object() {
                for (c, m) in per {
                    if !cats.iter().any(|(n, _)| n == c) {
                        cats.push((c.clone(), m["tokens"].as_u64().unwrap_or(0)));
                    }
                }
            }
        }
        cats.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
        for (c, tokens) in cats {
            let (mb, ma) = (&b["per_category"][&c], &a["per_category"][&c]);
            rows.push(Row {
                name: c,
                tokens: Some(tokens),
                recall: Pair {
                    before: num(&mb["recall"]),
                    after: num(&ma["recall"]),
                },
                precision: Pair {
                    before: num(&mb["precision"]),
                    after: num(&ma["precision"]),
                },
            });
        }
        sets.push(SetComparison {
            set: key.into(),
            label: label.into(),
            documents: b["documents"].as_u64().unwrap_or(0),
            rows,
        });
    }
    if sets.is_empty() {
        return None;
    }
    Some(Comparison {
        sets,
        hybrid: report
            .pointer("/thresholds/calibration")
            .or_else(|| report.get("hybrid"))
            .map(parse_hybrid)
            .unwrap_or_default(),
        best_epoch: report
            .get("selected_epoch")
            .or_else(|| report.get("best_epoch"))
            .and_then(Value::as_u64),
        stopped: report
            .get("stopped")
            .and_then(Value::as_str)
            .map(String::from),
    })
}

/// The hybrid per set from the calibration record (`deid calibrate --no-worse-than`, as the
/// fine-tuning writes it: `sets` with `floor_per_set` / `recall_per_set` / `goal_per_set` /
/// `floor_precision_per_set` / `precision_per_set` / `all_floor_per_set` / `all_recall_per_set`
/// in the same order).
fn parse_hybrid(cal: &Value) -> Vec<HybridSet> {
    let Some(names) = cal["sets"].as_array() else {
        return Vec::new();
    };
    let at = |key: &str, k: usize| cal[key].get(k).and_then(Value::as_f64);
    names
        .iter()
        .enumerate()
        .map(|(k, name)| HybridSet {
            name: name.as_str().unwrap_or("?").to_string(),
            recall: Pair {
                before: at("floor_per_set", k),
                after: at("recall_per_set", k),
            },
            precision: Pair {
                before: at("floor_precision_per_set", k),
                after: at("precision_per_set", k),
            },
            goal: at("goal_per_set", k),
            all_recall: Pair {
                before: at("all_floor_per_set", k),
                after: at("all_recall_per_set", k),
            },
        })
        .collect()
}

/// Whether a run that was not better was turned down by the hybrid: its best candidate beat the
/// model in use alone, but no thresholds keep it at the other's recall on every gold set.
fn worse_in_hybrid(summary: Option<&Value>) -> bool {
    summary.is_some_and(|s| s.pointer("/hybrid/status").and_then(Value::as_str) == Some("worse"))
}

/// How a learning job ended.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// A better model was written (not used until the user chooses it).
    Written,
    /// No candidate beat the model in use: nothing written.
    NotBetter,
    /// Cancelled by the user: nothing written.
    Cancelled,
    /// The process failed: nothing written.
    Failed,
}

/// The outcome from the cancel flag and the exit status (`None`: killed by a signal).
pub fn outcome_of(cancelled: bool, exit: Option<i32>) -> Outcome {
    match (cancelled, exit) {
        (true, _) => Outcome::Cancelled,
        (false, Some(0)) => Outcome::Written,
        (false, Some(EXIT_NOT_BETTER)) => Outcome::NotBetter,
        _ => Outcome::Failed,
    }
}

/// How a learning job ended, as the `learning-finished` event says it.
#[derive(Serialize, Clone, Debug)]
pub struct LearnFinished {
    pub job: u64,
    pub outcome: Outcome,
    pub message: String,
    /// The new model (outcome `written`).
    pub model: Option<ModelInfo>,
    /// The before/after figures (written, and not better when a candidate was trained).
    pub comparison: Option<Comparison>,
    /// The process's exit status (`None`: killed, or it never started).
    pub exit: Option<i32>,
    pub seconds: f64,
    /// Reviewed narratives it learned from (all of them, the held-out ones included).
    pub reviewed: usize,
}

/// Removes what an unsuccessful run may have left under the models folder: the reserved
/// directory (whatever is in it: nobody but this job wrote there) and the fine-tuning's
/// `.NAME.partial-PID` staging folders.
pub fn remove_unfinished(out: &Path) {
    let _ = std::fs::remove_dir_all(out);
    let (Some(parent), Some(name)) = (out.parent(), out.file_name()) else {
        return;
    };
    let prefix = format!(".{}.partial-", name.to_string_lossy());
    for e in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        if e.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// The end of a run: the outcome, the figures, the message; removes the reserved directory
/// unless a model was written (a `written` run without its report counts as failed).
pub fn conclude(
    plan: &LearnPlan,
    cancelled: bool,
    exit: Option<i32>,
    tail: &[String],
) -> (Outcome, String, Option<ModelInfo>, Option<Comparison>) {
    let mut outcome = outcome_of(cancelled, exit);
    let mut model = None;
    let mut comparison = None;
    let mut hybrid_says_worse = false;
    if outcome == Outcome::Written {
        match read_json(&plan.out.join("finetune-report.json")) {
            Some(r) => {
                comparison = parse_comparison(&r);
                model = read_model(&plan.out, &plan.base);
            }
            None => outcome = Outcome::Failed,
        }
        if model.is_none() {
            outcome = Outcome::Failed;
        }
    } else if outcome == Outcome::NotBetter {
        let summary = read_json(&plan.summary());
        hybrid_says_worse = worse_in_hybrid(summary.as_ref());
        comparison = summary.and_then(|s| parse_comparison(&s));
    }
    if outcome != Outcome::Written {
        remove_unfinished(&plan.out);
        model = None;
    }
    let last = tail
        .iter()
        .rev()
        .take(6)
        .rev()
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    let message = match outcome {
        Outcome::Written => format!(
            "{} beat {} on the held-out reviewed narratives and is saved in {}. It is not used \
             until you choose it.",
            plan.name(),
            plan.base_name,
            plan.out.display()
        ),
        Outcome::NotBetter if hybrid_says_worse => format!(
            "The best fine-tuned model beat {0} on the held-out reviewed narratives, but with \
             the rules no thresholds keep it at the target, or at {0}'s recall, on every gold \
             set (below): nothing was written, and {0} stays in use.",
            plan.base_name
        ),
        Outcome::NotBetter => format!(
            "No fine-tuned model beat {} on the held-out reviewed narratives: nothing was \
             written, and {} stays in use.",
            plan.base_name, plan.base_name
        ),
        Outcome::Cancelled => "Cancelled: nothing was written.".into(),
        Outcome::Failed => format!(
            "Fine-tuning failed ({}); nothing was written.{}",
            match exit {
                Some(c) => format!("exit status {c}"),
                None => "killed".into(),
            },
            if last.is_empty() {
                String::new()
            } else {
                format!("\n{last}")
            }
        ),
    };
    (outcome, message, model, comparison)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::list_models_in;
    use crate::learn::test_support::{plan, tmp};
    use serde_json::json;

    #[test]
    fn stage_lines_and_cleaned_lines() {
        assert_eq!(
            stage_of("epoch 2: loss 0.18 (1s) held-out R 1.0"),
            Some("fine-tuning")
        );
        assert_eq!(
            stage_of("calibrating on the held-out gold"),
            Some("calibrating thresholds")
        );
        assert_eq!(stage_of("| PHI recall | 0.9 |"), None);
        assert_eq!(clean_line("  \r"), None);
        assert_eq!(clean_line("a\u{1b}[0mb\r").unwrap(), "a[0mb");
        assert_eq!(clean_line(&"x".repeat(1000)).unwrap().len(), MAX_LINE_CHARS);
    }

    fn metrics(recall: f64, precision: f64, per: Value) -> Value {
        json!({"documents": 4, "tokens": 900, "phi_tokens": 18,
               "argmax": {"recall": recall, "precision": precision, "f1": 0.9},
               "per_category": per})
    }

    #[test]
    fn the_report_becomes_a_before_after_table_per_category() {
        let report = json!({
            "selected_epoch": 2, "stopped": "all 3 epochs run",
            "before": {
                "heldout": metrics(0.9, 0.95, json!({
                    "DATE": {"tokens": 12, "recall": 0.9, "precision": 0.8},
                    "AGE": {"tokens": 2, "recall": 1.0, "precision": null}})),
                "replay": null,
                "dev": metrics(0.93, 0.95, json!({}))
            },
            "after": {
                "heldout": metrics(1.0, 0.6, json!({
                    "DATE": {"tokens": 12, "recall": 1.0, "precision": 0.9},
                    "AGE": {"tokens": 2, "recall": 1.0, "precision": 1.0},
                    "DOCTOR": {"tokens": 3, "recall": 0.5}})),
                "replay": null,
                "dev": metrics(0.98, 0.78, json!({}))
            }
        });
        let c = parse_comparison(&report).unwrap();
        assert_eq!(c.best_epoch, Some(2));
        assert_eq!(c.stopped.as_deref(), Some("all 3 epochs run"));
        assert_eq!(
            c.sets.iter().map(|s| s.set.as_str()).collect::<Vec<_>>(),
            ["heldout", "dev"],
            "a set missing on one side is left out"
        );
        let h = &c.sets[0];
        assert_eq!(h.documents, 4);
        let names: Vec<_> = h.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            ["all PHI", "DATE", "DOCTOR", "AGE"],
            "most tokens first"
        );
        assert_eq!(
            h.rows[0].precision,
            Pair {
                before: Some(0.95),
                after: Some(0.6)
            }
        );
        assert_eq!(
            h.rows[1].recall,
            Pair {
                before: Some(0.9),
                after: Some(1.0)
            }
        );
        assert_eq!(h.rows[2].recall.before, None, "only after: no before");
        assert_eq!(
            h.rows[3].precision.before, None,
            "undefined stays undefined"
        );
        assert!(parse_comparison(&json!({"before": {}, "after": {}})).is_none());
        assert!(parse_comparison(&json!({"outcome": "not_better", "after": null})).is_none());
        // the summary of a run that was not better names its best epoch instead
        let mut s = report.clone();
        s.as_object_mut().unwrap().remove("selected_epoch");
        s["best_epoch"] = json!(1);
        assert_eq!(parse_comparison(&s).unwrap().best_epoch, Some(1));
    }

    #[test]
    fn the_hybrid_per_gold_set_comes_from_the_calibration_record() {
        let cal = json!({"status": "calibrated", "sets": ["held-out", "tests/fixtures/gold/dev"],
            "floor_per_set": [0.96, 1.0], "recall_per_set": [0.98, 1.0],
            "goal_per_set": [0.96, 0.995], "floor_precision_per_set": [0.6, 0.87],
            "precision_per_set": [0.62, 0.84], "all_floor_per_set": [0.95, 0.994],
            "all_recall_per_set": [0.97, 0.996], "all_goal_per_set": [0.95, 0.994]});
        let written = json!({"before": {"heldout": metrics(0.9, 0.9, json!({}))},
            "after": {"heldout": metrics(0.95, 0.9, json!({}))},
            "thresholds": {"calibration": cal}});
        let h = parse_comparison(&written).unwrap().hybrid;
        assert_eq!(h.len(), 2);
        assert_eq!(h[1].name, "tests/fixtures/gold/dev");
        assert_eq!(
            (h[0].recall.clone(), h[0].goal),
            (
                Pair {
                    before: Some(0.96),
                    after: Some(0.98)
                },
                Some(0.96)
            )
        );
        assert_eq!(h[1].precision.after, Some(0.84));
        assert_eq!(
            h[1].all_recall,
            Pair {
                before: Some(0.994),
                after: Some(0.996)
            }
        );
        // a run the hybrid turned down: the summary carries the record under "hybrid"
        let mut summary = written.clone();
        summary.as_object_mut().unwrap().remove("thresholds");
        summary["hybrid"] = json!({"status": "worse", "sets": ["held-out"],
            "floor_per_set": [0.99], "recall_per_set": [0.97], "goal_per_set": [0.99],
            "floor_precision_per_set": [0.6], "precision_per_set": [0.5]});
        assert!(worse_in_hybrid(Some(&summary)));
        assert!(!worse_in_hybrid(Some(&written)));
        let turned_down = &parse_comparison(&summary).unwrap().hybrid[0];
        assert_eq!(turned_down.recall.after, Some(0.97));
        // a record written before all-PHI recall was held: no figures, not zeros
        assert_eq!(
            turned_down.all_recall,
            Pair {
                before: None,
                after: None
            }
        );
    }

    #[test]
    fn outcomes_from_the_exit_status() {
        assert_eq!(outcome_of(false, Some(0)), Outcome::Written);
        assert_eq!(outcome_of(false, Some(3)), Outcome::NotBetter);
        assert_eq!(outcome_of(false, Some(2)), Outcome::Failed);
        assert_eq!(outcome_of(false, None), Outcome::Failed);
        assert_eq!(outcome_of(true, Some(0)), Outcome::Cancelled);
        assert_eq!(outcome_of(true, None), Outcome::Cancelled);
    }

    #[test]
    fn an_unsuccessful_run_leaves_nothing_in_the_models_folder() {
        let root = tmp("conclude");
        let p = plan(&root);
        let models = root.join("models");
        std::fs::create_dir_all(models.join("base")).unwrap();
        std::fs::write(models.join("base/metadata.json"), r#"{"name": "base"}"#).unwrap();
        // cancelled midway: a half-written staging folder and the reserved directory
        std::fs::create_dir_all(&p.out).unwrap();
        std::fs::create_dir_all(models.join(".base-ft-1.partial-77")).unwrap();
        std::fs::create_dir_all(models.join(".other.partial-1")).unwrap();
        let (o, m, model, _) = conclude(&p, true, None, &[]);
        assert_eq!(o, Outcome::Cancelled);
        assert!(m.contains("nothing was written"), "{m}");
        assert!(model.is_none());
        assert!(!p.out.exists());
        assert!(!models.join(".base-ft-1.partial-77").exists());
        assert!(
            models.join(".other.partial-1").exists(),
            "another job's is kept"
        );
        assert!(models.join("base/metadata.json").is_file());
        // not better: the summary's figures, the reserved directory removed
        std::fs::create_dir_all(&p.out).unwrap();
        std::fs::create_dir_all(&p.work).unwrap();
        let summary = json!({"outcome": "not_better", "best_epoch": 1,
            "before": {"heldout": metrics(0.9, 0.9, json!({}))},
            "after": {"heldout": metrics(0.9, 0.8, json!({}))}});
        std::fs::write(p.summary(), summary.to_string()).unwrap();
        let (o, m, _, c) = conclude(&p, false, Some(3), &[]);
        assert_eq!(o, Outcome::NotBetter);
        assert!(m.contains("base stays in use"), "{m}");
        assert_eq!(c.unwrap().sets[0].rows[0].precision.after, Some(0.8));
        assert!(!p.out.exists());
        // exit 0 without a report is a failure, and nothing stays
        std::fs::create_dir_all(&p.out).unwrap();
        let tail = vec!["Traceback".to_string(), "OSError: disk full".to_string()];
        let (o, m, _, _) = conclude(&p, false, Some(0), &tail);
        assert_eq!(o, Outcome::Failed);
        assert!(m.contains("disk full"), "{m}");
        assert!(!p.out.exists());
        // written: the model and its figures, the directory kept
        std::fs::create_dir_all(&p.out).unwrap();
        std::fs::write(
            p.out.join("metadata.json"),
            json!({"name": "base-ft-1", "version": "1.0.0", "created": "2026-11-24T07:00:00Z",
                   "training": {"fine_tuned_from": {"name": "base"}}})
            .to_string(),
        )
        .unwrap();
        let mut report = summary.clone();
        report["selected_epoch"] = json!(2);
        std::fs::write(p.out.join("finetune-report.json"), report.to_string()).unwrap();
        let (o, m, model, c) = conclude(&p, false, Some(0), &[]);
        assert_eq!(o, Outcome::Written);
        assert!(m.contains("not used until you choose it"), "{m}");
        let model = model.unwrap();
        assert!(model.fine_tuned && !model.in_use);
        assert_eq!(model.base.as_deref(), Some("base"));
        assert_eq!(c.unwrap().best_epoch, Some(2));
        assert!(p.out.join("finetune-report.json").is_file());
        // the chooser: shipped first, the fine-tuned one selectable, staging folders hidden
        std::fs::create_dir_all(models.join(".x.partial-1")).unwrap();
        let list = list_models_in(&models, &models.join("base"), &[&models.join("base")]);
        let names: Vec<_> = list.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["base", "base-ft-1"]);
        assert!(list[0].in_use && !list[0].fine_tuned && !list[0].can_learn);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
