// @ts-check
/**
 * The one place the UI calls its shell. Every Tauri command of `invoke_handler` (src-tauri/src/lib.rs;
 * the commands in commands.rs and team.rs) is here with its arguments and its result typed as serde
 * writes them, so each function returns a typed Promise. Offsets are code points both ways. The app
 * talks only to its own shell over IPC: no network requests.
 *
 * Order: a command that changes the database (`WRITES`) runs after every write asked for before it,
 * one at a time; any other command first waits for the writes asked for before it (it never sees
 * the database from before them) but runs beside other reads. `import_cancel` and `cancel_learning`
 * never wait: a cancel must reach the running job at once.
 */

// ---------------------------------------------------------------- what the shell sends and takes

/** @typedef {number} CorpusId */
/** @typedef {number} DocId */
/** @typedef {number} SampleId */
/** @typedef {number} JobId */
/** A narrative's status for one annotator (`Status`, snake_case). @typedef {'new' | 'in_review' | 'done'} Status */
/** A PHI category as `PhiType` serialises (`'PATIENT'`, `'LOCATION_OTHER'`: the `kind` of definitions.js). @typedef {string} PhiKind */
/** `[start, end)` in code points. @typedef {[number, number]} Range */
/** A PHI span (`GoldSpan`, and the engine's `Span`, which serialises the same). @typedef {{start: number, end: number, kind: PhiKind}} GoldSpan */

/** What the status bar says about the engine (`EngineInfo`). @typedef {{mode: string, model: string, provider: string, note: string | null, uncertain_margin: number}} EngineInfo */
/**
 * `app_info` (`AppInfo`, with `LockState` flattened in). `engine` is null while the engine loads.
 * @typedef {{db: string, annotator: string, engine: EngineInfo | null, encrypted: boolean, locked: boolean, min_passphrase_chars: number}} AppInfo
 */

/** One corpus with the current annotator's progress (`CorpusSummary`). @typedef {{id: CorpusId, name: string, documents: number, new: number, in_review: number, done: number}} CorpusSummary */

/**
 * A filter and page of the document list (`DocFilter`; every field optional, `limit` 0: no
 * limit). The shell sets `annotator` itself (the current one).
 * @typedef {{status?: Status | null, has_uncertain?: boolean | null, category?: PhiKind | null, search?: string | null, sample?: SampleId | null, offset?: number, limit?: number}} DocFilter
 */
/**
 * One line of the document list (`DocRow`).
 * @typedef {{id: DocId, external_id: string, status: Status, chars: number, phi_spans: number, uncertain_tokens: number, categories: PhiKind[]}} DocRow
 */
/** `list_documents` (`Page`). @typedef {{rows: DocRow[], total: number}} DocPage */

/** One token of a pre-annotation (`TokenProb`; `threshold` null: infinite, never released). @typedef {{start: number, end: number, p_safe: number, threshold: number | null, rule: string}} TokenProb */
/** The model output of a narrative (`PreAnnotation`). @typedef {{model: string, mode: string, spans: GoldSpan[], tokens: TokenProb[], created_at: string}} PreAnnotation */
/** @typedef {'absent' | 'retained' | 'lost'} InfoState */
/** @typedef {'nothing_lost' | 'some_lost' | 'critical_lost'} Verdict */
/**
 * The causality judgment of a narrative (`Judgment`; every field has a default when saved).
 * @typedef {{info: Record<string, InfoState>, valuable_masked: Range[], verdict: Verdict | null, comment: string}} Judgment
 */
/**
 * `get_document` (`DocPayload`: `DocumentView` flattened, plus the word boundaries).
 * @typedef {{id: DocId, corpus: CorpusId, external_id: string, text: string, status: Status, pre: PreAnnotation | null, gold: GoldSpan[], gold_edited: boolean, judgment: Judgment | null, token_bounds: Range[]}} DocPayload
 */

/** The current annotator's spans and status of a narrative (`GoldView`). @typedef {{id: DocId, status: Status, gold: GoldSpan[], gold_edited: boolean}} GoldView */

/** Spans to remove, then spans to add, in one narrative (`DocEdit`). @typedef {{doc: DocId, remove: GoldSpan[], add: GoldSpan[]}} DocEdit */
/** One user edit, one undo step (`Edit`). @typedef {{label: string, changes: DocEdit[]}} Edit */
/** What an undo or redo changed (`UndoResult`). @typedef {{label: string, docs: DocId[]}} UndoResult */

