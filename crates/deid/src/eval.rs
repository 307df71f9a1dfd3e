//! Evaluation of system annotations against gold annotations, as described in the "Evaluation"
//! section of the PHI guidelines and done by the i2b2 2014 evaluation script.
//!
//! * Token level (masking): each tag contributes the `[a-zA-Z0-9]+` tokens *of its own text*,
//!   placed at document code point offsets (so gold "23Dec2020" gives one token 3..12 and system
//!   "Dec2020" one token 5..12, which do not match). A gold token is found when the system has a
//!   token with the same offsets, whatever its category (masking recall). HIPAA recall counts
//!   only gold tokens whose category [`PhiType::is_hipaa`]. Precision is matched system tokens over
//!   all system tokens.
//! * Entity level, strict: a system tag is a true positive when a gold tag has the same start,
//!   end and [`PhiType`].
//!
//! * Word level (the guidelines' second recall figure): a gold Unicode word (a word of the text
//!   that a gold tag overlaps) is found only when every one of its characters is inside a system
//!   tag: "`[NAME]örn`" leaks the name.
//!
//! A ratio with a zero denominator is 0.0, as in the i2b2 script.

use crate::error::{Error, Result};
use crate::i2b2::{self, Document};
use crate::phi::PhiType;
use crate::tokenize::{i2b2_tokens, tokenize, OffsetMap};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Counts for one category.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct CategoryCounts {
    /// Gold tokens of this category.
    pub gold_tokens: usize,
    /// Of those, the ones the system found (in any category).
    pub found_tokens: usize,
    /// Strict entity matches (same start, end and category).
    pub tp: usize,
    /// System tags of this category with no identical gold tag.
    pub fp: usize,
    /// Gold tags of this category with no identical system tag.
    #[serde(rename = "fn")]
    pub fn_: usize,
}

impl CategoryCounts {
    fn add(&mut self, o: &CategoryCounts) {
        self.gold_tokens += o.gold_tokens;
        self.found_tokens += o.found_tokens;
        self.tp += o.tp;
        self.fp += o.fp;
        self.fn_ += o.fn_;
    }
}

/// Counts of one or more documents; add them up with `+=` or `sum()`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Documents scored.
    pub documents: usize,
    /// Gold `[a-zA-Z0-9]+` tokens (of every tag's own text).
    pub gold_tokens: usize,
    /// Of those, the ones a system token matches at the same offsets (any category).
    pub found_tokens: usize,
    /// Gold tokens of HIPAA categories ([`PhiType::is_hipaa`]).
    pub hipaa_gold_tokens: usize,
    /// Of those, the ones the system found.
    pub hipaa_found_tokens: usize,
    /// System `[a-zA-Z0-9]+` tokens.
    pub system_tokens: usize,
    /// System tokens that have a gold token at the same offsets.
    pub matched_system_tokens: usize,
    /// Unicode words of the text overlapping a gold tag.
    pub gold_words: usize,
    /// Of those, the ones whose every character a system tag covers.
    pub found_words: usize,
    /// Per category; a category appears once it has a gold or a system tag.
    pub categories: BTreeMap<PhiType, CategoryCounts>,
}

impl std::ops::AddAssign<&Counts> for Counts {
    fn add_assign(&mut self, o: &Counts) {
        self.documents += o.documents;
        self.gold_tokens += o.gold_tokens;
        self.found_tokens += o.found_tokens;
        self.hipaa_gold_tokens += o.hipaa_gold_tokens;
        self.hipaa_found_tokens += o.hipaa_found_tokens;
        self.system_tokens += o.system_tokens;
        self.matched_system_tokens += o.matched_system_tokens;
        self.gold_words += o.gold_words;
        self.found_words += o.found_words;
        for (k, c) in &o.categories {
            self.categories.entry(*k).or_default().add(c);
        }
    }
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        *self += &o;
    }
}

impl std::iter::Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.fold(Counts::default(), |mut a, b| {
            a += b;
            a
        })
    }
}

