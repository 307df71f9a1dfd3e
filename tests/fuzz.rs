//! Fuzz targets on a stable toolchain (cargo-fuzz needs nightly, which is not installable here):
//! proptest generates inputs, shrinks any failure to a minimal one and reports it; a panic is a
//! failure. One target per parser (i2b2 XML, CSV, plain-text decoding) and for the whole
//! de-identification, whose output must keep the invariants of `tests/common/invariants.rs`.
//!
//! CI runs a bounded number of cases per target (256, or `DEID_FUZZ_CASES`). A long run:
//!
//! ```sh
//! DEID_FUZZ_CASES=10000000 cargo test --release --test fuzz -- --test-threads=2
//! ```
//!
//! Every failure found goes into `tests/fixtures/fuzz-regressions/` (see its README).

mod common;

use common::invariants::check_invariants;
use deid::deidentify::{Deidentifier, Mode};
use deid::input::{discover, CsvColumns};
use deid::model::{DeepModel, Provider};
use deid::rules::RuleEngine;
use proptest::prelude::*;
use std::path::Path;
use std::sync::OnceLock;

fn cases(default: u32) -> ProptestConfig {
    let n = std::env::var("DEID_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases: n,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn rules_only() -> &'static Deidentifier {
    static D: OnceLock<Deidentifier> = OnceLock::new();
    D.get_or_init(|| Deidentifier::rules_only(RuleEngine::embedded()))
}

fn hybrid() -> &'static Deidentifier {
    static D: OnceLock<Deidentifier> = OnceLock::new();
    D.get_or_init(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(deid::model::DEFAULT_MODEL_DIR);
        let model = DeepModel::load(&dir, Provider::Cpu).expect("the shipped model loads");
        Deidentifier::with_model(RuleEngine::embedded(), model, Mode::Hybrid)
    })
}

/// Pieces of narrative that have broken engines: multi-byte characters next to numbers,
/// patterns glued to words, scripts, separators, line ends.
const FRAGMENTS: &[&str] = &[
    "Café",
    "3/25",
    "the patient’s",
    "José-45",
    "year old",
    "93to95",
    "45to12/26/2020",
    "age",
    "aged",
    "yo",
    "12.03.1957",
    "1957-03-12",
    "12-MAR-2021",
    "23Dec2020",
    "Иван Петров",
    "王小明",
    "محمد",
    "Γιώργος",
    "דוד",
    "Ødegård",
    "e\u{301}",
    "😀",
    "👩‍⚕️",
    "\u{a0}",
    "\r\n",
    "\t",
    " ",
    ", ",
    ". ",
    "-",
    "/",
    "'",
    "(555) 123-4567",
    "+46 70 123 45 67",
    "Dr.",
    "MRN",
    "US-PFIZER INC-2020503871",
    "SE-MPA-2021-012345",
    "ul. Floriańska 22",
    "Schillerstraße 7",
    "31-008",
    "on",
    "in her 30s",
    "Boston, MA 02118",
    "x@y.org",
    "http://a.b/c",
    "Christmas Eve",
    "and",
    "29th",
    "फ़रवरी",
    "٢٠٢١",
    "３月",
    "]]>",
    "&amp;",
    // the world's dates around ordinals and abbreviations (a crash: "sáb, 15th of May")
    "sáb,",
    "15th of May",
    "søn.",
    "пт,",
    "H3.12.2",
    "28 ago",
    "26.2.",
    "Th 7,",
    "tháng 12",
    "Verkehrstechniker*in",
    // the seventh session's forms: ranges after a day's period, short years first, spaced
    // periods, two marks after a weekday, scripts' two-letter months, Romance connectors,
    // inverted titles, a number sign, an underscore in an id
    "2.8.-4",
    "93.08.30",
    "8. 8. 2015",
    "sex., 30",
    "So., 19. Feb.",
    "19 मई",
    "4 de sept",
    "Surveyor, rural practice, who is the patient's",
    "N° 28",
    "CA-HEALTH CANADA-E2B_1379",
    // the eighth session's forms, two of which crashed: a title's next words compared by bytes
    // ("a médecin spécialiste"), a month's name cut inside a letter ("Kü-14 Dec")
    "mother, a médecin spécialiste",
    "Kü",
    "-14 Dec",
    "April-14Apr2024",
    "DecemberAND21.12.",
    "giuAND30",
    "tirs. den 9.",
    "last tis that was",
    "pt., 4",
    "الجمعة،",
    "on Th 6",
    "(Do.)",
    ", dim.,",
    "6-Jan-21",
    "on the 5 but",
    "we Wrocławiu",
    "nr 20 w Łodzi",
    "Región de Ñuble",
    "Bogotá D.C.",
    "People's Republic of China",
    "Agrartechniker*in (Tierproduktion) (Hausarzt).",
    // session 23's readings
    "and mer 21 mag.",
    "10 अक्टू॰",
    "7 जुल॰ 2021",
    "in Co. Kerry",
    "(CONTRACTING) (PATIENT)",
    "(consulting) reporting for herself",
    "Professor de artes visuais no ensino",
    "Zona No. 15 IMSS",
    "ROSTOV-ON-DON",
    "Gangwon-do",
    "First People's Hospital",
    "19. 4. with",
    "2002. febr.",
    "6 Eki 2022 Per (2",
    "segunda-feira @",
    "COVID Ago 15 in",
    "Aug 27 OR 29 ago",
    "home to TN",
    "FRANKFURT AM MAIN",
    "on the nob 15",
    "vara 2003",
    "tél 2002",
    "2012. febr. 9., Cs (",
    "Th 2, ngày 9",
    "Dis 17, 2008",
    "TO THE RIKSHOSPITALET.",
    "occurred 810309 PM",
    "Cerrahpaşa Tıp Fakültesi Hastanesi",
    "in the Norge.",
    "on the 8th and 9.3.",
    "EITHER 11th June OR 13.6.",
    "and 27 dic.",
    "Scientist, research (medical) (patient)",
    "a máquina na (patient)",
];

