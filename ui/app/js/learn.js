// @ts-check
/**
 * "Learn…": the dialog that fine-tunes the model in use on the current annotator's reviewed
 * narratives (src-tauri/src/learn.rs runs `training.finetune` in the background), shows its
 * progress lines, lets the user cancel, then shows the before/after table (recall and precision,
 * all PHI and per category) and asks: "Use the new model" or "Keep the current model". The model
 * chooser in the same dialog lists every model (the one in use marked) and switches to any of
 * them; the old model always stays selectable.
 *
 * The module wires itself on import (main.js imports it); the pure parts (`comparisonHtml`,
 * `scopeOptions`, `modelsHtml`, `fmt`, `delta`) are tested in ui/test/learn.test.mjs.
 */
import * as api from './api.js';
import { $, say } from './dom.js';
import { escapeHtml } from './render.js';
import { store } from './state.js';
import { loadInfo } from './statusbar.js';

/** @typedef {import('./api.js').Comparison} Comparison */
/** @typedef {import('./api.js').HybridSet} HybridSet */
/** @typedef {import('./api.js').ModelInfo} ModelInfo */
/** @typedef {import('./api.js').LearnFinished} LearnFinished */
/** @typedef {import('./api.js').CorpusSummary} CorpusSummary */

/** Lines kept in the progress log. */
const MAX_LOG_LINES = 500;

// ---------------------------------------------------------------- pure parts

/** A figure as the table shows it ("–" when undefined). @param {number | null | undefined} x */
export function fmt(x) {
  return x === null || x === undefined || Number.isNaN(x) ? '–' : x.toFixed(3);
}

/**
 * The change of a figure: text and direction (`up`, `down`, `same`, or '' when undefined).
 * @param {import('./api.js').Pair} p @returns {{text: string, dir: '' | 'up' | 'down' | 'same'}}
 */
export function delta(p) {
  if (p.before === null || p.after === null) return { text: '', dir: '' };
  const d = p.after - p.before;
  if (Math.abs(d) < 0.0005) return { text: '±0.000', dir: 'same' };
  return { text: `${d > 0 ? '+' : '−'}${Math.abs(d).toFixed(3)}`, dir: d > 0 ? 'up' : 'down' };
}

/** @param {import('./api.js').Pair} p */
function cells(p) {
  const d = delta(p);
  return `<td class="num">${fmt(p.before)}</td><td class="num">${fmt(p.after)}</td><td class="num delta ${d.dir}">${d.text}</td>`;
}

/**
 * The before/after tables: the hybrid per gold set, then one per evaluation set of the model
 * alone: a row for all PHI, then one per category, recall and precision before, after and the
 * change.
 * @param {Comparison} c @returns {string}
 */
export function comparisonHtml(c) {
  return [hybridHtml(c.hybrid ?? [])]
    .concat(c.sets.map(
      (s) => `<table class="learn-table" data-set="${escapeHtml(s.set)}">
<caption>${escapeHtml(s.label)}: ${s.documents} narrative${s.documents === 1 ? '' : 's'}</caption>
<thead><tr><th rowspan="2">category</th><th rowspan="2" title="PHI tokens in the gold">tokens</th><th colspan="3">recall</th><th colspan="3" title="of the tokens the model labels with the category, the share that are PHI">precision</th></tr>
<tr><th>before</th><th>after</th><th>change</th><th>before</th><th>after</th><th>change</th></tr></thead>
<tbody>${s.rows
        .map(
          (r, i) =>
            `<tr${i === 0 ? ' class="total"' : ''}><td>${escapeHtml(r.name)}</td><td class="num">${r.tokens ?? ''}</td>${cells(r.recall)}${cells(r.precision)}</tr>`,
        )
        .join('')}</tbody></table>`,
    ))
    .filter(Boolean)
    .join('\n');
}

/**
 * The hybrid (rules and model with their thresholds: what de-identifying gives) per gold set,
 * first because it is what the user gets: HIPAA recall and precision, the model in use before,
 * the new one after, the recall the new one had to reach there, and the all-PHI recall (every
 * category, which it must not lose either). Empty without figures.
 * @param {HybridSet[]} sets @returns {string}
 */
