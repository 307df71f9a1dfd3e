//! Exports as a user makes them: into a new (or empty) folder only, so nothing is ever replaced
//! silently; with a `manifest.json` that says what the folder holds; and recorded in the `audit`
//! table (who exported which corpus, where, when, how many narratives).

use super::{store_err, CorpusId, Ctx, Store};
use deid::error::{Error, Result};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What to export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExportKind {
    /// Gold i2b2 2014 XML, one file per narrative.
    I2b2,
    /// De-identified text, one file per narrative.
    Masked,
    /// Narratives with gold and judgments, `judgments.jsonl`.
    Jsonl,
    /// Gold as brat standoff: `NAME.txt` + `NAME.ann` per narrative, `annotation.conf`.
    Brat,
    /// Gold as one BioC XML collection, `gold.bioc.xml` (+ its key file `deid-studio.key`).
    Bioc,
    /// Gold as CoNLL/BIO, one word a line, `gold.conll`.
    Conll,
    /// De-identified text as one CSV (`id,masked_text`), `masked.csv`.
    #[serde(rename = "csv")]
    MaskedCsv,
}

impl ExportKind {
    /// Whether the export is gold: only narratives the exported version marked done.
    pub fn is_gold(self) -> bool {
        matches!(
            self,
            ExportKind::I2b2 | ExportKind::Brat | ExportKind::Bioc | ExportKind::Conll
        )
    }
}

/// What an export wrote, also written as the folder's `manifest.json`.
#[derive(Debug, Clone, Serialize)]
pub struct ExportManifest {
    pub kind: ExportKind,
    pub corpus: String,
    pub corpus_id: CorpusId,
    /// Whose version the folder holds: a person, or `adjudicated`.
    pub annotator: String,
    /// Who made the export.
    pub exported_by: String,
    /// Gold exports (i2b2, brat, BioC, CoNLL) hold only narratives the annotator marked done
    /// (always true for them).
    pub only_reviewed: bool,
    pub documents: usize,
    pub exported_at: String,
    pub model: Option<String>,
    pub folder: PathBuf,
}

/// One row of the audit table.
#[derive(Debug, Clone, Serialize)]
pub struct AuditEntry {
    pub at: String,
    pub who: String,
    pub action: String,
    pub corpus_id: Option<CorpusId>,
    pub target: String,
    pub documents: usize,
}

/// `dir` must not exist or be empty: an export never replaces anything.
fn check_new_folder(dir: &Path) -> Result<()> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => {
            if entries.next().is_some() {
                Err(Error::Invalid {
                    path: dir.to_path_buf(),
                    message: "this folder is not empty; exports never replace files: choose a \
                              new or empty folder"
                        .into(),
                })
            } else {
                Ok(())
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(Error::io(dir, e)),
    }
}

impl Store {
    /// Export `annotator`'s version of `corpus` (a person's, or `adjudicated`) into the new or
    /// empty folder `dir` as `who`, write `manifest.json` and record the export in the audit
    /// table. Gold exports ([`ExportKind::is_gold`]: i2b2, brat, BioC, CoNLL) hold only
    /// narratives that annotator marked done (or, for `adjudicated`, adjudicated ones).
    pub fn export_to_new_folder(
        &mut self,
        corpus: CorpusId,
        kind: ExportKind,
        dir: &Path,
        who: &str,
        annotator: &str,
    ) -> Result<ExportManifest> {
        let annotator = annotator.trim();
        if annotator != super::ADJUDICATED {
            super::check_annotator_name(&self.path, annotator)?;
        }
        check_new_folder(dir)?;
        let name = self
            .corpora()?
            .into_iter()
            .find(|c| c.id == corpus)
            .map(|c| c.name)
            .ok_or_else(|| store_err(&self.path, format!("no corpus {corpus}")))?;
        let documents = match kind {
            ExportKind::I2b2 => self.export_i2b2(corpus, annotator, dir)?,
            ExportKind::Masked => self.export_masked(corpus, annotator, dir)?,
            ExportKind::Jsonl => {
                deid::fsutil::create_private_dir_all(dir)?;
                self.export_jsonl(corpus, annotator, &dir.join("judgments.jsonl"))?
            }
            ExportKind::Brat => self.export_brat(corpus, annotator, dir)?,
            ExportKind::Bioc => {
                deid::fsutil::create_private_dir_all(dir)?;
                let now = super::now(&self.conn, &self.path)?;
                let date: String = now.chars().take(10).filter(|c| *c != '-').collect();
                let n = self.export_bioc(corpus, annotator, &date, &dir.join("gold.bioc.xml"))?;
                deid::fsutil::write_atomic(
                    &dir.join("deid-studio.key"),
                    deid::formats::bioc::key_file().as_bytes(),
                    deid::fsutil::Durability::PowerLoss,
                )?;
                n
            }
            ExportKind::Conll => {
                deid::fsutil::create_private_dir_all(dir)?;
                self.export_conll(corpus, annotator, &dir.join("gold.conll"))?
            }
            ExportKind::MaskedCsv => {
                deid::fsutil::create_private_dir_all(dir)?;
                self.export_masked_csv(corpus, annotator, &dir.join("masked.csv"))?
            }
        };
        let model: Option<String> = self
            .conn
            .query_row(
                "SELECT p.model FROM pre_annotation p JOIN document d ON d.id = p.doc_id
                 WHERE d.corpus_id = ?1 ORDER BY p.id DESC LIMIT 1",
                [corpus],
                |r| r.get(0),
            )
            .ok();
        let manifest = ExportManifest {
            kind,
            corpus: name,
            corpus_id: corpus,
            annotator: annotator.to_string(),
            exported_by: who.to_string(),
            only_reviewed: kind.is_gold(),
            documents,
            exported_at: super::now(&self.conn, &self.path)?,
            model,
            folder: dir.to_path_buf(),
        };
        let json = serde_json::to_string_pretty(&manifest).expect("plain data");
        deid::fsutil::write_atomic(
            &dir.join("manifest.json"),
            json.as_bytes(),
            deid::fsutil::Durability::PowerLoss,
        )?;
        self.conn
            .execute(
                "INSERT INTO audit (at, who, action, corpus_id, target, documents, detail)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                rusqlite::params![
                    manifest.exported_at,
                    who,
                    format!(
                        "export-{}",
                        serde_json::to_value(kind)
                            .expect("plain")
                            .as_str()
                            .unwrap_or("?")
                    ),
                    corpus,
                    dir.display().to_string(),
                    documents as i64,
                    format!(
                        "version of {}{}",
                        annotator,
                        if manifest.only_reviewed {
                            ", reviewed only"
                        } else {
                            ""
                        }
                    ),
                ],
            )
            .ctx(&self.path, "recording the export in the audit log")?;
        Ok(manifest)
    }

    /// The audit log, newest first.
    pub fn audit_log(&self) -> Result<Vec<AuditEntry>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT at, who, action, corpus_id, target, documents FROM audit ORDER BY id DESC",
            )
            .ctx(&self.path, "reading the audit log")?;
        let rows = stmt
            .query_map([], |r| {
                Ok(AuditEntry {
                    at: r.get(0)?,
                    who: r.get(1)?,
                    action: r.get(2)?,
                    corpus_id: r.get(3)?,
                    target: r.get(4)?,
                    documents: r.get::<_, i64>(5)? as usize,
                })
            })
            .ctx(&self.path, "reading the audit log")?;
        rows.collect::<rusqlite::Result<Vec<_>>>()
            .ctx(&self.path, "reading the audit log")
    }
}
