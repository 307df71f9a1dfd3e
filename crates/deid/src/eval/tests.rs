//! Hand-computed evaluation cases.

use super::*;
use crate::i2b2::document_from_spans;
use crate::phi::Span;

const TEXT: &str = "On 23Dec2020 Ulla Quinn, 53, saw Dr Blair in Boston.";

/// A span over the first occurrence of `needle` in TEXT (ASCII, so byte = code point offsets).
fn at(needle: &str, kind: PhiType) -> Span {
    let start = TEXT.find(needle).unwrap();
    Span::new(start, start + needle.len(), kind)
}

fn gold() -> Document {
    document_from_spans(
        TEXT.into(),
        &[
            at("23Dec2020", PhiType::Date),
            at("Ulla Quinn", PhiType::Patient),
            at("53", PhiType::Age),
            at("Blair", PhiType::Doctor),
            at("Boston", PhiType::City),
        ],
    )
}

/// Partial date, a category mismatch on the patient name, two exact hits, a missed city and a
/// false positive on the title.
fn system() -> Document {
    document_from_spans(
        TEXT.into(),
        &[
            at("Dec2020", PhiType::Date),
            at("Ulla Quinn", PhiType::Doctor),
            at("53", PhiType::Age),
            at("Dr", PhiType::Patient),
            at("Blair", PhiType::Doctor),
        ],
    )
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn token_level_counts_by_hand() {
    let c = evaluate_pair(&gold(), &system()).unwrap();
    // gold tokens: 23Dec2020, Ulla, Quinn, 53, Blair, Boston; all but Blair are HIPAA.
    // "Dec2020" (5..12) is not "23Dec2020" (3..12): not found, and an unmatched system token.
    // Ulla and Quinn are found although the system called them DOCTOR.
    assert_eq!((c.gold_tokens, c.found_tokens), (6, 4));
    assert_eq!((c.hipaa_gold_tokens, c.hipaa_found_tokens), (5, 3));
    // system tokens: Dec2020, Ulla, Quinn, 53, Dr, Blair; matched: Ulla, Quinn, 53, Blair
    assert_eq!((c.system_tokens, c.matched_system_tokens), (6, 4));
    let tok = |k: PhiType| (c.categories[&k].gold_tokens, c.categories[&k].found_tokens);
    assert_eq!(tok(PhiType::Date), (1, 0));
    assert_eq!(tok(PhiType::Patient), (2, 2));
    assert_eq!(tok(PhiType::Age), (1, 1));
    assert_eq!(tok(PhiType::Doctor), (1, 1));
    assert_eq!(tok(PhiType::City), (1, 0));

    let r = Report::new(c, vec![], vec![]);
    assert!(close(r.summary.masking_recall, 4.0 / 6.0));
    assert!(close(r.summary.hipaa_recall, 3.0 / 5.0));
    assert!(close(r.summary.precision, 4.0 / 6.0));
    assert!(close(r.summary.f1, 2.0 / 3.0));
}

#[test]
fn strict_entity_counts_by_hand() {
    let c = evaluate_pair(&gold(), &system()).unwrap();
    let ent = |k: PhiType| {
        let x = c.categories[&k];
        (x.tp, x.fp, x.fn_)
    };
    assert_eq!(ent(PhiType::Date), (0, 1, 1)); // partial overlap: one fp and one fn
    assert_eq!(ent(PhiType::Patient), (0, 1, 1)); // "Dr" fp; "Ulla Quinn" fn (wrong category)
    assert_eq!(ent(PhiType::Doctor), (1, 1, 0)); // Blair tp; "Ulla Quinn" as DOCTOR fp
    assert_eq!(ent(PhiType::Age), (1, 0, 0));
    assert_eq!(ent(PhiType::City), (0, 0, 1));

    let r = Report::new(c, vec![], vec![]);
    assert_eq!((r.entity.tp, r.entity.fp, r.entity.fn_), (2, 3, 3));
    assert!(
        close(r.entity.precision, 0.4) && close(r.entity.recall, 0.4) && close(r.entity.f1, 0.4)
    );
    let doctor = r
        .categories
        .iter()
        .find(|x| x.kind == PhiType::Doctor)
        .unwrap();
    assert!(close(doctor.entity.precision, 0.5) && close(doctor.entity.recall, 1.0));
    assert!(close(doctor.entity.f1, 2.0 / 3.0));
    // the category mismatch counts for masking recall (PATIENT tokens 2/2) but not for entity F1
    let patient = r
        .categories
        .iter()
        .find(|x| x.kind == PhiType::Patient)
        .unwrap();
    assert!(close(patient.token_recall, 1.0) && patient.entity.f1 == 0.0);
}

#[test]
fn tokens_come_from_the_tag_text_not_the_document() {
    // A DATE tag "Dec2020" inside the document token "23Dec2020": its token is 5..12.
    let g = document_from_spans(TEXT.into(), &[at("Dec2020", PhiType::Date)]);
    let s = document_from_spans(TEXT.into(), &[at("Dec2020", PhiType::Date)]);
    let c = evaluate_pair(&g, &s).unwrap();
    assert_eq!(
        (c.gold_tokens, c.found_tokens, c.matched_system_tokens),
        (1, 1, 1)
    );
    // a tag with no alphanumerics has no tokens but still counts at entity level
    let g = document_from_spans("a -- b".into(), &[Span::new(2, 4, PhiType::Date)]);
    let c = evaluate_pair(&g, &g.clone()).unwrap();
    assert_eq!((c.gold_tokens, c.categories[&PhiType::Date].tp), (0, 1));
}

#[test]
fn counts_add_up_over_documents() {
    let perfect = evaluate_pair(&gold(), &gold()).unwrap();
    assert_eq!(
        (perfect.found_tokens, perfect.matched_system_tokens),
        (6, 6)
    );
    let nothing = evaluate_pair(&gold(), &document_from_spans(TEXT.into(), &[])).unwrap();
    assert_eq!(
        (
            nothing.gold_tokens,
            nothing.found_tokens,
            nothing.system_tokens
        ),
        (6, 0, 0)
    );
    let partial = evaluate_pair(&gold(), &system()).unwrap();
    let total: Counts = vec![perfect, nothing, partial].into_iter().sum();
    assert_eq!(total.documents, 3);
    assert_eq!((total.gold_tokens, total.found_tokens), (18, 10));
    assert_eq!((total.system_tokens, total.matched_system_tokens), (12, 10));
    assert_eq!((total.hipaa_gold_tokens, total.hipaa_found_tokens), (15, 8));
    assert_eq!(total.categories[&PhiType::Date].fn_, 2); // nothing + partial
    let r = Report::new(total, vec!["x.xml".into()], vec![]);
    assert!(close(r.summary.masking_recall, 10.0 / 18.0));
    assert!(close(r.summary.precision, 10.0 / 12.0));
}

#[test]
fn different_texts_are_an_error_saying_where() {
    let other = document_from_spans(TEXT.replace("Boston", "Austin"), &[]);
    let msg = evaluate_pair(&gold(), &other).unwrap_err().to_string();
    assert!(
        msg.contains("differs") && msg.contains("character 45"),
        "{msg}"
    );
}

#[test]
fn table_shows_summary_and_categories_with_four_decimals() {
    let r = Report::new(
        evaluate_pair(&gold(), &system()).unwrap(),
        vec!["b.xml".into()],
        vec![],
    );
    let t = r.to_table();
    for needle in [
        "Documents          1",
        "HIPAA recall       0.6000",
        "Masking recall     0.6667",
        "Precision          0.6667",
        "F1                 0.6667",
        "NAME/DOCTOR",
        "LOCATION/CITY *",
        "b.xml",
    ] {
        assert!(t.contains(needle), "missing {needle:?} in\n{t}");
    }
    let doctor = t.lines().find(|l| l.starts_with("NAME/DOCTOR")).unwrap();
    let cols: Vec<&str> = doctor.split_whitespace().collect();
    assert_eq!(
        cols,
        [
            "NAME/DOCTOR",
            "1",
            "1.0000",
            "0.5000",
            "1.0000",
            "0.6667",
            "1",
            "1",
            "0"
        ]
    );
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["summary"]["gold_tokens"], 6);
    assert_eq!(json["counts"]["categories"]["DATE"]["fn"], 1);
}
