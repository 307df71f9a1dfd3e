// @ts-check
/**
 * Deid Studio's review screen: wiring of the DOM to the pure modules (offsets, spans, keys,
 * render, list) and to the shell's commands (api). State lives here; logic lives in the modules.
 */
import * as api from './api.js';
import { OffsetMap } from './offsets.js';
import { CATEGORIES, HOTKEYS, INFO_KEYS, category, describeRule } from './categories.js';
import * as S from './spans.js';
import * as K from './keys.js';
import { renderNarrative, renderMasked, escapeHtml } from './render.js';
import { visibleRange, PageCache } from './list.js';
import { openPassphraseDialog } from './passphrase.js';
import { initAnnotator, fillVersions } from './annotator.js';
import { initAgreement, showView } from './agreement.js';
import { initAdjudication, showAdjudication } from './adjudication.js';

const ROW = 28;
const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** @typedef {{start: number, end: number, kind: string}} Span */

const state = {
  /** @type {any} */ info: null,
  /** @type {any[]} */ corpora: [],
  /** @type {number | null} */ corpus: null,
  filter: { status: null, has_uncertain: null, category: null, search: null },
  /** @type {PageCache<any> | null} */ list: null,
  listIndex: -1,
  /** @type {any} */ doc: null,
  /** @type {OffsetMap | null} */ map: null,
  /** @type {string[]} */ chars: [],
  /** @type {[number, number][]} */ tokens: [],
  /** @type {Span[]} */ spans: [],
  /** @type {Span[]} */ preSpans: [],
  /** @type {Map<number, any>} */ probs: new Map(),
  /** @type {number[]} */ uncertain: [],
  /** @type {K.Cursor} */ cursor: { tok: 0, anchor: null },
  /** @type {K.Mode} */ mode: 'review',
  lastKind: 'PATIENT',
  /** @type {any} */ judgment: null,
  margin: 0.05,
  /** @type {number | null} */ job: null,
  view: 'review',
  busy: false,
};

