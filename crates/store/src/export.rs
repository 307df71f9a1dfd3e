//! Exports of a corpus as one annotator's version (or `adjudicated`): gold as i2b2 2014 XML,
//! brat standoff, BioC XML or CoNLL/BIO (only narratives that annotator marked done, so the
//! model's unreviewed output is never exported as gold; the writers are the engine's
//! `i2b2` and `formats`), masked text (files or one CSV) and JSON lines. Every file and line
//! names the version.

use super::annotators::version_spans;
use super::{store_err, CorpusId, Ctx, DocId, GoldSpan, Judgment, Status, Store};
use deid::error::{Error, Result};
use deid::formats::{bioc, brat, conll, masked_csv};
use deid::fsutil::{write_atomic, Durability};
use deid::i2b2::{document_from_spans, write_file};
use deid::masking::mask_text;
use deid::phi::Span;
use deid::tokenize::OffsetMap;
use serde::Serialize;
use std::collections::HashSet;
use std::path::Path;

/// One narrative as exported: the annotator's version (own gold, else imported gold, else the
/// pre-annotation).
struct ExportDoc {
    id: DocId,
    external_id: String,
    /// The annotator's own status.
    status: Status,
    text: String,
    gold: Vec<GoldSpan>,
    /// Whether `gold` is the annotator's own or imported gold (not the pre-annotation).
    gold_edited: bool,
    /// Whether it has gold or a pre-annotation at all.
    annotated: bool,
    judgment: Option<Judgment>,
}

#[derive(Serialize)]
struct JsonLine<'a> {
    id: &'a str,
    doc: DocId,
    /// Whose version this is (a person, or `adjudicated`).
    annotator: &'a str,
    status: Status,
    text: &'a str,
    gold: &'a [GoldSpan],
    gold_edited: bool,
    judgment: Option<&'a Judgment>,
}