/** One hit of `find_occurrences` (`Hit`). @typedef {{doc: DocId, external_id: string, start: number, end: number, before: string, after: string}} Hit */
/** @typedef {{gold: GoldSpan[], text: string}} OccurrenceDoc */
/** `find_occurrences` (`Occurrences`; the map's keys are doc ids as JSON writes them: strings). @typedef {{hits: Hit[], docs: Record<string, OccurrenceDoc>}} Occurrences */

/**
 * Token-level quality per category (`CategoryQuality`).
 * `recall` / `precision` are null where there is nothing to divide.
 * @typedef {{category: PhiKind, gold_tokens: number, found_tokens: number, recall: number | null, system_tokens: number, matched_system_tokens: number, precision: number | null}} CategoryQuality
 */
/**
 * `report` (`ReviewReport`); `lost` is [information key, narratives] most lost first.
 * `verdicts` is [verdict or 'none', narratives]; `done_per_day` [UTC date, narratives marked done];
 * shares and ratios are null where there is nothing to divide.
 * @typedef {{documents: number, judged: number, some_retained: number, some_retained_share: number | null, nothing_lost: number, nothing_lost_share: number | null, verdicts: [string, number][], done_per_day: [string, number][], lost: [string, number][], evaluated: number, token_recall: number | null, hipaa_recall: number | null, token_precision: number | null, categories: CategoryQuality[]}} ReviewReport
 */

/** @typedef {'i2b2' | 'brat' | 'bioc' | 'conll' | 'masked' | 'csv' | 'jsonl'} ExportKind */
/** `export`: how many narratives went where, whose work. @typedef {{count: number, path: string, annotator: string}} ExportResult */

/**
 * What a native dialog chooses (`Pick`). @typedef {'import_file' | 'import_folder' | 'export_folder'} Pick
 */
/**
 * A CSV file's first rows as the import reads them (`CsvPreview`).
 * @typedef {{columns: string[], rows: string[][], encoding: string, delimiter: string}} CsvPreview
 */
/**
 * A corpus imported earlier from the same path (`ImportedBefore`).
 * @typedef {{corpus: CorpusId, name: string, created_at: string, documents: number}} ImportedBefore
 */
/**
 * `import_start` (`ImportRequest`): kind `txt`, `csv`, `xml`, `e2b` or `auto` (null: by the path).
 * @typedef {{path: string, kind?: string | null, text_column?: string | null, id_column?: string | null, name?: string | null}} ImportRequest
 */
/** The event `import-progress` (`Progress`; phase `read`, `annotate`, `save`). @typedef {{job: JobId, phase: string, done: number, total: number, label: string}} ImportProgress */
/**
 * The event `import-finished` (`Finished`).
 * @typedef {{job: JobId, ok: boolean, cancelled: boolean, corpus: CorpusId | null, corpus_name: string | null, documents: number, error: string | null, skipped: string[]}} ImportFinished
 */
/** One import of this session (`JobView`). @typedef {{progress: ImportProgress, finished: ImportFinished | null}} JobView */

/** `list_annotators`, `choose_annotator` (`Annotators`). @typedef {{current: string, all: string[]}} Annotators */
/**
 * A sample (`Sample`): narratives in import order, annotators by name.
 * @typedef {{id: SampleId, corpus: CorpusId, name: string, documents: DocId[], annotators: string[], created_by: string, created_at: string}} Sample
 */
/** Chance-corrected agreement (`Coefficients`; null: undefined). @typedef {{units: number, observed: number, kappa: number | null, alpha: number | null, ac1: number | null}} Coefficients */
/**
 * Span-level agreement, A as the reference (`SpanF1`).
 * @typedef {{a_spans: number, b_spans: number, matched_a: number, matched_b: number, precision: number | null, recall: number | null, f1: number | null}} SpanF1
 */
/**
 * Agreement on one category (`CategoryAgreement`).
 * @typedef {{category: PhiKind, tokens_a: number, tokens_b: number, tokens_both: number, token: Coefficients, strict: SpanF1, lenient: SpanF1}} CategoryAgreement
 */