/// The `[a-zA-Z0-9]+` tokens of every tag's text, at document offsets, with the tag's category.
/// A position covered twice (only possible with overlapping tags) counts once, first tag wins.
fn tag_tokens(doc: &Document) -> HashMap<(usize, usize), PhiType> {
    let mut out = HashMap::new();
    for tag in &doc.tags {
        for t in i2b2_tokens(&tag.text) {
            let key = (tag.span.start + t.start, tag.span.start + t.end);
            out.entry(key).or_insert(tag.span.kind);
        }
    }
    out
}

/// Gold Unicode words (words of the text that a gold tag overlaps) and how many of them system
/// tags cover entirely.
fn word_counts(gold: &Document, system: &Document) -> (usize, usize) {
    let n = gold.text.chars().count();
    let mut in_gold = vec![false; n];
    let mut in_system = vec![false; n];
    for (tags, mask) in [(&gold.tags, &mut in_gold), (&system.tags, &mut in_system)] {
        for t in tags.iter() {
            for m in &mut mask[t.span.start.min(n)..t.span.end.min(n)] {
                *m = true;
            }
        }
    }
    let (mut words, mut found) = (0, 0);
    for w in tokenize(&gold.text) {
        if in_gold[w.start..w.end].iter().any(|&g| g) {
            words += 1;
            found += usize::from(in_system[w.start..w.end].iter().all(|&s| s));
        }
    }
    (words, found)
}

/// Checks that every tag's text is the slice of the document text it claims to be.
fn check_tags(doc: &Document, which: &str) -> std::result::Result<(), String> {
    let map = OffsetMap::new(&doc.text);
    for tag in &doc.tags {
        let s = &tag.span;
        if s.start > s.end
            || s.end > map.len_chars()
            || map.slice(&doc.text, s.start, s.end) != tag.text
        {
            // never the tag's text: it is PHI
            return Err(format!(
                "{which} tag {:?} ({} {}..{}) does not match the TEXT at its offsets",
                tag.id, s.kind, s.start, s.end
            ));
        }
    }
    Ok(())
}

/// Where two texts first differ, for error messages.
fn first_difference(gold: &str, system: &str) -> String {
    let (mut line, mut cp) = (1, 0);
    let mut g = gold.chars();
    let mut s = system.chars();
    loop {
        match (g.next(), s.next()) {
            (Some(a), Some(b)) if a == b => {
                cp += 1;
                if a == '\n' {
                    line += 1;
                }
            }
            (a, b) => {
                // where, never what: the characters are the narrative's
                let show = |c: Option<char>| {
                    if c.is_some() {
                        "a character"
                    } else {
                        "the end of the text"
                    }
                };
                return format!(
                    "first difference at character {cp} (line {line}): gold has {}, system has {} \
                     (gold {} characters, system {})",
                    show(a),
                    show(b),
                    gold.chars().count(),
                    system.chars().count()
                );
            }
        }
    }
}

fn compare(gold: &Document, system: &Document) -> std::result::Result<Counts, String> {
    if gold.text != system.text {
        return Err(format!(
            "the system TEXT differs from the gold TEXT; {}",
            first_difference(&gold.text, &system.text)
        ));
    }
    check_tags(gold, "gold")?;
    check_tags(system, "system")?;

    let mut c = Counts {
        documents: 1,
        ..Counts::default()
    };
    let gold_tokens = tag_tokens(gold);
    let system_tokens = tag_tokens(system);
    for (pos, kind) in &gold_tokens {
        let found = system_tokens.contains_key(pos);
        let cat = c.categories.entry(*kind).or_default();
        cat.gold_tokens += 1;
        c.gold_tokens += 1;
        if found {
            cat.found_tokens += 1;
            c.found_tokens += 1;
        }
        if kind.is_hipaa() {
            c.hipaa_gold_tokens += 1;
            c.hipaa_found_tokens += usize::from(found);
        }
    }
    c.system_tokens = system_tokens.len();
    let (gold_words, found_words) = word_counts(gold, system);
    c.gold_words = gold_words;
    c.found_words = found_words;
    c.matched_system_tokens = system_tokens
        .keys()
        .filter(|p| gold_tokens.contains_key(p))
        .count();

    let key = |t: &i2b2::Tag| (t.span.start, t.span.end, t.span.kind);
    let gold_tags: HashSet<_> = gold.tags.iter().map(key).collect();
    let system_tags: HashSet<_> = system.tags.iter().map(key).collect();
    for k in &system_tags {
        let cat = c.categories.entry(k.2).or_default();
        if gold_tags.contains(k) {
            cat.tp += 1;
        } else {
            cat.fp += 1;
        }
    }
    for k in gold_tags.difference(&system_tags) {
        c.categories.entry(k.2).or_default().fn_ += 1;
    }
    Ok(c)
}

