// @ts-check
/**
 * The narrative view (centre): the open narrative with its PHI highlighted, the de-identified
 * text beside it, the token cursor and selection, the token info line and the hover card, and
 * the mouse on both panes. `openDoc` fetches a narrative and opens it only when it belongs to
 * the corpus shown; everything else re-renders from the store (the narrative when it or its
 * spans or judgment change, the cursor when it moves, the empty view when none is open).
 */
import * as api from './api.js';
import * as K from './keys.js';
import { $, guard } from './dom.js';
import { category, describeRule, isRulesGuess } from './categories.js';
import { renderNarrativeChunks, renderMaskedChunks, chunkCuts, chunkOf, changedRange, escapeHtml } from './render.js';
import { overlapping } from './spans.js';
import { store, acceptsDoc, openedDoc, spanAtCursor, withGold } from './state.js';
import { showView } from './agreement.js';
import { notePhase, timed } from './keytiming.js';

/** Timings of the last open (read by the render bench through `window.deidStudio`). */
export const timings = { ipcMs: 0, renderMs: 0, layoutMs: 0 };

/**
 * Fetch narrative `id` and open it: only when it belongs to the corpus shown (a narrative of
 * another corpus is never opened). `keepCursor`: the same narrative again keeps the cursor.
 * `quiet`: a narrative that is gone is no error (reopening where the user left off).
 * @param {number} id @param {boolean} [keepCursor] @param {boolean} [quiet]
 * @returns {Promise<boolean>} whether it opened
 */
export async function openDoc(id, keepCursor = false, quiet = false) {
  const t0 = performance.now();
  const corpus = store.state.corpus;
  const doc = quiet ? await api.document(id).catch(() => undefined) : await guard(() => api.document(id));
  timings.ipcMs = performance.now() - t0;
  if (!doc || store.state.corpus !== corpus || !acceptsDoc(store.state, doc)) return false;
  store.set(openedDoc(store.state, doc, keepCursor));
  return true;
}

/**
 * Read back the spans and status of the open narrative `id` after an edit or an undo (`get_gold`:
 * no text, words or pre-annotation, which an edit never changes), so the panes redraw only what
 * changed. A narrative that is no longer open is left alone.
 * @param {number} id
 */
export async function refreshGold(id) {
  const t = performance.now();
  const gold = await guard(() => api.gold(id));
  notePhase('get_gold', performance.now() - t);
  if (!gold) return;
  const patch = withGold(store.state, gold);
  if (patch) store.set(patch);
}

/** The header above the panes: id, status, where the pre-annotation came from. */
export function renderHeader() {
  const { doc, uncertain } = store.state;
  const st = $('doc-status');
  if (!doc) {
    $('doc-title').textContent = 'No narrative open';
    st.textContent = '';
    st.className = 'status';
    $('doc-source').textContent = '';
    return;
  }
  $('doc-title').textContent = doc.external_id;
  st.textContent = doc.status.replace('_', ' ');
  st.className = `status ${doc.status}`;
  $('doc-source').textContent = doc.pre ? `pre-annotated: ${doc.pre.model} (${doc.pre.mode}) · ${uncertain.length} uncertain` : 'not pre-annotated';
}

/**
 * What the panes show now: the narrative and text they were drawn for, where they are cut into
 * blocks (`chunkCuts`), each block's HTML, and the elements marked as cursor or selection. A
 * redraw of the same narrative replaces only the blocks whose HTML changed (an edit touches one
 * or two) and the window lays out only those, so a keystroke costs about the same on a
 * 20,000-character narrative as on a short one.
 */
const drawn = {
  /** @type {number | null} */ doc: null,
  /** @type {string | null} */ text: null,
  /** @type {number[]} */ cuts: [],
  /** @type {string[]} */ narrative: [],
  /** @type {string[]} */ masked: [],
  /** @type {Element[]} */ marked: [],
  /** the spans, uncertain words and valuable ranges drawn (what a redraw compares with) */
  /** @type {import('./render.js').Span[]} */ spans: [],
  /** @type {number[] | null} */ uncertain: null,
  /** @type {[number, number][] | null} */ valuable: null,
};

/**
 * The blocks of a pane: all drawn anew (`whole`), or blocks `from`… replaced where their HTML
 * differs from what `before` (the pane's HTML per block, updated here) says is there.
 * @param {HTMLElement} pane @param {string[]} html @param {string[]} before @param {number} from @param {boolean} whole
 */
function drawChunks(pane, html, before, from, whole) {
  if (whole) {
    pane.innerHTML = html.map((h, k) => `<div class="chunk" data-c="${k}">${h}</div>`).join('');
    before.length = 0;
    before.push(...html);
    return;
  }
  const blocks = pane.children;
  html.forEach((h, i) => {
    if (h !== before[from + i]) {
      blocks[from + i].innerHTML = h;
      before[from + i] = h;
    }
  });
}

