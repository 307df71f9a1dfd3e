//! The progress bar of `deid annotate` on a terminal: the engine reports chunks through
//! `deid::annotate::Observer`, this draws them (documents or bytes, rate, time left).

use deid::annotate::Observer;
use deid::input::Progress;
use std::sync::OnceLock;

/// Drawn on stderr; created when the batch starts, when it knows what it counts.
#[derive(Default)]
pub struct Bar {
    bar: OnceLock<indicatif::ProgressBar>,
}

impl Observer for Bar {
    fn started(&self, initial: Progress) {
        let (len, template) = match initial {
            Progress::Documents { total, .. } => (
                total,
                "{spinner} {bar:40} {pos}/{len} documents ({per_sec}, {eta} left)",
            ),
            // a CSV file's rows are counted only at its end: progress is bytes, the count a message
            Progress::Bytes { total, .. } => (
                total,
                "{spinner} {bar:40} {percent}% of {total_bytes}, {msg} ({eta} left)",
            ),
        };
        let bar = indicatif::ProgressBar::new(len);
        bar.set_style(indicatif::ProgressStyle::with_template(template).expect("valid template"));
        let _ = self.bar.set(bar);
    }

    fn resumed(&self, documents: u64) {
        if let Some(bar) = self.bar.get() {
            bar.println(format!(
                "resuming: {documents} documents were done by an earlier run of this command"
            ));
        }
    }

    fn advanced(&self, progress: Progress, documents_done: u64) {
        let Some(bar) = self.bar.get() else { return };
        match progress {
            Progress::Documents { done, .. } => bar.set_position(done),
            Progress::Bytes { done, .. } => {
                bar.set_position(done);
                let secs = bar.elapsed().as_secs_f64().max(1e-3);
                bar.set_message(format!(
                    "{documents_done} documents, {:.0}/s",
                    documents_done as f64 / secs
                ));
            }
        }
    }

    fn finished(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}
