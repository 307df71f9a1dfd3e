// @ts-check
/**
 * The report view (Report tab): the corpus's review so far, of one annotator's work, the
 * adjudicated gold or everybody's (`Store::report_for`; the current annotator's first): narratives judged,
 * valuable information retained, nothing lost, with charts of the verdicts, the information types
 * lost, the current model's recall and precision per category against the gold, and the
 * narratives marked done per day; "Save as HTML…" writes it as one self-contained file (never
 * over another). `renderReport` and `reportDocument` are pure (ui/test/state.test.mjs,
 * ui/test/charts.test.mjs).
 */
import * as api from './api.js';
import { $, guard, say } from './dom.js';
import { barChart, columnChart, groupedBarChart } from './charts.js';
import { CATEGORIES, INFO_KEYS } from './categories.js';
import { escapeHtml } from './render.js';
import { store } from './state.js';
import { showView } from './agreement.js';
import { fillVersions, current } from './annotator.js';

/** Open the view for the corpus shown: the current annotator's work first. */
export async function showReport() {
  store.set({ view: 'report' });
  showView('report-view');
  const sel = $('report-version');
  fillVersions(sel);
  sel.prepend(new Option("everybody's work", ''));
  sel.value = current();
  await loadReport();
}

/** The report of the version chosen (an annotator, the adjudicated gold, or everybody's). */
async function loadReport() {
  const corpus = store.state.corpus;
  if (corpus === null) {
    $('report-body').textContent = 'No corpus.';
    return;
  }
  const version = $('report-version').value || null;
  const r = await guard(() => api.report(corpus, version));
  if (!r) return;
  $('report-body').innerHTML = renderReport(r, whose(version), await agreements(corpus));
}

/** @typedef {{sample: import('./api.js').Sample, agreement: import('./api.js').AgreementReport}} SampleAgreement */

/**
 * The agreement of every sample of the corpus assigned to two or more annotators (its first
 * two), as the agreement view computes it.
 * @param {number} corpus @returns {Promise<SampleAgreement[]>}
 */
async function agreements(corpus) {
  const samples = (await guard(() => api.samples(corpus))) ?? [];
  const out = [];
  for (const sample of samples.filter((x) => x.annotators.length >= 2)) {
    const agreement = await guard(() => api.agreement(corpus, sample.id, sample.annotators[0], sample.annotators[1]));
    if (agreement) out.push({ sample, agreement });
  }
  return out;
}

/**
 * The report's agreement section: per sample, the chance-corrected token agreement per category
 * (Cohen's kappa, Krippendorff's alpha, Gwet's AC1: kappa misleads on sparse labels) as a chart
 * and a table with the exact values (a negative value has no bar).
 * @param {SampleAgreement[]} items
 */
export function renderAgreements(items) {
  if (!items.length) return '<h3>Agreement</h3><p class="muted">No sample assigned to two annotators yet (Agreement → assign a sample).</p>';
  const out = ['<h3>Agreement</h3>'];
  // two decimals, and no "-0.00" for a value a hair under zero
  const two = (/** @type {number} */ x) => (Math.abs(x) < 0.005 ? '0.00' : x.toFixed(2));
  const num = (/** @type {number | null} */ x) => (x === null ? '—' : two(x));
  for (const { sample, agreement: a } of items) {
    const label = (/** @type {string} */ k) => CATEGORIES.find((x) => x.kind === k)?.label ?? k;
    const title = `Sample “${sample.name}”: ${a.annotator_a} and ${a.annotator_b}, ${narratives(a.compared)} both marked done`;
    const rows = [{ label: 'all PHI', c: a.overall }, ...a.categories.map((c) => ({ label: label(c.category), c: c.token }))];
    out.push(
      groupedBarChart(
        `chart-agreement-${sample.id}`,
        title,
        rows.map(({ label: l, c }) => ({ label: l, values: [c.kappa, c.alpha, c.ac1] })),
        ["Cohen's kappa", "Krippendorff's alpha", "Gwet's AC1"],
        { max: 1, format: two },
      ),
    );
    out.push(`<table class="report-agreement" data-sample="${sample.id}"><tr><th>category</th><th>kappa</th><th>alpha</th><th>AC1</th><th>tokens A / B / both</th><th>strict span F1</th></tr>`);
    out.push(`<tr><td>all PHI</td><td>${num(a.overall.kappa)}</td><td>${num(a.overall.alpha)}</td><td>${num(a.overall.ac1)}</td><td></td><td>${num(a.strict.f1)}</td></tr>`);
    for (const c of a.categories) {
      out.push(`<tr><td>${escapeHtml(label(c.category))}</td><td>${num(c.token.kappa)}</td><td>${num(c.token.alpha)}</td><td>${num(c.token.ac1)}</td><td>${c.tokens_a} / ${c.tokens_b} / ${c.tokens_both}</td><td>${num(c.strict.f1)}</td></tr>`);
    }
    out.push('</table>');
  }
  return out.join('');
}

/** "1 narrative", "2 narratives". @param {number} n */
const narratives = (n) => `${n} narrative${n === 1 ? '' : 's'}`;

/** How the report names whose work it covers. @param {string | null} version */
export function whose(version) {
  if (version === null) return "everybody's work";
  return version === 'adjudicated' ? 'the adjudicated gold' : `${version}'s work`;
}

/** The verdicts' labels, in the store's order. @type {Record<string, string>} */
const VERDICTS = {
  nothing_lost: 'Nothing lost',
  some_lost: 'Some information lost',
  critical_lost: 'Critical information lost',
  none: 'No verdict',
};

