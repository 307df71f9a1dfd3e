// @ts-check
/**
 * The keyboard: one table of bindings (the help overlay is generated from it) and a small state
 * machine — the mode decides what a key means — plus the cursor/selection over tokens.
 */
import { HOTKEYS, category } from './categories.js';

/** @typedef {'review' | 'help' | 'occurrences' | 'picker'} Mode */
/** @typedef {{key: string, shiftKey?: boolean, ctrlKey?: boolean, metaKey?: boolean, altKey?: boolean}} KeyLike */

/** Bindings of the review mode: [keys shown in help, action, description]. */
export const BINDINGS = [
  ['→ / l', 'next-token', 'next token'],
  ['← / h', 'prev-token', 'previous token'],
  ['↓ / ↑', 'next-span / prev-span', 'next / previous PHI span'],
  ['n', 'next-uncertain', 'next uncertain token'],
  ['p', 'prev-uncertain', 'previous uncertain token'],
  ['space', 'toggle', 'toggle PHI / safe (safe → PHI uses the model’s category or the last used)'],
  ['shift+→ / shift+←', 'extend-right / extend-left', 'select a span of tokens'],
  ...Object.entries(HOTKEYS)
    .sort(([a], [b]) => (a === '0' ? 10 : +a) - (b === '0' ? 10 : +b))
    .map(([k, kind]) => [k, `label:${kind}`, `label / relabel as ${category(kind).label}`]),
  ['c', 'pick-category', 'choose any category (list)'],
  ['] / [', 'widen-end / shrink-end', 'widen / shrink the span by one token at its end'],
  ['} / {', 'widen-start / shrink-start', 'widen / shrink the span by one token at its start'],
  ['delete / backspace', 'delete', 'delete the span (make it safe)'],
  ['a', 'apply-all', 'apply to all occurrences of this string (preview, per-hit opt-out)'],
  ['v', 'valuable', 'mark / unmark the masked span as valuable for causality'],
  ['ctrl+z', 'undo', 'undo (survives restart)'],
  ['ctrl+shift+z / ctrl+y', 'redo', 'redo'],
  ['ctrl+enter', 'done-next', 'mark done and open the next narrative'],
  ['j / k', 'next-doc / prev-doc', 'next / previous narrative in the list'],
  ['g', 'judge', 'go to the causality judgment'],
  ['/', 'search', 'search the document list'],
  ['esc', 'escape', 'clear the selection / close'],
  ['?', 'help', 'this help'],
];

export const OCCURRENCE_BINDINGS = [
  ['↓ / ↑', 'next / previous hit'],
  ['space', 'include / leave out this hit'],
  ['s', 'scope: this narrative / whole corpus'],
  ['enter', 'apply to the included hits (one undo step)'],
  ['esc', 'cancel'],
];

/**
 * The action a key means in a mode, or null.
 * @param {Mode} mode @param {KeyLike} ev @returns {string | null}
 */
