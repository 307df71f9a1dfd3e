// @ts-check
/**
 * Deid Studio's bootstrap: wires every view and dialog (one module each) to the page, unlocks an
 * encrypted database, loads what there is and reopens where the user left off. State lives in
 * state.js, calls to the shell in api.js, logic in the pure modules.
 */
import * as api from './api.js';
import { $, banner, guard, say } from './dom.js';
import { store, currentTokenText } from './state.js';
import { browserStorage, readPlace, watchPlace } from './resume.js';
import { initStatusbar, loadInfo } from './statusbar.js';
import { initEncryption, unlock } from './encryption.js';
import { initCorpusbar, loadCorpora, refreshCorpora } from './corpusbar.js';
import { initDoclist, resetList, openIndex, fillSamples } from './doclist.js';
import { initNarrative, openDoc, showReview, timings } from './narrative.js';
import { initJudgment } from './judgment.js';
import { initPicker } from './picker.js';
import { initOccurrences } from './occurrences.js';
import { initHelp } from './help.js';
import { initImport, resumeJobs } from './import-dialog.js';
import { initExport } from './export-dialog.js';
import { initReport } from './report.js';
import { initKeyboard } from './keyboard.js';
import { keyTimings } from './keytiming.js';
import { initAnnotator } from './annotator.js';
import { initAgreement } from './agreement.js';
import { initAdjudication, showAdjudication } from './adjudication.js';
import './learn.js'; // "Learn…": learning from reviewed narratives and the model chooser (wires itself)

const state = store.state;

// Introspection for the end-to-end tests and for debugging (read-only use).
/** @type {any} */ (window).deidStudio = {
  state,
  snapshot: () =>
    JSON.stringify({
      corpus: state.corpus,
      doc: state.doc && { id: state.doc.id, external_id: state.doc.external_id, status: state.doc.status },
      spans: state.spans,
      cursor: state.cursor,
      token: state.tokens[state.cursor.tok] ?? null,
      tokenText: currentTokenText(state),
      uncertain: state.uncertain,
      judgment: state.judgment,
      mode: state.mode,
      total: state.list?.total ?? 0,
    }),
  /** Open the i-th narrative of the list and resolve after the next paint: ms (render bench). */
  openTimed: async (/** @type {number} */ i) => {
    const t0 = performance.now();
    await openIndex(i);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return performance.now() - t0;
  },
  /** The latest keystrokes' latencies (keytiming.js; the window bench reads them). */
  keyTimings,
  get lastIpcMs() {
    return timings.ipcMs;
  },
  get lastRenderMs() {
    return timings.renderMs;
  },
  get lastLayoutMs() {
    return timings.layoutMs;
  },
};

async function start() {
  // views first (each subscribes to the parts of the state it shows), then the keyboard
  initStatusbar();
  initCorpusbar();
  initDoclist();
  initNarrative();
  initJudgment();
  initPicker();
  initOccurrences();
  initHelp();
  initExport();
  initReport();
  initEncryption();
  initKeyboard();
  await initImport();
  const first = await guard(() => api.appInfo());
  if (first?.locked) await unlock(first);
  await loadInfo();
  // where the user left off in this database (its path names it)
  const storage = browserStorage();
  const db = store.state.info?.db ?? first?.db ?? '';
  const place = readPlace(storage, db);
  await loadCorpora(place?.corpus ?? null, place);
  // annotation teams (annotator.js, agreement.js, adjudication.js): switching annotator reloads
  // the list and the open narrative as the new annotator's own
  await guard(() =>
    initAnnotator({
      say,
      changed: async () => {
        await refreshCorpora();
        await fillSamples(); // "assigned to you" is the new annotator's
        await resetList(false);
        if (store.state.doc) await openDoc(store.state.doc.id);
      },
    }),
  );
  initAgreement({ say, openAdjudication: showAdjudication });
  initAdjudication({ say, openInReview: async (id) => (showReview(), void (await openDoc(id))) });
  // an import that started before this window listened (the demo corpus on first start)
  const running = await resumeJobs();
  if (store.state.corpus === null && !running) say('No corpus yet: use Import… to add narratives');
  watchPlace(store, storage, db);
  $('narrative').focus({ preventScroll: true });
  document.body.dataset.ready = 'true';
}

start().catch((e) => banner(`Deid Studio could not start: ${e}`));
