// @ts-check
/**
 * The adjudication view: both annotators' versions of one narrative side by side, the list of
 * their disagreements with a choice per disagreement (A, B or neither, and optionally another
 * category for the chosen spans: the adjudicator's edit), a preview of the
 * adjudicated gold, and "Record adjudication", which the store saves as the gold of
 * `adjudicated` with the current annotator as who decided. `adjudicatedSpans` is pure
 * (ui/test/agreement.test.mjs); the store recomputes the spans from the choices itself.
 */
import * as api from './api.js';
import { OffsetMap } from './offsets.js';
import { renderNarrative, escapeHtml } from './render.js';
import { showView, spanLabel, showAgreement, label } from './agreement.js';
import { CATEGORIES } from './categories.js';
import { store } from './state.js';

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** @typedef {{start: number, end: number, kind: string}} Span */

/**
 * The spans both share plus, per disagreement, the chosen side's (null: not chosen yet, nothing),
 * relabelled to `kinds[i]` when the adjudicator edited the category.
 * @param {Span[]} agreed @param {{a: Span[], b: Span[]}[]} disagreements @param {(string | null)[]} choices
 * @param {(string | null)[]} [kinds]
 * @returns {Span[]}
 */
export function adjudicatedSpans(agreed, disagreements, choices, kinds = []) {
  const out = [...agreed];
  disagreements.forEach((d, i) => {
    const side = choices[i] === 'a' ? d.a : choices[i] === 'b' ? d.b : [];
    const kind = kinds[i];
    out.push(...side.map((s) => (kind ? { ...s, kind } : s)));
  });
  return out.sort((x, y) => x.start - y.start || x.end - y.end);
}

/** @typedef {{say: (text: string, error?: boolean) => void, openInReview: (doc: number) => Promise<void>}} Ctx */

/** @type {Ctx | null} */
let ctx = null;
/** The narrative shown. @type {import('./api.js').AdjudicationPayload | null} */
let view = null;
/** @type {(import('./api.js').Choice | null)[]} */
let choices = [];
/** A category the adjudicator chose instead of the side's (the edit), per disagreement. @type {(string | null)[]} */
let kinds = [];

/** Open a narrative's versions of annotators `a` and `b`. @param {number} doc @param {string} a @param {string} b */
export async function showAdjudication(doc, a, b) {
  if (!ctx) return;
  try {
    view = await api.adjudicationView(doc, a, b);
  } catch (e) {
    return ctx.say(String(e), true);
  }
  store.set({ view: 'adjudication' });
  choices = view.disagreements.map(() => null);
  kinds = view.disagreements.map(() => null);
  showView('adjudication-view');
  render();
  $('adj-result').textContent = view.decided
    ? `Adjudicated by ${view.decided.adjudicator} at ${view.decided.decided_at} (${view.decided.spans.length} spans); recording again adds a new decision.`
    : '';
  const first = document.querySelector('#adj-list input');
  if (first) /** @type {HTMLElement} */ (first).focus();
}

