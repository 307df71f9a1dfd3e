// @ts-check
/**
 * Span operations of the review screen. Spans are `{start, end, kind}` in code points, sorted and
 * non-overlapping, as the store keeps them; every operation returns the store edit
 * (`{remove, add}`, applied remove-then-add) or null when nothing would change, so that one
 * keystroke is one undoable Edit.
 */

/** @typedef {{start: number, end: number, kind: string}} Span */
/** @typedef {[number, number]} Tok */
/** @typedef {{remove: Span[], add: Span[]}} SpanEdit */

/** @param {Span[]} spans */
export function sortSpans(spans) {
  return [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Index of the span covering code point `cp`, or -1. @param {Span[]} spans @param {number} cp */
export function spanIndexAt(spans, cp) {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid];
    if (cp < s.start) hi = mid - 1;
    else if (cp >= s.end) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** Indices of spans overlapping [s, e). @param {Span[]} spans @param {number} s @param {number} e */
export function overlapping(spans, s, e) {
  const out = [];
  for (let i = 0; i < spans.length; i++) {
    if (spans[i].start < e && s < spans[i].end) out.push(i);
  }
  return out;
}

/** Apply an edit locally (what the store does): remove, then add, then sort. */
export function applyEdit(/** @type {Span[]} */ spans, /** @type {SpanEdit} */ edit) {
  const key = (/** @type {Span} */ s) => `${s.start}:${s.end}:${s.kind}`;
  const gone = new Set(edit.remove.map(key));
  return sortSpans([...spans.filter((s) => !gone.has(key(s))), ...edit.add]);
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * Trim a range to its first and last letter or digit (the guidelines' minimal span: no spaces
 * or punctuation at the edges). `chars` is the text as an array of code points.
 * @param {string[]} chars @param {number} a @param {number} b
 * @returns {[number, number] | null}
 */
export function trimRange(chars, a, b) {
  while (a < b && !WORD.test(chars[a])) a++;
  while (b > a && !WORD.test(chars[b - 1])) b--;
  return a < b ? [a, b] : null;
}

/** Whether two spans of one category separated by `gap` are one expression ("John Smith"). */
export function joins(/** @type {string[]} */ gap) {
  return gap.length <= 2 && gap.every((c) => c === ' ' || c === '-' || c === '.' || c === "'");
}

/** The edit that makes [s, e) safe: overlapping spans go, their parts outside stay (trimmed). */
export function clearRange(/** @type {Span[]} */ spans, /** @type {number} */ s, /** @type {number} */ e, /** @type {string[]} */ chars) {
  const hit = overlapping(spans, s, e).map((i) => spans[i]);
  if (hit.length === 0) return null;
  /** @type {Span[]} */
  const add = [];
  for (const sp of hit) {
    if (sp.start < s) {
      const r = trimRange(chars, sp.start, s);
      if (r) add.push({ start: r[0], end: r[1], kind: sp.kind });
    }
    if (sp.end > e) {
      const r = trimRange(chars, e, sp.end);
      if (r) add.push({ start: r[0], end: r[1], kind: sp.kind });
    }
  }
  return { remove: hit, add };
}

/**
 * The edit that labels [s, e) as `kind`: spans overlapping it are cut back (their outside parts
 * stay), and the new span merges with a neighbour of the same category across a short gap.
 * @param {Span[]} spans @param {number} s @param {number} e @param {string} kind @param {string[]} chars
 * @returns {SpanEdit | null}
 */
export function labelRange(spans, s, e, kind, chars) {
  const trimmed = trimRange(chars, s, e);
  if (!trimmed) return null;
  [s, e] = trimmed;
  const cleared = clearRange(spans, s, e, chars) ?? { remove: [], add: [] };
  const rest = applyEdit(spans, cleared);
  let start = s;
  let end = e;
  const remove = [...cleared.remove];
  const add = [...cleared.add];
  // merge with same-category neighbours
  const before = rest.filter((x) => x.end <= start).pop();
  if (before && before.kind === kind && joins(chars.slice(before.end, start))) {
    start = before.start;
    takeOut(before);
  }
  const after = rest.find((x) => x.start >= end);
  if (after && after.kind === kind && joins(chars.slice(end, after.start))) {
    end = after.end;
    takeOut(after);
  }
  /** @param {Span} x */
  function takeOut(x) {
    const i = add.findIndex((a) => a.start === x.start && a.end === x.end && a.kind === x.kind);
    if (i >= 0) add.splice(i, 1);
    else remove.push(x);
  }
  const edit = { remove, add: [...add, { start, end, kind }] };
  // a no-op (the exact span is already there)?
  if (edit.remove.length === 1 && edit.add.length === 1) {
    const r = edit.remove[0];
    if (r.start === start && r.end === end && r.kind === kind) return null;
  }
  return edit;
}

/**
 * Space on a token: PHI -> safe (only this token leaves its span), safe -> PHI as `kind`.
 * @param {Span[]} spans @param {Tok} tok @param {string} kind @param {string[]} chars
 */
export function toggleToken(spans, tok, kind, chars) {
  if (overlapping(spans, tok[0], tok[1]).length > 0) return clearRange(spans, tok[0], tok[1], chars);
  return labelRange(spans, tok[0], tok[1], kind, chars);
}

/** @param {Span[]} spans @param {number} idx @param {string} kind */
export function relabelSpan(spans, idx, kind) {
  const s = spans[idx];
  if (!s || s.kind === kind) return null;
  return { remove: [s], add: [{ start: s.start, end: s.end, kind }] };
}

/** @param {Span[]} spans @param {number} idx */
export function deleteSpan(spans, idx) {
  const s = spans[idx];
  return s ? { remove: [s], add: [] } : null;
}

/**
 * Widen (+1) or shrink (-1) a span by one token at its `side` (`start` or `end`). Widening over
 * another span absorbs it; a one-token span does not shrink (delete it instead).
 * @param {Span[]} spans @param {number} idx @param {Tok[]} tokens @param {'start'|'end'} side @param {1|-1} delta
 * @returns {SpanEdit | null}
 */
export function resizeSpan(spans, idx, tokens, side, delta) {
  const s = spans[idx];
  if (!s) return null;
  const inside = [];
  for (let i = 0; i < tokens.length; i++) if (tokens[i][0] < s.end && s.start < tokens[i][1]) inside.push(i);
  if (inside.length === 0) return null;
  const first = inside[0];
  const last = inside[inside.length - 1];
  let start = s.start;
  let end = s.end;
  if (side === 'end' && delta > 0) {
    if (last + 1 >= tokens.length) return null;
    end = tokens[last + 1][1];
  } else if (side === 'end') {
    if (inside.length < 2) return null;
    end = tokens[last - 1][1];
  } else if (delta > 0) {
    if (first === 0) return null;
    start = tokens[first - 1][0];
  } else {
    if (inside.length < 2) return null;
    start = tokens[first + 1][0];
  }
  const absorbed = overlapping(spans, start, end)
    .filter((i) => i !== idx)
    .map((i) => spans[i]);
  return { remove: [s, ...absorbed], add: [{ start, end, kind: s.kind }] };
}

/**
 * The edits "apply to all occurrences" makes in one document: label every hit as `kind`, or
 * (kind null) make every hit safe. Hits are [start, end) code point ranges, applied in order.
 * @param {Span[]} gold @param {[number, number][]} hits @param {string | null} kind @param {string[]} chars
 * @returns {SpanEdit | null}
 */
export function occurrenceEdit(gold, hits, kind, chars) {
  let spans = sortSpans(gold);
  for (const [s, e] of hits) {
    const edit = kind ? labelRange(spans, s, e, kind, chars) : clearRange(spans, s, e, chars);
    if (edit) spans = applyEdit(spans, edit);
  }
  return diff(sortSpans(gold), spans);
}

/** The net edit from one span list to another. @param {Span[]} before @param {Span[]} after */
export function diff(before, after) {
  const key = (/** @type {Span} */ s) => `${s.start}:${s.end}:${s.kind}`;
  const a = new Set(after.map(key));
  const b = new Set(before.map(key));
  const remove = before.filter((s) => !a.has(key(s)));
  const add = after.filter((s) => !b.has(key(s)));
  return remove.length || add.length ? { remove, add } : null;
}