/// Counts for one document. Fails when the two TEXTs differ or a tag's text does not match its
/// offsets (the error's path is a placeholder; [`evaluate_dirs`] names the file).
pub fn evaluate_pair(gold: &Document, system: &Document) -> Result<Counts> {
    compare(gold, system).map_err(|message| Error::Invalid {
        path: PathBuf::from("(system document)"),
        message,
    })
}

fn evaluate_file(gold_path: &Path, system_path: &Path) -> Result<(Counts, bool)> {
    let gold = i2b2::read_file(gold_path)?;
    let (system, missing) = if system_path.exists() {
        (i2b2::read_file(system_path)?, false)
    } else {
        let empty = Document {
            text: gold.text.clone(),
            tags: Vec::new(),
        };
        (empty, true)
    };
    let counts = compare(&gold, &system).map_err(|message| Error::Invalid {
        path: system_path.to_path_buf(),
        message: format!("against gold {}: {message}", gold_path.display()),
    })?;
    Ok((counts, missing))
}

/// Evaluates every `*.xml` file of `gold_dir` against the file of the same name in `system_dir`.
/// A gold file without a system file counts as a system that found nothing and is listed in
/// [`Report::missing`]; system files without a gold file are listed in [`Report::extra`].
pub fn evaluate_dirs(gold_dir: &Path, system_dir: &Path) -> Result<Report> {
    let gold_names = crate::i2b2::xml_file_names(gold_dir)?;
    if gold_names.is_empty() {
        return Err(Error::Invalid {
            path: gold_dir.to_path_buf(),
            message: "no *.xml gold files in this folder".into(),
        });
    }
    let system_names = crate::i2b2::xml_file_names(system_dir)?;
    let results: Vec<Result<(Counts, bool)>> = gold_names
        .par_iter()
        .map(|name| evaluate_file(&gold_dir.join(name), &system_dir.join(name)))
        .collect();
    let mut total = Counts::default();
    let mut missing = Vec::new();
    let mut failed = Vec::new();
    for (name, result) in gold_names.iter().zip(results) {
        match result {
            Ok((counts, is_missing)) => {
                total += counts;
                if is_missing {
                    missing.push(name.clone());
                }
            }
            // scored without it, and listed: one bad file must not hide the figures of the rest
            Err(e) => failed.push(e.to_string()),
        }
    }
    let gold_set: BTreeSet<&String> = gold_names.iter().collect();
    let extra = system_names
        .into_iter()
        .filter(|n| !gold_set.contains(n))
        .collect();
    let mut report = Report::new(total, missing, extra);
    report.failed = failed;
    Ok(report)
}

fn ratio(num: usize, den: usize) -> f64 {
    if den == 0 {
        0.0
    } else {
        num as f64 / den as f64
    }
}

fn f1(p: f64, r: f64) -> f64 {
    if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    }
}

/// Strict entity-level scores.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct EntityScores {
    /// Tags with a gold tag of the same start, end and category.
    pub tp: usize,
    /// System tags with no identical gold tag.
    pub fp: usize,
    /// Gold tags with no identical system tag.
    #[serde(rename = "fn")]
    pub fn_: usize,
    /// `tp / (tp + fp)`; 0 when there is no system tag.
    pub precision: f64,
    /// `tp / (tp + fn)`; 0 when there is no gold tag.
    pub recall: f64,
    /// Harmonic mean of precision and recall; 0 when both are 0.
    pub f1: f64,
}

