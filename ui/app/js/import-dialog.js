// @ts-check
/**
 * The import dialog (Import…): what to import (CSV with its columns read from the file, a folder
 * of .txt, i2b2 XML or E2B files), the background job's progress in the dialog and the status
 * bar, cancel, and its end: an imported corpus is shown at once (a corpus switch: the search and
 * the selection are cleared), a failure changes nothing and says why.
 */
import * as api from './api.js';
import { $, say, banner, guard } from './dom.js';
import { escapeHtml } from './render.js';
import { store } from './state.js';
import { loadCorpora, selectCorpus } from './corpusbar.js';

/** Jobs whose end was seen (a late progress event must not reopen their progress bar). @type {Set<number>} */
const finishedJobs = new Set();

function openImport() {
  $('import-overlay').classList.remove('hidden');
  $('imp-error').classList.add('hidden');
  syncImportKind();
  $('imp-path').focus();
}

function syncImportKind() {
  const csv = $('imp-kind').value === 'csv';
  $('imp-csv').classList.toggle('hidden', !csv);
  if (!csv) $('imp-preview').classList.add('hidden');
}

/**
 * The import kind a chosen or dropped file suggests by its extension; null for a folder or
 * another file (the choice in the dialog stays). An .xml file is read as E2B or i2b2 by its root
 * element either way.
 * @param {string} path @param {boolean} folder
 */
export function kindFor(path, folder) {
  if (folder) return null;
  const ext = (path.match(/\.([^./\\]+)$/)?.[1] ?? '').toLowerCase();
  return { csv: 'csv', tsv: 'csv', xml: 'e2b', txt: 'txt' }[ext] ?? null;
}

/** Put a chosen or dropped path in the dialog; a CSV shows its columns and first rows. @param {string} path @param {boolean} folder */
async function usePath(path, folder) {
  $('imp-path').value = path;
  clearAgain();
  const kind = kindFor(path, folder);
  if (kind) $('imp-kind').value = kind;
  syncImportKind();
  if ($('imp-kind').value === 'csv') await readColumns();
}

/** The path whose re-import the user was asked about (the next click imports it again). @type {string | null} */
let againFor = null;

function clearAgain() {
  if (againFor === null) return;
  againFor = null;
  $('imp-again').classList.add('hidden');
  $('imp-start').textContent = 'Import and pre-annotate';
}

async function readColumns() {
  const preview = await guard(() => api.csvPreview($('imp-path').value));
  if (!preview) return;
  const cols = preview.columns;
  const table = $('imp-preview');
  table.innerHTML =
    `<p class="muted small">${escapeHtml(preview.encoding)}, ${escapeHtml(preview.delimiter)}-separated; the first rows as the import reads them:</p>` +
    '<table><thead><tr>' +
    cols.map((c) => `<th>${escapeHtml(c)}</th>`).join('') +
    '</tr></thead><tbody>' +
    preview.rows
      .map((r) => '<tr>' + cols.map((_, i) => `<td>${escapeHtml((r[i] ?? '').slice(0, 120))}</td>`).join('') + '</tr>')
      .join('') +
    '</tbody></table>';
  table.classList.remove('hidden');
  const opts = '<option value="">(auto)</option>' + cols.map((c) => `<option>${escapeHtml(c)}</option>`).join('');
  $('imp-text-col').innerHTML = opts;
  $('imp-id-col').innerHTML = opts;
  for (const c of ['SYMPTOM_TEXT', 'text', 'narrative']) {
    if (cols.includes(c)) {
      $('imp-text-col').value = c;
      break;
    }
  }
  for (const c of ['VAERS_ID', 'id']) {
    if (cols.includes(c)) {
      $('imp-id-col').value = c;
      break;
    }
  }
}

async function startImport() {
  $('imp-error').classList.add('hidden');
  const path = $('imp-path').value.trim();
  // the same file or folder imported before: say so, and import again only on a second click
  if (path && againFor !== path) {
    const before = await guard(() => api.importedBefore(path));
    if (before === undefined) return;
    if (before.length) {
      const last = before[before.length - 1];
      $('imp-again').textContent =
        `This was imported before as “${last.name}” (${last.documents} narratives, ${last.created_at} UTC)` +
        (before.length > 1 ? ` and ${before.length - 1} more time${before.length > 2 ? 's' : ''}` : '') +
        '. Import it again as a new corpus? Your work on the earlier corpus stays as it is.';
      $('imp-again').classList.remove('hidden');
      $('imp-start').textContent = 'Import again as a new corpus';
      againFor = path;
      return;
    }
  }
  $('imp-again').classList.add('hidden');
  const kind = $('imp-kind').value;
  /** @type {import('./api.js').ImportRequest} */
  const request = {
    path: $('imp-path').value,
    kind,
    text_column: kind === 'csv' ? $('imp-text-col').value || null : null,
    id_column: kind === 'csv' ? $('imp-id-col').value || null : null,
    name: $('imp-name').value || null,
  };
  const job = await guard(() => api.importStart(request));
  if (job === undefined) return;
  store.set({ job });
  if (!finishedJobs.has(job)) showProgress({ job, phase: 'read', done: 0, total: 0, label: request.path });
}

