//! Round trips (write → read → the same spans) of every format, over a document with CRLF,
//! emoji and non-Latin scripts, over random spans (proptest), and golden files of one small
//! document per format (`crates/deid/tests/fixtures/formats/`; `DEID_BLESS=1` rewrites them).
//! `annotation.conf` has no golden file: it follows `definitions/definitions.toml`, and a test
//! checks that it lists every category.

use super::*;
use crate::phi::{PhiType, Span};
use crate::tokenize::tokenize;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

const TEXT: &str = "Patient Zoë Ødegård, 53 y/o 🙂, lives at 12 Main St\r\nSpringfield; \
                    Dr 王小明 saw her on 3. März 2021.\nИван called & <ok> ]]> done.\r\n";

/// Code point offsets of the first `needle` in `text`.
fn find(text: &str, needle: &str) -> (usize, usize) {
    let b = text.find(needle).expect("needle in text");
    let s = text[..b].chars().count();
    (s, s + needle.chars().count())
}

fn spans() -> Vec<Span> {
    [
        ("Zoë Ødegård", PhiType::Patient),
        ("53", PhiType::Age),
        ("12 Main St\r\nSpringfield", PhiType::Street),
        ("王小明", PhiType::Doctor),
        ("3. März 2021", PhiType::Date),
        ("Иван", PhiType::Patient),
    ]
    .into_iter()
    .map(|(n, k)| {
        let (s, e) = find(TEXT, n);
        Span::new(s, e, k)
    })
    .collect()
}

fn p() -> &'static Path {
    Path::new("(test)")
}

fn golden(name: &str, got: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/formats")
        .join(name);
    if std::env::var_os("DEID_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, got).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (DEID_BLESS=1 writes it)", path.display()));
    assert_eq!(got, want, "{name} differs from its golden file");
}

#[test]
fn brat_round_trip_writes_lf_and_splits_a_span_across_a_line_break_into_fragments() {
    let spans = spans();
    let files = brat::write(TEXT, &spans, p()).unwrap();
    assert!(
        !files.txt.contains('\r'),
        "the .txt has LF line breaks only"
    );
    assert_eq!(files.txt, TEXT.replace("\r\n", "\n"));
    let street = files.ann.lines().nth(2).unwrap();
    let (s, e) = find(&files.txt, "12 Main St\nSpringfield");
    assert_eq!(
        street,
        format!(
            "T3\tSTREET {s} {};{} {e}\t12 Main St Springfield",
            s + 10,
            s + 11
        )
    );
    assert!(files.ann.contains("T4\tDOCTOR"), "{}", files.ann);
    // the .ann's offsets are the .txt's; mapped back, the narrative's exact spans
    let over_txt = brat::parse_ann(&files.txt, &files.ann, p()).unwrap();
    assert_eq!(over_txt[2], Span::new(s, e, PhiType::Street));
    assert_eq!(brat::spans_in(TEXT, &over_txt), spans);
    // without CR, the .txt is the narrative and the offsets are its own
    let lf = files.txt.clone();
    assert_eq!(brat::write(&lf, &over_txt, p()).unwrap(), files);
    assert_eq!(brat::spans_in(&lf, &over_txt), over_txt);
    // an .ann over a text that keeps its CR: fragments around both characters
    let exact = brat::to_ann(TEXT, &spans, p()).unwrap();
    let (s, e) = find(TEXT, "12 Main St\r\nSpringfield");
    assert!(
        exact.contains(&format!("STREET {s} {};{} {e}\t", s + 10, s + 12)),
        "{exact}"
    );
    assert_eq!(brat::parse_ann(TEXT, &exact, p()).unwrap(), spans);
    golden("case.txt", &files.txt);
    golden("case.ann", &files.ann);
}