/**
 * The report as a self-contained HTML document (its own styles: the saved file has no app
 * around it). @param {string} title @param {string} body the report's HTML
 */
export function reportDocument(title, body) {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}.cards{display:flex;gap:12px;flex-wrap:wrap}',
    '.card{border:1px solid #ccc;border-radius:6px;padding:10px 14px;min-width:180px}.big{font-size:26px;font-weight:600}',
    '.muted{color:#666}.small{font-size:12px}table{border-collapse:collapse;margin-bottom:16px}',
    'th,td{border:1px solid #ccc;padding:3px 10px;font-size:13px;text-align:right}th:first-child,td:first-child{text-align:left}',
    'figure.chart{margin:8px 0 16px}figcaption{font-weight:600;margin-bottom:4px}</style></head><body>',
    `<p class="muted small">${escapeHtml(title)}</p>`,
    body,
    '</body></html>',
  ].join('\n');
}

/** "Save as HTML…": a folder from the native dialog, a new file there. */
async function saveReport() {
  const corpus = store.state.corpora.find((c) => c.id === store.state.corpus);
  const body = $('report-body').innerHTML;
  if (!corpus || !body) return;
  const folder = await guard(() => api.pickPath('export_folder'));
  if (!folder) return;
  const day = new Date().toISOString().slice(0, 10);
  const title = `Deid Studio review report: ${corpus.name}, ${whose($('report-version').value || null)}, ${day}`;
  const path = await guard(() => api.saveReport(folder, `deid-report-${day}.html`, reportDocument(title, body)));
  if (path) say(`Report saved to ${path}`);
}

/**
 * The review report as HTML (every text escaped); `who` says whose work it covers; the
 * agreement of the corpus's samples when given.
 * @param {import('./api.js').ReviewReport} r @param {string} [who] @param {SampleAgreement[] | null} [samples]
 */
export function renderReport(r, who = '', samples = null) {
  const pct = (/** @type {number | null} */ x) => (typeof x !== 'number' || Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}%`);
  const out = ['<div class="report">', `<h2>Review report${who ? `: ${escapeHtml(who)}` : ''}</h2>`, '<div class="cards">'];
  const card = (/** @type {string} */ title, /** @type {string} */ big, /** @type {string} */ sub) =>
    out.push(`<div class="card"><div class="muted">${title}</div><div class="big">${big}</div><div class="muted small">${sub}</div></div>`);
  card('Narratives judged', String(r.judged), `of ${r.documents} in the corpus`);
  card('Some valuable information retained', pct(r.some_retained_share), `${r.some_retained} of ${r.judged} judged`);
  card('Nothing lost', pct(r.nothing_lost_share), `${r.nothing_lost} of ${r.judged} judged`);
  card('Model vs gold so far', `${pct(r.token_recall)} recall`, `precision ${pct(r.token_precision)} · HIPAA recall ${pct(r.hipaa_recall)} · ${narratives(r.evaluated)}`);
  out.push('</div>');
  out.push('<div class="charts">');
  out.push(barChart('chart-verdicts', `Verdicts (${r.judged} narrative${r.judged === 1 ? '' : 's'} judged)`, r.verdicts.map(([v, n]) => ({ label: VERDICTS[v] ?? v, value: n }))));
  out.push(
    barChart(
      'chart-lost',
      'Causality information lost by the masking, per type (narratives)',
      r.lost.map(([k, n]) => ({ label: (INFO_KEYS.find(([kk]) => kk === k) ?? [k, k])[1], value: n })),
      { color: '#d9822b' },
    ),
  );
  if (r.categories.length) {
    out.push(
      groupedBarChart(
        'chart-categories',
        `Current model per category against the gold of ${narratives(r.evaluated)}`,
        r.categories.map((c) => ({ label: CATEGORIES.find((x) => x.kind === c.category)?.label ?? c.category, values: [c.recall, c.precision] })),
        ['recall', 'precision'],
        { max: 1, format: (v) => `${(100 * v).toFixed(1)}%` },
      ),
    );
  }
  out.push(columnChart('chart-progress', 'Narratives marked done per day', r.done_per_day.map(([day, n]) => ({ label: day, value: n }))));
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
  out.push(`<h3>Current model per category <span class="muted">(token level, against the gold of ${narratives(r.evaluated)})</span></h3>`);
  if (r.categories.length) {
    out.push('<table id="report-categories"><tr><th>category</th><th>recall</th><th>gold tokens</th><th>found</th><th>precision</th><th>system tokens</th><th>matched</th></tr>');
    for (const c of r.categories) {
      const label = CATEGORIES.find((x) => x.kind === c.category)?.label ?? c.category;
      out.push(`<tr><td>${escapeHtml(label)}</td><td>${pct(c.recall)}</td><td>${c.gold_tokens}</td><td>${c.found_tokens}</td><td>${pct(c.precision)}</td><td>${c.system_tokens}</td><td>${c.matched_system_tokens}</td></tr>`);
    }
    out.push('</table>');
  } else out.push('<p class="muted">No gold yet.</p>');
  if (samples) out.push(renderAgreements(samples));
  out.push('</div>');
  return out.join('');
}

export function initReport() {
  $('btn-report').addEventListener('click', showReport);
  $('report-save').addEventListener('click', saveReport);
  $('report-version').addEventListener('change', loadReport);
}