/** @param {import('./api.js').ImportProgress} p */
function showProgress(p) {
  if (finishedJobs.has(p.job)) return;
  const pct = p.total ? (100 * p.done) / p.total : 0;
  /** @type {Record<string, string>} */
  const phases = { read: 'reading', annotate: 'pre-annotating', save: 'saving' };
  const text = `${phases[p.phase] ?? p.phase} ${p.total ? `${p.done}/${p.total}` : '…'}`;
  $('imp-progress').classList.remove('hidden');
  $('imp-fill').style.width = `${pct.toFixed(1)}%`;
  $('imp-progress-text').textContent = text;
  $('sb-job').textContent = `Import: ${text}`;
}

/** @param {import('./api.js').ImportFinished} f */
async function importFinished(f) {
  finishedJobs.add(f.job);
  $('sb-job').textContent = '';
  $('imp-progress').classList.add('hidden');
  if (f.ok && f.corpus !== null) {
    say(`Imported ${f.documents} narrative${f.documents === 1 ? '' : 's'} into “${f.corpus_name}”`);
    if (f.skipped && f.skipped.length) {
      banner(`${f.skipped.length} narrative${f.skipped.length === 1 ? ' was' : 's were'} left out (the engine failed on them):\n${f.skipped.slice(0, 5).join('\n')}`);
    }
    $('import-overlay').classList.add('hidden');
    await loadCorpora(f.corpus);
    if (store.state.corpus !== f.corpus) await selectCorpus(f.corpus);
  } else if (f.cancelled) {
    say('Import cancelled: nothing was imported');
    $('imp-error').textContent = 'Import cancelled: nothing was imported.';
    $('imp-error').classList.remove('hidden');
  } else {
    say('Import failed: nothing was imported', true);
    $('imp-error').textContent = f.error;
    $('imp-error').classList.remove('hidden');
    if ($('import-overlay').classList.contains('hidden')) banner(`Import failed: ${f.error}`);
  }
}

/** Whether the dialog is open (the review keys are off meanwhile). */
export function isOpen() {
  return !$('import-overlay').classList.contains('hidden');
}

export function closeImport() {
  $('import-overlay').classList.add('hidden');
}

/** Listen to the import events (before anything can start an import). */
export async function initImport() {
  $('btn-import').addEventListener('click', openImport);
  $('imp-kind').addEventListener('change', syncImportKind);
  $('imp-columns').addEventListener('click', readColumns);
  $('imp-browse-file').addEventListener('click', async () => {
    const p = await guard(() => api.pickPath('import_file'));
    if (p) await usePath(p, false);
  });
  $('imp-browse-folder').addEventListener('click', async () => {
    const p = await guard(() => api.pickPath('import_folder'));
    if (p) await usePath(p, true);
  });
  // another path: no question asked yet (the button is left alone when nothing was asked: the
  // change arrives as the button is pressed, and rewriting it then swallows the click)
  $('imp-path').addEventListener('change', clearAgain);
  // a file or folder dropped anywhere on the window opens the import with it
  await api.listen('tauri://drag-drop', async (d) => {
    const path = d.paths[0];
    if (!path) return;
    if (!isOpen()) openImport();
    await usePath(path, !/\.[^./\\]+$/.test(path));
  });
  $('imp-start').addEventListener('click', startImport);
  $('imp-cancel').addEventListener('click', () => {
    const job = store.state.job;
    if (job !== null) api.importCancel(job);
  });
  $('imp-close').addEventListener('click', closeImport);
  await api.listen('import-progress', (p) => showProgress(p));
  await api.listen('import-finished', (f) => importFinished(f));
}

/**
 * Imports that started before this window listened (the demo corpus on first start): a running
 * one shows its progress, a finished one's corpus is shown. Returns whether one still runs.
 */
export async function resumeJobs() {
  const jobs = await guard(() => api.jobs());
  for (const j of jobs ?? []) {
    if (!j.finished) {
      store.set({ job: j.progress.job });
      showProgress(j.progress);
    } else if (j.finished.ok && j.finished.corpus !== null && !store.state.corpora.find((c) => c.id === j.finished?.corpus)) {
      await loadCorpora(j.finished.corpus);
    }
  }
  return (jobs ?? []).some((j) => !j.finished);
}
