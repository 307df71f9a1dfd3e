// @ts-check
/**
 * The editor: what the review keys and the toolbar do to the open narrative: toggle, label,
 * relabel, widen / shrink, delete (span operations from spans.js, sent as one edit each), undo
 * and redo (the store's history, kept across restarts), "done & next", and the cursor jumps
 * (next uncertain token, next span). Only a narrative of the corpus shown is edited.
 */
import * as api from './api.js';
import * as S from './spans.js';
import * as K from './keys.js';
import { say, guard } from './dom.js';
import { store, canEdit, spanAtCursor, selectionOrToken } from './state.js';
import { openDoc, moveCursor, refreshGold } from './narrative.js';
import { refreshList, openIndex } from './doclist.js';
import { notePhase } from './keytiming.js';
import { refreshCorpora } from './corpusbar.js';

/** @type {ReturnType<typeof setTimeout> | undefined} */
let listTimer;

/**
 * The list and the corpus progress, read again once the keys pause (250 ms): a narrative's row
 * and the counts change at most once per narrative (new → in review), and re-reading them after
 * every keystroke would take time from the next one.
 */
export function refreshListSoon() {
  clearTimeout(listTimer);
  listTimer = setTimeout(() => {
    refreshList();
    refreshCorpora();
  }, 250);
}

/** Send one edit of the open narrative, then show its result. @param {S.SpanEdit | null} edit @param {string} label */
export async function commit(edit, label) {
  const s = store.state;
  if (!edit || !s.doc || !canEdit(s)) {
    say('nothing to change');
    return;
  }
  const doc = s.doc.id;
  const t = performance.now();
  const ok = await guard(() => api.applyEdit({ label, changes: [{ doc, remove: edit.remove, add: edit.add }] }, doc));
  notePhase('apply_edit', performance.now() - t);
  if (ok === undefined) return;
  for (const a of edit.add) store.set({ lastKind: a.kind });
  await refreshGold(doc);
  say(label);
  refreshListSoon();
}

/** Space: the selection becomes PHI (any of it safe) or safe; a token flips. */
export async function toggle() {
  const s = store.state;
  const t = s.tokens[s.cursor.tok];
  if (!t) return;
  if (s.cursor.anchor !== null) {
    // a selection: PHI if any of it is safe, else safe
    const r = /** @type {[number, number]} */ (selectionOrToken(s));
    const covered = S.overlapping(s.spans, r[0], r[1]).length > 0;
    return commit(covered ? S.clearRange(s.spans, r[0], r[1], s.chars) : S.labelRange(s.spans, r[0], r[1], s.lastKind, s.chars), covered ? 'mark safe' : `label ${s.lastKind}`);
  }
  // safe -> PHI: the model's category for this token, else the last used
  const pre = S.overlapping(s.preSpans, t[0], t[1]);
  const kind = pre.length ? s.preSpans[pre[0]].kind : s.lastKind;
  const wasPhi = S.overlapping(s.spans, t[0], t[1]).length > 0;
  await commit(S.toggleToken(s.spans, t, kind, s.chars), wasPhi ? 'toggle to safe' : `toggle to ${kind}`);
}

/** A category key: label the selection, relabel the span, or label the token. @param {string} kind */
export async function label(kind) {
  store.set({ lastKind: kind });
  const s = store.state;
  if (s.cursor.anchor !== null) {
    const r = /** @type {[number, number]} */ (selectionOrToken(s));
    await commit(S.labelRange(s.spans, r[0], r[1], kind, s.chars), `label ${kind}`);
    moveCursor({ tok: store.state.cursor.tok, anchor: null });
    return;
  }
  const si = spanAtCursor(s);
  if (si >= 0) return commit(S.relabelSpan(s.spans, si, kind), `relabel ${kind}`);
  const t = s.tokens[s.cursor.tok];
  if (t) await commit(S.labelRange(s.spans, t[0], t[1], kind, s.chars), `label ${kind}`);
}

