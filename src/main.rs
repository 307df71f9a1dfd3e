//! `deid`: the Deid Studio engine on the command line.
//!
//! Exit status: 0 when everything was processed, 1 when some documents failed (the others are
//! still written), 2 when nothing could be done (bad arguments, unreadable input, missing column).

use clap::{Parser, Subcommand};

// mimalloc rather than glibc's malloc: every chunk of 2,048 narratives allocates and frees its
// texts, tokens and outputs, and glibc handed those pages back to the kernel to be zeroed again
// (22% of a rules-only run in `perf`). On vaers-2021-01.csv, quiet machine, best of 3: hybrid
// 3.44 s instead of 3.59 s, rules-only 0.25 s instead of 0.29 s (peak memory 114 MB instead of 67).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod progress;
use deid::annotate::{annotate_stream, AnnotateOptions, OutputFormat};
use deid::calibrate::RecallKind;
use deid::config::{Choices, EngineConfig};
use deid::deidentify::{Deidentifier, Mode};
use deid::input::{discover, CsvColumns, JobStream, DEFAULT_MAX_BYTES};
use deid::lexicon::Lexicons;
use deid::model::Provider;
use deid::rules::RuleEngine;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "deid",
    version,
    about = "De-identify adverse drug reaction narratives"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// How to de-identify: hybrid (rules + deep model, the default), or one of the two alone.
#[derive(clap::Args)]
struct EngineArgs {
    /// The rule-based de-identifier alone (default: $DEID_RULES_ONLY=1, else hybrid).
    #[arg(long, conflicts_with = "model_only")]
    rules_only: bool,
    /// The deep model alone (argmax), for comparison.
    #[arg(long)]
    model_only: bool,
    /// Model directory (metadata.json + ONNX file); default $DEID_MODEL or models/deid-bilstm-v3.
    #[arg(long)]
    model: Option<PathBuf>,
    /// Where the model runs: auto (the GPU when ONNX Runtime is a GPU build and CUDA starts,
    /// else the CPU), cpu, or cuda (falls back to the CPU with a message when unavailable);
    /// default $DEID_PROVIDER, else auto.
    #[arg(long, value_parser = choice::<Provider>(&Provider::NAMES))]
    provider: Option<Provider>,
    /// Load lexicons from this folder instead of the embedded ones.
    #[arg(long)]
    lexicons: Option<PathBuf>,
}

/// A flag whose values are an engine type's names: listed in `--help`, parsed by the type.
fn choice<T>(names: &'static [&'static str]) -> impl clap::builder::TypedValueParser<Value = T>
where
    T: std::str::FromStr<Err = String> + Clone + Send + Sync + 'static,
{
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(names).try_map(|s| s.parse::<T>())
}

impl EngineArgs {
    /// The flags and the environment, resolved once (see `deid::config`).
    fn config(&self) -> deid::Result<EngineConfig> {
        let mode = if self.rules_only {
            Some(Mode::RulesOnly)
        } else if self.model_only {
            Some(Mode::ModelOnly)
        } else {
            None
        };
        EngineConfig::resolve(Choices {
            model_dir: self.model.clone(),
            provider: self.provider,
            mode,
            lexicons: self.lexicons.clone(),
        })
    }

