//! Exports of a corpus: i2b2 2014 XML (the gold for training), masked text and JSON lines.

use super::{parse_spans, store_err, CorpusId, Ctx, DocId, GoldSpan, Judgment, Status, Store};
use crate::error::{Error, Result};
use crate::fsutil::{write_atomic, Durability};
use crate::i2b2::{document_from_spans, write_file};
use crate::masking::mask_text;
use crate::phi::Span;
use crate::tokenize::OffsetMap;
use serde::Serialize;
use std::collections::HashSet;
use std::path::Path;

/// One narrative as exported: the current gold (the pre-annotation while there is no gold).
struct ExportDoc {
    id: DocId,
    external_id: String,
    status: Status,
    text: String,
    gold: Vec<GoldSpan>,
    gold_edited: bool,
    /// Whether it has gold or a pre-annotation at all.
    annotated: bool,
    judgment: Option<Judgment>,
}

#[derive(Serialize)]
struct JsonLine<'a> {
    id: &'a str,
    doc: DocId,
    status: Status,
    text: &'a str,
    gold: &'a [GoldSpan],
    gold_edited: bool,
    judgment: Option<&'a Judgment>,
}

/// A file name from an external id: ASCII letters, digits, `-`, `_` and `.` kept, anything else
/// `_`, no leading dot, at most 120 characters; names already used (ignoring case) get `_<id>`.
fn file_stem(external_id: &str, id: DocId, used: &mut HashSet<String>) -> String {
    let mut stem: String = external_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .take(120)
        .collect();
    stem = stem.trim_start_matches('.').to_string();
    const RESERVED: [&str; 4] = ["con", "prn", "aux", "nul"];
    let lower = stem.to_ascii_lowercase();
    if stem.is_empty()
        || RESERVED.contains(&lower.as_str())
        || lower.starts_with("com") && lower.len() == 4
        || lower.starts_with("lpt") && lower.len() == 4
    {
        stem = format!("doc{id}_{stem}");
    }
    if !used.insert(stem.to_ascii_lowercase()) {
        stem = format!("{stem}_{id}");
        used.insert(stem.to_ascii_lowercase());
    }
    stem
}

impl Store {
    fn export_docs(
        &self,
        corpus: CorpusId,
        only_done: bool,
        mut f: impl FnMut(ExportDoc) -> Result<()>,
    ) -> Result<usize> {
        self.check_corpus(corpus)?;
        let path = &self.path;
        let mut stmt = self
            .conn
            .prepare(
                "SELECT d.id, d.external_id, d.status, t.text,
                    (SELECT spans FROM gold g WHERE g.doc_id = d.id ORDER BY g.id DESC LIMIT 1),
                    (SELECT spans FROM pre_annotation p WHERE p.doc_id = d.id
                     ORDER BY p.id DESC LIMIT 1),
                    (SELECT data FROM judgment j WHERE j.doc_id = d.id ORDER BY j.id DESC LIMIT 1)
                 FROM document d JOIN document_text t ON t.doc_id = d.id
                 WHERE d.corpus_id = ?1 AND (?2 = 0 OR d.status = 'done') ORDER BY d.id",
            )
            .ctx(path, "export")?;
        let mut rows = stmt
            .query(rusqlite::params![corpus, only_done])
            .ctx(path, "export")?;
        let mut n = 0;
        while let Some(r) = rows.next().ctx(path, "export")? {
            let id: DocId = r.get(0).ctx(path, "export")?;
            let status: String = r.get(2).ctx(path, "export")?;
            let gold: Option<String> = r.get(4).ctx(path, "export")?;
            let pre: Option<String> = r.get(5).ctx(path, "export")?;
            let judgment: Option<String> = r.get(6).ctx(path, "export")?;
            let what = format!("export: document {id}");
            let gold_edited = gold.is_some();
            let annotated = gold.is_some() || pre.is_some();
            let mut spans = match gold.or(pre) {
                Some(json) => parse_spans(path, &json, &what)?,
                None => Vec::new(),
            };
            spans.sort();
            let judgment = judgment
                .map(|j| serde_json::from_str(&j))
                .transpose()
                .map_err(|e| store_err(path, format!("{what}: bad judgment JSON: {e}")))?;
            f(ExportDoc {
                id,
                external_id: r.get(1).ctx(path, "export")?,
                status: Status::parse(&status).unwrap_or(Status::New),
                text: r.get(3).ctx(path, "export")?,
                gold: spans,
                gold_edited,
                annotated,
                judgment,
            })?;
            n += 1;
        }
        Ok(n)
    }

    /// One i2b2 2014 XML file per narrative, `<external_id>.xml` (sanitised), with the current
    /// gold; only narratives marked done when `only_done`. Returns the number written.
    pub fn export_i2b2(&self, corpus: CorpusId, dir: &Path, only_done: bool) -> Result<usize> {
        crate::fsutil::create_private_dir_all(dir)?;
        let mut used = HashSet::new();
        let mut written = 0;
        self.export_docs(corpus, only_done, |d| {
            if !d.annotated {
                return Ok(()); // no annotation at all: nothing to call gold (never "no PHI")
            }
            written += 1;
            let spans: Vec<Span> = d.gold.iter().map(Span::from).collect();
            let file = dir.join(format!(
                "{}.xml",
                file_stem(&d.external_id, d.id, &mut used)
            ));
            write_file(&file, &document_from_spans(d.text, &spans))
        })?;
        Ok(written)
    }

    /// One `<external_id>.txt` per narrative: the text de-identified with the current gold.
    pub fn export_masked(&self, corpus: CorpusId, dir: &Path) -> Result<usize> {
        crate::fsutil::create_private_dir_all(dir)?;
        let mut used = HashSet::new();
        self.export_docs(corpus, false, |d| {
            let spans: Vec<Span> = d.gold.iter().map(Span::from).collect();
            let map = OffsetMap::new(&d.text);
            // the inverse principle: a narrative nobody and nothing annotated is all PHI
            let masked = if d.annotated {
                mask_text(&d.text, &map, &spans)
            } else {
                crate::masking::mask_every_word(&d.text)
            };
            let file = dir.join(format!(
                "{}.txt",
                file_stem(&d.external_id, d.id, &mut used)
            ));
            write_atomic(&file, masked.as_bytes(), Durability::ProcessCrash)
        })
    }

    /// One JSON line per narrative: `id` (external id), `doc`, `status`, `text`, `gold` (code
    /// point spans), `gold_edited`, `judgment`. Written atomically.
    pub fn export_jsonl(&self, corpus: CorpusId, path: &Path) -> Result<usize> {
        let mut out = String::new();
        let n = self.export_docs(corpus, false, |d| {
            let line = JsonLine {
                id: &d.external_id,
                doc: d.id,
                status: d.status,
                text: &d.text,
                gold: &d.gold,
                gold_edited: d.gold_edited,
                judgment: d.judgment.as_ref(),
            };
            let json = serde_json::to_string(&line).map_err(|e| Error::Invalid {
                path: path.to_path_buf(),
                message: format!("document {}: {e}", d.id),
            })?;
            out.push_str(&json);
            out.push('\n');
            Ok(())
        })?;
        write_atomic(path, out.as_bytes(), Durability::PowerLoss)?;
        Ok(n)
    }
}
