import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderNarrative, maskText, renderMasked, escapeHtml } from '../app/js/render.js';
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
  assert.match(html, /<mark class="phi tag-NAME" data-s="0" data-kind="PATIENT"><span class="tok unc" data-t="1">Anna<\/span><\/mark>/);
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
