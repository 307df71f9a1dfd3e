// @ts-check
/**
 * The report view (Report tab): the corpus's review so far (`Store::report`): narratives judged,
 * valuable information retained, nothing lost, the information types most often lost, and the
 * current model against the gold per category. `renderReport` is pure (ui/test/state.test.mjs).
 */
import * as api from './api.js';
import { $, guard } from './dom.js';
import { CATEGORIES, INFO_KEYS } from './categories.js';
import { escapeHtml } from './render.js';
import { store } from './state.js';
import { showView } from './agreement.js';

/** Open the view for the corpus shown. */
export async function showReport() {
  store.set({ view: 'report' });
  showView('report-view');
  const corpus = store.state.corpus;
  if (corpus === null) {
    $('report-body').textContent = 'No corpus.';
    return;
  }
  const r = await guard(() => api.report(corpus));
  if (!r) return;
  $('report-body').innerHTML = renderReport(r);
}

/** The review report as HTML (every text escaped). @param {import('./api.js').ReviewReport} r */
export function renderReport(r) {
  const pct = (/** @type {number} */ x) => (typeof x !== 'number' || Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}%`);
  const out = ['<div class="report">', '<h2>Review report</h2>', '<div class="cards">'];
  const card = (/** @type {string} */ title, /** @type {string} */ big, /** @type {string} */ sub) =>
    out.push(`<div class="card"><div class="muted">${title}</div><div class="big">${big}</div><div class="muted small">${sub}</div></div>`);
  card('Narratives judged', String(r.judged), `of ${r.documents} in the corpus`);
  card('Some valuable information retained', pct(r.some_retained_share), `${r.some_retained} of ${r.judged} judged`);
  card('Nothing lost', pct(r.nothing_lost_share), `${r.nothing_lost} of ${r.judged} judged`);
  card('Model vs gold so far', `${pct(r.token_recall)} recall`, `precision ${pct(r.token_precision)} · HIPAA recall ${pct(r.hipaa_recall)} · ${r.evaluated} narratives`);
  out.push('</div>');
  out.push('<h3>Information types most often lost</h3>');
  const lost = r.lost.filter((x) => x[1] > 0);
  if (lost.length) {
    out.push('<table id="report-lost"><tr><th>information type</th><th>narratives where lost</th></tr>');
    for (const [k, n] of lost) {
      const label = (INFO_KEYS.find(([kk]) => kk === k) ?? [k, k])[1];
      out.push(`<tr><td>${escapeHtml(label)}</td><td>${n}</td></tr>`);
    }
    out.push('</table>');
  } else out.push('<p class="muted">No information type marked lost yet.</p>');
  out.push(`<h3>Current model per category <span class="muted">(token level, against the gold of ${r.evaluated} narratives)</span></h3>`);
  if (r.categories.length) {
    out.push('<table id="report-categories"><tr><th>category</th><th>recall</th><th>gold tokens</th><th>found</th><th>precision</th><th>system tokens</th><th>matched</th></tr>');
    for (const c of r.categories) {
      const label = CATEGORIES.find((x) => x.kind === c.category)?.label ?? c.category;
      out.push(`<tr><td>${escapeHtml(label)}</td><td>${pct(c.recall)}</td><td>${c.gold_tokens}</td><td>${c.found_tokens}</td><td>${pct(c.precision)}</td><td>${c.system_tokens}</td><td>${c.matched_system_tokens}</td></tr>`);
    }
    out.push('</table>');
  } else out.push('<p class="muted">No gold yet.</p>');
  out.push('</div>');
  return out.join('');
}

export function initReport() {
  $('btn-report').addEventListener('click', showReport);
}
