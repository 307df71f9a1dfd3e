//! E2B ICSR XML (R3 and R2) through the real `deid annotate` command and the engine's reader:
//! one output per safety report, named by its id, offsets into the exact narrative; bad files
//! and bad reports named, never quoted; DTD entities never expanded. Fixtures (invented
//! content): `tests/fixtures/e2b/`, see its `SOURCES.md`.

use deid::input::e2b::{self, Version};
use deid::Error;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/e2b")
        .join(name)
}

fn annotate(input: &Path, out: &Path, format: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deid"))
        .args(["annotate", "--rules-only", "--quiet", "--format", format])
        .arg(input)
        .arg("--out")
        .arg(out)
        .output()
        .expect("deid runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn outputs(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

/// The JSONL output of one report: its id, text and spans, each span checked against the text
/// by code points.
fn jsonl(path: &Path) -> (String, String, Vec<(String, String)>) {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let text = v["text"].as_str().unwrap().to_string();
    let chars: Vec<char> = text.chars().collect();
    let mut spans = Vec::new();
    for s in v["spans"].as_array().unwrap() {
        let (start, end) = (s["start"].as_u64().unwrap(), s["end"].as_u64().unwrap());
        let slice: String = chars[start as usize..end as usize].iter().collect();
        assert_eq!(slice, s["text"].as_str().unwrap(), "offsets in code points");
        spans.push((slice, s["type"].as_str().unwrap().to_string()));
    }
    (v["id"].as_str().unwrap().to_string(), text, spans)
}

const R3_SINGLE: &str =
    "Patient Åsa Lindqvist, 67 years, seen by Dr. Henrik Bergström at Solbacka \
vårdcentral on 3 March 2026 for rash & fever <39 °C after amoxicillin.\r\nRecovered on \
10/03/2026. Phone 070-123 45 67.";

#[test]
fn an_r3_report_is_one_document_named_by_its_safety_report_id() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["jsonl", "i2b2"] {
        let out = dir.path().join(format);
        let run = annotate(&fixture("r3_single.xml"), &out, format);
        assert!(run.status.success(), "{}", stderr(&run));
        let ext = if format == "jsonl" { "jsonl" } else { "xml" };
        assert_eq!(outputs(&out), [format!("SE-MPA-2026-004711.{ext}")]);
    }
    let (id, text, spans) = jsonl(&dir.path().join("jsonl/SE-MPA-2026-004711.jsonl"));
    assert_eq!(id, "SE-MPA-2026-004711");
    // H.1 only (not the reporter's comment), entities decoded, &#13;&#10; kept as CR LF
    assert_eq!(text, R3_SINGLE);
    for (word, ty) in [
        ("Åsa Lindqvist", "PATIENT"),
        ("3 March 2026", "DATE"),
        ("10/03/2026", "DATE"),
    ] {
        assert!(
            spans.contains(&(word.into(), ty.into())),
            "{word} in {spans:?}"
        );
    }
    // the i2b2 output carries the same text, exactly, through any XML parser
    let xml = std::fs::read(dir.path().join("i2b2/SE-MPA-2026-004711.xml")).unwrap();
    let doc = deid::i2b2::parse(&xml, Path::new("out.xml")).unwrap();
    assert_eq!(doc.text, R3_SINGLE);
    assert!(doc.tags.iter().any(|t| t.text == "Henrik Bergström"));
}

#[test]
fn an_r3_batch_gives_one_document_per_report() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let run = annotate(&fixture("r3_batch.xml"), &out, "jsonl");
    assert!(run.status.success(), "{}", stderr(&run));
    // the second report has no C.1.1: its worldwide unique case id (C.1.8.1) names it
    assert_eq!(
        outputs(&out),
        [
            "DE-PEI-2026-555000.jsonl",
            "FR-ANSM-2026-000123.jsonl",
            "FR-ANSM-2026-000124.jsonl"
        ]
    );
    let (_, first, spans) = jsonl(&out.join("FR-ANSM-2026-000123.jsonl"));
    assert!(first.starts_with("A 45-year-old woman, Mme Claire Dubois-Fontaine"));
    assert!(
        first.contains("12/01/2026.\nAnaphylaxis"),
        "CDATA kept verbatim"
    );
    assert!(
        spans
            .iter()
            .any(|(w, t)| w == "claire.df@example.org" && t == "EMAIL"),
        "{spans:?}"
    );
    let (_, second, _) = jsonl(&out.join("DE-PEI-2026-555000.jsonl"));
    assert!(second.starts_with("Herr Jürgen Oberholzer") && second.contains("😀"));
    let (_, third, _) = jsonl(&out.join("FR-ANSM-2026-000124.jsonl"));
    assert_eq!(
        third,
        "Second report for the same sender: Mr Tomás Ferreira, 81, dizzy on 5 Feb 2026."
    );
}

