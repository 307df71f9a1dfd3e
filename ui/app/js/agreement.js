// @ts-check
/**
 * The agreement view: pick a sample (or the whole corpus) and two annotators; the shell returns
 * the engine's figures over the narratives both marked done (per-category token kappa,
 * Krippendorff's alpha and Gwet's AC1, strict and lenient span F1) and the disagreements, each of
 * which opens the narrative in the adjudication view. Also assigns a new sample to A and B.
 * `fmt` and `spanLabel` are pure (ui/test/agreement.test.mjs).
 */
import * as api from './api.js';
import * as annotator from './annotator.js';
import { CATEGORIES } from './categories.js';
import { escapeHtml } from './render.js';
import { store } from './state.js';

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** The views of the main area; exactly one is shown. */
export const VIEWS = ['review-view', 'report-view', 'agreement-view', 'adjudication-view'];
/** @type {Record<string, string>} */
const TAB_OF = { 'review-view': 'btn-review', 'report-view': 'btn-report', 'agreement-view': 'btn-agreement', 'adjudication-view': 'btn-agreement' };

/** Show one view and light its tab. @param {string} id */
export function showView(id) {
  for (const v of VIEWS) $(v).classList.toggle('hidden', v !== id);
  $('tooltip').classList.add('hidden'); // a hover card of the review screen must not linger
  for (const tab of new Set(Object.values(TAB_OF))) $(tab).classList.toggle('active', tab === TAB_OF[id]);
}

/** A figure with three decimals; undefined figures (nothing to divide) are "n/a". @param {number | null | undefined} x */
export function fmt(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return 'n/a';
  // rounding noise around 0 would print "-0.000"
  return (Math.abs(x) < 5e-4 ? 0 : x).toFixed(3);
}

/** The label of a category as the app shows it. @param {string} kind */
export function label(kind) {
  return CATEGORIES.find((c) => c.kind === kind)?.label ?? kind;
}

/** "DATE 30–38" for each span of one side, or "—". @param {{start: number, end: number, kind: string}[]} spans */
export function spanLabel(spans) {
  return spans.length ? spans.map((s) => `${label(s.kind)} ${s.start}–${s.end}`).join(', ') : '—';
}

/** @typedef {{say: (text: string, error?: boolean) => void, openAdjudication: (doc: number, a: string, b: string) => Promise<void>}} Ctx */

/** @type {Ctx | null} */
let ctx = null;
/** The figures shown (their disagreements open the adjudication view). @type {import('./api.js').AgreementReport | null} */
let last = null;

function showError(/** @type {string | null} */ m) {
  $('agr-error').textContent = m ?? '';
  $('agr-error').classList.toggle('hidden', !m);
}

/** @param {string} id @param {string[]} values @param {string} [keep] */
function fill(id, values, keep) {
  const sel = $(id);
  const want = keep ?? sel.value;
  sel.replaceChildren(
    ...values.map((v) => {
      const o = document.createElement('option');
      o.value = v;
      o.textContent = v;
      return o;
    }),
  );
  if (values.includes(want)) sel.value = want;
}

async function loadChoices() {
  const state = store.state;
  await annotator.refresh();
  const people = annotator.everybody();
  const a = $('agr-a').value || people[0];
  fill('agr-a', people, a);
  fill('agr-b', people, $('agr-b').value || people.find((p) => p !== a) || people[0]);
  const list = state.corpus === null ? [] : await api.samples(state.corpus);
  const sel = $('agr-sample');
  const keep = sel.value;
  const whole = document.createElement('option');
  whole.value = '';
  whole.textContent = 'whole corpus';
  sel.replaceChildren(
    whole,
    ...list.map((s) => {
      const o = document.createElement('option');
      o.value = String(s.id);
      o.textContent = `${s.name} (${s.documents.length} narratives: ${s.annotators.join(', ')})`;
      return o;
    }),
  );
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
  else if (list.length) sel.value = String(list[list.length - 1].id);
}

/** Open the view (the Agreement tab). */
export async function showAgreement() {
  if (!ctx) return;
  store.set({ view: 'agreement' });
  showView('agreement-view');
  showError(null);
  try {
    await loadChoices();
    if (last) await compare();
  } catch (e) {
    showError(String(e));
  }
}

/** Compute and show the figures for the chosen sample and annotators. */
export async function compare() {
  if (!ctx) return;
  const state = store.state;
  if (state.corpus === null) return showError('No corpus.');
  const a = $('agr-a').value;
  const b = $('agr-b').value;
  const sample = $('agr-sample').value === '' ? null : +$('agr-sample').value;
  showError(null);
  try {
    last = await api.agreement(state.corpus, sample, a, b);
  } catch (e) {
    last = null;
    $('agr-body').innerHTML = '';
    return showError(String(e));
  }
  $('agr-body').innerHTML = renderAgreement(last);
}