// Introspection for the end-to-end tests and for debugging (read-only use).
// @ts-ignore
window.deidStudio = {
  state,
  snapshot: () =>
    JSON.stringify({
      corpus: state.corpus,
      doc: state.doc && { id: state.doc.id, external_id: state.doc.external_id, status: state.doc.status },
      spans: state.spans,
      cursor: state.cursor,
      token: state.tokens[state.cursor.tok] ?? null,
      tokenText: currentTokenText(),
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
};

// ---------------------------------------------------------------- messages

/** @param {string} text @param {boolean} [error] */
function say(text, error = false) {
  const el = $('sb-msg');
  el.textContent = text;
  el.classList.toggle('err', error);
  if (error) console.error(text);
}

/** @param {string | null} text */
function banner(text) {
  const el = $('banner');
  el.textContent = text ?? '';
  el.classList.toggle('hidden', !text);
}

/** Run a command, showing its error. @template T @param {() => Promise<T>} f @returns {Promise<T | undefined>} */
async function guard(f) {
  try {
    return await f();
  } catch (e) {
    say(String(e), true);
    return undefined;
  }
}

// ---------------------------------------------------------------- status bar

async function loadInfo() {
  const info = await guard(() => api.appInfo());
  if (!info) return;
  state.info = info;
  $('sb-db').textContent = `Database: ${info.db}${info.encrypted ? ' (encrypted)' : ''}`;
  $('sb-db').title = info.db;
  $('btn-encrypt').textContent = info.encrypted ? 'Change passphrase…' : 'Encrypt database…';
  const e = info.engine;
  if (e) {
    state.margin = e.uncertain_margin;
    $('sb-model').textContent = `Model: ${e.model} (${e.mode})`;
    $('sb-model').title = e.note ?? '';
    $('sb-provider').textContent = `Provider: ${e.provider === 'none' ? 'none (rules only)' : e.provider}`;
  } else {
    $('sb-model').textContent = 'Model: loading…';
    setTimeout(loadInfo, 500);
  }
}

// ---------------------------------------------------------------- encryption

/** The passphrase call's error as the dialog shows it (null: done). @param {() => Promise<any>} f */
async function passCall(f) {
  try {
    await f();
    return null;
  } catch (e) {
    return String(e);
  }
}

/** An encrypted database waits for its passphrase before anything else loads. @param {any} info */
async function unlock(info) {
  await openPassphraseDialog({
    mode: 'unlock',
    db: info.db,
    min: info.min_passphrase_chars,
    submit: (v) => passCall(() => api.unlockDatabase(v.passphrase)),
  });
}

/** "Encrypt database…" (plain) or "Change passphrase…" (encrypted). */
async function encryptOrRekey() {
  const info = state.info;
  if (!info) return;
  const mode = info.encrypted ? 'change' : 'encrypt';
  const ok = await openPassphraseDialog({
    mode,
    db: info.db,
    min: info.min_passphrase_chars,
    submit: (v) =>
      passCall(() => (mode === 'change' ? api.changePassphrase(v.current ?? '', v.passphrase) : api.encryptDatabase(v.passphrase))),
  });
  $('narrative').focus({ preventScroll: true });
  if (!ok) return;
  say(mode === 'change' ? 'Passphrase changed' : 'Database encrypted: Deid Studio will ask for the passphrase when it opens it');
  await loadInfo();
}

// ---------------------------------------------------------------- corpora and the list

async function loadCorpora(selectId = state.corpus) {
  const list = await guard(() => api.corpora());
  if (!list) return;
  state.corpora = list;
  const sel = $('corpus-select');
  sel.innerHTML = list.length
    ? list.map((c) => `<option value="${c.id}">${escapeHtml(c.name)} (${c.documents})</option>`).join('')
    : '<option value="">(no corpus yet: Import…)</option>';
  if (list.length === 0) {
    state.corpus = null;
    renderProgress();
    return;
  }
  const want = list.find((c) => c.id === selectId) ? selectId : list[0].id;
  sel.value = String(want);
  if (want !== state.corpus) {
    state.corpus = want;
    await resetList(true);
  }
  renderProgress();
}

function renderProgress() {
  const c = state.corpora.find((x) => x.id === state.corpus);
  const pct = c && c.documents ? (100 * c.done) / c.documents : 0;
  $('corpus-progress-fill').style.width = `${pct.toFixed(1)}%`;
  $('corpus-progress-text').textContent = c ? `${c.done}/${c.documents} done · ${c.in_review} in review · ${c.new} new` : '';
}

async function refreshCorpora() {
  const list = await guard(() => api.corpora());
  if (list) {
    state.corpora = list;
    renderProgress();
  }
}

function currentFilter() {
  return { ...state.filter };
}

/** New page cache for the current corpus and filter. @param {boolean} openFirst */
async function resetList(openFirst) {
  if (state.corpus === null) return;
  const corpus = state.corpus;
  const filter = currentFilter();
  state.list = new PageCache((offset, limit) => api.documents(corpus, { ...filter, offset, limit }), 200);
  state.listIndex = -1;
  $('doc-list').scrollTop = 0;
  await state.list.ensure(0, 40);
  renderList();
  if (openFirst && state.list.total > 0) await openIndex(0);
}

/** Re-fetch the loaded pages (counts and statuses changed) keeping the scroll position. */
async function refreshList() {
  if (!state.list || state.corpus === null) return;
  const old = state.list;
  const corpus = state.corpus;
  const filter = currentFilter();
  const fresh = new PageCache((offset, limit) => api.documents(corpus, { ...filter, offset, limit }), old.pageSize);
  const el = $('doc-list');
  const { first, last } = visibleRange(el.scrollTop, el.clientHeight, ROW, Math.max(old.total, 1));
  await fresh.ensure(first, Math.max(last, state.listIndex + 1));
  state.list = fresh;
  renderList();
}

function renderList() {
  const cache = state.list;
  const el = $('doc-list');
  if (!cache) return;
  $('doc-list-spacer').style.height = `${cache.total * ROW}px`;
  $('list-count').textContent = `${cache.total} narrative${cache.total === 1 ? '' : 's'}`;
  const { first, last } = visibleRange(el.scrollTop, el.clientHeight || 600, ROW, cache.total);
  for (const row of [...el.querySelectorAll('.doc-row')]) {
    const i = +row.dataset.i;
    if (i < first || i >= last) row.remove();
  }
  const present = new Map([...el.querySelectorAll('.doc-row')].map((r) => [+r.dataset.i, r]));
  let missing = false;
  for (let i = first; i < last; i++) {
    const r = cache.row(i);
    let row = present.get(i);
    if (!row) {
      row = document.createElement('div');
      row.className = 'doc-row';
      row.dataset.i = String(i);
      row.style.top = `${i * ROW}px`;
      el.appendChild(row);
    }
    const html = r
      ? `<span class="dot ${r.status}" title="${r.status.replace('_', ' ')}"></span><span class="id">${escapeHtml(r.external_id)}</span>` +
        `<span class="n" title="PHI spans">${r.phi_spans} PHI</span>` +
        (r.uncertain_tokens ? `<span class="n unc" title="uncertain tokens">${r.uncertain_tokens}?</span>` : '')
      : '<span class="muted">…</span>';
    if (row.dataset.html !== html) {
      row.innerHTML = html;
      row.dataset.html = html;
    }
    row.dataset.id = r ? String(r.id) : '';
    row.classList.toggle('current', i === state.listIndex);
    if (!r) missing = true;
  }
  if (missing) cache.ensure(first, last).then(renderList, (e) => say(String(e), true));
}

/** @param {number} i */
async function openIndex(i) {
  const cache = state.list;
  if (!cache || i < 0 || i >= cache.total) return false;
  await cache.ensure(i, i + 1);
  const r = cache.row(i);
  if (!r) return false;
  state.listIndex = i;
  const el = $('doc-list');
  if (i * ROW < el.scrollTop || (i + 1) * ROW > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, i * ROW - el.clientHeight / 2);
  renderList();
  await openDoc(r.id);
  return true;
}

// ---------------------------------------------------------------- one narrative

/** @param {number} id @param {boolean} [keepCursor] */
async function openDoc(id, keepCursor = false) {
  const t0 = performance.now();
  const doc = await guard(() => api.document(id));
  // @ts-ignore
  window.deidStudio.lastIpcMs = performance.now() - t0;
  if (!doc) return;
  const sameDoc = state.doc && state.doc.id === doc.id;
  state.doc = doc;
  state.map = new OffsetMap(doc.text);
  state.chars = Array.from(doc.text);
  state.tokens = doc.token_bounds;
  state.spans = S.sortSpans(doc.gold);
  state.preSpans = doc.pre ? S.sortSpans(doc.pre.spans) : [];
  state.probs = new Map((doc.pre?.tokens ?? []).map((/** @type {any} */ p) => [p.start, p]));
  state.uncertain = K.uncertainTokens(state.tokens, doc.pre?.tokens ?? [], state.margin);
  if (!(keepCursor && sameDoc)) {
    state.cursor = K.jump(0, state.tokens.length);
  } else {
    state.cursor = K.jump(state.cursor.tok, state.tokens.length);
  }
  state.judgment = normaliseJudgment(doc.judgment);
  $('doc-title').textContent = doc.external_id;
  const st = $('doc-status');
  st.textContent = doc.status.replace('_', ' ');
  st.className = `status ${doc.status}`;
  $('doc-source').textContent = doc.pre ? `pre-annotated: ${doc.pre.model} (${doc.pre.mode}) · ${state.uncertain.length} uncertain` : 'not pre-annotated';
  renderDoc();
  renderJudgment();
}

function renderDoc() {
  if (!state.doc || !state.map) return;
  const t0 = performance.now();
  $('narrative').innerHTML = renderNarrative({
    text: state.doc.text,
    map: state.map,
    tokens: state.tokens,
    spans: state.spans,
    uncertain: new Set(state.uncertain),
    valuable: state.judgment.valuable_masked,
  });
  $('masked').innerHTML = renderMasked(state.doc.text, state.spans, state.map);
  // @ts-ignore
  window.deidStudio.lastRenderMs = performance.now() - t0;
  const t1 = performance.now();
  void $('narrative').offsetHeight; // layout now (it would happen before the paint anyway)
  // @ts-ignore
  window.deidStudio.lastLayoutMs = performance.now() - t1;
  updateCursor(false);
}

function currentTokenText() {
  const t = state.tokens[state.cursor.tok];
  return t && state.map ? state.map.slice(t[0], t[1]) : '';
}

/** The span under the cursor token (index), or -1. */
function spanAtCursor() {
  const t = state.tokens[state.cursor.tok];
  if (!t) return -1;
  const hit = S.overlapping(state.spans, t[0], t[1]);
  return hit.length ? hit[0] : -1;
}

/** @param {boolean} [scroll] */
function updateCursor(scroll = true) {
  const nar = $('narrative');
  for (const el of [...nar.querySelectorAll('.cur, .sel')]) el.classList.remove('cur', 'sel');
  for (const el of [...$('masked').querySelectorAll('.ph.cur')]) el.classList.remove('cur');
  if (state.tokens.length === 0) {
    $('token-info').textContent = 'No tokens.';
    return;
  }
  const [a, b] = K.selectedTokens(state.cursor);
  if (state.cursor.anchor !== null) {
    for (let i = a; i <= b; i++) for (const el of nar.querySelectorAll(`[data-t="${i}"]`)) el.classList.add('sel');
  }
  const cur = nar.querySelectorAll(`[data-t="${state.cursor.tok}"]`);
  for (const el of cur) el.classList.add('cur');
  if (scroll && cur[0]) cur[0].scrollIntoView({ block: 'nearest' });
  const si = spanAtCursor();
  if (si >= 0) {
    const ph = $('masked').querySelector(`.ph[data-s="${si}"]`);
    if (ph) {
      ph.classList.add('cur');
      if (scroll) ph.scrollIntoView({ block: 'nearest' });
    }
  }
  $('token-info').innerHTML = tokenInfoHtml(state.cursor.tok) + selectionInfo();
  if (si >= 0) $('act-category').value = state.spans[si].kind;
}

function selectionInfo() {
  if (state.cursor.anchor === null || !state.map) return '';
  const r = K.selectionRange(state.cursor, state.tokens);
  if (!r) return '';
  return ` · selection “${escapeHtml(state.map.slice(r[0], r[1]))}” — press a category key to label it`;
}

/** Hover and status text of a token: category, probability, threshold, rule. @param {number} i */
function tokenInfoHtml(i) {
  const t = state.tokens[i];
  if (!t || !state.map) return '';
  const text = state.map.slice(t[0], t[1]);
  const hit = S.overlapping(state.spans, t[0], t[1]);
  const kind = hit.length ? state.spans[hit[0]].kind : null;
  const p = state.probs.get(t[0]);
  const mode = state.doc?.pre?.mode;
  let prob = '';
  if (p) {
    const thr = p.threshold === null ? '∞ (never released)' : p.threshold.toFixed(2);
    prob = mode === 'rules-only' ? ` · rules only (no probability): ${p.p_safe === 0.5 ? 'a guess' : p.p_safe > 0.5 ? 'safe' : 'PHI'}` : ` · P(safe) <b>${p.p_safe.toFixed(3)}</b> / threshold ${thr}`;
  }
  const unc = state.uncertain.includes(i) ? ' · <b>uncertain</b>' : '';
  const rule = p ? ` · rule: ${escapeHtml(describeRule(p.rule))}` : '';
  return `“${escapeHtml(text)}” · ${kind ? `<b>PHI ${escapeHtml(category(kind).label)}</b>` : 'safe'}${prob}${unc}${rule}`;
}

// ---------------------------------------------------------------- edits

/** @param {S.SpanEdit | null} edit @param {string} label */
async function commit(edit, label) {
  if (!edit || !state.doc) {
    say('nothing to change');
    return;
  }
  const doc = state.doc.id;
  const ok = await guard(() => api.applyEdit({ label, changes: [{ doc, remove: edit.remove, add: edit.add }] }));
  if (ok === undefined) return;
  for (const a of edit.add) state.lastKind = a.kind;
  await openDoc(doc, true);
  say(label);
  refreshList();
  refreshCorpora();
}

function selectionOrToken() {
  return K.selectionRange(state.cursor, state.tokens);
}

async function toggle() {
  const t = state.tokens[state.cursor.tok];
  if (!t) return;
  if (state.cursor.anchor !== null) {
    // a selection: PHI if any of it is safe, else safe
    const r = selectionOrToken();
    const covered = S.overlapping(state.spans, r[0], r[1]).length > 0;
    return commit(covered ? S.clearRange(state.spans, r[0], r[1], state.chars) : S.labelRange(state.spans, r[0], r[1], state.lastKind, state.chars), covered ? 'mark safe' : `label ${state.lastKind}`);
  }
  // safe -> PHI: the model's category for this token, else the last used
  const pre = S.overlapping(state.preSpans, t[0], t[1]);
  const kind = pre.length ? state.preSpans[pre[0]].kind : state.lastKind;
  const wasPhi = S.overlapping(state.spans, t[0], t[1]).length > 0;
  await commit(S.toggleToken(state.spans, t, kind, state.chars), wasPhi ? 'toggle to safe' : `toggle to ${kind}`);
}

/** @param {string} kind */
async function label(kind) {
  state.lastKind = kind;
  if (state.cursor.anchor !== null) {
    const r = selectionOrToken();
    await commit(S.labelRange(state.spans, r[0], r[1], kind, state.chars), `label ${kind}`);
    state.cursor = { tok: state.cursor.tok, anchor: null };
    updateCursor();
    return;
  }
  const si = spanAtCursor();
  if (si >= 0) return commit(S.relabelSpan(state.spans, si, kind), `relabel ${kind}`);
  const t = state.tokens[state.cursor.tok];
  if (t) await commit(S.labelRange(state.spans, t[0], t[1], kind, state.chars), `label ${kind}`);
}

/** @param {'start'|'end'} side @param {1|-1} delta */
async function resize(side, delta) {
  const si = spanAtCursor();
  if (si < 0) return say('the cursor is not on a PHI span');
  await commit(S.resizeSpan(state.spans, si, state.tokens, side, delta), `${delta > 0 ? 'widen' : 'shrink'} ${side}`);
}

async function deleteCurrent() {
  if (state.cursor.anchor !== null) {
    const r = selectionOrToken();
    return commit(S.clearRange(state.spans, r[0], r[1], state.chars), 'mark safe');
  }
  const si = spanAtCursor();
  if (si < 0) return say('the cursor is not on a PHI span');
  await commit(S.deleteSpan(state.spans, si), 'delete span');
}

/** @param {'undo' | 'redo'} which */
async function undoRedo(which) {
  const r = await guard(() => (which === 'undo' ? api.undo() : api.redo()));
  if (r === undefined) return;
  if (r === null) return say(`nothing to ${which}`);
  say(`${which === 'undo' ? 'Undid' : 'Redid'}: ${r.label}`);
  if (state.doc && r.docs.includes(state.doc.id)) await openDoc(state.doc.id, true);
  else if (r.docs.length === 1) {
    await openDoc(r.docs[0]);
  }
  refreshList();
  refreshCorpora();
}

async function doneNext() {
  if (!state.doc) return;
  const id = state.doc.id;
  const ok = await guard(() => api.setStatus(id, 'done'));
  if (ok === undefined) return;
  say(`${state.doc.external_id} marked done`);
  await refreshCorpora();
  await refreshList();
  // the next narrative: after this one in the list (it may have left a filtered list)
  const cache = state.list;
  if (!cache) return;
  let idx = state.listIndex;
  const here = cache.row(idx);
  if (here && here.id === id) idx += 1;
  if (idx < cache.total) await openIndex(idx);
  else await openDoc(id, true);
}

/** @param {1|-1} dir */
async function jumpUncertain(dir) {
  const next = K.nextIn(state.uncertain, state.cursor.tok, dir);
  if (next < 0) return say(dir > 0 ? 'no more uncertain tokens after this one' : 'no uncertain token before this one');
  state.cursor = K.jump(next, state.tokens.length);
  updateCursor();
}

/** @param {1|-1} dir */
function jumpSpan(dir) {
  const t = state.tokens[state.cursor.tok];
  if (!t) return;
  const starts = state.spans.map((s) => s.start);
  const target = dir > 0 ? state.spans.find((s) => s.start >= t[1]) : [...state.spans].reverse().find((s) => s.end <= t[0]);
  if (!target) return say(dir > 0 ? 'no PHI span after this one' : 'no PHI span before this one');
  const ti = state.tokens.findIndex((k) => k[1] > target.start);
  if (ti >= 0) state.cursor = K.jump(ti, state.tokens.length);
  updateCursor();
  void starts;
}

// ---------------------------------------------------------------- judgment

/** @param {any} j */
function normaliseJudgment(j) {
  return {
    info: { ...(j?.info ?? {}) },
    valuable_masked: (j?.valuable_masked ?? []).map((/** @type {number[]} */ v) => [v[0], v[1]]),
    verdict: j?.verdict ?? null,
    comment: j?.comment ?? '',
  };
}

function buildJudgmentPanel() {
  $('info-rows').innerHTML = INFO_KEYS.map(
    ([key, label]) =>
      `<tr data-key="${key}"><td>${escapeHtml(label)}</td>` +
      ['absent', 'retained', 'lost']
        .map((v) => `<td class="c"><input type="radio" name="info-${key}" value="${v}" aria-label="${escapeHtml(label)}: ${v}"></td>`)
        .join('') +
      '</tr>',
  ).join('');
  $('info-rows').addEventListener('change', (/** @type {any} */ e) => {
    const key = e.target.name.replace(/^info-/, '');
    state.judgment.info[key] = e.target.value;
    markLostRows();
    saveJudgment();
  });
  $('verdict').addEventListener('change', (/** @type {any} */ e) => {
    state.judgment.verdict = e.target.value;
    saveJudgment();
  });
  /** @type {any} */
  let timer = null;
  $('comment').addEventListener('input', () => {
    state.judgment.comment = $('comment').value;
    clearTimeout(timer);
    timer = setTimeout(saveJudgment, 400);
  });
  $('comment').addEventListener('blur', () => {
    clearTimeout(timer);
    if (state.judgment && state.judgment.comment !== (state.doc?.judgment?.comment ?? '')) saveJudgment();
  });
}

function markLostRows() {
  for (const tr of $('info-rows').querySelectorAll('tr')) tr.classList.toggle('lost', state.judgment.info[tr.dataset.key] === 'lost');
}

function renderJudgment() {
  const j = state.judgment;
  for (const [key] of INFO_KEYS) {
    for (const input of document.querySelectorAll(`input[name="info-${key}"]`)) {
      /** @type {any} */ (input).checked = j.info[key] === /** @type {any} */ (input).value;
    }
  }
  for (const input of document.querySelectorAll('input[name="verdict"]')) /** @type {any} */ (input).checked = j.verdict === /** @type {any} */ (input).value;
  $('comment').value = j.comment;
  markLostRows();
  renderValuable();
  $('judgment-state').textContent = state.doc?.judgment ? 'saved' : 'not judged yet';
}

function renderValuable() {
  const j = state.judgment;
  $('valuable-list').innerHTML = j.valuable_masked.length
    ? j.valuable_masked
        .map(([s, e], i) => `<span class="chip">${escapeHtml(state.map ? state.map.slice(s, e) : `${s}-${e}`)}<button type="button" data-i="${i}" aria-label="remove">×</button></span>`)
        .join('')
    : '<span class="muted small">none</span>';
}

async function saveJudgment() {
  if (!state.doc) return;
  const doc = state.doc.id;
  const j = state.judgment;
  const payload = { info: j.info, valuable_masked: j.valuable_masked, verdict: j.verdict, comment: j.comment };
  const ok = await guard(() => api.saveJudgment(doc, payload));
  if (ok === undefined) return;
  if (state.doc && state.doc.id === doc) state.doc.judgment = payload;
  $('judgment-state').textContent = `saved ${new Date().toLocaleTimeString()}`;
  if (state.doc.status === 'new') {
    await guard(() => api.setStatus(doc, 'in_review'));
    state.doc.status = 'in_review';
    $('doc-status').textContent = 'in review';
    $('doc-status').className = 'status in_review';
    refreshList();
    refreshCorpora();
  }
}

async function toggleValuable() {
  const si = spanAtCursor();
  if (si < 0) return say('valuable applies to a masked span: move the cursor onto one');
  const s = state.spans[si];
  const v = state.judgment.valuable_masked;
  const at = v.findIndex(([a, b]) => a === s.start && b === s.end);
  if (at >= 0) v.splice(at, 1);
  else v.push([s.start, s.end]);
  renderDoc();
  renderValuable();
  await saveJudgment();
}

// ---------------------------------------------------------------- dialogs

/** @param {K.Mode} mode */
function setMode(mode) {
  state.mode = mode;
  $('help-overlay').classList.toggle('hidden', mode !== 'help');
  $('picker-overlay').classList.toggle('hidden', mode !== 'picker');
  $('occ-overlay').classList.toggle('hidden', mode !== 'occurrences');
  if (mode === 'review') $('narrative').focus({ preventScroll: true });
}

function buildHelp() {
  $('help-keys').innerHTML = K.BINDINGS.map(([k, , d]) => `<tr><td><kbd>${escapeHtml(k)}</kbd></td><td>${escapeHtml(d)}</td></tr>`).join('');
  $('help-cats').innerHTML = CATEGORIES.filter((c) => c.hotkey)
    .sort((a, b) => (a.hotkey === '0' ? 10 : +a.hotkey) - (b.hotkey === '0' ? 10 : +b.hotkey))
    .map((c) => `<tr><td><kbd>${c.hotkey}</kbd></td><td><span class="ph tag-${c.tag}">${escapeHtml(c.label)}</span></td></tr>`)
    .join('') + '<tr><td><kbd>c</kbd></td><td>any other category from the list</td></tr>';
  $('help-occ').innerHTML = K.OCCURRENCE_BINDINGS.map(([k, d]) => `<tr><td><kbd>${escapeHtml(k)}</kbd></td><td>${escapeHtml(d)}</td></tr>`).join('');
}

function buildCategorySelects() {
  const opts = CATEGORIES.map((c) => `<option value="${c.kind}">${c.hotkey ? `${c.hotkey} · ` : ''}${escapeHtml(c.label)}</option>`).join('');
  $('act-category').innerHTML = opts;
  $('act-category').value = state.lastKind;
  $('filter-category').innerHTML = '<option value="">all categories</option>' + CATEGORIES.map((c) => `<option value="${c.kind}">${escapeHtml(c.label)}</option>`).join('');
}

// category picker
let pickerActive = 0;
function openPicker() {
  setMode('picker');
  $('picker-filter').value = '';
  pickerActive = 0;
  renderPicker();
  $('picker-filter').focus();
}
function pickerMatches() {
  const q = $('picker-filter').value.trim().toLowerCase();
  return CATEGORIES.filter((c) => !q || c.label.toLowerCase().includes(q) || c.kind.toLowerCase().includes(q));
}
function renderPicker() {
  const m = pickerMatches();
  pickerActive = Math.min(pickerActive, Math.max(0, m.length - 1));
  $('picker-list').innerHTML = m
    .map((c, i) => `<li data-kind="${c.kind}" class="${i === pickerActive ? 'active' : ''}"><span class="ph tag-${c.tag}">${escapeHtml(c.label)}</span>${c.hotkey ? `<kbd>${c.hotkey}</kbd>` : ''}</li>`)
    .join('');
}
/** @param {string} kind */
async function pick(kind) {
  setMode('review');
  await label(kind);
}

// apply to all occurrences
const occ = {
  /** @type {any[]} */ hits: [],
  /** @type {Record<string, {gold: Span[], text: string}>} */ docs: {},
  /** @type {Set<number>} */ off: new Set(),
  active: 0,
  needle: '',
  /** @type {string | null} */ kind: null,
  scope: 'doc',
};

async function openOccurrences() {
  if (!state.doc || state.corpus === null || !state.map) return;
  let range = selectionOrToken();
  const si = state.cursor.anchor === null ? spanAtCursor() : -1;
  if (si >= 0) range = [state.spans[si].start, state.spans[si].end];
  if (!range) return;
  occ.needle = state.map.slice(range[0], range[1]);
  const covered = S.overlapping(state.spans, range[0], range[1]);
  occ.kind = covered.length ? state.spans[covered[0]].kind : null;
  occ.scope = 'doc';
  /** @type {any} */ (document.querySelector('input[name="occ-scope"][value="doc"]')).checked = true;
  await loadOccurrences();
  setMode('occurrences');
}

async function loadOccurrences() {
  const r = await guard(() => api.findOccurrences(state.corpus, occ.scope === 'doc' ? state.doc.id : null, occ.needle));
  if (!r) return;
  occ.hits = r.hits;
  occ.docs = r.docs;
  occ.off = new Set();
  occ.active = 0;
  $('occ-title').textContent = `${occ.kind ? `Label as ${category(occ.kind).label}` : 'Mark safe'}: every “${occ.needle}”`;
  renderOccurrences();
}

function renderOccurrences() {
  $('occ-list').innerHTML = occ.hits
    .map(
      (h, i) =>
        `<li data-i="${i}" class="${i === occ.active ? 'active' : ''} ${occ.off.has(i) ? 'off' : ''}"><input type="checkbox" ${occ.off.has(i) ? '' : 'checked'} aria-label="include"> <span class="muted">${escapeHtml(h.external_id)}</span> <span class="ctx">${escapeHtml(h.before)}<span class="hit">${escapeHtml(occ.needle)}</span>${escapeHtml(h.after)}</span></li>`,
    )
    .join('');
  const n = occ.hits.length - occ.off.size;
  $('occ-count').textContent = `${n} of ${occ.hits.length} hits included`;
  const a = $('occ-list').querySelector('li.active');
  if (a) a.scrollIntoView({ block: 'nearest' });
}

async function applyOccurrences() {
  /** @type {Map<number, [number, number][]>} */
  const byDoc = new Map();
  occ.hits.forEach((h, i) => {
    if (occ.off.has(i)) return;
    if (!byDoc.has(h.doc)) byDoc.set(h.doc, []);
    byDoc.get(h.doc).push([h.start, h.end]);
  });
  const changes = [];
  for (const [doc, hits] of byDoc) {
    const d = occ.docs[doc];
    const e = S.occurrenceEdit(d.gold, hits, occ.kind, Array.from(d.text));
    if (e) changes.push({ doc, remove: e.remove, add: e.add });
  }
  setMode('review');
  if (changes.length === 0) return say('nothing to change');
  const label = `apply to all: ${occ.kind ? `label ${occ.kind}` : 'mark safe'} (${changes.length} narrative${changes.length > 1 ? 's' : ''})`;
  const ok = await guard(() => api.applyEdit({ label, changes }));
  if (ok === undefined) return;
  say(label);
  if (state.doc) await openDoc(state.doc.id, true);
  refreshList();
  refreshCorpora();
}

// import
async function openImport() {
  $('import-overlay').classList.remove('hidden');
  $('imp-error').classList.add('hidden');
  syncImportKind();
  $('imp-path').focus();
}
function syncImportKind() {
  $('imp-csv').classList.toggle('hidden', $('imp-kind').value !== 'csv');
}
async function readColumns() {
  const cols = await guard(() => api.csvColumns($('imp-path').value));
  if (!cols) return;
  const opts = '<option value="">(auto)</option>' + cols.map((/** @type {string} */ c) => `<option>${escapeHtml(c)}</option>`).join('');
  $('imp-text-col').innerHTML = opts;
  $('imp-id-col').innerHTML = opts;
  for (const c of ['SYMPTOM_TEXT', 'text', 'narrative']) if (cols.includes(c)) { $('imp-text-col').value = c; break; }
  for (const c of ['VAERS_ID', 'id']) if (cols.includes(c)) { $('imp-id-col').value = c; break; }
}
async function startImport() {
  $('imp-error').classList.add('hidden');
  const kind = $('imp-kind').value;
  const request = {
    path: $('imp-path').value,
    kind,
    text_column: kind === 'csv' ? $('imp-text-col').value || null : null,
    id_column: kind === 'csv' ? $('imp-id-col').value || null : null,
    name: $('imp-name').value || null,
  };
  const job = await guard(() => api.importStart(request));
  if (job === undefined) return;
  state.job = job;
  if (!finishedJobs.has(job)) showProgress({ job, phase: 'read', done: 0, total: 0 });
}

/** Jobs whose end was seen (a late progress event must not reopen their progress bar). */
const finishedJobs = new Set();

/** @param {any} p */
function showProgress(p) {
  if (finishedJobs.has(p.job)) return;
  const pct = p.total ? (100 * p.done) / p.total : 0;
  const phase = { read: 'reading', annotate: 'pre-annotating', save: 'saving' }[p.phase] ?? p.phase;
  const text = `${phase} ${p.total ? `${p.done}/${p.total}` : '…'}`;
  $('imp-progress').classList.remove('hidden');
  $('imp-fill').style.width = `${pct.toFixed(1)}%`;
  $('imp-progress-text').textContent = text;
  $('sb-job').textContent = `Import: ${text}`;
}

/** @param {any} f */
async function importFinished(f) {
  finishedJobs.add(f.job);
  $('sb-job').textContent = '';
  $('imp-progress').classList.add('hidden');
  if (f.ok) {
    say(`Imported ${f.documents} narrative${f.documents === 1 ? "" : "s"} into “${f.corpus_name}”`);
    if (f.skipped && f.skipped.length) {
      banner(`${f.skipped.length} narrative${f.skipped.length === 1 ? ' was' : 's were'} left out (the engine failed on them):\n${f.skipped.slice(0, 5).join('\n')}`);
    }
    $('import-overlay').classList.add('hidden');
    await loadCorpora(f.corpus);
    if (state.corpus !== f.corpus) {
      state.corpus = f.corpus;
      $('corpus-select').value = String(f.corpus);
      await resetList(true);
    }
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

// export
/** @param {string} kind */
async function doExport(kind) {
  if (state.corpus === null) return;
  $('exp-result').textContent = 'exporting…';
  const r = await guard(() => api.exportCorpus(state.corpus, kind, $('exp-folder').value, $('exp-version').value || null));
  if (!r) {
    $('exp-result').textContent = $('sb-msg').textContent;
    return;
  }
  const what = { i2b2: 'gold i2b2 XML files', masked: 'de-identified text files', jsonl: 'JSONL lines' }[kind];
  $('exp-result').textContent = `Wrote ${r.count} ${what} (${r.annotator}'s work) to ${r.path}`;
  say(`Exported ${r.count} ${what}`);
}

// report
async function showReport() {
  state.view = 'report';
  showView('report-view');
  if (state.corpus === null) {
    $('report-body').textContent = 'No corpus.';
    return;
  }
  const r = await guard(() => api.report(state.corpus));
  if (!r) return;
  $('report-body').innerHTML = renderReport(r);
}

/** The review report (Store::report). @param {any} r */
function renderReport(r) {
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
  const lost = r.lost.filter((/** @type {[string, number]} */ x) => x[1] > 0);
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

function showReview() {
  state.view = 'review';
  showView('review-view');
  $('narrative').focus({ preventScroll: true });
}

// ---------------------------------------------------------------- keyboard

/** @param {string} action */
async function dispatch(action) {
  const n = state.tokens.length;
  if (action.startsWith('label:')) return label(action.slice(6));
  switch (action) {
    case 'next-token':
      state.cursor = K.move(state.cursor, 1, n);
      return updateCursor();
    case 'prev-token':
      state.cursor = K.move(state.cursor, -1, n);
      return updateCursor();
    case 'extend-right':
      state.cursor = K.extend(state.cursor, 1, n);
      return updateCursor();
    case 'extend-left':
      state.cursor = K.extend(state.cursor, -1, n);
      return updateCursor();
    case 'next-span':
      return jumpSpan(1);
    case 'prev-span':
      return jumpSpan(-1);
    case 'next-uncertain':
      return jumpUncertain(1);
    case 'prev-uncertain':
      return jumpUncertain(-1);
    case 'toggle':
      return toggle();
    case 'pick-category':
      return openPicker();
    case 'widen-end':
      return resize('end', 1);
    case 'shrink-end':
      return resize('end', -1);
    case 'widen-start':
      return resize('start', 1);
    case 'shrink-start':
      return resize('start', -1);
    case 'delete':
      return deleteCurrent();
    case 'apply-all':
      return openOccurrences();
    case 'valuable':
      return toggleValuable();
    case 'undo':
      return undoRedo('undo');
    case 'redo':
      return undoRedo('redo');
    case 'done-next':
      return doneNext();
    case 'next-doc':
      return openIndex(state.listIndex + 1);
    case 'prev-doc':
      return openIndex(state.listIndex - 1);
    case 'judge':
      /** @type {any} */ (document.querySelector('#info-rows input')).focus();
      return;
    case 'search':
      $('search').focus();
      return;
    case 'escape':
      state.cursor = { tok: state.cursor.tok, anchor: null };
      return updateCursor();
    case 'help':
      return setMode('help');
    case 'close':
      return setMode('review');
    case 'hit-next':
      occ.active = Math.min(occ.active + 1, occ.hits.length - 1);
      return renderOccurrences();
    case 'hit-prev':
      occ.active = Math.max(occ.active - 1, 0);
      return renderOccurrences();
    case 'hit-toggle':
      if (occ.off.has(occ.active)) occ.off.delete(occ.active);
      else occ.off.add(occ.active);
      return renderOccurrences();
    case 'scope-toggle':
      occ.scope = occ.scope === 'doc' ? 'corpus' : 'doc';
      /** @type {any} */ (document.querySelector(`input[name="occ-scope"][value="${occ.scope}"]`)).checked = true;
      return loadOccurrences();
    case 'hit-apply':
      return applyOccurrences();
  }
}

/** Keyboard work runs one action at a time, in order. */
/** @type {Promise<any>} */
let queue = Promise.resolve();

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  const target = /** @type {HTMLElement} */ (ev.target);
  const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
  if (state.mode === 'picker') {
    if (ev.key === 'Escape') return setMode('review');
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      pickerActive += ev.key === 'ArrowDown' ? 1 : -1;
      pickerActive = Math.max(0, pickerActive);
      renderPicker();
      ev.preventDefault();
    } else if (ev.key === 'Enter') {
      const m = pickerMatches()[pickerActive];
      if (m) queue = queue.then(() => pick(m.kind));
      ev.preventDefault();
    }
    return;
  }
  const dialogOpen = !$('import-overlay').classList.contains('hidden') || !$('export-overlay').classList.contains('hidden');
  if (dialogOpen) {
    if (ev.key === 'Escape') {
      $('import-overlay').classList.add('hidden');
      $('export-overlay').classList.add('hidden');
    }
    return;
  }
  if (typing && state.mode === 'review') {
    if (ev.key === 'Escape') target.blur();
    // radio buttons of the judgment still take the global ctrl shortcuts
    if (!(target.tagName === 'INPUT' && /** @type {any} */ (target).type === 'radio' && (ev.ctrlKey || ev.metaKey))) return;
  }
  if (state.view !== 'review' && state.mode === 'review') {
    if (ev.key === 'Escape') showReview();
    return;
  }
  const action = K.actionFor(state.mode, ev);
  if (!action) return;
  ev.preventDefault();
  queue = queue.then(() => dispatch(action)).catch((e) => say(String(e), true));
}

// ---------------------------------------------------------------- mouse

function wireMouse() {
  const nar = $('narrative');
  nar.addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const el = /** @type {HTMLElement} */ (e.target).closest('[data-t]');
    if (!el) return;
    const t = +(/** @type {HTMLElement} */ (el).dataset.t);
    state.cursor = e.shiftKey ? { tok: t, anchor: state.cursor.anchor ?? state.cursor.tok } : K.jump(t, state.tokens.length);
    updateCursor(false);
    nar.focus({ preventScroll: true });
  });
  const tip = $('tooltip');
  nar.addEventListener('mouseover', (/** @type {MouseEvent} */ e) => {
    const el = /** @type {HTMLElement} */ (e.target).closest('[data-t]');
    if (!el) return tip.classList.add('hidden');
    tip.innerHTML = tokenInfoHtml(+(/** @type {HTMLElement} */ (el).dataset.t)).replace(/ · /g, '<br>');
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
    const el = /** @type {HTMLElement} */ (e.target).closest('.ph');
    if (!el) return;
    const s = state.spans[+(/** @type {HTMLElement} */ (el).dataset.s)];
    const ti = state.tokens.findIndex((k) => k[1] > s.start);
    if (ti >= 0) state.cursor = K.jump(ti, state.tokens.length);
    updateCursor();
  });

  $('doc-list').addEventListener('scroll', () => renderList());
  $('doc-list').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const row = /** @type {HTMLElement} */ (e.target).closest('.doc-row');
    if (row) queue = queue.then(() => openIndex(+(/** @type {HTMLElement} */ (row).dataset.i)));
  });
  $('valuable-list').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('button');
    if (!b) return;
    state.judgment.valuable_masked.splice(+(/** @type {HTMLElement} */ (b).dataset.i), 1);
    renderDoc();
    renderValuable();
    saveJudgment();
  });

  const act = (/** @type {string} */ id, /** @type {string} */ action) =>
    $(id).addEventListener('click', () => {
      queue = queue.then(() => dispatch(action));
    });
  act('act-toggle', 'toggle');
  act('act-delete', 'delete');
  act('act-all', 'apply-all');
  act('act-valuable', 'valuable');
  act('act-undo', 'undo');
  act('act-redo', 'redo');
  act('act-done', 'done-next');
  $('act-category').addEventListener('change', () => {
    const kind = $('act-category').value;
    queue = queue.then(() => label(kind));
  });

  $('btn-help').addEventListener('click', () => setMode('help'));
  $('help-overlay').addEventListener('click', () => setMode('review'));
  $('btn-review').addEventListener('click', showReview);
  $('btn-report').addEventListener('click', showReport);
  $('btn-import').addEventListener('click', openImport);
  $('btn-encrypt').addEventListener('click', () => (queue = queue.then(encryptOrRekey)));
  $('btn-export').addEventListener('click', () => {
    $('export-overlay').classList.remove('hidden');
    $('exp-result').textContent = '';
    fillVersions($('exp-version'));
    $('exp-folder').focus();
  });
  $('exp-close').addEventListener('click', () => $('export-overlay').classList.add('hidden'));
  $('exp-i2b2').addEventListener('click', () => doExport('i2b2'));
  $('exp-masked').addEventListener('click', () => doExport('masked'));
  $('exp-jsonl').addEventListener('click', () => doExport('jsonl'));
  $('imp-kind').addEventListener('change', syncImportKind);
  $('imp-columns').addEventListener('click', readColumns);
  $('imp-start').addEventListener('click', startImport);
  $('imp-cancel').addEventListener('click', () => state.job !== null && api.importCancel(state.job));
  $('imp-close').addEventListener('click', () => $('import-overlay').classList.add('hidden'));
  $('picker-filter').addEventListener('input', () => {
    pickerActive = 0;
    renderPicker();
  });
  $('picker-list').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const li = /** @type {HTMLElement} */ (e.target).closest('li');
    if (li) queue = queue.then(() => pick(/** @type {HTMLElement} */ (li).dataset.kind));
  });
  $('occ-list').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const li = /** @type {HTMLElement} */ (e.target).closest('li');
    if (!li) return;
    occ.active = +(/** @type {HTMLElement} */ (li).dataset.i);
    dispatch('hit-toggle');
  });
  for (const r of document.querySelectorAll('input[name="occ-scope"]')) {
    r.addEventListener('change', () => {
      occ.scope = /** @type {any} */ (r).value;
      loadOccurrences();
    });
  }
  $('occ-apply').addEventListener('click', () => (queue = queue.then(applyOccurrences)));
  $('occ-cancel').addEventListener('click', () => setMode('review'));

  // filters
  $('corpus-select').addEventListener('change', async () => {
    state.corpus = +$('corpus-select').value;
    renderProgress();
    await resetList(true);
  });
  const refilter = () => {
    state.filter = {
      status: $('filter-status').value || null,
      has_uncertain: $('filter-uncertain').checked ? true : null,
      category: $('filter-category').value || null,
      search: $('search').value.trim() || null,
    };
    resetList(false);
  };
  $('filter-status').addEventListener('change', refilter);
  $('filter-uncertain').addEventListener('change', refilter);
  $('filter-category').addEventListener('change', refilter);
  /** @type {any} */
  let t = null;
  $('search').addEventListener('input', () => {
    clearTimeout(t);
    t = setTimeout(refilter, 250);
  });
  $('search').addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'Enter') {
      $('search').blur();
      queue = queue.then(() => openIndex(0));
    }
  });
  window.addEventListener('resize', () => renderList());
}

