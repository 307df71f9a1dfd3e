//! Inter-annotator agreement between two annotators' span sets over the same narratives: pure
//! computation (no database), so the figures can be checked by hand and reused by any front end.
//!
//! * Token level, per category: every Unicode word ([`crate::tokenize::tokenize`], the unit of
//!   every decision) gets, from each annotator, the category of the span that overlaps it or
//!   none. For one category the question is binary (this category or not), and the 2×2 table
//!   gives Cohen's kappa, Krippendorff's alpha (nominal, two coders, no missing values) and
//!   Gwet's AC1. Kappa and alpha collapse when a category is rare (their chance agreement is
//!   near 1); AC1 does not, which is why all three are shown. `overall` uses every label at once
//!   (the categories plus "not PHI").
//! * Span level: strict F1 (same start, end and category) and lenient F1 (overlapping, same
//!   category); annotator A is taken as the reference, so recall is A's spans matched and
//!   precision B's spans matched (F1 is symmetric for strict matching).
//! * Disagreements: the spans that are not in both sets, grouped by overlap (transitively) into
//!   regions; each region lists both sides' spans. The regions never overlap each other or an
//!   agreed span, so an adjudicator can take either side of each region and the result is always
//!   a valid span set ([`adjudicate`]).
//!
//! A figure with a zero denominator (everybody said the same single label, no spans at all) is
//! `None`, shown as "n/a": never a misleading 0 or 1.

use crate::phi::{PhiType, Span};
use crate::tokenize::tokenize;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// One narrative with both annotators' spans (code points into `text`).
#[derive(Debug, Clone)]
pub struct DocPair<'a> {
    /// The narrative's id (the store's document id), carried into its disagreements.
    pub doc: i64,
    /// The narrative's text.
    pub text: &'a str,
    /// Annotator A's spans.
    pub a: &'a [Span],
    /// Annotator B's spans.
    pub b: &'a [Span],
}

/// Chance-corrected agreement on one label set.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Coefficients {
    /// Units (tokens) compared.
    pub units: usize,
    /// Observed agreement (share of units with the same label).
    pub observed: f64,
    /// Cohen's kappa; `None` when chance agreement is 1 (one label only).
    pub kappa: Option<f64>,
    /// Krippendorff's alpha (nominal, two coders); `None` when every unit has the same label.
    pub alpha: Option<f64>,
    /// Gwet's AC1, which stays informative for rare categories; `None` when undefined.
    pub ac1: Option<f64>,
}

/// Span-level agreement, A as the reference.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Default)]
pub struct SpanF1 {
    /// A's spans.
    pub a_spans: usize,
    /// B's spans.
    pub b_spans: usize,
    /// A's spans with a match among B's.
    pub matched_a: usize,
    /// B's spans with a match among A's.
    pub matched_b: usize,
    /// B's matched spans over B's spans; `None` when B has none.
    pub precision: Option<f64>,
    /// A's matched spans over A's spans; `None` when A has none.
    pub recall: Option<f64>,
    /// Harmonic mean of precision and recall; `None` when neither side has spans, 0 when only one
    /// has or none match.
    pub f1: Option<f64>,
}

/// Agreement on one category.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CategoryAgreement {
    /// The category as it serialises (`"DATE"`, `"CITY"`).
    pub category: PhiType,
    /// Tokens A put in this category.
    pub tokens_a: usize,
    /// Tokens B put in this category.
    pub tokens_b: usize,
    /// Tokens both put in this category.
    pub tokens_both: usize,
    /// Token-level agreement on "this category or not".
    pub token: Coefficients,
    /// Strict span F1 (same start, end and category) on this category's spans.
    pub strict: SpanF1,
    /// Lenient span F1 (overlapping spans) on this category's spans.
    pub lenient: SpanF1,
}

/// What kind of disagreement a region is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DisagreementKind {
    /// Only A marked something here.
    OnlyA,
    /// Only B marked something here.
    OnlyB,
    /// The same offsets, another category.
    Category,
    /// Overlapping spans with other boundaries.
    Boundary,
}