fn narrative() -> impl Strategy<Value = String> {
    prop_oneof![
        // arbitrary printable Unicode
        "\\PC{0,120}",
        // fragments glued with or without separators
        prop::collection::vec(
            (
                prop::sample::select(FRAGMENTS),
                prop::sample::select(&["", " ", "", "-", "\u{2019}", "9"][..])
            ),
            0..24
        )
        .prop_map(|parts| parts.into_iter().map(|(a, b)| format!("{a}{b}")).collect()),
    ]
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn rules_only_deidentification_keeps_the_invariants(text in narrative()) {
        let ann = rules_only().annotate(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_invariants(&text, &ann.spans, true).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn i2b2_reader_never_panics(
        text in narrative(),
        start in 0usize..40,
        len in 0usize..40,
        cut in 0usize..400,
        junk in "\\PC{0,8}",
    ) {
        let end = start + len;
        let xml = format!(
            "<?xml version=\"1.0\"?><deIdi2b2><TEXT><![CDATA[{text}]]></TEXT><TAGS>\
             <DATE id=\"P0\" start=\"{start}\" end=\"{end}\" text=\"{junk}\" TYPE=\"DATE\" />\
             </TAGS></deIdi2b2>"
        );
        // whole, truncated anywhere, and with junk spliced in
        let mut cut_at = cut.min(xml.len());
        while !xml.is_char_boundary(cut_at) { cut_at -= 1; }
        for candidate in [xml.clone(), xml[..cut_at].to_string(), format!("{}{junk}{}", &xml[..cut_at], &xml[cut_at..])] {
            let _ = deid::i2b2::parse(candidate.as_bytes(), Path::new("fuzz.xml"));
        }
    }

    #[test]
    fn csv_reader_never_panics(cells in prop::collection::vec("[^\u{0}]{0,12}|\"|,|;|\r\n|\n", 0..30), header in prop::bool::ANY) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.csv");
        let mut body = if header { "id,text\n".to_string() } else { String::new() };
        body.push_str(&cells.concat());
        std::fs::write(&path, body).unwrap();
        if let Ok(jobs) = discover(&path, &CsvColumns::default()) {
            for j in jobs {
                let _ = j.read(1 << 20);
            }
        }
    }

    #[test]
    fn text_decoding_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = deid::input::decode_text(Path::new("fuzz.txt"), bytes);
    }

    #[test]
    fn e2b_reader_gives_back_the_narrative_and_never_panics(
        text in narrative(),
        r2 in prop::bool::ANY,
        cut in 0usize..600,
        junk in "\\PC{0,8}",
    ) {
        // the narrative escaped as an E2B writer would (CR as &#13;, which parsers keep)
        let escaped: String = text.chars().map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '\r' => "&#13;".to_string(),
            c => c.to_string(),
        }).collect();
        let xml = if r2 {
            format!("<ichicsr><safetyreport><safetyreportid>F-1</safetyreportid><patient><summary>\
                     <narrativeincludeclinical>{escaped}</narrativeincludeclinical></summary></patient>\
                     </safetyreport></ichicsr>")
        } else {
            format!("<MCCI_IN200100UV01 xmlns=\"urn:hl7-org:v3\"><PORR_IN049016UV><investigationEvent>\
                     <id extension=\"F-1\" root=\"2.16.840.1.113883.3.989.2.1.3.1\"/><text>{escaped}</text>\
                     </investigationEvent></PORR_IN049016UV></MCCI_IN200100UV01>")
        };
        let xml_chars = text.chars().all(|c| matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..));
        let parsed = deid::input::e2b::parse(xml.as_bytes(), Path::new("fuzz.xml"));
        if !xml_chars {
            prop_assert!(parsed.is_err(), "a character XML 1.0 forbids fails the file");
            return Ok(());
        }
        let (_, reports) = parsed.map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(reports.len(), 1);
        prop_assert_eq!(reports[0].id.as_deref(), Some("F-1"));
        if !text.trim().is_empty() {
            prop_assert_eq!(reports[0].narrative.as_deref(), Ok(text.as_str()));
        } else {
            prop_assert!(reports[0].narrative.is_err());
        }
        let mut cut_at = cut.min(xml.len());
        while !xml.is_char_boundary(cut_at) { cut_at -= 1; }
        for candidate in [xml[..cut_at].to_string(), format!("{}{junk}{}", &xml[..cut_at], &xml[cut_at..])] {
            let _ = deid::input::e2b::parse(candidate.as_bytes(), Path::new("fuzz.xml"));
            let _ = deid::input::e2b::sniff_bytes(candidate.as_bytes());
        }
    }
}

proptest! {
    // ONNX Runtime per case: fewer cases by default
    #![proptest_config(cases(48))]

    #[test]
    fn hybrid_deidentification_keeps_the_invariants(text in narrative()) {
        let ann = hybrid().annotate(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        check_invariants(&text, &ann.spans, false).map_err(TestCaseError::fail)?;
    }
}