    fn build(&self, quiet: bool) -> deid::Result<Deidentifier> {
        let config = self.config()?;
        let deid = config.build()?;
        if let Some(model) = &deid.model {
            if let Some(why) = &model.fallback {
                eprintln!("deid: {why}");
            }
            if !quiet {
                eprintln!("deid: {:?} with {}", config.mode, model.describe());
            }
        }
        Ok(deid)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Annotate PHI in a .txt file, a folder of .txt or .xml files (i2b2, or E2B ICSR: one
    /// narrative per safety report), or a CSV file.
    Annotate {
        /// A file (.txt, .xml, .csv) or a folder of .txt / .xml files; an .xml file is i2b2 or an
        /// E2B(R2)/(R3) ICSR (found by its root element).
        input: PathBuf,
        /// Folder for the outputs: one file per document, named after the input file, CSV id or
        /// E2B safety report id.
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value = "i2b2", value_parser = choice::<OutputFormat>(&OutputFormat::NAMES))]
        format: OutputFormat,
        /// CSV column holding the narrative (default: text, SYMPTOM_TEXT or narrative).
        #[arg(long)]
        text_column: Option<String>,
        /// CSV column naming each document (default: id or VAERS_ID, else the row number).
        #[arg(long)]
        id_column: Option<String>,
        #[command(flatten)]
        engine: EngineArgs,
        /// Refuse narratives larger than this many bytes.
        #[arg(long, default_value_t = DEFAULT_MAX_BYTES)]
        max_bytes: u64,
        /// With --format masked: shift dates by one random offset per document (keeping intervals
        /// and resolution) and cap ages, instead of placeholders.
        #[arg(long)]
        surrogates: bool,
        /// Seed of the per-document date shifts.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Surrogate ages above this become "[AGE > N]".
        #[arg(long, default_value_t = 89)]
        age_threshold: u32,
        /// Documents between checkpoints: an interrupted run is resumed by the same command
        /// from its last checkpoint [default: 2048; 8192 when the model runs on a GPU].
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        checkpoint_every: Option<u32>,
        /// No progress bar and no summary.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Score system i2b2 XML against gold i2b2 XML (files paired by name).
    Eval {
        gold: PathBuf,
        system: PathBuf,
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Choose the adaptive-threshold rule's thresholds on a gold set and write them into the
    /// model's metadata.json.
    Calibrate {
        /// Folder of gold i2b2 XML; repeat it for one folder per narrative style, and the target
        /// must then hold on each (the worst folder decides).
        #[arg(long, required = true)]
        gold: Vec<PathBuf>,
        /// Token recall to reach (e.g. 0.99).
        #[arg(long)]
        target_recall: f64,
        #[arg(long, default_value = "hipaa", value_parser = choice::<RecallKind>(&RecallKind::NAMES))]
        recall: RecallKind,
        /// Write the recall/precision curve over the global thresholds as CSV.
        #[arg(long)]
        curve: Option<PathBuf>,
        /// Print the result without changing metadata.json.
        #[arg(long)]
        dry_run: bool,
        /// Global thresholds only: no per-category pairs (they fit the calibration set more
        /// closely, and generalise less).
        #[arg(long)]
        global_only: bool,
        /// For a model that replaces another (a fine-tuned one): on each gold folder the recall
        /// must also not fall below what this model directory reaches there with its own
        /// thresholds (where that is under the target), and with a HIPAA target its all-PHI
        /// recall (every category) must not fall either; exit status 1 when no thresholds do it.
        /// Among the pairs that do, the most recall of all folders together whose precision is
        /// not below that model's (recall first); where none keeps it, the best precision.
        #[arg(long, value_name = "MODEL_DIR")]
        no_worse_than: Option<PathBuf>,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Write training examples (tokens, model features, gold labels from i2b2 tags) as JSONL.
    Featurize {
        /// A folder of i2b2 .xml (labelled) or .txt files, or a CSV file.
        input: PathBuf,
        /// The JSONL file to write.
        #[arg(long)]
        out: PathBuf,
        #[arg(long)]
        text_column: Option<String>,
        #[arg(long)]
        id_column: Option<String>,
    },
    /// Show every token of a text with the rules' decision, category and reason.
    Explain {
        /// The text, or @FILE to read it from a file.
        text: String,
        #[command(flatten)]
        engine: EngineArgs,
    },
    /// Load the lexicons and report entry counts and load time.
    Lexicons {
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    // before any thread: see the function
    deid::model::disable_runtime_telemetry();
    deid::model::keep_runtime_memory();
    deid::isolate::install_quiet_panic_hook();
    match run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("deid: {e}");
            if matches!(&e, deid::Error::Csv { message, .. } if message.contains("choose the text column"))
            {
                eprintln!("deid: name the narrative column with --text-column NAME");
            }
            ExitCode::from(2)
        }
    }
}

fn load_lexicons(dir: Option<&PathBuf>) -> deid::Result<Lexicons> {
    match dir {
        Some(d) => Lexicons::from_dir(d),
        None => Ok(Lexicons::embedded()),
    }
}

fn run(cli: Cli) -> deid::Result<ExitCode> {
    match cli.command {
        Command::Annotate {
            input,
            out,
            format,
            text_column,
            id_column,
            engine,
            max_bytes,
            surrogates,
            seed,
            age_threshold,
            checkpoint_every,
            quiet,
        } => {
            if surrogates && format != OutputFormat::Masked {
                eprintln!("deid: --surrogates applies to --format masked");
                return Ok(ExitCode::from(2));
            }
            let columns = CsvColumns {
                text: text_column,
                id: id_column,
            };
            let jobs = JobStream::open(&input, &columns)?;
            let deid = engine.build(quiet)?;
            let opts = AnnotateOptions {
                settings: deid.describe(),
                checkpoint_every: checkpoint_every
                    .map_or_else(|| deid::annotate::default_chunk(&deid), |n| n as usize),
                out_dir: out,
                format,
                surrogates: surrogates.then_some(deid::surrogate::SurrogateOptions {
                    seed,
                    age_threshold,
                }),
                max_bytes,
            };
            let summary = if !quiet && std::io::stderr().is_terminal() {
                annotate_stream(&deid, jobs, &input, &opts, &progress::Bar::default())?
            } else {
                annotate_stream(&deid, jobs, &input, &opts, &deid::annotate::Silent)?
            };
            // the lexicons' and model's memory goes back with the process: freeing it entry by
            // entry costs a tenth of a short run
            std::mem::forget(deid);
            if !quiet || !summary.failures.is_empty() {
                eprint!("{}", summary.to_text());
            }
            Ok(if summary.failures.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Eval { gold, system, json } => {
            let report = deid::eval::evaluate_dirs(&gold, &system)?;
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).expect("serialising plain data")
                );
            } else {
                print!("{}", report.to_table());
            }
            if report.failed.is_empty() {
                Ok(ExitCode::SUCCESS)
            } else {
                for f in &report.failed {
                    eprintln!("deid eval: not scored: {f}");
                }
                Ok(ExitCode::from(1))
            }
        }
        Command::Calibrate {
            gold,
            target_recall,
            recall,
            curve,
            dry_run,
            global_only,
            no_worse_than,
            engine,
        } => {
            if engine.config()?.mode != Mode::Hybrid {
                eprintln!("deid: calibration sets the hybrid's thresholds; drop --rules-only/--model-only");
                return Ok(ExitCode::from(2));
            }
            let deid = engine.build(false)?;
            let mut docs = Vec::new();
            let mut set_of = Vec::new();
            for (k, dir) in gold.iter().enumerate() {
                for name in deid::i2b2::xml_file_names(dir)? {
                    docs.push(deid::i2b2::read_file(&dir.join(name))?);
                    set_of.push(k);
                }
            }
            let cal = match &no_worse_than {
                None => deid::calibrate::calibrate_sets(
                    &deid,
                    &docs,
                    &set_of,
                    target_recall,
                    recall,
                    !global_only,
                )?,
                Some(base_dir) => {
                    let base = EngineConfig {
                        model_dir: base_dir.clone(),
                        ..engine.config()?
                    }
                    .build()?;
                    deid::calibrate::calibrate_no_worse(
                        &deid,
                        &base,
                        &docs,
                        &set_of,
                        target_recall,
                        recall,
                        !global_only,
                    )?
                }
            };
            if let Some(path) = curve {
                let mut csv = String::from("low,high,recall,precision\n");
                for p in &cal.curve {
                    csv += &format!("{},{},{:.6},{:.6}\n", p.low, p.high, p.recall, p.precision);
                }
                deid::fsutil::write_atomic(
                    &path,
                    csv.as_bytes(),
                    deid::fsutil::Durability::PowerLoss,
                )?;
            }
            let verdict = match (cal.reached, &no_worse_than) {
                (true, None) => "reached".to_string(),
                (false, None) => "NOT reached on every set (each set at its best, see below)".into(),
                (true, Some(b)) => format!("reached, or {}'s recall where it is lower", b.display()),
                (false, Some(b)) => format!(
                    "NOT reached: on some set every threshold pair stays below the target and below {}'s recall, HIPAA or all-PHI (see below)",
                    b.display()
                ),
            };
            println!(
                "{} documents; target {:?} recall {:.4}: {verdict} with low {} high {}, recall {:.4}, precision {:.4}",
                cal.documents,
                cal.recall_kind,
                cal.target_recall,
                cal.thresholds.low,
                cal.thresholds.high,
                cal.recall,
                cal.precision
            );
            for (k, t) in &cal.thresholds.per_category {
                println!("  {k}: low {} high {}", t.low, t.high);
            }
            if gold.len() > 1 || cal.floor_per_set.is_some() {
                for (k, (dir, r)) in gold.iter().zip(&cal.recall_per_set).enumerate() {
                    let mut before = match (&cal.floor_per_set, &cal.floor_precision_per_set) {
                        (Some(r0), Some(p0)) => format!(
                            " (goal {:.4}; before: recall {:.4}, precision {:.4})",
                            cal.goal_per_set[k], r0[k], p0[k]
                        ),
                        _ => String::new(),
                    };
                    if let (Some(a0), Some(goal)) = (&cal.all_floor_per_set, &cal.all_goal_per_set)
                    {
                        before += &format!(
                            "; all-PHI recall {:.4} (goal {:.4}; before {:.4})",
                            cal.all_recall_per_set[k], goal[k], a0[k]
                        );
                    }
                    println!(
                        "  recall {r:.4}, precision {:.4} on {}{before}",
                        cal.precision_per_set[k],
                        dir.display()
                    );
                }
            }
            if !dry_run {
                let dir = engine.config()?.model_dir;
                let dirs: Vec<&std::path::Path> = gold.iter().map(PathBuf::as_path).collect();
                deid::calibrate::write_into_metadata(&dir, &cal, &dirs)?;
                println!(
                    "thresholds written to {}",
                    dir.join("metadata.json").display()
                );
            }
            Ok(if cal.reached {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Featurize {
            input,
            out,
            text_column,
            id_column,
        } => {
            let columns = CsvColumns {
                text: text_column,
                id: id_column,
            };
            let jobs = discover(&input, &columns)?;
            let engine = RuleEngine::embedded();
            let (jsonl, failures) =
                deid::annotate::featurize_jobs(&engine, &jobs, DEFAULT_MAX_BYTES);
            deid::fsutil::write_atomic(
                &out,
                jsonl.as_bytes(),
                deid::fsutil::Durability::PowerLoss,
            )?;
            eprintln!(
                "wrote {} examples to {}",
                jobs.len() - failures.len(),
                out.display()
            );
            for (label, e) in &failures {
                eprintln!("  failed: {label}: {e}");
            }
            Ok(if failures.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Explain { text, engine } => {
            let text = match text.strip_prefix('@') {
                Some(path) => deid::input::read_text_file(path.as_ref(), DEFAULT_MAX_BYTES)?,
                None => text,
            };
            let deid = engine.build(false)?;
            let ann = deid.annotate(&text)?;
            println!(
                "{:>6} {:<18} {:<5} {:<22} {:>7} {:>7}  {:<32} features",
                "offset", "token", "rules", "rules category", "P(safe)", "thresh", "rule"
            );
            for (i, (tok, rule)) in ann.tokens.iter().zip(&ann.rules).enumerate() {
                let d = ann.decisions.as_ref().map(|d| d[i]);
                let masked = ann.spans.iter().any(|s| s.overlaps(tok.start, tok.end));
                println!(
                    "{:>6} {:<18} {:<5} {:<22} {:>7} {:>7}  {:<32} {}{}",
                    tok.start,
                    tok.text(&text),
                    if rule.phi { "PHI" } else { "safe" },
                    rule.kind.map(|k| k.to_string()).unwrap_or_default(),
                    d.map(|d| format!("{:.3}", d.p_safe)).unwrap_or_default(),
                    d.map(|d| format!("{:.3}", d.threshold)).unwrap_or_default(),
                    serde_json::to_string(&rule.reason).unwrap_or_default(),
                    rule.features.names().join(","),
                    if masked { "  => MASKED" } else { "" }
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Lexicons { dir } => {
            let t = Instant::now();
            let lex = load_lexicons(dir.as_ref())?;
            let elapsed = t.elapsed();
            for (name, n) in lex.counts() {
                println!("{n:>8}  {name}");
            }
            println!("loaded in {:.1} ms", elapsed.as_secs_f64() * 1000.0);
            Ok(ExitCode::SUCCESS)
        }
    }
}