/** @typedef {'only_a' | 'only_b' | 'category' | 'boundary'} DisagreementKind */
/** One region where two annotators differ (`Disagreement`). @typedef {{doc: DocId, start: number, end: number, kind: DisagreementKind, a: GoldSpan[], b: GoldSpan[]}} Disagreement */
/**
 * `agreement` (`AgreementReport` with the engine's `Agreement` flattened in; `external_ids` keyed
 * by doc id as a string).
 * @typedef {{annotator_a: string, annotator_b: string, sample: SampleId | null, in_scope: number, compared: number, external_ids: Record<string, string>, adjudicated: DocId[], documents: number, overall: Coefficients, categories: CategoryAgreement[], strict: SpanF1, lenient: SpanF1, disagreements: Disagreement[]}} AgreementReport
 */
/** The adjudicator's side for one disagreement (`Choice`). @typedef {'a' | 'b' | 'neither'} Choice */
/**
 * One adjudication decision (`AdjudicationRecord`).
 * @typedef {{id: number, doc: DocId, adjudicator: string, annotator_a: string, annotator_b: string, spans: GoldSpan[], decided_at: string}} AdjudicationRecord
 */
/**
 * `adjudication_view` (`AdjudicationPayload`: `AdjudicationView` flattened, plus word boundaries).
 * @typedef {{doc: DocId, external_id: string, text: string, annotator_a: string, annotator_b: string, status_a: Status, status_b: Status, a: GoldSpan[], b: GoldSpan[], agreed: GoldSpan[], disagreements: Disagreement[], decided: AdjudicationRecord | null, token_bounds: Range[]}} AdjudicationPayload
 */

// Learning from reviewed narratives and the model chooser (src-tauri/src/learn.rs).
/**
 * One model directory (`ModelInfo`): `fine_tuned` when made by fine-tuning (`base` names the model
 * it came from), `in_use` for the one the engine uses, `can_learn` when it has a checkpoint.
 * @typedef {{name: string, version: string, dir: string, in_use: boolean, fine_tuned: boolean, base: string | null, created: string | null, can_learn: boolean}} ModelInfo
 */
/** `start_learning` (`LearnStarted`). @typedef {{job: number, reviewed: number, base: string, out: string}} LearnStarted */
/** A figure before and after (`Pair`; null: undefined). @typedef {{before: number | null, after: number | null}} Pair */
/** One row of the before/after table (`Row`): `all PHI` or a category. @typedef {{name: string, tokens: number | null, recall: Pair, precision: Pair}} ComparisonRow */
/** The table of one evaluation set (`SetComparison`; set `heldout`, `replay` or `dev`). @typedef {{set: string, label: string, documents: number, rows: ComparisonRow[]}} SetComparison */
/** The hybrid on one gold set (`HybridSet`): HIPAA recall and precision, the model in use before, the new one after; the recall it had to reach; all-PHI recall (every category). @typedef {{name: string, recall: Pair, precision: Pair, goal: number | null, all_recall: Pair}} HybridSet */
/** The before/after figures (`Comparison`). @typedef {{sets: SetComparison[], hybrid: HybridSet[], best_epoch: number | null, stopped: string | null}} Comparison */
/** @typedef {'written' | 'not_better' | 'cancelled' | 'failed'} LearnOutcome */
/**
 * The event `learning-finished` (`LearnFinished`): `model` is the new model (outcome `written`,
 * not in use until `use_model`).
 * @typedef {{job: number, outcome: LearnOutcome, message: string, model: ModelInfo | null, comparison: Comparison | null, exit: number | null, seconds: number, reviewed: number}} LearnFinished
 */
/** The event `learning-progress` (`LearnProgress`): one line of the process. @typedef {{job: number, line: string, stage: string | null, seconds: number}} LearnProgress */
/** `learning_status` (`LearningStatus`). @typedef {{running: number | null, lines: string[], last: LearnFinished | null, min_reviewed: number}} LearningStatus */
/** The event `model-changed` (`ModelChanged`): the engine loaded the chosen model. @typedef {{dir: string, engine: EngineInfo}} ModelChanged */