/** Both panes of the open narrative (empty when none is open), then the cursor. */
export function renderDoc() {
  const s = store.state;
  if (!s.doc || !s.map) {
    $('narrative').innerHTML = '';
    $('masked').innerHTML = '';
    $('token-info').textContent = '';
    $('tooltip').classList.add('hidden');
    Object.assign(drawn, { doc: null, text: null, cuts: [], narrative: [], masked: [], marked: [], spans: [], uncertain: null, valuable: null });
    return;
  }
  const t0 = performance.now();
  const whole = drawn.doc !== s.doc.id || drawn.text !== s.doc.text;
  const valuable = s.judgment?.valuable_masked ?? [];
  const cuts = whole ? chunkCuts(s.chars, s.tokens) : drawn.cuts;
  // which blocks to draw again: all of a new narrative, else those over what the edit changed
  let [k0, k1] = [0, cuts.length - 2];
  if (!whole && drawn.uncertain === s.uncertain && sameRanges(drawn.valuable, valuable)) {
    const r = changedRange(drawn.spans, s.spans);
    if (!r) [k0, k1] = [0, -1];
    else [k0, k1] = [chunkOf(cuts, r[0]), chunkOf(cuts, Math.max(r[0], r[1] - 1))];
  }
  const part = cuts.slice(k0, k1 + 2);
  const narrative = k1 < k0 ? [] : renderNarrativeChunks({ text: s.doc.text, map: s.map, tokens: s.tokens, spans: s.spans, uncertain: new Set(s.uncertain), valuable }, part);
  const masked = k1 < k0 ? [] : renderMaskedChunks(s.doc.text, s.spans, s.map, part);
  drawChunks($('narrative'), narrative, drawn.narrative, k0, whole);
  drawChunks($('masked'), masked, drawn.masked, k0, whole);
  Object.assign(drawn, { doc: s.doc.id, text: s.doc.text, cuts, spans: s.spans, uncertain: s.uncertain, valuable });
  timings.renderMs = performance.now() - t0;
  notePhase('redraw', timings.renderMs);
  const t1 = performance.now();
  void $('narrative').offsetHeight; // layout now (it would happen before the paint anyway)
  timings.layoutMs = performance.now() - t1;
  notePhase('layout', timings.layoutMs);
  updateCursor(false);
}

/** @param {[number, number][] | null} a @param {[number, number][]} b */
function sameRanges(a, b) {
  return !!a && a.length === b.length && a.every((r, i) => r[0] === b[i][0] && r[1] === b[i][1]);
}

/** The elements of word `i` in the narrative pane (a word split by a span edge has several). @param {number} i */
function wordElements(i) {
  const t = store.state.tokens[i];
  const chunk = t && $('narrative').children[chunkOf(drawn.cuts, t[0])];
  return chunk ? [...chunk.querySelectorAll(`[data-t="${i}"]`)] : [];
}

/** Mark the cursor token and the selection in both panes; the token info line. @param {boolean} [scroll] */
export function updateCursor(scroll = true) {
  timed('cursor', () => markCursor(scroll));
}

/** @param {boolean} scroll */
function markCursor(scroll) {
  const s = store.state;
  for (const el of drawn.marked) el.classList.remove('cur', 'sel');
  drawn.marked = [];
  if (!s.doc) return;
  if (s.tokens.length === 0) {
    $('token-info').textContent = 'No tokens.';
    return;
  }
  const [a, b] = K.selectedTokens(s.cursor);
  if (s.cursor.anchor !== null) {
    for (let i = a; i <= b; i++) for (const el of wordElements(i)) (el.classList.add('sel'), drawn.marked.push(el));
  }
  const cur = wordElements(s.cursor.tok);
  for (const el of cur) (el.classList.add('cur'), drawn.marked.push(el));
  if (scroll && cur[0]) cur[0].scrollIntoView({ block: 'nearest' });
  const si = spanAtCursor(s);
  if (si >= 0) {
    const ph = $('masked').querySelector(`.ph[data-start="${s.spans[si].start}"]`);
    if (ph) {
      ph.classList.add('cur');
      drawn.marked.push(ph);
      if (scroll) ph.scrollIntoView({ block: 'nearest' });
    }
  }
  $('token-info').innerHTML = tokenInfoHtml(s.cursor.tok) + selectionInfo();
  if (si >= 0) $('act-category').value = s.spans[si].kind;
}