export function hybridHtml(sets) {
  if (!sets.length) return '';
  return `<table class="learn-table" data-set="hybrid">
<caption>De-identification (rules and model) per gold set: the model in use → the new one</caption>
<thead><tr><th rowspan="2">gold set</th><th colspan="3">HIPAA recall</th><th rowspan="2" title="the target, or the model in use's recall where that is lower">had to reach</th><th colspan="3" title="every category, professions and countries too: never below the model in use's">all-PHI recall</th><th colspan="3">precision</th></tr>
<tr><th>before</th><th>after</th><th>change</th><th>before</th><th>after</th><th>change</th><th>before</th><th>after</th><th>change</th></tr></thead>
<tbody>${sets
    .map(
      (h) =>
        `<tr><td>${escapeHtml(h.name)}</td>${cells(h.recall)}<td class="num">${fmt(h.goal)}</td>${cells(h.all_recall ?? { before: null, after: null })}${cells(h.precision)}</tr>`,
    )
    .join('')}</tbody></table>`;
}

/**
 * The scope chooser's options: every corpus with its narratives this annotator marked done,
 * then all corpora; the corpus shown is selected.
 * @param {CorpusSummary[]} corpora @param {number | null} shown
 * @returns {{value: string, label: string, done: number, selected: boolean}[]}
 */
export function scopeOptions(corpora, shown) {
  const all = corpora.reduce((n, c) => n + c.done, 0);
  return [
    ...corpora.map((c) => ({ value: String(c.id), label: `${c.name}: ${c.done} reviewed`, done: c.done, selected: c.id === shown })),
    { value: '', label: `All corpora: ${all} reviewed`, done: all, selected: shown === null || !corpora.some((c) => c.id === shown) },
  ];
}

/** @param {ModelInfo} m */
function provenance(m) {
  const when = m.created ? ` on ${m.created.slice(0, 16).replace('T', ' ')}` : '';
  return m.fine_tuned ? `fine-tuned from ${m.base ?? '?'}${when}` : `shipped${when}`;
}