/**
 * Every command: its arguments (as the Rust parameter names) and its result (T of the command's
 * `Result<T, _>`; a failure rejects the Promise with a `CommandError`).
 * @typedef {{
 *   app_info: {args: {}, result: AppInfo},
 *   list_corpora: {args: {}, result: CorpusSummary[]},
 *   list_documents: {args: {corpus: CorpusId, filter: DocFilter}, result: DocPage},
 *   get_document: {args: {id: DocId}, result: DocPayload},
 *   get_gold: {args: {id: DocId}, result: GoldView},
 *   apply_edit: {args: {edit: Edit, origin: DocId | null}, result: number},
 *   undo: {args: {doc?: DocId | null}, result: UndoResult | null},
 *   redo: {args: {doc?: DocId | null}, result: UndoResult | null},
 *   set_status: {args: {doc: DocId, status: Status}, result: null},
 *   save_judgment: {args: {doc: DocId, judgment: Judgment}, result: null},
 *   find_occurrences: {args: {corpus: CorpusId, doc: DocId | null, needle: string}, result: Occurrences},
 *   report: {args: {corpus: CorpusId, version: string | null}, result: ReviewReport},
 *   export: {args: {corpus: CorpusId, kind: ExportKind, folder: string, version: string | null}, result: ExportResult},
 *   import_start: {args: {request: ImportRequest}, result: JobId},
 *   import_cancel: {args: {job: JobId}, result: boolean},
 *   jobs: {args: {}, result: JobView[]},
 *   csv_columns: {args: {path: string}, result: string[]},
 *   pick_path: {args: {pick: Pick}, result: string | null},
 *   csv_preview: {args: {path: string}, result: CsvPreview},
 *   imported_before: {args: {path: string}, result: ImportedBefore[]},
 *   save_report: {args: {folder: string, name: string, html: string}, result: string},
 *   unlock_database: {args: {passphrase: string}, result: null},
 *   encrypt_database: {args: {passphrase: string}, result: null},
 *   change_passphrase: {args: {current: string, new: string}, result: null},
 *   list_annotators: {args: {}, result: Annotators},
 *   choose_annotator: {args: {name: string}, result: Annotators},
 *   list_samples: {args: {corpus: CorpusId}, result: Sample[]},
 *   create_sample: {args: {corpus: CorpusId, name: string, count: number, annotators: string[]}, result: Sample},
 *   agreement: {args: {corpus: CorpusId, sample: SampleId | null, a: string, b: string}, result: AgreementReport},
 *   adjudication_view: {args: {doc: DocId, a: string, b: string}, result: AdjudicationPayload},
 *   adjudicate: {args: {doc: DocId, a: string, b: string, choices: Choice[]}, result: AdjudicationRecord},
 *   adjudicate_spans: {args: {doc: DocId, a: string, b: string, spans: GoldSpan[]}, result: AdjudicationRecord},
 *   start_learning: {args: {corpus: CorpusId | null}, result: LearnStarted},
 *   cancel_learning: {args: {}, result: boolean},
 *   learning_status: {args: {}, result: LearningStatus},
 *   list_models: {args: {}, result: ModelInfo[]},
 *   use_model: {args: {dir: string}, result: ModelInfo[]},
 * }} Commands
 */
/** @typedef {keyof Commands} Command */

/** The events the shell emits, with their payloads. @typedef {{'import-progress': ImportProgress, 'import-finished': ImportFinished, 'learning-progress': LearnProgress, 'learning-finished': LearnFinished, 'model-changed': ModelChanged, 'tauri://drag-drop': DragDrop}} Events */
/** Files or folders dropped on the window (Tauri's own window event). @typedef {{paths: string[], position: {x: number, y: number}}} DragDrop */

/** What kind of failure a command had (src-tauri/src/error.rs, `kind`). @typedef {'locked' | 'wrong_passphrase' | 'file' | 'invalid' | 'internal'} ErrorKind */
/** @type {readonly ErrorKind[]} */
const ERROR_KINDS = ['locked', 'wrong_passphrase', 'file', 'invalid', 'internal'];

/**
 * A command's failure, as every api function rejects: the shell's `{kind, message, path?}`
 * (`CommandError`), or its plain error string (kind `internal`). `String(e)` is the message the
 * UI shows (it names files, never narrative text or a passphrase).
 */
export class CommandError extends Error {
  /** @param {ErrorKind} kind @param {string} message @param {string | null} [path] the file it is about */
  constructor(kind, message, path = null) {
    super(message);
    this.name = 'CommandError';
    this.kind = kind;
    this.path = path;
  }

  toString() {
    return this.message;
  }
}

/** The rejection of a command as a `CommandError`. @param {unknown} e @returns {CommandError} */
export function commandError(e) {
  if (e instanceof CommandError) return e;
  if (typeof e === 'string') return new CommandError('internal', e);
  if (e && typeof e === 'object' && 'message' in e && typeof e.message === 'string') {
    const kind = 'kind' in e && ERROR_KINDS.includes(/** @type {ErrorKind} */ (e.kind)) ? /** @type {ErrorKind} */ (e.kind) : 'internal';
    const path = 'path' in e && typeof e.path === 'string' ? e.path : null;
    return new CommandError(kind, e.message, path);
  }
  return new CommandError('internal', String(e));
}