/// One region where the annotators differ.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Disagreement {
    /// The narrative ([`DocPair::doc`]).
    pub doc: i64,
    /// The region: from the first to the last character of its spans (code points).
    pub start: usize,
    /// End of the region (exclusive, code points).
    pub end: usize,
    /// What kind of disagreement it is.
    pub kind: DisagreementKind,
    /// A's spans in the region (none when only B marked it), sorted.
    pub a: Vec<Span>,
    /// B's spans in the region (none when only A marked it), sorted.
    pub b: Vec<Span>,
}

/// Everything the agreement view shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Agreement {
    /// Narratives compared.
    pub documents: usize,
    /// Every label at once ("not PHI" and each category).
    pub overall: Coefficients,
    /// Categories either annotator used, in [`PhiType::ALL`] order.
    pub categories: Vec<CategoryAgreement>,
    /// Strict span F1 over every category.
    pub strict: SpanF1,
    /// Lenient span F1 over every category.
    pub lenient: SpanF1,
    /// In document order, then by offset.
    pub disagreements: Vec<Disagreement>,
}

/// Cohen's kappa, Krippendorff's alpha (nominal) and Gwet's AC1 from a square table of counts:
/// `table[i][j]` = units A labelled `i` and B labelled `j`. `q` is the number of categories of
/// the scale (AC1's chance agreement depends on it).
pub fn coefficients(table: &[Vec<usize>], q: usize) -> Coefficients {
    let k = table.len();
    let n: usize = table.iter().flatten().sum();
    if n == 0 {
        return Coefficients {
            units: 0,
            observed: 0.0,
            kappa: None,
            alpha: None,
            ac1: None,
        };
    }
    let nf = n as f64;
    let agree: usize = (0..k).map(|i| table[i][i]).sum();
    let po = agree as f64 / nf;
    let row: Vec<f64> = (0..k)
        .map(|i| table[i].iter().sum::<usize>() as f64 / nf)
        .collect();
    let col: Vec<f64> = (0..k)
        .map(|j| (0..k).map(|i| table[i][j]).sum::<usize>() as f64 / nf)
        .collect();

    // Cohen: chance agreement from each annotator's own label distribution.
    let pe_kappa: f64 = (0..k).map(|i| row[i] * col[i]).sum();
    let kappa = chance_corrected(po, pe_kappa);

    // Krippendorff (nominal, 2 coders, no missing values): the 2n pooled values; observed
    // disagreement = share of units that differ, expected = (m² - Σ m_c²) / (m (m - 1)) with
    // m = 2n and m_c the pooled count of label c.
    let m = 2.0 * nf;
    let pooled_sq: f64 = (0..k)
        .map(|i| {
            let mc = (row[i] + col[i]) * nf;
            mc * mc
        })
        .sum();
    let de = (m * m - pooled_sq) / (m * (m - 1.0));
    let alpha = (de > 1e-12).then(|| 1.0 - (1.0 - po) / de);

    // Gwet: chance agreement Σ π_c (1 - π_c) / (q - 1), π_c the mean of both distributions.
    let ac1 = if q >= 2 {
        let pe: f64 = (0..k)
            .map(|i| {
                let pi = (row[i] + col[i]) / 2.0;
                pi * (1.0 - pi)
            })
            .sum::<f64>()
            / (q as f64 - 1.0);
        chance_corrected(po, pe)
    } else {
        None
    };
    Coefficients {
        units: n,
        observed: po,
        kappa,
        alpha,
        ac1,
    }
}

fn chance_corrected(po: f64, pe: f64) -> Option<f64> {
    (1.0 - pe > 1e-12).then(|| (po - pe) / (1.0 - pe))
}

fn ratio(a: usize, b: usize) -> Option<f64> {
    (b > 0).then(|| a as f64 / b as f64)
}

