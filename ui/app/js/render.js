// @ts-check
/**
 * HTML of the narrative (every token an element, PHI spans as coloured marks, uncertain tokens
 * marked) and of the shared de-identified text, whole or in chunks of words (the review screen
 * replaces only the chunks an edit changed). Pure string building, testable under node.
 */
import { tagOf, placeholder } from './categories.js';
import { OffsetMap } from './offsets.js';

/** @typedef {{start: number, end: number, kind: string}} Span */

/** @param {string} s */
export function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/**
 * @typedef {{text: string, map?: OffsetMap, tokens: [number, number][], spans: Span[],
 *            uncertain?: Set<number>, valuable?: [number, number][]}} NarrativeDoc
 */

/**
 * How the panes are cut into blocks: an edit or a cursor move lays out only the block it touches
 * (one inline layout of 20,000 characters costs the window about 100 ms; one of a block, a few).
 * A block ends at a line break once it has `MIN_AT_LINE` words, else at a sentence end once it
 * has `MIN_AT_SENTENCE` (a narrative without line breaks then shows a few sentences a block, as
 * annotation tools do), and at a blank after `MAX_WORDS` at the latest. Blocks are cut where the
 * text already ends a line or a sentence, and every character stays where it was.
 */
export const CHUNKING = { MIN_AT_LINE: 16, MIN_AT_SENTENCE: 48, MAX_WORDS: 256 };

/**
 * Where the panes are cut into blocks, in code points: 0, cut points, n. A word is never cut;
 * the text of every block is the text between two cuts.
 * @param {string[]} chars the text as code points @param {[number, number][]} tokens its words
 * @param {{MIN_AT_LINE: number, MIN_AT_SENTENCE: number, MAX_WORDS: number}} [rule]
 * @returns {number[]}
 */
export function chunkCuts(chars, tokens, rule = CHUNKING) {
  const n = chars.length;
  const cuts = [0];
  let words = 0; // words since the last cut
  let t = 0; // next word
  for (let i = 0; i < n; i++) {
    while (t < tokens.length && tokens[t][0] <= i) {
      t++;
      words++;
    }
    const c = chars[i];
    if (c !== '\n' && c !== ' ') continue;
    const at = i + 1; // a cut after this blank
    if (at >= n || (t < tokens.length && tokens[t][0] < at && tokens[t][1] > at)) continue;
    let cut = false;
    if (c === '\n') cut = words >= rule.MIN_AT_LINE;
    else if (words >= rule.MAX_WORDS) cut = true;
    else if (words >= rule.MIN_AT_SENTENCE) cut = endsSentence(chars, i);
    if (cut) {
      cuts.push(at);
      words = 0;
    }
  }
  cuts.push(n);
  return cuts;
}

/**
 * Whether the blank at `i` follows a sentence end: ".", "!", "?" or ";" after a word of 4 or more
 * characters or a number of 2 or more digits ("Dr.", "pt." and a list's "1." end none).
 * @param {string[]} chars @param {number} i
 */
function endsSentence(chars, i) {
  const p = chars[i - 1];
  if (p !== '.' && p !== '!' && p !== '?' && p !== ';') return false;
  let k = i - 2;
  let digits = true;
  while (k >= 0 && /[\p{L}\p{N}]/u.test(chars[k])) {
    if (!/\p{N}/u.test(chars[k])) digits = false;
    k--;
  }
  const len = i - 2 - k;
  return len >= 4 || (digits && len >= 2);
}

