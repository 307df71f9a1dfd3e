// @ts-check
/**
 * The causality judgment panel (right sidebar, Meldau 2018): per information type absent /
 * retained / lost, the valuable masked tokens, the verdict and a comment; saved as the current
 * annotator's as it is edited (a new narrative goes in review). Re-renders when the open
 * narrative's judgment changes; disabled while no narrative is open.
 */
import * as api from './api.js';
import { $, say, guard } from './dom.js';
import { INFO_KEYS } from './categories.js';
import { escapeHtml } from './render.js';
import { store, canEdit, spanAtCursor } from './state.js';
import { renderHeader } from './narrative.js';
import { refreshList } from './doclist.js';
import { refreshCorpora } from './corpusbar.js';

/** The judgment being edited (null: no narrative open). */
const current = () => store.state.judgment;

function markLostRows() {
  const j = current();
  for (const tr of $('info-rows').querySelectorAll('tr')) tr.classList.toggle('lost', !!j && j.info[tr.dataset.key] === 'lost');
}

function renderJudgment() {
  const j = current();
  for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLTextAreaElement>} */ (document.querySelectorAll('#judgment input, #judgment textarea'))) {
    input.disabled = !j;
  }
  for (const [key] of INFO_KEYS) {
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(`input[name="info-${key}"]`))) {
      input.checked = !!j && j.info[key] === input.value;
    }
  }
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="verdict"]'))) input.checked = !!j && j.verdict === input.value;
  $('comment').value = j ? j.comment : '';
  markLostRows();
  renderValuable();
  $('judgment-state').textContent = !j ? '' : store.state.doc?.judgment ? 'saved' : 'not judged yet';
}

function renderValuable() {
  const j = current();
  const map = store.state.map;
  $('valuable-list').innerHTML =
    j && j.valuable_masked.length
      ? j.valuable_masked
          .map(([s, e], i) => `<span class="chip">${escapeHtml(map ? map.slice(s, e) : `${s}-${e}`)}<button type="button" data-i="${i}" aria-label="remove">×</button></span>`)
          .join('')
      : '<span class="muted small">none</span>';
}

/**
 * Save the judgment of the open narrative (or of `target`, the narrative it was typed for: a
 * comment saved after a switch goes to its own narrative); a new narrative goes in review.
 * @param {{doc: import('./api.js').DocPayload, judgment: import('./api.js').Judgment} | null} [target]
 */
export async function saveJudgment(target = null) {
  const s = store.state;
  if (!target && (!s.doc || !s.judgment || !canEdit(s))) return;
  const d = target ? target.doc : /** @type {import('./api.js').DocPayload} */ (s.doc);
  const j = target ? target.judgment : /** @type {import('./api.js').Judgment} */ (s.judgment);
  const doc = d.id;
  /** @type {import('./api.js').Judgment} */
  const payload = { info: j.info, valuable_masked: j.valuable_masked, verdict: j.verdict, comment: j.comment };
  const ok = await guard(() => api.saveJudgment(doc, payload));
  if (ok === undefined) return;
  d.judgment = payload;
  if (store.state.doc === d) $('judgment-state').textContent = `saved ${new Date().toLocaleTimeString()}`;
  if (d.status === 'new') {
    await guard(() => api.setStatus(doc, 'in_review'));
    d.status = 'in_review';
    if (store.state.doc === d) renderHeader();
    refreshList();
    refreshCorpora();
  }
}

/** Change the valuable masked tokens (a new judgment object: the narrative re-renders its marks). @param {(v: [number, number][]) => [number, number][]} f */
function setValuable(f) {
  const j = current();
  if (!j) return;
  store.set({ judgment: { ...j, valuable_masked: f(j.valuable_masked) } });
}

/** `v`: mark or unmark the span under the cursor as valuable for causality. */
export async function toggleValuable() {
  const s = store.state;
  if (!canEdit(s)) return say('No narrative open');
  const si = spanAtCursor(s);
  if (si < 0) return say('valuable applies to a masked span: move the cursor onto one');
  const span = s.spans[si];
  setValuable((v) => {
    const at = v.findIndex(([a, b]) => a === span.start && b === span.end);
    return at >= 0 ? v.filter((_, i) => i !== at) : [...v, [span.start, span.end]];
  });
  await saveJudgment();
}

export function initJudgment() {
  $('info-rows').innerHTML = INFO_KEYS.map(
    ([key, label]) =>
      `<tr data-key="${key}"><td>${escapeHtml(label)}</td>` +
      ['absent', 'retained', 'lost']
        .map((v) => `<td class="c"><input type="radio" name="info-${key}" value="${v}" aria-label="${escapeHtml(label)}: ${v}"></td>`)
        .join('') +
      '</tr>',
  ).join('');
  store.subscribe(['judgment'], () => renderJudgment());
  renderJudgment();
  // the info, verdict and comment change in place (the narrative does not re-render for them)
  $('info-rows').addEventListener('change', (/** @type {Event} */ e) => {
    const j = current();
    const input = /** @type {HTMLInputElement} */ (e.target);
    if (!j) return;
    j.info[input.name.replace(/^info-/, '')] = /** @type {import('./api.js').InfoState} */ (input.value);
    markLostRows();
    saveJudgment();
  });
  $('verdict').addEventListener('change', (/** @type {Event} */ e) => {
    const j = current();
    if (!j) return;
    j.verdict = /** @type {import('./api.js').Verdict} */ (/** @type {HTMLInputElement} */ (e.target).value);
    saveJudgment();
  });
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  $('comment').addEventListener('input', () => {
    const j = current();
    if (!j) return;
    j.comment = $('comment').value;
    const target = store.state.doc ? { doc: store.state.doc, judgment: j } : null;
    clearTimeout(timer);
    timer = setTimeout(() => saveJudgment(target), 400);
  });
  $('comment').addEventListener('blur', () => {
    clearTimeout(timer);
    const j = current();
    if (j && j.comment !== (store.state.doc?.judgment?.comment ?? '')) saveJudgment();
  });
  $('valuable-list').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const b = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('button'));
    if (!b) return;
    const i = +(b.dataset.i ?? -1);
    setValuable((v) => v.filter((_, k) => k !== i));
    saveJudgment();
  });
}