/** `]` `[` `}` `{`: widen or shrink the span under the cursor by a token. @param {'start'|'end'} side @param {1|-1} delta */
export async function resize(side, delta) {
  const s = store.state;
  const si = spanAtCursor(s);
  if (si < 0) return say('the cursor is not on a PHI span');
  await commit(S.resizeSpan(s.spans, si, s.tokens, side, delta), `${delta > 0 ? 'widen' : 'shrink'} ${side}`);
}

/** Delete: the selection or the span under the cursor becomes safe. */
export async function deleteCurrent() {
  const s = store.state;
  if (s.cursor.anchor !== null) {
    const r = /** @type {[number, number]} */ (selectionOrToken(s));
    return commit(S.clearRange(s.spans, r[0], r[1], s.chars), 'mark safe');
  }
  const si = spanAtCursor(s);
  if (si < 0) return say('the cursor is not on a PHI span');
  await commit(S.deleteSpan(s.spans, si), 'delete span');
}

/**
 * Ctrl+z / ctrl+y on the narrative on screen: its own history only, as editors do (the other
 * narratives keep their edits); with no narrative open there is nothing to undo.
 * @param {'undo' | 'redo'} which
 */
export async function undoRedo(which) {
  const open = store.state.doc;
  if (!open) return say(`open a narrative to ${which} its edits`);
  const id = open.id;
  const t = performance.now();
  const r = await guard(() => (which === 'undo' ? api.undo(id) : api.redo(id)));
  notePhase(which, performance.now() - t);
  if (r === undefined) return;
  if (r === null) return say(`nothing to ${which} in ${open.external_id}`);
  const others = r.docs.filter((d) => d !== id).length;
  say(`${which === 'undo' ? 'Undid' : 'Redid'}: ${r.label}${others ? ` (and in ${others} other narrative${others > 1 ? 's' : ''})` : ''}`);
  const doc = store.state.doc;
  // a narrative of another corpus is not opened (openDoc refuses it)
  if (doc && r.docs.includes(doc.id)) await refreshGold(doc.id);
  else if (r.docs.length === 1) await openDoc(r.docs[0]);
  refreshListSoon();
}

/** Ctrl+enter: mark the narrative done and open the next one of the list. */
export async function doneNext() {
  const s = store.state;
  if (!s.doc || !canEdit(s)) return;
  const d = s.doc;
  const id = d.id;
  const ok = await guard(() => api.setStatus(id, 'done'));
  if (ok === undefined) return;
  say(`${d.external_id} marked done`);
  await refreshCorpora();
  await refreshList();
  // the next narrative: after this one in the list (it may have left a filtered list)
  const cache = store.state.list;
  if (!cache) return;
  let idx = store.state.listIndex;
  const here = cache.row(idx);
  if (here && here.id === id) idx += 1;
  if (idx < cache.total) await openIndex(idx);
  else await openDoc(id, true);
}

/** n / p. @param {1|-1} dir */
export function jumpUncertain(dir) {
  const s = store.state;
  const next = K.nextIn(s.uncertain, s.cursor.tok, dir);
  if (next < 0) return say(dir > 0 ? 'no more uncertain tokens after this one' : 'no uncertain token before this one');
  moveCursor(K.jump(next, s.tokens.length));
}

/** ↓ / ↑. @param {1|-1} dir */
export function jumpSpan(dir) {
  const s = store.state;
  const t = s.tokens[s.cursor.tok];
  if (!t) return;
  const target = dir > 0 ? s.spans.find((x) => x.start >= t[1]) : [...s.spans].reverse().find((x) => x.end <= t[0]);
  if (!target) return say(dir > 0 ? 'no PHI span after this one' : 'no PHI span before this one');
  const ti = s.tokens.findIndex((k) => k[1] > target.start);
  moveCursor(ti >= 0 ? K.jump(ti, s.tokens.length) : s.cursor);
}