impl EntityScores {
    fn new(tp: usize, fp: usize, fn_: usize) -> EntityScores {
        let (precision, recall) = (ratio(tp, tp + fp), ratio(tp, tp + fn_));
        EntityScores {
            tp,
            fp,
            fn_,
            precision,
            recall,
            f1: f1(precision, recall),
        }
    }
}

/// Token-level totals.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Summary {
    /// Gold tokens (see [`Counts::gold_tokens`]).
    pub gold_tokens: usize,
    /// Gold tokens of HIPAA categories.
    pub hipaa_gold_tokens: usize,
    /// System tokens.
    pub system_tokens: usize,
    /// Found HIPAA gold tokens over HIPAA gold tokens: the i2b2 2014 HIPAA recall.
    pub hipaa_recall: f64,
    /// Found gold tokens over gold tokens, whatever the category: what masking needs.
    pub masking_recall: f64,
    /// Gold Unicode words entirely masked, over gold Unicode words.
    pub word_recall: f64,
    /// Gold Unicode words (the denominator of `word_recall`).
    pub gold_words: usize,
    /// System tokens matching a gold token over system tokens.
    pub precision: f64,
    /// Harmonic mean of `precision` and `masking_recall`.
    pub f1: f64,
}

/// One category's line of the report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryReport {
    /// The category.
    pub kind: PhiType,
    /// `TAG/TYPE`, e.g. `LOCATION/CITY`.
    pub category: String,
    /// Whether it counts towards HIPAA recall.
    pub hipaa: bool,
    /// Gold tokens of this category.
    pub gold_tokens: usize,
    /// Of those, the ones the system found (in any category).
    pub found_tokens: usize,
    /// `found_tokens / gold_tokens` (0 without gold tokens).
    pub token_recall: f64,
    /// Strict entity scores of this category.
    pub entity: EntityScores,
}

/// The result of an evaluation run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Report {
    /// Documents scored (files that failed are not counted).
    pub documents: usize,
    /// Gold files with no system file (scored as if the system found nothing).
    pub missing: Vec<String>,
    /// System files with no gold file (not scored).
    pub extra: Vec<String>,
    /// Files that could not be scored (unreadable, malformed, text mismatch), each with the
    /// problem; the figures are over the other files.
    pub failed: Vec<String>,
    /// Token- and word-level totals.
    pub summary: Summary,
    /// Micro totals of the strict entity scores over all categories.
    pub entity: EntityScores,
    /// Categories with gold or system tags, in [`PhiType::ALL`] order.
    pub categories: Vec<CategoryReport>,
    /// The raw counts the figures come from.
    pub counts: Counts,
}

impl Report {
    /// The report of summed `counts`; `missing` and `extra` name the unpaired files (`failed`
    /// starts empty, the caller fills it).
    pub fn new(counts: Counts, missing: Vec<String>, extra: Vec<String>) -> Report {
        let masking_recall = ratio(counts.found_tokens, counts.gold_tokens);
        let precision = ratio(counts.matched_system_tokens, counts.system_tokens);
        let summary = Summary {
            gold_tokens: counts.gold_tokens,
            hipaa_gold_tokens: counts.hipaa_gold_tokens,
            system_tokens: counts.system_tokens,
            hipaa_recall: ratio(counts.hipaa_found_tokens, counts.hipaa_gold_tokens),
            masking_recall,
            word_recall: ratio(counts.found_words, counts.gold_words),
            gold_words: counts.gold_words,
            precision,
            f1: f1(precision, masking_recall),
        };
        let categories: Vec<CategoryReport> = counts
            .categories
            .iter()
            .map(|(kind, c)| CategoryReport {
                kind: *kind,
                category: kind.to_string(),
                hipaa: kind.is_hipaa(),
                gold_tokens: c.gold_tokens,
                found_tokens: c.found_tokens,
                token_recall: ratio(c.found_tokens, c.gold_tokens),
                entity: EntityScores::new(c.tp, c.fp, c.fn_),
            })
            .collect();
        let (tp, fp, fn_) = categories.iter().fold((0, 0, 0), |(a, b, c), r| {
            (a + r.entity.tp, b + r.entity.fp, c + r.entity.fn_)
        });
        Report {
            documents: counts.documents,
            missing,
            extra,
            failed: Vec::new(),
            summary,
            entity: EntityScores::new(tp, fp, fn_),
            categories,
            counts,
        }
    }