function render() {
  const v = view;
  if (!v) return;
  const map = new OffsetMap(v.text);
  const side = (/** @type {Span[]} */ spans) => renderNarrative({ text: v.text, map, tokens: v.token_bounds, spans });
  $('adj-title').textContent = `Adjudication of ${v.external_id}`;
  $('adj-statuses').textContent = `${v.annotator_a}: ${v.status_a.replace('_', ' ')} · ${v.annotator_b}: ${v.status_b.replace('_', ' ')}`;
  $('adj-a-title').textContent = `${v.annotator_a}'s version (A)`;
  $('adj-b-title').textContent = `${v.annotator_b}'s version (B)`;
  $('adj-a').innerHTML = side(v.a);
  $('adj-b').innerHTML = side(v.b);
  const rows = ['<tr><th>#</th><th>text</th><th>A</th><th>B</th><th>choice <span class="muted">(category)</span></th></tr>'];
  const kindSelect = (/** @type {number} */ i) =>
    `<select data-i="${i}" aria-label="Category of disagreement ${i + 1}"><option value="">as chosen</option>` +
    CATEGORIES.map((c) => `<option value="${c.kind}"${kinds[i] === c.kind ? ' selected' : ''}>${escapeHtml(label(c.kind))}</option>`).join('') +
    '</select>';
  v.disagreements.forEach((d, i) => {
    const radio = (/** @type {string} */ value, /** @type {string} */ text) =>
      `<label><input type="radio" name="adj-${i}" value="${value}" data-i="${i}"${choices[i] === value ? ' checked' : ''}> ${text}</label>`;
    rows.push(
      `<tr data-i="${i}"><td>${i + 1}</td><td>${escapeHtml(map.slice(d.start, d.end))}</td><td>${escapeHtml(spanLabel(d.a))}</td>` +
        `<td>${escapeHtml(spanLabel(d.b))}</td><td>${radio('a', 'A')} ${radio('b', 'B')} ${radio('neither', 'neither')}<br>${kindSelect(i)}</td></tr>`,
    );
  });
  if (!v.disagreements.length) rows.push('<tr><td colspan="5" class="muted">The versions agree: recording takes them as they are.</td></tr>');
  $('adj-list').innerHTML = rows.join('');
  renderPreview();
}

function renderPreview() {
  const v = view;
  if (!v) return;
  const map = new OffsetMap(v.text);
  const spans = adjudicatedSpans(v.agreed, v.disagreements, choices, kinds);
  $('adj-preview').innerHTML = renderNarrative({ text: v.text, map, tokens: v.token_bounds, spans });
  const left = choices.filter((c) => c === null).length;
  $('adj-record').disabled = left > 0;
  $('adj-record').textContent = left ? `Record adjudication (${left} to choose)` : 'Record adjudication';
}

/** @param {import('./api.js').Choice} side */
function chooseAll(side) {
  choices = choices.map(() => side);
  kinds = kinds.map(() => null);
  render();
}

async function record() {
  if (!ctx || !view) return;
  if (choices.some((c) => c === null)) return;
  try {
    // sides only: the store applies the choices itself; with an edited category, the spans go
    // as edited (the store checks them)
    const edited = kinds.some((k, i) => k && choices[i] !== 'neither');
    const r = edited
      ? await api.adjudicateSpans(view.doc, view.annotator_a, view.annotator_b, adjudicatedSpans(view.agreed, view.disagreements, choices, kinds))
      : await api.adjudicate(view.doc, view.annotator_a, view.annotator_b, /** @type {import('./api.js').Choice[]} */ (choices));
    view.decided = r;
    $('adj-result').textContent = `Adjudicated by ${r.adjudicator} at ${r.decided_at}: ${r.spans.length} spans recorded as the adjudicated gold.`;
    ctx.say(`Adjudication of ${view.external_id} recorded (decided by ${r.adjudicator})`);
  } catch (e) {
    $('adj-result').textContent = String(e);
    ctx.say(String(e), true);
  }
}

/** @param {Ctx} context */
export function initAdjudication(context) {
  ctx = context;
  $('adj-list').addEventListener('change', (/** @type {Event} */ e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const i = +(input.dataset.i ?? -1);
    if (input.tagName === 'SELECT') kinds[i] = input.value || null;
    else if (input.type === 'radio') choices[i] = /** @type {import('./api.js').Choice} */ (input.value);
    else return;
    renderPreview();
  });
  $('adj-all-a').addEventListener('click', () => chooseAll('a'));
  $('adj-all-b').addEventListener('click', () => chooseAll('b'));
  $('adj-record').addEventListener('click', record);
  $('adj-back').addEventListener('click', () => showAgreement());
  $('adj-open').addEventListener('click', () => view && ctx && ctx.openInReview(view.doc));
  // Escape goes back to the agreement view (before the review screen's keyboard sees it)
  document.addEventListener(
    'keydown',
    (/** @type {KeyboardEvent} */ e) => {
      if (e.key === 'Escape' && store.state.view === 'adjudication') {
        e.stopImmediatePropagation();
        e.preventDefault();
        showAgreement();
      }
    },
    true,
  );
}