fn span_f1(a: &[&Span], b: &[&Span], matches: impl Fn(&Span, &Span) -> bool) -> SpanF1 {
    let matched_a = a.iter().filter(|x| b.iter().any(|y| matches(x, y))).count();
    let matched_b = b.iter().filter(|y| a.iter().any(|x| matches(x, y))).count();
    let recall = ratio(matched_a, a.len());
    let precision = ratio(matched_b, b.len());
    let f1 = f1_of(precision, recall);
    SpanF1 {
        a_spans: a.len(),
        b_spans: b.len(),
        matched_a,
        matched_b,
        precision,
        recall,
        f1,
    }
}

/// F1 from precision and recall; when only one side has spans, nothing matched: 0, not
/// undefined; when neither has any, undefined.
fn f1_of(precision: Option<f64>, recall: Option<f64>) -> Option<f64> {
    match (precision, recall) {
        (Some(p), Some(r)) if p + r > 0.0 => Some(2.0 * p * r / (p + r)),
        (None, None) => None,
        _ => Some(0.0),
    }
}

fn strict(x: &Span, y: &Span) -> bool {
    x == y
}

fn lenient(x: &Span, y: &Span) -> bool {
    x.kind == y.kind && x.start < y.end && y.start < x.end
}

/// The category each word gets from a span set: the first span overlapping it.
fn word_labels(words: &[(usize, usize)], spans: &[Span]) -> Vec<Option<PhiType>> {
    let mut sorted: Vec<&Span> = spans.iter().collect();
    sorted.sort();
    words
        .iter()
        .map(|&(s, e)| {
            sorted
                .iter()
                .find(|sp| sp.start < e && s < sp.end)
                .map(|sp| sp.kind)
        })
        .collect()
}

/// The regions where two span sets differ (see the module documentation).
pub fn disagreements(doc: i64, a: &[Span], b: &[Span]) -> Vec<Disagreement> {
    let in_b: BTreeSet<&Span> = b.iter().collect();
    let in_a: BTreeSet<&Span> = a.iter().collect();
    // (span, from A?) not shared by both, in offset order
    let mut open: Vec<(&Span, bool)> = a
        .iter()
        .filter(|s| !in_b.contains(s))
        .map(|s| (s, true))
        .chain(b.iter().filter(|s| !in_a.contains(s)).map(|s| (s, false)))
        .collect();
    open.sort_by_key(|(s, from_a)| (s.start, s.end, !*from_a));
    let mut out: Vec<Disagreement> = Vec::new();
    for (s, from_a) in open {
        // sorted by start: a span joins the last region when it starts before that region ends
        let joins = out.last().is_some_and(|r| s.start < r.end);
        if !joins {
            out.push(Disagreement {
                doc,
                start: s.start,
                end: s.end,
                kind: DisagreementKind::OnlyA,
                a: Vec::new(),
                b: Vec::new(),
            });
        }
        let r = out.last_mut().expect("a region");
        r.end = r.end.max(s.end);
        if from_a {
            r.a.push(s.clone());
        } else {
            r.b.push(s.clone());
        }
    }
    for r in &mut out {
        r.a.sort();
        r.b.sort();
        r.kind = if r.b.is_empty() {
            DisagreementKind::OnlyA
        } else if r.a.is_empty() {
            DisagreementKind::OnlyB
        } else if r.a.len() == r.b.len()
            && r.a
                .iter()
                .zip(&r.b)
                .all(|(x, y)| (x.start, x.end) == (y.start, y.end))
        {
            DisagreementKind::Category
        } else {
            DisagreementKind::Boundary
        };
    }
    out
}

/// Which version an adjudicator takes for one disagreement region.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Annotator A's spans.
    A,
    /// Annotator B's spans.
    B,
    /// Neither: the region is not PHI.
    Neither,
}