#[test]
fn brat_reader_refuses_what_a_span_cannot_be() {
    let text = "Ann met Bob.";
    let bad = [
        ("T1\tNOPE 0 3\tAnn\n", "not a PHI category"),
        ("T1\tPATIENT 0 3;8 11\tAnn Bob\n", "discontinuous"),
        ("T1\tPATIENT 0 99\tAnn\n", "past the end"),
        ("T1\tPATIENT 0 3\tBob\n", "not the text at its offsets"),
        ("T1\tPATIENT zero 3\tAnn\n", "not a fragment"),
    ];
    for (ann, why) in bad {
        let e = brat::parse_ann(text, ann, p()).unwrap_err().to_string();
        assert!(e.contains(why) && e.contains("line 1"), "{e}");
        assert!(
            !e.contains("Bob") || why == "not a PHI category",
            "quotes the text: {e}"
        );
    }
    // other annotation kinds are ignored; TAG/TYPE labels and CRLF .ann files are read
    let ok = "#1\tAnnotatorNotes T1\tnote\r\nT1\tNAME/PATIENT 8 11\tBob\r\nA1\tNegated T1\r\n";
    assert_eq!(
        brat::parse_ann(text, ok, p()).unwrap(),
        vec![Span::new(8, 11, PhiType::Patient)]
    );
    // a span of line breaks only cannot be written
    assert!(brat::to_ann("a\r\nb", &[Span::new(1, 3, PhiType::Date)], p()).is_err());
    // every category is in annotation.conf, by its TYPE
    let conf = brat::conf_entities(&brat::annotation_conf());
    let want: Vec<String> = PhiType::ALL.iter().map(|k| label(*k).to_string()).collect();
    assert_eq!(conf, want);
}

fn collection(docs: Vec<bioc::Document>) -> bioc::Collection {
    let mut c = bioc::header("20250101");
    c.documents = docs;
    c
}

#[test]
fn bioc_round_trip_keeps_crlf_emoji_and_offsets_in_code_points() {
    let doc = bioc::Document {
        id: "case & 1".into(),
        infons: vec![("annotator".into(), "alice".into())],
        text: TEXT.into(),
        spans: spans(),
    };
    let empty = bioc::Document {
        id: "empty".into(),
        ..Default::default()
    };
    let c = collection(vec![doc, empty]);
    let xml = bioc::to_xml(&c, p()).unwrap();
    assert!(
        xml.contains("St&#13;\nSpringfield"),
        "CR kept as a reference"
    );
    let (s, _) = find(TEXT, "王小明");
    assert!(
        xml.contains(&format!("<location offset=\"{s}\" length=\"3\"/>")),
        "{xml}"
    );
    assert_eq!(bioc::parse(xml.as_bytes(), p()).unwrap(), c);
    golden("case.bioc.xml", &xml);
}

#[test]
fn bioc_reader_lays_passages_at_their_offsets_and_refuses_bad_annotations() {
    let xml = r#"<?xml version="1.0"?><!DOCTYPE collection SYSTEM "BioC.dtd">
<collection><source>x</source><date></date><key></key>
<document><id>7</id>
<passage><offset>0</offset><text>Title Ann</text>
<annotation id="a"><infon key="type">PATIENT</infon><location offset="6" length="3"/><text>Ann</text></annotation></passage>
<passage><offset>10</offset><text>Met Bob</text>
<sentence><offset>10</offset><text>Met Bob</text>
<annotation id="b"><infon key="i2b2">NAME/DOCTOR</infon><location offset="14" length="3"/></annotation></sentence></passage>
</document></collection>"#;
    let c = bioc::parse(xml.as_bytes(), p()).unwrap();
    assert_eq!(c.documents[0].text, "Title Ann Met Bob");
    assert_eq!(
        c.documents[0].spans,
        vec![
            Span::new(6, 9, PhiType::Patient),
            Span::new(14, 17, PhiType::Doctor)
        ]
    );
    let wrong_text = xml.replace("<text>Ann</text>", "<text>Bob</text>");
    let e = bioc::parse(wrong_text.as_bytes(), p())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("annotation a") && e.contains("not the text"),
        "{e}"
    );
    let entity = xml.replace("Title", "&secret;");
    let e = bioc::parse(entity.as_bytes(), p()).unwrap_err().to_string();
    assert!(e.contains("unknown entity"), "{e}");
    let unknown = xml.replace(">PATIENT<", ">DISEASE<");
    assert!(bioc::parse(unknown.as_bytes(), p()).is_err());
    // a control character XML cannot carry is refused when writing, naming where
    let bad = collection(vec![bioc::Document {
        id: "d".into(),
        text: "a\u{1}b".into(),
        ..Default::default()
    }]);
    let e = bioc::to_xml(&bad, p()).unwrap_err().to_string();
    assert!(e.contains("U+0001") && e.contains("offset 1"), "{e}");
}