#[test]
fn an_r2_file_in_iso_8859_1_with_two_reports() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    // the file names an external DTD (never fetched) and declares ISO-8859-1
    let run = annotate(&fixture("r2_two_reports.xml"), &out, "jsonl");
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(
        outputs(&out),
        ["ES-AEMPS-2026-100200.jsonl", "ES-AEMPS-2026-100201.jsonl"]
    );
    let (_, text, spans) = jsonl(&out.join("ES-AEMPS-2026-100200.jsonl"));
    assert!(
        text.starts_with("Paciente María José Gutiérrez Peña, 58 años"),
        "{text}"
    );
    assert!(
        !text.contains("reporter comment"),
        "narrativeincludeclinical only"
    );
    assert!(spans.iter().any(|(w, _)| w == "14/10/2026"), "{spans:?}");
    let (_, text, _) = jsonl(&out.join("ES-AEMPS-2026-100201.jsonl"));
    assert_eq!(
        text,
        "Sr. Luis Sáenz, DNI 12345678Z, presented with angioedema on 2 Nov 2026 & recovered."
    );
}

#[test]
fn a_report_with_an_empty_narrative_fails_alone() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let run = annotate(&fixture("r3_empty_narrative.xml"), &out, "i2b2");
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(1), "as for other bad input: {err}");
    for report in ["NL-LRB-2026-00043", "NL-LRB-2026-00044"] {
        let line = err
            .lines()
            .find(|l| l.contains(report))
            .unwrap_or_else(|| panic!("{report} not reported:\n{err}"));
        assert!(line.contains("r3_empty_narrative.xml") && line.contains("empty case narrative"));
    }
    assert_eq!(outputs(&out), ["NL-LRB-2026-00042.xml"]);
    assert!(!err.contains("Anke") && !err.contains("palpitations"));
}

#[test]
fn a_malformed_file_is_named_with_the_place_and_no_text() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let run = annotate(&fixture("malformed.xml"), &out, "i2b2");
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert!(
        err.contains("malformed.xml: malformed E2B XML at line 22"),
        "{err}"
    );
    assert!(
        !err.contains("i2b2"),
        "an E2B file is not judged as i2b2: {err}"
    );
    assert!(!err.contains("Jane") && !err.contains("Roe"), "{err}");
    assert!(outputs(&out).is_empty());
}

#[test]
fn dtd_entities_are_refused_never_expanded() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let run = annotate(&fixture("doctype_entity.xml"), &out, "jsonl");
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert!(
        err.contains("doctype_entity.xml: refused at line 2"),
        "{err}"
    );
    assert!(outputs(&out).is_empty());
    assert!(!err.contains("root:"), "nothing of /etc/passwd");
    // without a DTD, an entity reference is refused as well
    let bare = std::fs::read_to_string(fixture("doctype_entity.xml")).unwrap();
    let start = bare.find("<!DOCTYPE").unwrap();
    let end = bare.find("]>").unwrap() + 2;
    let bare = format!("{}{}", &bare[..start], &bare[end..]);
    let err = e2b::parse(bare.as_bytes(), Path::new("bare.xml"))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("bare.xml: refused at line") && err.contains("&xxe;"),
        "{err}"
    );
}

#[test]
fn a_folder_mixes_e2b_i2b2_and_text_and_ids_stay_unique() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    std::fs::copy(fixture("r3_single.xml"), input.join("a.xml")).unwrap();
    std::fs::copy(fixture("r3_single.xml"), input.join("b.xml")).unwrap(); // same report id
    std::fs::write(
        input.join("gold.xml"),
        "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<deIdi2b2><TEXT><![CDATA[Seen on 12/26/2020.]]></TEXT><TAGS></TAGS></deIdi2b2>",
    )
    .unwrap();
    std::fs::write(input.join("note.txt"), "Fever on 12/26/2020.").unwrap();
    let out = dir.path().join("out");
    let run = annotate(&input, &out, "i2b2");
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(
        outputs(&out),
        [
            "SE-MPA-2026-004711.xml",
            "SE-MPA-2026-004711_2.xml",
            "gold.xml",
            "note.xml"
        ]
    );
}