export function actionFor(mode, ev) {
  const ctrl = !!(ev.ctrlKey || ev.metaKey);
  const k = ev.key;
  if (mode === 'help') return k === 'Escape' || k === '?' || k === 'Enter' ? 'close' : null;
  if (mode === 'picker') return k === 'Escape' ? 'close' : null;
  if (mode === 'occurrences') {
    if (k === 'Escape') return 'close';
    if (k === 'Enter') return 'hit-apply';
    if (k === 'ArrowDown' || k === 'j') return 'hit-next';
    if (k === 'ArrowUp' || k === 'k') return 'hit-prev';
    if (k === ' ') return 'hit-toggle';
    if (k === 's') return 'scope-toggle';
    return null;
  }
  if (ctrl) {
    if (k === 'Enter') return 'done-next';
    if ((k === 'z' || k === 'Z') && ev.shiftKey) return 'redo';
    if (k === 'z') return 'undo';
    if (k === 'y') return 'redo';
    return null;
  }
  if (ev.altKey) return null;
  if (ev.shiftKey && k === 'ArrowRight') return 'extend-right';
  if (ev.shiftKey && k === 'ArrowLeft') return 'extend-left';
  if (k in HOTKEYS && k.length === 1) return `label:${HOTKEYS[k]}`;
  switch (k) {
    case 'ArrowRight':
    case 'l':
      return 'next-token';
    case 'ArrowLeft':
    case 'h':
      return 'prev-token';
    case 'ArrowDown':
      return 'next-span';
    case 'ArrowUp':
      return 'prev-span';
    case 'n':
      return 'next-uncertain';
    case 'p':
      return 'prev-uncertain';
    case ' ':
      return 'toggle';
    case 'c':
      return 'pick-category';
    case ']':
      return 'widen-end';
    case '[':
      return 'shrink-end';
    case '}':
      return 'widen-start';
    case '{':
      return 'shrink-start';
    case 'Delete':
    case 'Backspace':
      return 'delete';
    case 'a':
      return 'apply-all';
    case 'v':
      return 'valuable';
    case 'j':
      return 'next-doc';
    case 'k':
      return 'prev-doc';
    case 'g':
      return 'judge';
    case '/':
      return 'search';
    case 'Escape':
      return 'escape';
    case '?':
      return 'help';
    default:
      return null;
  }
}

/** @typedef {{tok: number, anchor: number | null}} Cursor */

/** Move the cursor by `delta` tokens; clears the selection. @param {Cursor} c @param {number} delta @param {number} n */
export function move(c, delta, n) {
  if (n === 0) return { tok: 0, anchor: null };
  return { tok: clamp(c.tok + delta, 0, n - 1), anchor: null };
}

/** Jump to a token. @param {number} tok @param {number} n */
export function jump(tok, n) {
  return { tok: clamp(tok, 0, Math.max(0, n - 1)), anchor: null };
}

/** Extend the selection by `delta` tokens (the anchor stays). @param {Cursor} c @param {number} delta @param {number} n */
export function extend(c, delta, n) {
  if (n === 0) return c;
  return { tok: clamp(c.tok + delta, 0, n - 1), anchor: c.anchor ?? c.tok };
}

/** [first, last] token indices of the selection (the cursor alone without one). @param {Cursor} c */
export function selectedTokens(c) {
  const a = c.anchor ?? c.tok;
  return [Math.min(a, c.tok), Math.max(a, c.tok)];
}

/** The selection as a code point range. @param {Cursor} c @param {[number, number][]} tokens @returns {[number, number] | null} */
export function selectionRange(c, tokens) {
  if (tokens.length === 0) return null;
  const [a, b] = selectedTokens(c);
  return [tokens[a][0], tokens[b][1]];
}

/**
 * Indices of uncertain tokens: |p_safe - threshold| < margin (a null threshold is infinity:
 * never released, never uncertain). Probabilities are matched to tokens by start offset.
 * @param {[number, number][]} tokens
 * @param {{start: number, end: number, p_safe: number, threshold: number | null}[]} probs
 * @param {number} margin
 */
export function uncertainTokens(tokens, probs, margin) {
  const byStart = new Map(probs.map((p) => [p.start, p]));
  const out = [];
  for (let i = 0; i < tokens.length; i++) {
    const p = byStart.get(tokens[i][0]);
    if (p && p.threshold !== null && Math.abs(p.p_safe - p.threshold) < margin) out.push(i);
  }
  return out;
}

/**
 * The next (dir 1) or previous (dir -1) entry of a sorted index list after `from`, or -1.
 * @param {number[]} sorted @param {number} from @param {1 | -1} dir
 */
export function nextIn(sorted, from, dir) {
  if (dir > 0) {
    for (const i of sorted) if (i > from) return i;
  } else {
    for (let j = sorted.length - 1; j >= 0; j--) if (sorted[j] < from) return sorted[j];
  }
  return -1;
}

/** @param {number} x @param {number} lo @param {number} hi */
function clamp(x, lo, hi) {
  return Math.max(lo, Math.min(hi, x));
}