// ---------------------------------------------------------------- start

async function start() {
  buildHelp();
  buildCategorySelects();
  buildJudgmentPanel();
  wireMouse();
  document.addEventListener('keydown', onKey);
  await api.listen('import-progress', (p) => showProgress(p));
  await api.listen('import-finished', (f) => importFinished(f));
  const first = await guard(() => api.appInfo());
  if (first?.locked) await unlock(first);
  await loadInfo();
  await loadCorpora();
  // annotation teams (annotator.js, agreement.js, adjudication.js): switching annotator reloads
  // the list and the open narrative as the new annotator's own
  await guard(() =>
    initAnnotator({
      say,
      changed: async () => {
        await refreshCorpora();
        await resetList(false);
        if (state.doc) await openDoc(state.doc.id);
      },
    }),
  );
  initAgreement({ state, say, openAdjudication: showAdjudication });
  initAdjudication({ state, say, openInReview: async (id) => (showReview(), openDoc(id)) });
  // an import that started before this window listened (the demo corpus on first start)
  const jobs = await guard(() => api.jobs());
  for (const j of jobs ?? []) {
    if (!j.finished) {
      state.job = j.progress.job;
      showProgress(j.progress);
    } else if (j.finished.ok && !state.corpora.find((c) => c.id === j.finished.corpus)) {
      await loadCorpora(j.finished.corpus);
    }
  }
  if (state.corpus === null && !(jobs ?? []).some((/** @type {any} */ j) => !j.finished)) {
    say('No corpus yet: use Import… to add narratives');
  }
  $('narrative').focus({ preventScroll: true });
  document.body.dataset.ready = 'true';
}

start().catch((e) => banner(`Deid Studio could not start: ${e}`));
// @ts-ignore
void HOTKEYS;