    /// A plain-text report: summary block, then one line per category.
    pub fn to_table(&self) -> String {
        let s = &self.summary;
        let d = |num: f64, den: usize| {
            if den == 0 {
                "-".to_string()
            } else {
                format!("{num:.4}")
            }
        };
        let mut out = String::new();
        let _ = writeln!(out, "Documents          {}", self.documents);
        if !self.missing.is_empty() {
            let _ = writeln!(
                out,
                "  without a system file (scored as nothing found): {}",
                self.missing.len()
            );
        }
        let _ = writeln!(
            out,
            "Gold tokens        {} ({} HIPAA)",
            s.gold_tokens, s.hipaa_gold_tokens
        );
        let _ = writeln!(out, "System tokens      {}", s.system_tokens);
        let _ = writeln!(
            out,
            "HIPAA recall       {}",
            d(s.hipaa_recall, s.hipaa_gold_tokens)
        );
        let _ = writeln!(
            out,
            "Masking recall     {}",
            d(s.masking_recall, s.gold_tokens)
        );
        let _ = writeln!(
            out,
            "Word recall        {}  (gold Unicode words entirely masked, of {})",
            d(s.word_recall, s.gold_words),
            s.gold_words
        );
        let _ = writeln!(
            out,
            "Precision          {}",
            d(s.precision, s.system_tokens)
        );
        let _ = writeln!(out, "F1                 {:.4}", s.f1);
        let e = &self.entity;
        let _ = writeln!(
            out,
            "Entity (strict)    P {}  R {}  F1 {:.4}  (tp {}, fp {}, fn {})",
            d(e.precision, e.tp + e.fp),
            d(e.recall, e.tp + e.fn_),
            e.f1,
            e.tp,
            e.fp,
            e.fn_
        );
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{:<24} {:>8} {:>8}  {:>8} {:>8} {:>8}  {:>6} {:>6} {:>6}",
            "Category", "Gold tok", "Tok rec", "Ent P", "Ent R", "Ent F1", "TP", "FP", "FN"
        );
        let _ = writeln!(out, "{}", "-".repeat(94));
        let line = |out: &mut String, name: &str, gold: usize, rec: String, e: &EntityScores| {
            let _ = writeln!(
                out,
                "{:<24} {:>8} {:>8}  {:>8} {:>8} {:>8.4}  {:>6} {:>6} {:>6}",
                name,
                gold,
                rec,
                d(e.precision, e.tp + e.fp),
                d(e.recall, e.tp + e.fn_),
                e.f1,
                e.tp,
                e.fp,
                e.fn_
            );
        };
        for c in &self.categories {
            let name = format!("{}{}", c.category, if c.hipaa { " *" } else { "" });
            line(
                &mut out,
                &name,
                c.gold_tokens,
                d(c.token_recall, c.gold_tokens),
                &c.entity,
            );
        }
        let _ = writeln!(out, "{}", "-".repeat(94));
        line(
            &mut out,
            "All (micro)",
            s.gold_tokens,
            d(s.masking_recall, s.gold_tokens),
            e,
        );
        let _ = writeln!(
            out,
            "* HIPAA category. Tok rec: masking recall of the category's gold tokens."
        );
        if !self.failed.is_empty() {
            let _ = writeln!(out, "\nNot scored ({} files):", self.failed.len());
            for f in &self.failed {
                let _ = writeln!(out, "  {f}");
            }
        }
        if !self.missing.is_empty() {
            let _ = writeln!(
                out,
                "\nGold files without a system file: {}",
                self.missing.join(", ")
            );
        }
        if !self.extra.is_empty() {
            let _ = writeln!(
                out,
                "System files without a gold file (not scored): {}",
                self.extra.join(", ")
            );
        }
        out
    }
}

pub mod agreement;
#[cfg(test)]
mod tests;