/// The adjudicated span set: the spans both annotators share, plus for each disagreement region
/// (in [`disagreements`] order) the side chosen. `choices` must have one entry per region.
pub fn adjudicate(a: &[Span], b: &[Span], choices: &[Choice]) -> Result<Vec<Span>, String> {
    let regions = disagreements(0, a, b);
    if regions.len() != choices.len() {
        return Err(format!(
            "{} disagreements but {} choices",
            regions.len(),
            choices.len()
        ));
    }
    let in_b: BTreeSet<&Span> = b.iter().collect();
    let mut out: Vec<Span> = a.iter().filter(|s| in_b.contains(s)).cloned().collect();
    for (r, c) in regions.into_iter().zip(choices) {
        match c {
            Choice::A => out.extend(r.a),
            Choice::B => out.extend(r.b),
            Choice::Neither => {}
        }
    }
    out.sort();
    Ok(out)
}

/// Agreement between annotators A and B over `docs`.
pub fn agreement(docs: &[DocPair<'_>]) -> Agreement {
    // label 0 is "not PHI", label i + 1 is PhiType::ALL[i]
    let labels = PhiType::ALL.len() + 1;
    let index = |k: Option<PhiType>| {
        k.map_or(0, |k| {
            PhiType::ALL
                .iter()
                .position(|x| *x == k)
                .map_or(0, |i| i + 1)
        })
    };
    let mut table = vec![vec![0usize; labels]; labels];
    let mut a_all: Vec<&Span> = Vec::new();
    let mut b_all: Vec<&Span> = Vec::new();
    let mut disagreement_list = Vec::new();
    // strict / lenient matching never crosses documents: count per document, then add up
    let mut strict_all = SpanF1::default();
    let mut lenient_all = SpanF1::default();
    let mut per_kind_strict = vec![SpanF1::default(); labels];
    let mut per_kind_lenient = vec![SpanF1::default(); labels];
    for d in docs {
        let words: Vec<(usize, usize)> =
            tokenize(d.text).iter().map(|t| (t.start, t.end)).collect();
        let la = word_labels(&words, d.a);
        let lb = word_labels(&words, d.b);
        for (x, y) in la.iter().zip(&lb) {
            table[index(*x)][index(*y)] += 1;
        }
        let a: Vec<&Span> = d.a.iter().collect();
        let b: Vec<&Span> = d.b.iter().collect();
        add(&mut strict_all, span_f1(&a, &b, strict));
        add(&mut lenient_all, span_f1(&a, &b, lenient));
        for (i, kind) in PhiType::ALL.iter().enumerate() {
            let ak: Vec<&Span> = a.iter().copied().filter(|s| s.kind == *kind).collect();
            let bk: Vec<&Span> = b.iter().copied().filter(|s| s.kind == *kind).collect();
            add(&mut per_kind_strict[i + 1], span_f1(&ak, &bk, strict));
            add(&mut per_kind_lenient[i + 1], span_f1(&ak, &bk, lenient));
        }
        a_all.extend(a);
        b_all.extend(b);
        disagreement_list.extend(disagreements(d.doc, d.a, d.b));
    }
    let overall = coefficients(&table, labels);
    let categories = PhiType::ALL
        .iter()
        .enumerate()
        .filter_map(|(i, kind)| {
            let c = i + 1;
            let tokens_a: usize = table[c].iter().sum();
            let tokens_b: usize = (0..labels).map(|r| table[r][c]).sum();
            if tokens_a == 0
                && tokens_b == 0
                && per_kind_strict[c].a_spans == 0
                && per_kind_strict[c].b_spans == 0
            {
                return None;
            }
            let both = table[c][c];
            let n: usize = table.iter().flatten().sum();
            let binary = vec![
                vec![both, tokens_a - both],
                vec![tokens_b - both, n - tokens_a - tokens_b + both],
            ];
            Some(CategoryAgreement {
                category: *kind,
                tokens_a,
                tokens_b,
                tokens_both: both,
                token: coefficients(&binary, 2),
                strict: finish(per_kind_strict[c]),
                lenient: finish(per_kind_lenient[c]),
            })
        })
        .collect();
    Agreement {
        documents: docs.len(),
        overall,
        categories,
        strict: finish(strict_all),
        lenient: finish(lenient_all),
        disagreements: disagreement_list,
    }
}

fn add(total: &mut SpanF1, one: SpanF1) {
    total.a_spans += one.a_spans;
    total.b_spans += one.b_spans;
    total.matched_a += one.matched_a;
    total.matched_b += one.matched_b;
}

fn finish(c: SpanF1) -> SpanF1 {
    let recall = ratio(c.matched_a, c.a_spans);
    let precision = ratio(c.matched_b, c.b_spans);
    let f1 = f1_of(precision, recall);
    SpanF1 {
        precision,
        recall,
        f1,
        ..c
    }
}

#[cfg(test)]
mod tests {
    //! Every expected figure below was computed by hand from the formulas in the comments.
    use super::*;

    fn close(x: Option<f64>, want: f64) {
        let x = x.expect("a value");
        assert!((x - want).abs() < 1e-6, "{x} != {want}");
    }

    #[test]
    fn two_by_two_table_by_hand() {
        // both yes 3, A only 1, B only 1, both no 5: po = 0.8, pA = pB = 0.4
        let c = coefficients(&[vec![3, 1], vec![1, 5]], 2);
        assert_eq!(c.units, 10);
        assert!((c.observed - 0.8).abs() < 1e-12);
        // kappa: pe = 0.4·0.4 + 0.6·0.6 = 0.52 → (0.8 - 0.52) / 0.48
        close(c.kappa, 0.28 / 0.48);
        // alpha: 20 pooled values, 8 yes 12 no; De = (400 - 64 - 144) / (20·19); Do = 0.2
        close(c.alpha, 1.0 - 0.2 / (192.0 / 380.0));
        // AC1: π = 0.4, pe = 2·0.4·0.6 = 0.48 → (0.8 - 0.48) / 0.52
        close(c.ac1, 0.32 / 0.52);
    }

    #[test]
    fn undefined_figures_are_none_not_zero_or_one() {
        // everybody said "no" everywhere: kappa and alpha have nothing to correct for
        let c = coefficients(&[vec![0, 0], vec![0, 10]], 2);
        assert_eq!((c.kappa, c.alpha), (None, None));
        close(c.ac1, 1.0); // AC1: pe = 0 → po = 1
        let empty = coefficients(&[vec![0, 0], vec![0, 0]], 2);
        assert_eq!((empty.units, empty.kappa, empty.ac1), (0, None, None));
    }

    const TEXT: &str = "Seen by Dr Smith in Boston on 12/26/20.";
    // words: Seen by Dr Smith(11..16) in Boston(20..26) on 12(30..32) 26(33..35) 20(36..38)

    fn sp(s: usize, e: usize, k: PhiType) -> Span {
        Span::new(s, e, k)
    }

    fn sample() -> (Vec<Span>, Vec<Span>) {
        let a = vec![
            sp(11, 16, PhiType::Doctor),
            sp(20, 26, PhiType::City),
            sp(30, 38, PhiType::Date),
        ];
        let b = vec![sp(11, 16, PhiType::Patient), sp(30, 35, PhiType::Date)];
        (a, b)
    }

    #[test]
    fn per_category_token_and_span_figures_by_hand() {
        let (a, b) = sample();
        let r = agreement(&[DocPair {
            doc: 7,
            text: TEXT,
            a: &a,
            b: &b,
        }]);
        assert_eq!(r.documents, 1);
        let cat = |k: PhiType| r.categories.iter().find(|c| c.category == k).unwrap();

        // DATE: A 3 words, B 2, both 2, of 10: table [[2,1],[0,7]], po = 0.9
        let d = cat(PhiType::Date);
        assert_eq!((d.tokens_a, d.tokens_b, d.tokens_both), (3, 2, 2));
        close(d.token.kappa, (0.9 - 0.62) / 0.38); // pe = 0.3·0.2 + 0.7·0.8
        close(d.token.alpha, 1.0 - 0.1 / (150.0 / 380.0)); // pooled 5 yes 15 no
        close(d.token.ac1, (0.9 - 0.375) / 0.625); // π = 0.25
        assert_eq!((d.strict.matched_a, d.strict.f1), (0, Some(0.0)));
        close(d.lenient.f1, 1.0); // 30..38 and 30..35 overlap

        // CITY: only A, one word: kappa = alpha = 0 while AC1 stays high (rare label)
        let c = cat(PhiType::City);
        close(c.token.kappa, 0.0);
        close(c.token.alpha, 0.0);
        close(c.token.ac1, (0.9 - 0.095) / 0.905);
        // only A has a CITY span: recall 0, precision undefined, F1 0 (nothing matched)
        assert_eq!(
            (c.strict.recall, c.strict.precision, c.strict.f1),
            (Some(0.0), None, Some(0.0))
        );
        let none = agreement(&[DocPair {
            doc: 1,
            text: TEXT,
            a: &[],
            b: &[],
        }]);
        assert_eq!((none.strict.f1, none.lenient.f1), (None, None));

        // overall: 7 of 10 words agree; pe = 0.5·0.7 (not PHI) + 0.3·0.2 (DATE)
        assert!((r.overall.observed - 0.7).abs() < 1e-12);
        close(r.overall.kappa, (0.7 - 0.41) / 0.59);
        // spans: none identical; lenient: DATE overlaps (Smith differs by category)
        assert_eq!((r.strict.matched_a, r.strict.matched_b), (0, 0));
        assert_eq!((r.lenient.matched_a, r.lenient.matched_b), (1, 1));
        close(r.lenient.recall, 1.0 / 3.0);
        close(r.lenient.precision, 0.5);
        close(r.lenient.f1, 0.4);
        assert!(cat(PhiType::Doctor).tokens_b == 0 && cat(PhiType::Patient).tokens_a == 0);
    }

    #[test]
    fn disagreements_are_regions_with_each_side() {
        let (a, b) = sample();
        let d = disagreements(7, &a, &b);
        let kinds: Vec<_> = d.iter().map(|r| (r.start, r.end, r.kind)).collect();
        assert_eq!(
            kinds,
            vec![
                (11, 16, DisagreementKind::Category),
                (20, 26, DisagreementKind::OnlyA),
                (30, 38, DisagreementKind::Boundary),
            ]
        );
        assert_eq!(d[0].a, vec![sp(11, 16, PhiType::Doctor)]);
        assert_eq!(d[0].b, vec![sp(11, 16, PhiType::Patient)]);
        assert!(d.iter().all(|r| r.doc == 7));
        // identical sets: nothing to adjudicate
        assert!(disagreements(1, &a, &a).is_empty());
        // a chain of overlaps is one region
        let x = vec![sp(0, 4, PhiType::Patient), sp(8, 12, PhiType::Patient)];
        let y = vec![sp(2, 10, PhiType::Patient)];
        let r = disagreements(1, &x, &y);
        assert_eq!((r.len(), r[0].start, r[0].end), (1, 0, 12));
    }

    #[test]
    fn adjudication_takes_a_side_per_region() {
        let (a, b) = sample();
        let got = adjudicate(&a, &b, &[Choice::B, Choice::Neither, Choice::A]).unwrap();
        assert_eq!(
            got,
            vec![sp(11, 16, PhiType::Patient), sp(30, 38, PhiType::Date)]
        );
        // shared spans are always kept
        let mut a2 = a.clone();
        a2.push(sp(0, 4, PhiType::Patient));
        let mut b2 = b.clone();
        b2.push(sp(0, 4, PhiType::Patient));
        let got = adjudicate(&a2, &b2, &[Choice::A, Choice::A, Choice::A]).unwrap();
        assert_eq!(got.len(), 4);
        assert!(adjudicate(&a, &b, &[Choice::A]).is_err());
    }
}
