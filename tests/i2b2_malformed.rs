//! Malformed and invalid i2b2 files: every error names the file and a line/column, and says
//! what is wrong in words a user can act on.

use deid::i2b2;
use deid::{Error, PhiType};
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/xml")
        .join(name)
}

/// Reads a fixture that must fail; checks the variant, the file name and the position, and
/// returns the message.
fn fails_at(name: &str, position: &str) -> String {
    let path = fixture(name);
    let err = i2b2::read_file(&path).expect_err(name);
    let shown = err.to_string();
    assert!(
        shown.contains(name),
        "{name}: message does not name the file: {shown}"
    );
    match &err {
        Error::Xml {
            path: p,
            position: pos,
            ..
        } => {
            assert_eq!(p, &path);
            assert_eq!(pos, position, "{name}: {shown}");
        }
        other => panic!("{name}: expected Error::Xml, got {other:?}"),
    }
    shown
}

#[test]
fn unclosed_root_element() {
    let msg = fails_at("unclosed.xml", "line 7, column 1");
    assert!(
        msg.contains("<deIdi2b2>") && msg.contains("not closed"),
        "{msg}"
    );
    assert!(
        msg.contains("line 2, column 1"),
        "names where it was opened: {msg}"
    );
}

#[test]
fn unknown_entity() {
    let msg = fails_at("bad_entity.xml", "line 3, column 13");
    assert!(msg.contains("&nbsp;"), "{msg}");
}

#[test]
fn missing_text_element() {
    let msg = fails_at("missing_text.xml", "line 7, column 1");
    assert!(msg.contains("no <TEXT>"), "{msg}");
}

#[test]
fn plain_text_is_not_xml() {
    let msg = fails_at("not_xml.xml", "line 1, column 1");
    assert!(
        msg.contains("not an XML file") || msg.contains("XML"),
        "{msg}"
    );
}

#[test]
fn invalid_utf8() {
    // "Caf\xE9" in Latin-1: the bad byte is the 4th character of the TEXT content
    let msg = fails_at("latin1.xml", "line 3, column 19");
    assert!(msg.contains("UTF-8"), "{msg}");
}

#[test]
fn mismatched_end_tag() {
    let msg = fails_at("mismatched_end.xml", "line 6, column 1");
    assert!(msg.contains("TAGS") && msg.contains("TAG"), "{msg}");
}

#[test]
fn text_attribute_that_differs_from_the_text() {
    let msg = fails_at("text_mismatch.xml", "line 6, column 1");
    assert!(msg.contains("P1") && msg.contains("15..17"), "{msg}");
    // where, never what: neither the attribute's nor the TEXT's characters are shown
    assert!(!msg.contains("35") && !msg.contains("53"), "{msg}");
    assert!(msg.contains("differs"), "{msg}");
}

#[test]
fn overlapping_tags_name_both_ids() {
    let msg = fails_at("overlap.xml", "line 6, column 1");
    assert!(
        msg.contains("P0") && msg.contains("P1") && msg.contains("overlap"),
        "{msg}"
    );
}

#[test]
fn unknown_tag_type_pair() {
    let msg = fails_at("unknown_type.xml", "line 5, column 1");
    assert!(
        msg.contains("P0") && msg.contains("NAME") && msg.contains("CITY"),
        "{msg}"
    );
}

#[test]
fn offsets_past_the_end() {
    let msg = fails_at("out_of_range.xml", "line 5, column 1");
    assert!(
        msg.contains("P0") && msg.contains("40") && msg.contains("12 characters"),
        "{msg}"
    );
}

#[test]
fn missing_file_is_an_io_error_naming_it() {
    let path = fixture("does_not_exist.xml");
    let err = i2b2::read_file(&path).unwrap_err();
    assert!(matches!(err, Error::Io { .. }));
    assert!(err.to_string().contains("does_not_exist.xml"));
}

#[test]
fn more_malformed_inputs_from_memory() {
    let p = Path::new("mem.xml");
    let cases: &[(&str, &str, &str)] = &[
        ("", "line 1, column 1", "no root element"),
        ("<r><TEXT>a\u{1}b</TEXT></r>", "line 1, column 11", "U+0001"),
        ("<r><TEXT>a&#1;b</TEXT></r>", "line 1, column 11", "U+0001"),
        ("<r><TEXT>a &amp b</TEXT></r>", "line 1, column 12", ""),
        ("<r><TEXT>a</TEXT><TEXT>b</TEXT></r>", "line 1, column 18", "second <TEXT>"),
        ("<r><TEXT>a<b>c</b></TEXT></r>", "line 1, column 11", "inside <TEXT>"),
        ("<r><TEXT>a</TEXT></r><r/>", "line 1, column 22", "second root"),
        ("<r><TEXT>ab</TEXT><TAGS><DATE id=\"P0\" start=\"x\" end=\"1\"/></TAGS></r>", "line 1, column 25", "start=\"x\""),
        ("<r><TEXT>ab</TEXT><TAGS><DATE id=\"P0\" end=\"1\"/></TAGS></r>", "line 1, column 25", "no start"),
        ("<r><TEXT>ab</TEXT><TAGS><NAME id=\"P0\" start=\"0\" end=\"1\"/></TAGS></r>", "line 1, column 25", "no TYPE"),
        ("<r><TEXT>ab</TEXT><TAGS><DATE start=\"1\" end=\"0\"/></TAGS></r>", "line 1, column 25", "tag #1"),
        ("<r>\r\n<TEXT>ab</TEXT>\r\n<TAGS><DATE id=\"P9\" start=\"0\" end=\"1\" text=\"b\"/></TAGS></r>", "line 3, column 7", "P9"),
    ];
    for (xml, position, needle) in cases {
        let err = i2b2::parse(xml.as_bytes(), p).expect_err(xml);
        let msg = err.to_string();
        assert!(msg.starts_with("mem.xml: "), "{xml}: {msg}");
        assert!(msg.contains(position), "{xml}: wanted {position}: {msg}");
        assert!(msg.contains(needle), "{xml}: wanted {needle:?}: {msg}");
    }
}

#[test]
fn an_i2b2_2014_style_file_reads() {
    let doc = i2b2::read_file(&fixture("i2b2_2014_style.xml")).unwrap();
    assert!(doc
        .text
        .starts_with("Record date: 2067-05-03\n\nDr. Xavier"));
    let kinds: Vec<PhiType> = doc.tags.iter().map(|t| t.span.kind).collect();
    assert_eq!(
        kinds,
        [
            PhiType::Date,
            PhiType::Doctor,
            PhiType::Patient,
            PhiType::Age,
            PhiType::Hospital,
            PhiType::Hospital, // LOCATION/ROOM
            PhiType::Phone
        ]
    );
    assert_eq!(doc.tags[5].text, "4B");
}

#[test]
fn raw_line_breaks_in_a_text_attribute_are_accepted() {
    // other tools write the tag text with a raw line break, which parsers read as a space
    let xml = "<r><TEXT><![CDATA[Ulla\r\nQuinn]]></TEXT><TAGS>\
               <NAME id=\"P0\" start=\"0\" end=\"10\" text=\"Ulla\r\nQuinn\" TYPE=\"PATIENT\"/></TAGS></r>";
    let doc = i2b2::parse(xml.as_bytes(), Path::new("m.xml")).unwrap();
    assert_eq!(doc.text, "Ulla\nQuinn");
    assert_eq!(doc.tags[0].text, "Ulla\nQuinn");
}