// ---------------------------------------------------------------- the queue

/**
 * The commands that change the database: they run one at a time, in the order asked.
 * @type {ReadonlySet<Command>}
 */
export const WRITES = new Set(
  /** @type {Command[]} */ ([
    'apply_edit',
    'undo',
    'redo',
    'set_status',
    'save_judgment',
    'choose_annotator',
    'create_sample',
    'adjudicate',
    'adjudicate_spans',
    'unlock_database',
    'encrypt_database',
    'change_passphrase',
    'start_learning', // its gold export is recorded in the audit log
  ]),
);

/** Commands that never wait (a cancel must reach the running import at once). @type {ReadonlySet<Command>} */
export const IMMEDIATE = new Set(/** @type {Command[]} */ (['import_cancel', 'cancel_learning']));

/** @typedef {(cmd: string, args?: Record<string, unknown>) => Promise<unknown>} Transport */

/**
 * A queue over a transport: writes in order, one at a time; reads after the writes asked for
 * before them. Pure (a transport is passed in), for the unit tests.
 * @param {Transport} transport
 */
export function createQueue(transport) {
  /** The last write asked for (settled either way). @type {Promise<unknown>} */
  let writes = Promise.resolve();
  /** @type {number} */
  let pending = 0;
  /**
   * @template {Command} K
   * @param {K} cmd @param {Commands[K]['args']} args
   * @returns {Promise<Commands[K]['result']>}
   */
  function call(cmd, args) {
    const run = () =>
      /** @type {Promise<Commands[K]['result']>} */ (
        transport(cmd, /** @type {Record<string, unknown>} */ (args)).catch((e) => {
          throw commandError(e);
        })
      );
    if (IMMEDIATE.has(cmd)) return run();
    pending++;
    const done = () => {
      pending--;
    };
    if (WRITES.has(cmd)) {
      const p = writes.then(run);
      writes = p.then(done, done);
      return p;
    }
    const p = writes.then(run);
    p.then(done, done);
    return p;
  }
  return {
    call,
    /** Commands asked for and not finished (for tests and debugging). */
    pending: () => pending,
  };
}

// ---------------------------------------------------------------- Tauri

/**
 * @typedef {{
 *   core: {invoke: (cmd: string, args?: Record<string, unknown>) => Promise<unknown>},
 *   event: {listen: (event: string, handler: (e: {payload: unknown}) => void) => Promise<() => void>},
 * }} TauriGlobal
 */

/** @returns {TauriGlobal} */
function tauri() {
  const t = /** @type {{__TAURI__?: TauriGlobal}} */ (/** @type {unknown} */ (globalThis)).__TAURI__; // injected by Tauri (withGlobalTauri)
  if (!t) throw new Error('not running inside Deid Studio (no Tauri IPC)');
  return t;
}

const queue = createQueue((cmd, args) => tauri().core.invoke(cmd, args));
const invoke = queue.call;

/** Commands asked for and not finished. */
export const pending = queue.pending;

export const appInfo = () => invoke('app_info', {});
export const corpora = () => invoke('list_corpora', {});
/** @param {CorpusId} corpus @param {DocFilter} filter */
export const documents = (corpus, filter) => invoke('list_documents', { corpus, filter });
/** @param {DocId} id */
export const document = (id) => invoke('get_document', { id });
/** The current annotator's spans and status of narrative `id` (no text: read back after an edit). @param {DocId} id */
export const gold = (id) => invoke('get_gold', { id });
/** One edit, made while narrative `origin` is on screen (undo there reverts it). @param {Edit} edit @param {DocId | null} [origin] */
export const applyEdit = (edit, origin = null) => invoke('apply_edit', { edit, origin });
/** Undo the annotator's latest edit (of narrative `doc` only, where the shell offers it). @param {DocId | null} [doc] */
export const undo = (doc = null) => invoke('undo', doc === null ? {} : { doc });
/** Redo the annotator's oldest undone edit (of narrative `doc` only, where the shell offers it). @param {DocId | null} [doc] */
export const redo = (doc = null) => invoke('redo', doc === null ? {} : { doc });
/** @param {DocId} doc @param {Status} status */
export const setStatus = (doc, status) => invoke('set_status', { doc, status });
/** @param {DocId} doc @param {Judgment} judgment */
export const saveJudgment = (doc, judgment) => invoke('save_judgment', { doc, judgment });
/** @param {CorpusId} corpus @param {DocId | null} doc @param {string} needle */
export const findOccurrences = (corpus, doc, needle) => invoke('find_occurrences', { corpus, doc, needle });
/** `version`: an annotator or `adjudicated` (their judgments, days and reviewed gold); null: everybody's. @param {CorpusId} corpus @param {string | null} [version] */
export const report = (corpus, version = null) => invoke('report', { corpus, version });
/**
 * Export `version`'s work (an annotator or 'adjudicated'; null: the current annotator). Gold XML
 * holds only the narratives that version marked done.
 * @param {CorpusId} corpus @param {ExportKind} kind @param {string} folder @param {string | null} version
 */
