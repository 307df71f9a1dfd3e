// @ts-check
/**
 * The Tauri commands (src-tauri/src/commands.rs). Offsets are code points both ways. The app
 * talks only to its own shell over IPC: no network requests.
 */

/** @returns {any} */
function tauri() {
  // @ts-ignore injected by Tauri (withGlobalTauri)
  const t = window.__TAURI__;
  if (!t) throw new Error('not running inside Deid Studio (no Tauri IPC)');
  return t;
}

/** @param {string} cmd @param {Record<string, any>} [args] */
function invoke(cmd, args) {
  return tauri().core.invoke(cmd, args);
}

export const appInfo = () => invoke('app_info');
export const corpora = () => invoke('list_corpora');
/** @param {number} corpus @param {object} filter */
export const documents = (corpus, filter) => invoke('list_documents', { corpus, filter });
/** @param {number} id */
export const document = (id) => invoke('get_document', { id });
/** @param {{label: string, changes: {doc: number, remove: any[], add: any[]}[]}} edit */
export const applyEdit = (edit) => invoke('apply_edit', { edit });
export const undo = () => invoke('undo');
export const redo = () => invoke('redo');
/** @param {number} doc @param {string} status */
export const setStatus = (doc, status) => invoke('set_status', { doc, status });
/** @param {number} doc @param {object} judgment */
export const saveJudgment = (doc, judgment) => invoke('save_judgment', { doc, judgment });
/** @param {number} corpus @param {number | null} doc @param {string} needle */
export const findOccurrences = (corpus, doc, needle) => invoke('find_occurrences', { corpus, doc, needle });
/** @param {number} corpus */
export const report = (corpus) => invoke('report', { corpus });
/**
 * Export `version`'s work (an annotator or 'adjudicated'; null: the current annotator). Gold XML
 * holds only the narratives that version marked done.
 * @param {number} corpus @param {string} kind @param {string} folder @param {string | null} version
 */
export const exportCorpus = (corpus, kind, folder, version) => invoke('export', { corpus, kind, folder, version });
/** @param {object} request */
export const importStart = (request) => invoke('import_start', { request });
/** @param {number} job */
export const importCancel = (job) => invoke('import_cancel', { job });
export const jobs = () => invoke('jobs');
/** @param {string} path */
export const csvColumns = (path) => invoke('csv_columns', { path });

// Annotation teams (src-tauri/src/team.rs): who annotates, samples, agreement, adjudication.
export const annotators = () => invoke('list_annotators');
/** @param {string} name */
export const chooseAnnotator = (name) => invoke('choose_annotator', { name });
/** @param {number} corpus */
export const samples = (corpus) => invoke('list_samples', { corpus });
/** @param {number} corpus @param {string} name @param {number} count @param {string[]} annotators */
export const createSample = (corpus, name, count, annotators) => invoke('create_sample', { corpus, name, count, annotators });
/** @param {number} corpus @param {number | null} sample @param {string} a @param {string} b */
export const agreement = (corpus, sample, a, b) => invoke('agreement', { corpus, sample, a, b });
/** @param {number} doc @param {string} a @param {string} b */
export const adjudicationView = (doc, a, b) => invoke('adjudication_view', { doc, a, b });
/** @param {number} doc @param {string} a @param {string} b @param {string[]} choices 'a' | 'b' | 'neither' per disagreement */
export const adjudicate = (doc, a, b, choices) => invoke('adjudicate', { doc, a, b, choices });
/** @param {number} doc @param {string} a @param {string} b @param {{start: number, end: number, kind: string}[]} spans edited by the adjudicator */
export const adjudicateSpans = (doc, a, b, spans) => invoke('adjudicate_spans', { doc, a, b, spans });

// Encryption at rest: a passphrase goes to the shell and nowhere else (never logged or stored).
/** @param {string} passphrase */
export const unlockDatabase = (passphrase) => invoke('unlock_database', { passphrase });
/** @param {string} passphrase */
export const encryptDatabase = (passphrase) => invoke('encrypt_database', { passphrase });
/** @param {string} current @param {string} next */
export const changePassphrase = (current, next) => invoke('change_passphrase', { current, new: next });

/** @param {string} event @param {(payload: any) => void} handler */
export function listen(event, handler) {
  return tauri().event.listen(event, (/** @type {{payload: any}} */ e) => handler(e.payload));
}
