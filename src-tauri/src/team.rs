//! The Tauri commands of annotation teams: who annotates, samples, agreement, adjudication.
//! Thin calls into the store (which calls the engine's `eval::agreement` for the figures);
//! offsets are code points. Errors name ids and annotators, never narrative text.

use crate::error::{CommandError, CommandResult};
use crate::AppState;
use deid::eval::agreement::Choice;
use deid_store::{
    AdjudicationRecord, AdjudicationView, AgreementReport, CorpusId, DocId, GoldSpan, Sample,
    SampleId,
};
use serde::Serialize;
use tauri::State;

type Res<T> = CommandResult<T>;

fn err(e: impl Into<CommandError>) -> CommandError {
    e.into()
}

#[derive(Serialize)]
pub struct Annotators {
    /// Who is annotating now.
    pub current: String,
    /// Everybody known to the database (the current annotator included once chosen).
    pub all: Vec<String>,
}

#[tauri::command(async)]
pub fn list_annotators(state: State<'_, AppState>) -> Res<Annotators> {
    let all = state.store.lock()?.annotators().map_err(err)?;
    Ok(Annotators {
        current: state.annotator(),
        all,
    })
}

/// Chooses (creating when new) the annotator the app works as from now on.
#[tauri::command(async)]
pub fn choose_annotator(state: State<'_, AppState>, name: String) -> Res<Annotators> {
    let name = state.store.lock()?.add_annotator(&name).map_err(err)?;
    *state.annotator.lock().expect("annotator") = name;
    list_annotators(state)
}

#[tauri::command(async)]
pub fn list_samples(state: State<'_, AppState>, corpus: CorpusId) -> Res<Vec<Sample>> {
    state.store.lock()?.samples(corpus).map_err(err)
}

/// A sample of the corpus's first `count` narratives, assigned to `annotators`, created by the
/// current annotator.
#[tauri::command(async)]
pub fn create_sample(
    state: State<'_, AppState>,
    corpus: CorpusId,
    name: String,
    count: usize,
    annotators: Vec<String>,
) -> Res<Sample> {
    let who = state.annotator();
    let mut store = state.store.lock()?;
    let id = store
        .create_sample_of_first(corpus, &name, count, &annotators, &who)
        .map_err(err)?;
    store.sample(id).map_err(err)
}

#[tauri::command(async)]
pub fn agreement(
    state: State<'_, AppState>,
    corpus: CorpusId,
    sample: Option<SampleId>,
    a: String,
    b: String,
) -> Res<AgreementReport> {
    state
        .store
        .lock()?
        .agreement(corpus, sample, &a, &b)
        .map_err(err)
}

/// Both versions of a narrative, with its word boundaries for rendering.
#[derive(Serialize)]
pub struct AdjudicationPayload {
    #[serde(flatten)]
    pub view: AdjudicationView,
    pub token_bounds: Vec<(usize, usize)>,
}

#[tauri::command(async)]
pub fn adjudication_view(
    state: State<'_, AppState>,
    doc: DocId,
    a: String,
    b: String,
) -> Res<AdjudicationPayload> {
    let view = state
        .store
        .lock()?
        .adjudication_view(doc, &a, &b)
        .map_err(err)?;
    // the same word boundaries as the review screen's (`commands::document_payload`)
    let token_bounds = deid::tokenize::tokenize(&view.text)
        .into_iter()
        .map(|t| (t.start, t.end))
        .collect();
    Ok(AdjudicationPayload { view, token_bounds })
}

/// Records the adjudicated gold of a narrative decided by the current annotator: one choice
/// (`a`, `b` or `neither`) per disagreement, in the order the view listed them.
#[tauri::command(async)]
pub fn adjudicate(
    state: State<'_, AppState>,
    doc: DocId,
    a: String,
    b: String,
    choices: Vec<Choice>,
) -> Res<AdjudicationRecord> {
    let who = state.annotator();
    state
        .store
        .lock()?
        .adjudicate(doc, &who, &a, &b, &choices)
        .map_err(err)
}

/// Records spans the adjudicator edited (a side's spans with another category) as the
/// adjudicated gold, decided by the current annotator; the store checks them.
#[tauri::command(async)]
pub fn adjudicate_spans(
    state: State<'_, AppState>,
    doc: DocId,
    a: String,
    b: String,
    spans: Vec<GoldSpan>,
) -> Res<AdjudicationRecord> {
    let who = state.annotator();
    state
        .store
        .lock()?
        .adjudicate_spans(doc, &who, &a, &b, &spans)
        .map_err(err)
}
