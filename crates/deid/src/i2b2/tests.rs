//! Unit tests of the i2b2 reader and writer.

use super::read::phi_type;
use super::*;
use crate::phi::PhiType;

fn p() -> &'static Path {
    Path::new("t.xml")
}

#[test]
fn writes_the_documented_format() {
    let doc = document_from_spans(
        "On dec 22, Bob".into(),
        &[
            Span::new(3, 9, PhiType::Date),
            Span::new(11, 14, PhiType::Patient),
        ],
    );
    let xml = to_xml(&doc).unwrap();
    assert_eq!(
        xml,
        "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<deIdi2b2>\n<TEXT><![CDATA[On dec 22, Bob]]></TEXT>\n<TAGS>\n\
         <DATE id=\"P0\" start=\"3\" end=\"9\" text=\"dec 22\" TYPE=\"DATE\" comment=\"\" />\n\
         <NAME id=\"P1\" start=\"11\" end=\"14\" text=\"Bob\" TYPE=\"PATIENT\" comment=\"\" />\n\
         </TAGS>\n</deIdi2b2>\n"
    );
    assert_eq!(parse(xml.as_bytes(), p()).unwrap(), doc);
}

#[test]
fn carriage_returns_and_cdata_ends_survive() {
    let text = "a\r\nb\rc]]>d\t\u{1F600}é&<>\"'";
    let doc = document_from_spans(text.into(), &[Span::new(1, 6, PhiType::City)]);
    let xml = to_xml(&doc).unwrap();
    assert!(xml.contains("a]]>&#13;<![CDATA[\nb]]>&#13;<![CDATA[c]]]]><![CDATA[>d"));
    assert!(xml.contains("text=\"&#13;&#10;b&#13;c\""));
    assert_eq!(parse(xml.as_bytes(), p()).unwrap(), doc);
}

#[test]
fn reader_normalises_raw_line_ends_but_keeps_references() {
    let xml = "<r><TEXT>a\r\nb\rc&#13;d<![CDATA[e\r\nf]]>&amp;</TEXT><TAGS>\
               <DATE id=\"P0\" start=\"2\" end=\"3\" text=\"b\" TYPE=\"DATE\"/></TAGS></r>";
    let doc = parse(xml.as_bytes(), p()).unwrap();
    assert_eq!(doc.text, "a\nb\nc\rde\nf&");
    assert_eq!(doc.tags[0].comment, "");
}

#[test]
fn accepts_i2b2_2014_variants_and_fills_missing_text() {
    assert_eq!(
        phi_type("LOCATION", Some("LOCATION-OTHER")),
        Some(PhiType::LocationOther)
    );
    assert_eq!(phi_type("LOCATION", Some("ROOM")), Some(PhiType::Hospital));
    assert_eq!(phi_type("AGE", None), Some(PhiType::Age));
    assert_eq!(phi_type("PHI", Some("city")), Some(PhiType::City));
    assert_eq!(phi_type("NAME", None), None);
    assert_eq!(phi_type("NAME", Some("CITY")), None);
    let xml = "<deIdi2b2><TEXT><![CDATA[Seen in Boston]]></TEXT><TAGS>\
               <LOCATION id=\"P0\" start=\"8\" end=\"14\" TYPE=\"CITY\"/></TAGS></deIdi2b2>";
    let doc = parse(xml.as_bytes(), p()).unwrap();
    assert_eq!(doc.tags[0].text, "Boston");
}

#[test]
fn to_xml_rejects_unrepresentable_characters_and_bad_tags() {
    let doc = document_from_spans("ab\u{1}c".into(), &[]);
    let msg = to_xml(&doc).unwrap_err().to_string();
    assert!(msg.contains("U+0001") && msg.contains("offset 2"), "{msg}");
    let doc = document_from_spans(
        "abcdef".into(),
        &[
            Span::new(0, 3, PhiType::Date),
            Span::new(2, 4, PhiType::Age),
        ],
    );
    let msg = to_xml(&doc).unwrap_err().to_string();
    assert!(
        msg.contains("P0") && msg.contains("P1") && msg.contains("overlap"),
        "{msg}"
    );
    let doc = document_from_spans("abc".into(), &[Span::new(1, 9, PhiType::Date)]);
    assert!(to_xml(&doc)
        .unwrap_err()
        .to_string()
        .contains("past the end"));
}

#[test]
fn line_and_column_count_characters() {
    assert_eq!(line_col("ab\néé<", 7), "line 2, column 3");
    assert_eq!(line_col("a\r\nb\rc", 6), "line 3, column 2");
}