/** The block holding the word that starts at code point `start`. @param {number[]} cuts @param {number} start */
export function chunkOf(cuts, start) {
  let lo = 0;
  let hi = cuts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (cuts[mid] <= start) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** First index in `xs` whose end (`end(x)`) is after `at`. @template T @param {T[]} xs @param {(x: T) => number} end @param {number} at */
function firstEndingAfter(xs, end, at) {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (end(xs[mid]) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The narrative's HTML (every word an element, PHI spans as marks, uncertain words marked), one
 * string per chunk between `cuts` (a span across a cut is closed and reopened there). Marks carry
 * the span's start (`data-start`), which an edit elsewhere does not change, so the chunks an edit
 * does not touch come out the same.
 * @param {NarrativeDoc} doc @param {number[]} cuts
 * @returns {string[]}
 */
export function renderNarrativeChunks(doc, cuts) {
  const map = doc.map ?? new OffsetMap(doc.text);
  const ctx = {
    text: doc.text,
    map,
    tokens: doc.tokens,
    spans: doc.spans,
    uncertain: doc.uncertain ?? new Set(),
    valuable: doc.valuable ?? [],
  };
  const out = [];
  for (let k = 0; k + 1 < cuts.length; k++) out.push(renderRange(ctx, cuts[k], cuts[k + 1]));
  return out;
}

/**
 * @param {{text: string, map: OffsetMap, tokens: [number, number][], spans: Span[], uncertain: Set<number>, valuable: [number, number][]}} ctx
 * @param {number} lo @param {number} hi
 */
function renderRange(ctx, lo, hi) {
  const { text, map, tokens, spans, uncertain, valuable } = ctx;
  const sub = (/** @type {number} */ a, /** @type {number} */ b) => escapeHtml(text.slice(map.toUtf16(a), map.toUtf16(b)));
  const t0 = firstEndingAfter(tokens, (t) => t[1], lo);
  const s0 = firstEndingAfter(spans, (s) => s.end, lo);
  // Boundaries inside [lo, hi): every token and span edge.
  const cuts = new Set([lo, hi]);
  for (let i = t0; i < tokens.length && tokens[i][0] < hi; i++) {
    cuts.add(Math.max(lo, tokens[i][0]));
    cuts.add(Math.min(hi, tokens[i][1]));
  }
  for (let i = s0; i < spans.length && spans[i].start < hi; i++) {
    cuts.add(Math.max(lo, spans[i].start));
    cuts.add(Math.min(hi, spans[i].end));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out = [];
  let t = t0; // next token index
  let si = s0; // next span index
  let open = -1; // span currently open
  for (let k = 0; k + 1 < points.length; k++) {
    const a = points[k];
    const b = points[k + 1];
    while (t < tokens.length && tokens[t][1] <= a) t++;
    while (si < spans.length && spans[si].end <= a) si++;
    const inSpan = si < spans.length && spans[si].start <= a ? si : -1;
    if (inSpan !== open) {
      if (open >= 0) out.push('</mark>');
      if (inSpan >= 0) {
        const s = spans[inSpan];
        const val = valuable.some(([vs, ve]) => vs < s.end && s.start < ve) ? ' valuable' : '';
        out.push(`<mark class="phi tag-${tagOf(s.kind)}${val}" data-start="${s.start}" data-kind="${s.kind}">`);
      }
      open = inSpan;
    }
    if (t < tokens.length && tokens[t][0] <= a && b <= tokens[t][1]) {
      const unc = uncertain.has(t) ? ' unc' : '';
      out.push(`<span class="tok${unc}" data-t="${t}">${sub(a, b)}</span>`);
    } else {
      out.push(sub(a, b));
    }
  }
  if (open >= 0) out.push('</mark>');
  return out.join('');
}

/**
 * The narrative's HTML in one piece (the adjudication view's versions).
 * @param {NarrativeDoc} doc
 * @returns {string}
 */
export function renderNarrative(doc) {
  const map = doc.map ?? new OffsetMap(doc.text);
  return renderNarrativeChunks({ ...doc, map }, [0, map.length])[0];
}

/**
 * The text as it is shared: every span replaced by its placeholder.
 * @param {string} text @param {Span[]} spans @param {OffsetMap} [map]
 */
export function maskText(text, spans, map) {
  map = map ?? new OffsetMap(text);
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += text.slice(map.toUtf16(at), map.toUtf16(s.start)) + placeholder(s.kind);
    at = s.end;
  }
  return out + text.slice(map.toUtf16(at));
}

/**
 * The masked text as HTML, one string per chunk between `cuts` (the narrative pane's): a
 * placeholder goes with the chunk where its span starts and carries the span's start.
 * @param {string} text @param {Span[]} spans @param {OffsetMap} map @param {number[]} cuts
 * @returns {string[]}
 */
export function renderMaskedChunks(text, spans, map, cuts) {
  const out = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const lo = cuts[k];
    const hi = cuts[k + 1];
    const parts = [];
    let at = lo;
    let si = firstEndingAfter(spans, (s) => s.end, lo);
    // a span begun in an earlier block hides its part of this one (its placeholder is there)
    if (si < spans.length && spans[si].start < lo) at = Math.min(hi, spans[si++].end);
    for (; si < spans.length && spans[si].start < hi; si++) {
      const s = spans[si];
      if (s.start > at) parts.push(escapeHtml(text.slice(map.toUtf16(at), map.toUtf16(s.start))));
      parts.push(`<span class="ph tag-${tagOf(s.kind)}" data-start="${s.start}">${escapeHtml(placeholder(s.kind))}</span>`);
      at = Math.min(hi, Math.max(at, s.end));
    }
    if (at < hi) parts.push(escapeHtml(text.slice(map.toUtf16(at), map.toUtf16(hi))));
    out.push(parts.join(''));
  }
  return out;
}

/**
 * The code point range where two sorted span lists differ (null: they are the same): what an
 * edit changed, so that only the blocks over it are drawn again.
 * @param {Span[]} a @param {Span[]} b
 * @returns {[number, number] | null}
 */
export function changedRange(a, b) {
  const same = (/** @type {Span} */ x, /** @type {Span} */ y) => x.start === y.start && x.end === y.end && x.kind === y.kind;
  let i = 0;
  while (i < a.length && i < b.length && same(a[i], b[i])) i++;
  if (i === a.length && i === b.length) return null;
  let ja = a.length - 1;
  let jb = b.length - 1;
  while (ja >= i && jb >= i && same(a[ja], b[jb])) (ja--, jb--);
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of [...a.slice(i, ja + 1), ...b.slice(i, jb + 1)]) {
    lo = Math.min(lo, s.start);
    hi = Math.max(hi, s.end);
  }
  return [lo, hi];
}

/** The masked text as HTML in one piece. @param {string} text @param {Span[]} spans @param {OffsetMap} [map] */
export function renderMasked(text, spans, map) {
  map = map ?? new OffsetMap(text);
  return renderMaskedChunks(text, spans, map, [0, map.length])[0];
}
