// @ts-check
/**
 * HTML of the narrative (every token an element, PHI spans as coloured marks, uncertain tokens
 * marked) and of the shared de-identified text. Pure string building: fast for a 10,000-character
 * narrative and testable under node.
 */
import { tagOf, placeholder } from './categories.js';
import { OffsetMap } from './offsets.js';

/** @typedef {{start: number, end: number, kind: string}} Span */

/** @param {string} s */
export function escapeHtml(s) {
  return s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/**
 * @param {{text: string, map?: OffsetMap, tokens: [number, number][], spans: Span[],
 *          uncertain?: Set<number>, valuable?: [number, number][]}} doc
 * @returns {string}
 */
export function renderNarrative(doc) {
  const map = doc.map ?? new OffsetMap(doc.text);
  const text = doc.text;
  const { tokens, spans } = doc;
  const uncertain = doc.uncertain ?? new Set();
  const valuable = doc.valuable ?? [];
  const n = map.length;
  const sub = (/** @type {number} */ a, /** @type {number} */ b) => escapeHtml(text.slice(map.toUtf16(a), map.toUtf16(b)));
  // Boundaries: every token and span edge.
  const cuts = new Set([0, n]);
  for (const [s, e] of tokens) {
    cuts.add(s);
    cuts.add(e);
  }
  for (const s of spans) {
    cuts.add(s.start);
    cuts.add(s.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const out = [];
  let t = 0; // next token index
  let si = 0; // next span index
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
        out.push(`<mark class="phi tag-${tagOf(s.kind)}${val}" data-s="${inSpan}" data-kind="${s.kind}">`);
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

/** The masked text as HTML, placeholders marked with their span index. */
export function renderMasked(/** @type {string} */ text, /** @type {Span[]} */ spans, /** @type {OffsetMap} */ map) {
  map = map ?? new OffsetMap(text);
  const out = [];
  let at = 0;
  spans.forEach((s, i) => {
    out.push(escapeHtml(text.slice(map.toUtf16(at), map.toUtf16(s.start))));
    out.push(`<span class="ph tag-${tagOf(s.kind)}" data-s="${i}">${escapeHtml(placeholder(s.kind))}</span>`);
    at = s.end;
  });
  out.push(escapeHtml(text.slice(map.toUtf16(at))));
  return out.join('');
}