/** The model chooser's rows: the one in use marked, a "Use" button for the others. @param {ModelInfo[]} models */
export function modelsHtml(models) {
  if (!models.length) return '<p class="muted">No model found (rules only).</p>';
  return `<table class="learn-models"><tbody>${models
    .map(
      (m) => `<tr${m.in_use ? ' class="in-use"' : ''}><td><strong>${escapeHtml(m.name)}</strong> ${escapeHtml(m.version)}</td><td class="muted">${escapeHtml(provenance(m))}</td><td>${
        m.in_use ? '<span class="badge">in use</span>' : `<button type="button" data-dir="${escapeHtml(m.dir)}" title="${escapeHtml(m.dir)}">Use</button>`
      }</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

// ---------------------------------------------------------------- the dialog

const DIALOG = `
<div id="learn-overlay" class="overlay hidden" role="dialog" aria-label="Learn from reviewed narratives">
  <div class="dialog wide">
    <h2>Models and learning</h2>
    <h3 class="learn-h">Model in use</h3>
    <div id="learn-models"></div>
    <div id="learn-model-state" class="muted small" role="status"></div>
    <h3 class="learn-h">Learn from reviewed narratives</h3>
    <p class="muted small">Fine-tunes the model in use on <em>your</em> narratives marked done (at least <span id="learn-min">20</span>):
      a fifth is held out to judge the result, and a new model is kept only if it beats the current one there.
      It is saved beside the others and used only if you choose it. Takes up to about 10 minutes.</p>
    <div class="row">
      <label>From <select id="learn-scope" aria-label="Which reviewed narratives"></select></label>
      <button id="learn-start" type="button">Start learning</button>
      <button id="learn-cancel" type="button" disabled>Cancel</button>
      <button id="learn-close" type="button">Close <kbd>esc</kbd></button>
    </div>
    <div id="learn-error" class="error hidden" role="alert"></div>
    <div id="learn-stage" class="learn-stage" role="status"></div>
    <div id="learn-message"></div>
    <div id="learn-choice" class="row hidden">
      <button id="learn-use" type="button">Use the new model</button>
      <button id="learn-keep" type="button">Keep the current model</button>
    </div>
    <details id="learn-log-box" class="hidden" open><summary>Progress</summary><pre id="learn-log" class="learn-log" aria-label="Progress"></pre></details>
    <div id="learn-result" class="learn-result"></div>
  </div>
</div>`;


/** The dialog's state. */
const ui = {
  /** @type {number | null} the job running */
  running: null,
  /** @type {LearnFinished | null} the result waiting for "use" or "keep" */
  pending: null,
  /** @type {number | null} the last job whose result was shown */
  shown: null,
  /** @type {CorpusSummary[]} */
  corpora: [],
  corpus: /** @type {number | null} */ (null),
};

/** @param {string | null} text */
function showError(text) {
  $('learn-error').textContent = text ?? '';
  $('learn-error').classList.toggle('hidden', !text);
}

export function isOpen() {
  return !!$('learn-overlay') && !$('learn-overlay').classList.contains('hidden');
}

function setRunning(/** @type {number | null} */ job) {
  ui.running = job;
  $('learn-start').disabled = job !== null;
  $('learn-scope').disabled = job !== null;
  $('learn-cancel').disabled = job === null;
}

/** @param {string} line */
function appendLog(line) {
  const log = $('learn-log');
  $('learn-log-box').classList.remove('hidden');
  const lines = (log.textContent ? log.textContent.split('\n') : []).concat(line);
  log.textContent = lines.slice(-MAX_LOG_LINES).join('\n');
  log.scrollTop = log.scrollHeight;
}

async function refreshModels() {
  try {
    const models = await api.listModels();
    $('learn-models').innerHTML = modelsHtml(models);
  } catch (e) {
    showError(String(e));
  }
}

async function refreshScope() {
  try {
    ui.corpora = await api.corpora();
  } catch {
    ui.corpora = [];
  }
  $('learn-scope').innerHTML = scopeOptions(ui.corpora, ui.corpus)
    .map((o) => `<option value="${o.value}"${o.selected ? ' selected' : ''}>${escapeHtml(o.label)}</option>`)
    .join('');
}

/** @param {LearnFinished} fin */
function showFinished(fin) {
  ui.shown = fin.job;
  setRunning(null);
  $('learn-stage').textContent =
    { written: 'A better model was found', not_better: 'No better model: nothing written', cancelled: 'Cancelled', failed: 'Failed' }[fin.outcome] +
    ` (${Math.round(fin.seconds)} s, ${fin.reviewed} reviewed narratives)`;
  const table = fin.comparison ? comparisonHtml(fin.comparison) : '';
  const intro =
    fin.outcome === 'not_better' && fin.comparison ? '<p class="muted small">The best fine-tuned candidate, which was not kept:</p>' : '';
  $('learn-message').innerHTML = `<p class="${fin.outcome === 'failed' ? 'error' : ''}">${escapeHtml(fin.message).replace(/\n/g, '<br>')}</p>`;
  $('learn-result').innerHTML = `${intro}${table}`;
  $('learn-log-box').open = false; // the table matters now; the lines stay one click away
  ui.pending = fin.outcome === 'written' && fin.model ? fin : null;
  $('learn-choice').classList.toggle('hidden', !ui.pending);
  if (ui.pending) $('learn-use').focus();
  refreshModels();
}

async function start() {
  showError(null);
  $('learn-result').innerHTML = '';
  $('learn-message').innerHTML = '';
  $('learn-choice').classList.add('hidden');
  $('learn-log').textContent = '';
  $('learn-log-box').open = true;
  const v = $('learn-scope').value;
  try {
    const started = await api.startLearning(v === '' ? null : Number(v));
    setRunning(started.job);
    $('learn-stage').textContent = `Learning from ${started.reviewed} reviewed narratives (base: ${started.base})…`;
    say(`Learning from ${started.reviewed} reviewed narratives…`);
  } catch (e) {
    showError(String(e));
  }
}

/** @param {string} dir @param {string} name */
async function useModel(dir, name) {
  try {
    const models = await api.useModel(dir);
    $('learn-models').innerHTML = modelsHtml(models);
    $('learn-model-state').textContent = `Loading ${name}… (narratives imported from now on are pre-annotated with it)`;
    say(`Loading model ${name}…`);
  } catch (e) {
    showError(String(e));
  }
}

async function open() {
  ui.corpus = store.state.corpus;
  $('learn-overlay').classList.remove('hidden');
  showError(null);
  await Promise.all([refreshModels(), refreshScope()]);
  try {
    const st = await api.learningStatus();
    $('learn-min').textContent = String(st.min_reviewed);
    if (st.running !== null) {
      setRunning(st.running);
      $('learn-log').textContent = '';
      st.lines.forEach(appendLog);
    } else if (st.last && st.last.job !== ui.shown) {
      showFinished(st.last);
    }
  } catch (e) {
    showError(String(e));
  }
  (ui.pending ? $('learn-use') : $('learn-start')).focus();
}

function close() {
  $('learn-overlay').classList.add('hidden');
  $('narrative')?.focus({ preventScroll: true });
}

export function initLearn() {
  document.body.insertAdjacentHTML('beforeend', DIALOG);
  $('btn-learn')?.addEventListener('click', open);
  $('learn-close').addEventListener('click', close);
  $('learn-start').addEventListener('click', start);
  $('learn-cancel').addEventListener('click', async () => {
    $('learn-cancel').disabled = true;
    $('learn-stage').textContent = 'Cancelling…';
    try {
      await api.cancelLearning();
    } catch (e) {
      showError(String(e));
    }
  });
  $('learn-use').addEventListener('click', () => {
    const fin = ui.pending;
    if (!fin?.model) return;
    ui.pending = null;
    $('learn-choice').classList.add('hidden');
    useModel(fin.model.dir, fin.model.name);
  });
  $('learn-keep').addEventListener('click', () => {
    const fin = ui.pending;
    ui.pending = null;
    $('learn-choice').classList.add('hidden');
    if (fin?.model) $('learn-model-state').textContent = `Kept the current model; ${fin.model.name} stays in the list, to use later.`;
  });
  $('learn-models').addEventListener('click', (/** @type {MouseEvent} */ ev) => {
    const b = /** @type {HTMLElement | null} */ (ev.target)?.closest?.('button[data-dir]');
    if (!b) return;
    const dir = b.getAttribute('data-dir') ?? '';
    useModel(dir, b.closest('tr')?.querySelector('strong')?.textContent ?? dir);
  });
  // keys belong to the dialog while it is open (the review shortcuts are off); Escape closes it
  window.addEventListener(
    'keydown',
    (ev) => {
      if (!isOpen()) return;
      ev.stopPropagation();
      if (ev.key === 'Escape') {
        ev.preventDefault();
        close();
      }
    },
    true,
  );
  try {
    api.listen('learning-progress', (p) => {
      if (ui.running === null) setRunning(p.job);
      if (p.stage) {
        $('learn-stage').textContent = `${p.stage[0].toUpperCase()}${p.stage.slice(1)}… (${Math.round(p.seconds)} s)`;
        if (!isOpen()) say(`Learning: ${p.stage}…`);
      }
      appendLog(p.line);
    });
    api.listen('learning-finished', (fin) => {
      showFinished(fin);
      say(fin.message.split('\n')[0], fin.outcome === 'failed');
    });
    api.listen('model-changed', (m) => {
      $('learn-model-state').textContent = `Now using ${m.engine.model} (${m.engine.mode})${m.engine.note ? `: ${m.engine.note}` : ''}.`;
      say(`Model: ${m.engine.model} (${m.engine.mode})`);
      refreshModels();
      loadInfo(); // the status bar shows what the engine runs
    });
  } catch {
    // outside the app (no Tauri IPC): the dialog stays inert
  }
}

if (typeof document !== 'undefined' && document.getElementById('btn-learn')) initLearn();
