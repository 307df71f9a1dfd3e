// @ts-check
/**
 * The export dialog (Export…): whose work (an annotator or the adjudicated gold, annotator.js)
 * into which new or empty folder, as gold (only narratives marked done) i2b2 XML, brat standoff,
 * BioC XML or CoNLL (BIO), de-identified text files or CSV, or JSONL with the judgments; says what
 * was written where.
 */
import * as api from './api.js';
import { $, say, guard } from './dom.js';
import { fillVersions } from './annotator.js';
import { store } from './state.js';

/** @type {Record<import('./api.js').ExportKind, string>} */
const WHAT = {
  i2b2: 'gold i2b2 XML files',
  brat: 'gold brat documents',
  bioc: 'gold BioC documents',
  conll: 'gold CoNLL documents',
  masked: 'de-identified text files',
  csv: 'de-identified CSV rows',
  jsonl: 'JSONL lines',
};

/** @param {import('./api.js').ExportKind} kind */
async function doExport(kind) {
  const corpus = store.state.corpus;
  if (corpus === null) return;
  $('exp-result').textContent = 'exporting…';
  const r = await guard(() => api.exportCorpus(corpus, kind, $('exp-folder').value, $('exp-version').value || null));
  if (!r) {
    $('exp-result').textContent = $('sb-msg').textContent;
    return;
  }
  $('exp-result').textContent = `Wrote ${r.count} ${WHAT[kind]} (${r.annotator}'s work) to ${r.path}`;
  say(`Exported ${r.count} ${WHAT[kind]}`);
}

/** Whether the dialog is open (the review keys are off meanwhile). */
export function isOpen() {
  return !$('export-overlay').classList.contains('hidden');
}

export function closeExport() {
  $('export-overlay').classList.add('hidden');
}

export function initExport() {
  $('btn-export').addEventListener('click', () => {
    $('export-overlay').classList.remove('hidden');
    $('exp-result').textContent = '';
    fillVersions($('exp-version'));
    $('exp-folder').focus();
  });
  $('exp-close').addEventListener('click', closeExport);
  $('exp-browse').addEventListener('click', async () => {
    const folder = await guard(() => api.pickPath('export_folder'));
    if (folder) $('exp-folder').value = folder;
  });
  for (const kind of /** @type {import('./api.js').ExportKind[]} */ (Object.keys(WHAT))) {
    $(`exp-${kind}`).addEventListener('click', () => doExport(kind));
  }
}
