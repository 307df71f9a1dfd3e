import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderNarrative, renderNarrativeChunks, renderMaskedChunks, chunkCuts, chunkOf, changedRange, maskText, renderMasked, escapeHtml } from '../app/js/render.js';
import { OffsetMap } from '../app/js/offsets.js';
import { visibleRange, pagesFor, PageCache } from '../app/js/list.js';

const strip = (html) => html.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

test('every character is rendered once, tokens and spans marked', () => {
  const text = 'Pt <Anna> 😀 seen 12/26/2020 & ok';
  const cps = Array.from(text);
  const tokens = [];
  const re = /[a-zA-Z0-9]+/g;
  // tokens in code points
  let cp = 0;
  let word = -1;
  cps.forEach((c, i) => {
    const w = /[a-zA-Z0-9]/.test(c);
    if (w && word < 0) word = i;
    if (!w && word >= 0) { tokens.push([word, i]); word = -1; }
  });
  if (word >= 0) tokens.push([word, cps.length]);
  const start = cps.indexOf('1');
  const spans = [{ start: 4, end: 8, kind: 'PATIENT' }, { start, end: start + 10, kind: 'DATE' }];
  const html = renderNarrative({ text, tokens, spans, uncertain: new Set([1]) });
  assert.equal(strip(html), text);
  assert.match(html, /<mark class="phi tag-NAME" data-start="4" data-kind="PATIENT"><span class="tok unc" data-t="1">Anna<\/span><\/mark>/);
  assert.match(html, /data-kind="DATE"><span class="tok" data-t="\d+">12<\/span>\/<span/);
  assert.equal((html.match(/class="tok/g) || []).length, tokens.length);
});

test('masked text uses the placeholders and respects astral characters', () => {
  const text = '😀 on 12/26/2020 Anna';
  const spans = [{ start: 5, end: 15, kind: 'DATE' }, { start: 16, end: 20, kind: 'PATIENT' }];
  assert.equal(maskText(text, spans), '😀 on [DATE] [PATIENT]');
  assert.equal(strip(renderMasked(text, spans)), '😀 on [DATE] [PATIENT]');
  assert.equal(escapeHtml('<a href="x">&'), '&lt;a href=&quot;x&quot;&gt;&amp;');
});

test('a 10,000-character narrative renders in well under 150 ms', () => {
  const base = 'Patient John Smith, 53 years old, seen at Mercy Hospital on 12/26/2020 with fever 😀. ';
  const text = base.repeat(Math.ceil(10000 / base.length)).slice(0, 10000);
  const cps = Array.from(text);
  const tokens = [];
  let word = -1;
  cps.forEach((c, i) => {
    const w = /[a-zA-Z0-9]/.test(c);
    if (w && word < 0) word = i;
    if (!w && word >= 0) { tokens.push([word, i]); word = -1; }
  });
  const spans = tokens.filter((_, i) => i % 3 === 0).map(([s, e]) => ({ start: s, end: e, kind: 'PATIENT' }));
  const t0 = performance.now();
  const html = renderNarrative({ text, tokens, spans, uncertain: new Set([1, 5, 9]) });
  const ms = performance.now() - t0;
  assert.ok(html.length > text.length);
  assert.ok(ms < 150, `${ms} ms`);
});

/** Words of `text` as [start, end) code points (letters and digits). @param {string} text */
function words(text) {
  const tokens = [];
  let word = -1;
  Array.from(text).forEach((c, i) => {
    const w = /[\p{L}\p{N}]/u.test(c);
    if (w && word < 0) word = i;
    if (!w && word >= 0) { tokens.push([word, i]); word = -1; }
  });
  if (word >= 0) tokens.push([word, Array.from(text).length]);
  return tokens;
}

const SMALL = { MIN_AT_LINE: 4, MIN_AT_SENTENCE: 16, MAX_WORDS: 40 };

test('the panes in blocks: the same text, and an edit changes only the block it touches', () => {
  const base = 'Pt Anna Müller 😀 seen 12/26/2020 at Mercy Hospital, Tel +46 8 123 45 67. ';
  const text = base.repeat(60);
  const map = new OffsetMap(text);
  const chars = Array.from(text);
  const tokens = words(text);
  const cuts = chunkCuts(chars, tokens, SMALL);
  assert.ok(cuts.length > 10, `${cuts.length} cuts`);
  assert.equal(cuts[0], 0);
  assert.equal(cuts.at(-1), map.length);
  // cut after a sentence's blank, never inside a word, never after "Tel" or an initial
  for (const c of cuts.slice(1, -1)) {
    assert.equal(chars[c - 1], ' ');
    assert.equal(chars[c - 2], '.', `cut at ${c}: “${chars.slice(c - 10, c).join('')}”`);
    assert.ok(!tokens.some(([a, b]) => a < c && c < b));
  }
  // a span across a cut: the words either side of it
  const w = tokens.findIndex(([a]) => a >= cuts[3]);
  const spans = [
    { start: tokens[1][0], end: tokens[2][1], kind: 'PATIENT' },
    { start: tokens[w - 1][0], end: tokens[w][1], kind: 'HOSPITAL' },
    { start: tokens[200][0], end: tokens[200][1], kind: 'DATE' },
  ];
  const doc = { text, map, tokens, spans, uncertain: new Set([5]) };
  const chunks = renderNarrativeChunks(doc, cuts);
  assert.equal(chunks.length, cuts.length - 1);
  assert.equal(strip(chunks.join('')), text, 'every character once');
  assert.equal((chunks.join('').match(/class="tok/g) || []).length, tokens.length, 'every word once');
  // the span across the cut is closed in one block and reopened in the next, same start
  const hosp = `data-start="${tokens[w - 1][0]}" data-kind="HOSPITAL"`;
  assert.ok(chunks[2].includes(hosp) && chunks[3].includes(hosp), 'the span on both sides of the cut');
  // the block of a word, by its start
  for (const i of [0, 15, 16, w - 1, w, tokens.length - 1]) assert.ok(chunks[chunkOf(cuts, tokens[i][0])].includes(`data-t="${i}"`), `word ${i}`);
  // one more span far away: only its block changes (marks carry starts, not indices)
  const edited = [...spans.slice(0, 2), { start: tokens[100][0], end: tokens[100][1], kind: 'CITY' }, spans[2]];
  const after = renderNarrativeChunks({ ...doc, spans: edited }, cuts);
  const changed = after.map((h, k) => (h !== chunks[k] ? k : -1)).filter((k) => k >= 0);
  assert.deepEqual(changed, [chunkOf(cuts, tokens[100][0])]);
  // the masked pane in the same blocks is the masked text, placeholders once
  const masked = renderMaskedChunks(text, spans, map, cuts);
  assert.equal(strip(masked.join('')), maskText(text, spans, map));
  assert.equal(masked.join(''), renderMasked(text, spans, map));
  assert.equal((masked.join('').match(/\[HOSPITAL\]/g) || []).length, 1);
  const maskedAfter = renderMaskedChunks(text, edited, map, cuts);
  assert.deepEqual(maskedAfter.map((h, k) => (h !== masked[k] ? k : -1)).filter((k) => k >= 0), [chunkOf(cuts, tokens[100][0])]);
});

test('blocks end at line breaks first, and a text without sentence ends is still cut', () => {
  const lines = Array.from({ length: 30 }, (_, i) => `line ${i} has five words\n`).join('');
  const chars = Array.from(lines);
  const cuts = chunkCuts(chars, words(lines), SMALL);
  for (const c of cuts.slice(1, -1)) assert.equal(chars[c - 1], '\n');
  assert.ok(cuts.length > 5);
  const run = 'word '.repeat(200);
  const rc = chunkCuts(Array.from(run), words(run), SMALL);
  assert.equal(rc.length, 2 + Math.floor(199 / 40), 'cut at a blank every MAX_WORDS words');
  // lower case and ALL CAPS sentences end too; "Dr." and "pt." do not
  const lc = 'pt. seen by dr. smith today and she was fine again. '.repeat(20);
  for (const c of chunkCuts(Array.from(lc), words(lc), SMALL).slice(1, -1)) assert.equal(lc.slice(c - 7, c), 'again. ');
});

test('blocks of an empty narrative and of one shorter than a block', () => {
  assert.deepEqual(chunkCuts([], []), [0, 0]);
  assert.deepEqual(renderNarrativeChunks({ text: '', tokens: [], spans: [] }, [0, 0]), ['']);
  const text = 'Anna 😀';
  assert.deepEqual(chunkCuts(Array.from(text), words(text)), [0, 6]);
  assert.equal(chunkOf([0, 6], 5), 0);
  assert.equal(renderMaskedChunks(text, [{ start: 0, end: 4, kind: 'PATIENT' }], new OffsetMap(text), [0, 6]).join(''), renderMasked(text, [{ start: 0, end: 4, kind: 'PATIENT' }]));
});

test('what an edit changed: the range over the spans that differ', () => {
  const x = { start: 0, end: 4, kind: 'PATIENT' };
  const y = { start: 10, end: 14, kind: 'CITY' };
  const z = { start: 30, end: 38, kind: 'DATE' };
  assert.equal(changedRange([x, y, z], [x, y, z]), null);
  assert.deepEqual(changedRange([x, z], [x, y, z]), [10, 14], 'a span added');
  assert.deepEqual(changedRange([x, y, z], [x, z]), [10, 14], 'a span removed');
  assert.deepEqual(changedRange([x, y, z], [x, { ...y, kind: 'STATE' }, z]), [10, 14], 'relabelled');
  assert.deepEqual(changedRange([x, y, z], [x, { ...y, end: 20 }, z]), [10, 20], 'widened');
  assert.deepEqual(changedRange([x, y], [{ ...x, end: 5 }, { ...y, start: 9 }]), [0, 14], 'two changed');
  assert.deepEqual(changedRange([], [z]), [30, 38]);
});

test('virtual list windowing', () => {
  assert.deepEqual(visibleRange(0, 400, 28, 50000, 5), { first: 0, last: 20 });
  assert.deepEqual(visibleRange(28 * 1000, 400, 28, 50000, 5), { first: 995, last: 1020 });
  assert.deepEqual(visibleRange(28 * 49990, 400, 28, 50000, 5), { first: 49985, last: 50000 });
  assert.deepEqual(pagesFor(190, 410, 200), [0, 1, 2]);
  assert.deepEqual(pagesFor(5, 5, 200), []);
});

test('page cache fetches each page once and forgets far pages', async () => {
  const calls = [];
  const cache = new PageCache(async (offset, limit) => {
    calls.push(offset);
    return { rows: Array.from({ length: limit }, (_, i) => offset + i), total: 50000 };
  }, 100, 3);
  await Promise.all([cache.ensure(0, 150), cache.ensure(50, 120)]);
  assert.deepEqual(calls.sort((a, b) => a - b), [0, 100]);
  assert.equal(cache.row(142), 142);
  assert.equal(cache.total, 50000);
  await cache.ensure(10000, 10100);
  await cache.ensure(20000, 20100);
  assert.ok(cache.pages.size <= 3);
  assert.equal(cache.row(20050), 20050);
});