#[test]
fn conll_round_trip_gives_the_same_word_tags_and_word_aligned_spans() {
    let spans = spans();
    let out = conll::to_conll([("case-1", TEXT, &spans[..]), ("empty", "", &[][..])]);
    let docs = conll::parse(&out, p()).unwrap();
    assert_eq!(docs.len(), 2);
    assert_eq!(
        (docs[0].id.as_str(), docs[1].id.as_str()),
        ("case-1", "empty")
    );
    let want: Vec<(String, String)> = conll::word_tags(TEXT, &spans)
        .into_iter()
        .map(|(t, tag)| (t.text(TEXT).to_string(), tag))
        .collect();
    assert_eq!(docs[0].words, want);
    assert!(docs[1].words.is_empty());
    // every span here starts and ends on a word: the spans come back exactly
    assert_eq!(
        conll::spans_from_tags(TEXT, &docs[0].words, p()).unwrap(),
        spans
    );
    // "12 Main St\r\nSpringfield": one span across the line break, no sentence break inside it
    assert!(
        out.contains("St\tI-STREET\nSpringfield\tI-STREET\n"),
        "{out}"
    );
    assert!(out.contains("2021\tI-DATE\n\nИван\tB-PATIENT\n"), "{out}");
    golden("case.conll", &out);
    // a CoNLL of another text is refused
    assert!(conll::spans_from_tags("other words", &docs[0].words, p()).is_err());
    let e = conll::parse("# doc_id = x\nZoë\tB-NOPE\n", p())
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 2"), "{e}");
    // -DOCSTART- documents and extra columns (CoNLL-2003) are read, first and last column
    let d = conll::parse(
        "-DOCSTART- -X- O O\n\nAnn NNP B-NP B-PATIENT\nran VBD B-VP O\n",
        p(),
    )
    .unwrap();
    assert_eq!(d[0].words[0], ("Ann".to_string(), "B-PATIENT".to_string()));
}

#[test]
fn masked_csv_round_trip_keeps_line_breaks_and_quotes() {
    let rows = [
        ("case,1", "Patient [PATIENT],\r\n\"53\" y/o 🙂"),
        ("Иван", ""),
    ];
    let bytes = masked_csv::to_csv(rows, p()).unwrap();
    let back = masked_csv::parse(&bytes, p()).unwrap();
    let want: Vec<(String, String)> = rows
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    assert_eq!(back, want);
    golden("masked.csv", std::str::from_utf8(&bytes).unwrap());
    assert!(masked_csv::parse(b"a,b\n1,2\n", p()).is_err());
}

/// Text from characters that matter here: ASCII, accents, CJK, Cyrillic, emoji (outside the
/// BMP), CR, LF, XML and CSV specials.
fn text_strategy() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop::sample::select(vec![
            'a', 'B', 'é', 'Ø', '王', 'И', '🙂', '1', ' ', ' ', '\r', '\n', '.', '&', '<', ']',
            '>', '"', ',', '\t', 'x', 'y',
        ]),
        0..80,
    )
    .prop_map(|v| v.into_iter().collect())
}

/// Non-overlapping, non-empty spans over `n` characters from random cut points.
fn spans_over(n: usize, cuts: &[(usize, usize, usize)]) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    for &(a, len, k) in cuts {
        if n == 0 {
            break;
        }
        let s = a % n;
        let e = (s + 1 + len % 6).min(n);
        if out.iter().all(|x| !x.overlaps(s, e)) {
            out.push(Span::new(s, e, PhiType::ALL[k % PhiType::ALL.len()]));
        }
    }
    out
}