async function createSample() {
  if (!ctx) return;
  const state = store.state;
  if (state.corpus === null) return showError('No corpus.');
  const a = $('agr-a').value;
  const b = $('agr-b').value;
  try {
    const s = await api.createSample(state.corpus, $('agr-sample-name').value, +$('agr-sample-count').value, [a, b]);
    ctx.say(`Sample "${s.name}": ${s.documents.length} narratives assigned to ${s.annotators.join(' and ')}`);
    await loadChoices();
    $('agr-sample').value = String(s.id);
    $('agr-new-sample').open = false;
  } catch (e) {
    showError(String(e));
  }
}

/** The figures as HTML (every value escaped). @param {import('./api.js').AgreementReport} r */
export function renderAgreement(r) {
  const out = [];
  const card = (/** @type {string} */ title, /** @type {string} */ big, /** @type {string} */ sub) =>
    out.push(`<div class="card"><div class="muted">${title}</div><div class="big">${big}</div><div class="muted small">${sub}</div></div>`);
  out.push('<div class="cards" id="agr-cards">');
  card('Narratives compared', String(r.compared), `of ${r.in_scope} in scope: both ${escapeHtml(r.annotator_a)} and ${escapeHtml(r.annotator_b)} marked them done`);
  card("Cohen's kappa (tokens)", fmt(r.overall.kappa), `α ${fmt(r.overall.alpha)} · AC1 ${fmt(r.overall.ac1)} · ${r.overall.units} words`);
  card('Span F1, strict', fmt(r.strict.f1), `${r.strict.matched_a} of ${r.strict.a_spans} (A) · ${r.strict.matched_b} of ${r.strict.b_spans} (B)`);
  card('Span F1, lenient', fmt(r.lenient.f1), 'overlapping, same category');
  out.push('</div>');
  out.push('<h3>Per category <span class="muted">(token level: each category against all other words; kappa and alpha mislead on rare labels, AC1 does not)</span></h3>');
  if (r.categories.length) {
    out.push('<table id="agr-categories"><tr><th>category</th><th>words A</th><th>words B</th><th>both</th><th>kappa</th><th>alpha</th><th>AC1</th><th>strict F1</th><th>lenient F1</th></tr>');
    for (const c of r.categories) {
      const td = (/** @type {number | null} */ x) => `<td class="${x === null ? 'na' : ''}">${fmt(x)}</td>`;
      out.push(
        `<tr data-category="${escapeHtml(c.category)}"><td>${escapeHtml(label(c.category))}</td><td>${c.tokens_a}</td><td>${c.tokens_b}</td><td>${c.tokens_both}</td>` +
          `${td(c.token.kappa)}${td(c.token.alpha)}${td(c.token.ac1)}${td(c.strict.f1)}${td(c.lenient.f1)}</tr>`,
      );
    }
    out.push('</table>');
  } else out.push('<p class="muted">Nothing to compare yet: both annotators must mark narratives done.</p>');
  out.push(`<h3>Disagreements <span class="muted">(${r.disagreements.length}; enter or click opens the narrative side by side)</span></h3>`);
  if (r.disagreements.length) {
    const done = new Set(r.adjudicated);
    out.push(`<table id="agr-disagreements"><tr><th>narrative</th><th>offsets</th><th>kind</th><th>${escapeHtml(r.annotator_a)}</th><th>${escapeHtml(r.annotator_b)}</th></tr>`);
    for (const d of r.disagreements) {
      const ext = r.external_ids[d.doc] ?? String(d.doc);
      out.push(
        `<tr class="dis${done.has(d.doc) ? ' adjudicated' : ''}" tabindex="0" data-doc="${d.doc}"><td>${escapeHtml(ext)}</td><td>${d.start}–${d.end}</td>` +
          `<td>${escapeHtml(d.kind.replace('_', ' '))}</td><td>${escapeHtml(spanLabel(d.a))}</td><td>${escapeHtml(spanLabel(d.b))}</td></tr>`,
      );
    }
    out.push('</table>');
  } else if (r.compared) out.push('<p class="muted">No disagreement.</p>');
  return out.join('');
}

/** @param {Ctx} context */
export function initAgreement(context) {
  ctx = context;
  $('btn-agreement').addEventListener('click', () => showAgreement());
  $('agr-run').addEventListener('click', () => compare());
  $('agr-sample-create').addEventListener('click', () => createSample());
  const open = (/** @type {Event} */ e) => {
    const row = /** @type {HTMLElement} */ (e.target).closest('tr.dis');
    if (!row || !last || !ctx) return;
    ctx.openAdjudication(+(/** @type {HTMLElement} */ (row).dataset.doc ?? -1), last.annotator_a, last.annotator_b);
  };
  $('agr-body').addEventListener('click', open);
  $('agr-body').addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'Enter') open(e);
  });
}