/// The narrative de-identified with its spans; the inverse principle: a narrative nobody and
/// nothing annotated is all PHI.
fn masked(d: &ExportDoc) -> String {
    if d.annotated {
        let spans: Vec<Span> = d.gold.iter().map(Span::from).collect();
        mask_text(&d.text, &OffsetMap::new(&d.text), &spans)
    } else {
        deid::masking::mask_every_word(&d.text)
    }
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
    /// The narratives of `corpus` as `annotator`'s version, in import order; only the ones that
    /// annotator marked done when `only_done`.
    fn export_docs(
        &self,
        corpus: CorpusId,
        annotator: &str,
        only_done: bool,
        mut f: impl FnMut(ExportDoc) -> Result<()>,
    ) -> Result<usize> {
        self.check_corpus(corpus)?;
        let path = &self.path;
        if annotator.trim().is_empty() {
            return Err(store_err(path, "an export names whose version it is"));
        }
        let mut stmt = self
            .conn
            .prepare(
                "SELECT d.id, d.external_id, t.text,
                    COALESCE((SELECT s.status FROM annotator_status s
                              WHERE s.doc_id = d.id AND s.annotator = ?2), 'new') AS own,
                    (SELECT data FROM judgment j WHERE j.doc_id = d.id AND j.annotator = ?2),
                    EXISTS (SELECT 1 FROM pre_annotation p WHERE p.doc_id = d.id)
                        OR EXISTS (SELECT 1 FROM gold g WHERE g.doc_id = d.id
                                   AND g.annotator IN (?2, 'import'))
                 FROM document d JOIN document_text t ON t.doc_id = d.id
                 WHERE d.corpus_id = ?1 AND (?3 = 0 OR own = 'done') ORDER BY d.id",
            )
            .ctx(path, "export")?;
        let mut rows = stmt
            .query(rusqlite::params![corpus, annotator, only_done])
            .ctx(path, "export")?;
        let mut n = 0;
        while let Some(r) = rows.next().ctx(path, "export")? {
            let id: DocId = r.get(0).ctx(path, "export")?;
            let status: String = r.get(3).ctx(path, "export")?;
            let judgment: Option<String> = r.get(4).ctx(path, "export")?;
            let annotated: bool = r.get(5).ctx(path, "export")?;
            let what = format!("export: document {id}");
            let (spans, gold_edited) = version_spans(&self.conn, path, id, annotator)?;
            let judgment = judgment
                .map(|j| serde_json::from_str(&j))
                .transpose()
                .map_err(|e| store_err(path, format!("{what}: bad judgment JSON: {e}")))?;
            f(ExportDoc {
                id,
                external_id: r.get(1).ctx(path, "export")?,
                status: Status::parse(&status).unwrap_or(Status::New),
                text: r.get(2).ctx(path, "export")?,
                gold: spans,
                gold_edited,
                annotated,
                judgment,
            })?;
            n += 1;
        }
        Ok(n)
    }

    /// Gold: one i2b2 2014 XML file per narrative `annotator` (a person, or `adjudicated`)
    /// marked done, `<external_id>.xml` (sanitised), with that annotator's spans. Narratives
    /// nobody reviewed are never written: gold means reviewed. Returns the number written.
    pub fn export_i2b2(&self, corpus: CorpusId, annotator: &str, dir: &Path) -> Result<usize> {
        deid::fsutil::create_private_dir_all(dir)?;
        let mut used = HashSet::new();
        let mut written = 0;
        self.export_docs(corpus, annotator, true, |d| {
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

    /// One `<external_id>.txt` per narrative: the text de-identified with `annotator`'s version
    /// (the pre-annotation where they have not worked yet).
    pub fn export_masked(&self, corpus: CorpusId, annotator: &str, dir: &Path) -> Result<usize> {
        deid::fsutil::create_private_dir_all(dir)?;
        let mut used = HashSet::new();
        self.export_docs(corpus, annotator, false, |d| {
            let masked = masked(&d);
            let file = dir.join(format!(
                "{}.txt",
                file_stem(&d.external_id, d.id, &mut used)
            ));
            write_atomic(&file, masked.as_bytes(), Durability::ProcessCrash)
        })
    }

    /// One JSON line per narrative, as `annotator`'s version: `id` (external id), `doc`,
    /// `annotator`, `status` (theirs), `text`, `gold` (code point spans), `gold_edited`,
    /// `judgment` (theirs). Written atomically.
    pub fn export_jsonl(&self, corpus: CorpusId, annotator: &str, path: &Path) -> Result<usize> {
        let mut out = String::new();
        let n = self.export_docs(corpus, annotator, false, |d| {
            let line = JsonLine {
                id: &d.external_id,
                doc: d.id,
                annotator,
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
    /// One CSV of every narrative de-identified with `annotator`'s version (as
    /// [`Store::export_masked`]): header `id,masked_text`, one row per narrative (its external
    /// id). Written atomically.
    pub fn export_masked_csv(
        &self,
        corpus: CorpusId,
        annotator: &str,
        path: &Path,
    ) -> Result<usize> {
        let mut w = masked_csv::Writer::new(Vec::new(), path)?;
        let n = self.export_docs(corpus, annotator, false, |d| {
            w.row(&d.external_id, &masked(&d))
        })?;
        write_atomic(path, &w.finish()?, Durability::PowerLoss)?;
        Ok(n)
    }

    /// Gold as brat standoff: `<external_id>.txt` (the text with `\n` line breaks, as brat
    /// counts them: `formats::brat`) and `<external_id>.ann`
    /// for every narrative `annotator` marked done (as [`Store::export_i2b2`]: never unreviewed
    /// output), and the collection's `annotation.conf`. Returns the number of narratives.
    pub fn export_brat(&self, corpus: CorpusId, annotator: &str, dir: &Path) -> Result<usize> {
        deid::fsutil::create_private_dir_all(dir)?;
        let mut used = HashSet::new();
        let mut written = 0;
        self.export_docs(corpus, annotator, true, |d| {
            if !d.annotated {
                return Ok(());
            }
            let stem = file_stem(&d.external_id, d.id, &mut used);
            let spans: Vec<Span> = d.gold.iter().map(Span::from).collect();
            let ann_path = dir.join(format!("{stem}.ann"));
            let files = brat::write(&d.text, &spans, &ann_path)?;
            write_atomic(
                &dir.join(format!("{stem}.txt")),
                files.txt.as_bytes(),
                Durability::ProcessCrash,
            )?;
            write_atomic(&ann_path, files.ann.as_bytes(), Durability::ProcessCrash)?;
            written += 1;
            Ok(())
        })?;
        write_atomic(
            &dir.join("annotation.conf"),
            brat::annotation_conf().as_bytes(),
            Durability::PowerLoss,
        )?;
        Ok(written)
    }

    /// Gold as one BioC XML collection at `path`: a document per narrative `annotator` marked
    /// done (id: the external id; infon `annotator`), one passage, an annotation per span
    /// (offsets in code points); `date` is `YYYYMMDD`. Written atomically.
    pub fn export_bioc(
        &self,
        corpus: CorpusId,
        annotator: &str,
        date: &str,
        path: &Path,
    ) -> Result<usize> {
        let mut w = bioc::Writer::new(Vec::new(), &bioc::header(date), path)?;
        let mut written = 0;
        self.export_docs(corpus, annotator, true, |d| {
            if !d.annotated {
                return Ok(());
            }
            written += 1;
            w.document(&bioc::Document {
                id: d.external_id,
                infons: vec![("annotator".into(), annotator.into())],
                spans: d.gold.iter().map(Span::from).collect(),
                text: d.text,
            })
        })?;
        write_atomic(path, &w.finish()?, Durability::PowerLoss)?;
        Ok(written)
    }

    /// Gold as one CoNLL/BIO file at `path`: every narrative `annotator` marked done, a
    /// `# doc_id = <external id>` line, then one Unicode word a line with its B-/I-/O tag.
    /// Written atomically.
    pub fn export_conll(&self, corpus: CorpusId, annotator: &str, path: &Path) -> Result<usize> {
        let mut out = String::new();
        let mut written = 0;
        self.export_docs(corpus, annotator, true, |d| {
            if !d.annotated {
                return Ok(());
            }
            written += 1;
            let spans: Vec<Span> = d.gold.iter().map(Span::from).collect();
            conll::write_doc(&mut out, &d.external_id, &d.text, &spans);
            Ok(())
        })?;
        write_atomic(path, out.as_bytes(), Durability::PowerLoss)?;
        Ok(written)
    }
}