proptest! {
    #[test]
    fn bioc_round_trips_random_spans(text in text_strategy(), cuts in proptest::collection::vec((0usize..100, 0usize..10, 0usize..28), 0..8)) {
        let spans = spans_over(text.chars().count(), &cuts);
        let c = collection(vec![bioc::Document { id: "d".into(), infons: vec![], text: text.clone(), spans }]);
        let xml = bioc::to_xml(&c, p()).unwrap();
        prop_assert_eq!(bioc::parse(xml.as_bytes(), p()).unwrap(), c);
    }

    #[test]
    fn brat_round_trips_random_spans(text in text_strategy(), cuts in proptest::collection::vec((0usize..100, 0usize..10, 0usize..28), 0..8)) {
        let chars: Vec<char> = text.chars().collect();
        let brk = |c: char| c == '\r' || c == '\n';
        let inside_crlf = |i: usize| i > 0 && chars[i - 1] == '\r' && chars.get(i) == Some(&'\n');
        // brat fragments never begin or end with a line break (such spans are trimmed), and
        // the .txt has one character for a CR LF: spans that begin or end with a line break
        // cannot come back exactly, and the engine's (whole words) never do
        let spans: Vec<Span> = spans_over(chars.len(), &cuts)
            .into_iter()
            .filter(|s| !brk(chars[s.start]) && !brk(chars[s.end - 1]))
            .filter(|s| !inside_crlf(s.start) && !inside_crlf(s.end))
            .collect();
        let files = brat::write(&text, &spans, p()).unwrap();
        prop_assert!(!files.txt.contains('\r'));
        prop_assert!(files.ann.lines().all(|l| l.splitn(3, '\t').count() == 3));
        let over_txt = brat::parse_ann(&files.txt, &files.ann, p()).unwrap();
        prop_assert_eq!(brat::spans_in(&text, &over_txt), spans.clone());
        // and over the exact text, CR kept
        let ann = brat::to_ann(&text, &spans, p()).unwrap();
        prop_assert_eq!(brat::parse_ann(&text, &ann, p()).unwrap(), spans);
    }

    #[test]
    fn conll_round_trips_word_tags(text in text_strategy(), cuts in proptest::collection::vec((0usize..100, 0usize..10, 0usize..28), 0..8)) {
        let spans = spans_over(text.chars().count(), &cuts);
        let out = conll::to_conll([("d", text.as_str(), &spans[..])]);
        let docs = conll::parse(&out, p()).unwrap();
        let want: Vec<(String, String)> = conll::word_tags(&text, &spans)
            .into_iter()
            .map(|(t, tag)| (t.text(&text).to_string(), tag))
            .collect();
        prop_assert_eq!(&docs[0].words, &want);
        // the spans rebuilt from the tags give the same tags again
        let rebuilt = conll::spans_from_tags(&text, &docs[0].words, p()).unwrap();
        prop_assert_eq!(conll::to_conll([("d", text.as_str(), &rebuilt[..])]), out);
    }

    #[test]
    fn conll_round_trips_word_aligned_spans_exactly(text in text_strategy(), cuts in proptest::collection::vec((0usize..100, 0usize..3, 0usize..28), 0..8)) {
        let words = tokenize(&text);
        let mut spans: Vec<Span> = Vec::new();
        let mut used = vec![false; words.len()];
        for &(a, len, k) in &cuts {
            if words.is_empty() { break; }
            let i = a % words.len();
            let j = (i + len).min(words.len() - 1);
            if used[i..=j].iter().any(|u| *u) { continue; }
            used[i..=j].iter_mut().for_each(|u| *u = true);
            spans.push(Span::new(words[i].start, words[j].end, PhiType::ALL[k % 28]));
        }
        spans.sort();
        let out = conll::to_conll([("d", text.as_str(), &spans[..])]);
        let docs = conll::parse(&out, p()).unwrap();
        prop_assert_eq!(conll::spans_from_tags(&text, &docs[0].words, p()).unwrap(), spans);
    }

    #[test]
    fn masked_csv_round_trips(rows in proptest::collection::vec((text_strategy(), text_strategy()), 0..5)) {
        let bytes = masked_csv::to_csv(rows.iter().map(|(a, b)| (a.as_str(), b.as_str())), p()).unwrap();
        prop_assert_eq!(masked_csv::parse(&bytes, p()).unwrap(), rows);
    }
}