export const exportCorpus = (corpus, kind, folder, version) => invoke('export', { corpus, kind, folder, version });
/** @param {ImportRequest} request */
export const importStart = (request) => invoke('import_start', { request });
/** @param {JobId} job */
export const importCancel = (job) => invoke('import_cancel', { job });
export const jobs = () => invoke('jobs', {});
/** @param {string} path */
export const csvColumns = (path) => invoke('csv_columns', { path });
/** The native dialog (GTK's file chooser); null when the user cancels. @param {Pick} pick */
export const pickPath = (pick) => invoke('pick_path', { pick });
/** @param {string} path */
export const csvPreview = (path) => invoke('csv_preview', { path });
/** @param {string} path */
export const importedBefore = (path) => invoke('imported_before', { path });
/** Write a report as a new file `name` in `folder` (never over another); the path written. @param {string} folder @param {string} name @param {string} html */
export const saveReport = (folder, name, html) => invoke('save_report', { folder, name, html });

// Annotation teams (src-tauri/src/team.rs): who annotates, samples, agreement, adjudication.
export const annotators = () => invoke('list_annotators', {});
/** @param {string} name */
export const chooseAnnotator = (name) => invoke('choose_annotator', { name });
/** @param {CorpusId} corpus */
export const samples = (corpus) => invoke('list_samples', { corpus });
/** @param {CorpusId} corpus @param {string} name @param {number} count @param {string[]} annotators */
export const createSample = (corpus, name, count, annotators) => invoke('create_sample', { corpus, name, count, annotators });
/** @param {CorpusId} corpus @param {SampleId | null} sample @param {string} a @param {string} b */
export const agreement = (corpus, sample, a, b) => invoke('agreement', { corpus, sample, a, b });
/** @param {DocId} doc @param {string} a @param {string} b */
export const adjudicationView = (doc, a, b) => invoke('adjudication_view', { doc, a, b });
/** @param {DocId} doc @param {string} a @param {string} b @param {Choice[]} choices one per disagreement */
export const adjudicate = (doc, a, b, choices) => invoke('adjudicate', { doc, a, b, choices });
/** @param {DocId} doc @param {string} a @param {string} b @param {GoldSpan[]} spans edited by the adjudicator */
export const adjudicateSpans = (doc, a, b, spans) => invoke('adjudicate_spans', { doc, a, b, spans });

// Encryption at rest: a passphrase goes to the shell and nowhere else (never logged or stored).
/** @param {string} passphrase */
export const unlockDatabase = (passphrase) => invoke('unlock_database', { passphrase });
/** @param {string} passphrase */
export const encryptDatabase = (passphrase) => invoke('encrypt_database', { passphrase });
/** @param {string} current @param {string} next */
export const changePassphrase = (current, next) => invoke('change_passphrase', { current, new: next });

// Learning from reviewed narratives (src-tauri/src/learn.rs): progress and the end come as events.
/** Learn from the current annotator's reviewed narratives of `corpus` (null: every corpus). @param {CorpusId | null} corpus */
export const startLearning = (corpus) => invoke('start_learning', { corpus });
export const cancelLearning = () => invoke('cancel_learning', {});
export const learningStatus = () => invoke('learning_status', {});
export const listModels = () => invoke('list_models', {});
/** Use the model in `dir` from now on (and at the next start): `model-changed` once loaded. @param {string} dir */
export const useModel = (dir) => invoke('use_model', { dir });

/**
 * @template {keyof Events} E
 * @param {E} event @param {(payload: Events[E]) => void} handler
 */
export function listen(event, handler) {
  return tauri().event.listen(event, (e) => handler(/** @type {Events[E]} */ (e.payload)));
}