function selectionInfo() {
  const s = store.state;
  if (s.cursor.anchor === null || !s.map) return '';
  const r = K.selectionRange(s.cursor, s.tokens);
  if (!r) return '';
  return ` · selection “${escapeHtml(s.map.slice(r[0], r[1]))}” — press a category key to label it`;
}

/** Hover and status text of a token: category, probability, threshold, rule. @param {number} i */
export function tokenInfoHtml(i) {
  const s = store.state;
  const t = s.tokens[i];
  if (!t || !s.map) return '';
  const text = s.map.slice(t[0], t[1]);
  const hit = overlapping(s.spans, t[0], t[1]);
  const kind = hit.length ? s.spans[hit[0]].kind : null;
  const p = s.probs.get(t[0]);
  const mode = s.doc?.pre?.mode;
  let prob = '';
  if (p) {
    const thr = p.threshold === null ? '∞ (never released)' : p.threshold.toFixed(2);
    // without a model there is no probability: the rule's name says whether the rules guessed
    prob = mode === 'rules-only' ? ` · rules only (no probability)${isRulesGuess(p.rule) ? ': a guess' : ''}` : ` · P(safe) <b>${p.p_safe.toFixed(3)}</b> / threshold ${thr}`;
  }
  const unc = s.uncertain.includes(i) ? ' · <b>uncertain</b>' : '';
  const rule = p ? ` · rule: ${escapeHtml(describeRule(p.rule))}` : '';
  return `“${escapeHtml(text)}” · ${kind ? `<b>PHI ${escapeHtml(category(kind).label)}</b>` : 'safe'}${prob}${unc}${rule}`;
}

/** Move the cursor (a click does not scroll the pane). @param {K.Cursor} cursor @param {boolean} [scroll] */
export function moveCursor(cursor, scroll = true) {
  if (!store.set({ cursor }, { scroll }).size) updateCursor(scroll);
}

/** Switch the keyboard's mode (review or a dialog); back in review, the narrative has the focus. @param {K.Mode} mode */
export function setMode(mode) {
  store.set({ mode });
  if (mode === 'review') $('narrative').focus({ preventScroll: true });
}

/** Show the review screen (the Review tab). */
export function showReview() {
  store.set({ view: 'review' });
  showView('review-view');
  $('narrative').focus({ preventScroll: true });
}

export function initNarrative() {
  store.subscribe(['doc', 'uncertain'], () => renderHeader());
  store.subscribe(['doc', 'map', 'spans', 'judgment', 'cursor'], (s, changed, info) => {
    if (changed.has('doc') || changed.has('map') || changed.has('spans') || changed.has('judgment')) renderDoc();
    else updateCursor(info.scroll ?? true);
  });
  const nar = $('narrative');
  nar.addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const el = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('[data-t]'));
    if (!el) return;
    const t = +(el.dataset.t ?? 0);
    const c = store.state.cursor;
    moveCursor(e.shiftKey ? { tok: t, anchor: c.anchor ?? c.tok } : K.jump(t, store.state.tokens.length), false);
    nar.focus({ preventScroll: true });
  });
  const tip = $('tooltip');
  nar.addEventListener('mouseover', (/** @type {MouseEvent} */ e) => {
    const el = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('[data-t]'));
    if (!el) return tip.classList.add('hidden');
    tip.innerHTML = tokenInfoHtml(+(el.dataset.t ?? 0)).replace(/ · /g, '<br>');
    tip.classList.remove('hidden');
  });
  nar.addEventListener('mousemove', (/** @type {MouseEvent} */ e) => {
    tip.style.left = `${Math.min(e.clientX + 14, window.innerWidth - 370)}px`;
    tip.style.top = `${e.clientY + 18}px`;
  });
  nar.addEventListener('mouseleave', () => tip.classList.add('hidden'));
  // scroll the two panes together (proportionally)
  let syncing = false;
  /** @param {HTMLElement} from @param {HTMLElement} to */
  const sync = (from, to) => () => {
    if (syncing) return;
    syncing = true;
    const f = from.scrollTop / Math.max(1, from.scrollHeight - from.clientHeight);
    to.scrollTop = f * (to.scrollHeight - to.clientHeight);
    requestAnimationFrame(() => (syncing = false));
  };
  nar.addEventListener('scroll', sync(nar, $('masked')));
  $('masked').addEventListener('scroll', sync($('masked'), nar));
  $('masked').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const el = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('.ph'));
    if (!el) return;
    const { spans, tokens, cursor } = store.state;
    const s = spans.find((x) => x.start === +(el.dataset.start ?? -1));
    if (!s) return;
    const ti = tokens.findIndex((k) => k[1] > s.start);
    moveCursor(ti >= 0 ? K.jump(ti, tokens.length) : cursor);
  });
  $('btn-review').addEventListener('click', showReview);
}