#[test]
fn a_report_named_like_its_own_file_never_replaces_it() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("SE-MPA-2026-004711.xml");
    std::fs::copy(fixture("r3_single.xml"), &input).unwrap();
    let before = std::fs::read(&input).unwrap();
    // refused before anything is written, as for any XML input in the output folder
    let run = annotate(&input, dir.path(), "i2b2");
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(err.contains("would overwrite this input"), "{err}");
    assert_eq!(std::fs::read(&input).unwrap(), before);
}

#[test]
fn sniffing_tells_e2b_from_i2b2() {
    assert_eq!(e2b::sniff(&fixture("r3_single.xml")), Some(Version::R3));
    assert_eq!(
        e2b::sniff(&fixture("r2_two_reports.xml")),
        Some(Version::R2)
    );
    assert_eq!(
        e2b::sniff(&fixture("doctype_entity.xml")),
        Some(Version::R2)
    );
    let i2b2 = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/xml/i2b2_2014_style.xml");
    assert_eq!(e2b::sniff(&i2b2), None);
    // a single PORR message with a namespace prefix
    let single = b"<?xml version=\"1.0\"?><hl7:PORR_IN049016UV xmlns:hl7=\"urn:hl7-org:v3\"/>";
    assert_eq!(e2b::sniff_bytes(single), Some(Version::R3));
}

fn r3(text_xml: &str) -> String {
    format!(
        "<PORR_IN049016UV xmlns=\"urn:hl7-org:v3\"><controlActProcess><subject>\
         <investigationEvent><id extension=\"T-1\" root=\"2.16.840.1.113883.3.989.2.1.3.1\"/>\
         {text_xml}</investigationEvent></subject></controlActProcess></PORR_IN049016UV>"
    )
}

#[test]
fn line_ends_and_encodings_as_a_conforming_parser_reads_them() {
    let p = Path::new("t.xml");
    let read = |bytes: &[u8]| -> Vec<e2b::Report> { e2b::parse(bytes, p).unwrap().1 };
    // a raw CR LF in the file is one LF (XML 1.0 §2.11); &#13;&#10; is CR LF
    let r = read(r3("<text>a\r\nb&#13;&#10;c</text>").as_bytes());
    assert_eq!(r[0].id.as_deref(), Some("T-1"));
    assert_eq!(r[0].narrative.as_deref(), Ok("a\nb\r\nc"));
    // UTF-16 with its byte order mark
    let mut utf16 = vec![0xFF, 0xFE];
    for u in r3("<text>Zoë</text>").encode_utf16() {
        utf16.extend_from_slice(&u.to_le_bytes());
    }
    assert_eq!(read(&utf16)[0].narrative.as_deref(), Ok("Zoë"));
    // Windows-1252 when declared (`@` and `#` stand for the bytes of ë and €)
    let to_cp = |b: u8| match b {
        b'@' => 0xEB,
        b'#' => 0x80,
        b => b,
    };
    let mut cp = b"<?xml version=\"1.0\" encoding=\"windows-1252\"?>".to_vec();
    cp.extend(r3("<text>Zo@ #</text>").bytes().map(to_cp));
    assert_eq!(read(&cp)[0].narrative.as_deref(), Ok("Zoë €"));
    // the same byte in a file said to be UTF-8 is an encoding error at its offset
    let bad: Vec<u8> = r3("<text>Zo@</text>").bytes().map(to_cp).collect();
    let at = bad.iter().position(|&b| b == 0xEB).unwrap();
    assert!(matches!(e2b::parse(&bad, p), Err(Error::Encoding { offset, .. }) if offset == at));
    // binary, an unknown encoding, markup inside the narrative, two roots
    assert!(matches!(
        e2b::parse(b"<ichicsr>\0</ichicsr>", p),
        Err(Error::Binary { .. })
    ));
    let unknown = format!(
        "<?xml version=\"1.0\" encoding=\"x-klingon\"?>{}",
        r3("<text>a</text>")
    );
    let err = e2b::parse(unknown.as_bytes(), p).unwrap_err().to_string();
    assert!(err.contains("x-klingon"), "{err}");
    let r = read(r3("<text>a <b>bold</b> c</text>").as_bytes());
    assert!(
        r[0].narrative.as_ref().unwrap_err().contains("<b>"),
        "{r:?}"
    );
    let err = e2b::parse(format!("{}<x/>", r3("<text>a</text>")).as_bytes(), p).unwrap_err();
    assert!(err.to_string().contains("second root element"), "{err}");
    // a message without any report
    let err = e2b::parse(b"<ichicsr><ichicsrmessageheader/></ichicsr>", p).unwrap_err();
    assert_eq!(
        err.to_string(),
        "t.xml: no <safetyreport> in the <ichicsr> message"
    );
}
