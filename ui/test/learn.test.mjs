// The pure parts of the "Learn…" dialog (learn.js): the before/after table, the scope chooser,
// the model chooser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fmt, delta, comparisonHtml, hybridHtml, scopeOptions, modelsHtml } from '../app/js/learn.js';

test('figures and their changes', () => {
  assert.equal(fmt(0.95), '0.950');
  assert.equal(fmt(null), '–');
  assert.deepEqual(delta({ before: 0.9, after: 1 }), { text: '+0.100', dir: 'up' });
  assert.deepEqual(delta({ before: 0.95, after: 0.6 }), { text: '−0.350', dir: 'down' });
  assert.deepEqual(delta({ before: 0.5, after: 0.5 }), { text: '±0.000', dir: 'same' });
  assert.deepEqual(delta({ before: null, after: 0.5 }), { text: '', dir: '' });
});

test('the before/after table has recall and precision per category, before and after', () => {
  /** @type {import('../app/js/api.js').Comparison} */
  const c = {
    best_epoch: 2,
    stopped: 'all 3 epochs run',
    sets: [
      {
        set: 'heldout',
        label: 'held-out reviewed narratives',
        documents: 4,
        rows: [
          { name: 'all PHI', tokens: 18, recall: { before: 0.9, after: 1 }, precision: { before: 0.95, after: 0.6 } },
          { name: 'DATE', tokens: 12, recall: { before: 0.9, after: 1 }, precision: { before: 0.8, after: 0.9 } },
          { name: '<b>X</b>', tokens: 1, recall: { before: null, after: 0.5 }, precision: { before: null, after: null } },
        ],
      },
    ],
  };
  const html = comparisonHtml(c);
  assert.match(html, /held-out reviewed narratives: 4 narratives/);
  assert.match(html, /<th colspan="3">recall<\/th>/);
  assert.match(html, /precision<\/th>/);
  assert.match(html, /<tr class="total"><td>all PHI<\/td><td class="num">18<\/td><td class="num">0.900<\/td><td class="num">1.000<\/td><td class="num delta up">\+0.100<\/td><td class="num">0.950<\/td><td class="num">0.600<\/td><td class="num delta down">−0.350<\/td><\/tr>/);
  assert.match(html, /<td>DATE<\/td>/);
  assert.ok(!html.includes('<b>X</b>'), 'names are escaped');
  assert.equal((html.match(/<tr/g) ?? []).length, 2 + 3, 'two header rows, one row per line');
});

test('the hybrid per gold set comes first: recall, what it had to reach, all-PHI recall, precision', () => {
  /** @type {import('../app/js/api.js').Comparison} */
  const c = {
    best_epoch: 3,
    stopped: null,
    sets: [{ set: 'heldout', label: 'held-out reviewed narratives', documents: 2, rows: [] }],
    hybrid: [
      { name: 'held-out', recall: { before: 0.9634, after: 0.9791 }, precision: { before: 0.5975, after: 0.6218 }, goal: 0.9634, all_recall: { before: 0.9628, after: 0.9865 } },
      { name: 'tests/<i>1990s</i>', recall: { before: 0.9914, after: 0.9914 }, precision: { before: 0.8247, after: 0.7301 }, goal: 0.9914, all_recall: { before: null, after: null } },
    ],
  };
  const html = comparisonHtml(c);
  assert.ok(html.indexOf('data-set="hybrid"') < html.indexOf('data-set="heldout"'), 'the hybrid first');
  assert.match(html, /<tr><td>held-out<\/td><td class="num">0.963<\/td><td class="num">0.979<\/td><td class="num delta up">\+0.016<\/td><td class="num">0.963<\/td><td class="num">0.963<\/td><td class="num">0.987<\/td><td class="num delta up">\+0.024<\/td><td class="num">0.598<\/td><td class="num">0.622<\/td>/);
  assert.match(html, /<td class="num delta down">−0.095<\/td><\/tr>/, 'a precision lost on another set shows');
  assert.ok(!html.includes('<i>'), 'names are escaped');
  assert.equal(hybridHtml([]), '', 'no calibration, no table');
  assert.ok(!comparisonHtml({ ...c, hybrid: [] }).includes('data-set="hybrid"'));
});

test('the scope is the corpus shown, or every corpus', () => {
  const corpora = [
    { id: 1, name: 'VAERS demo', documents: 399, new: 370, in_review: 2, done: 27 },
    { id: 2, name: 'site B', documents: 10, new: 5, in_review: 0, done: 5 },
  ];
  const o = scopeOptions(corpora, 2);
  assert.deepEqual(
    o.map((x) => [x.value, x.label, x.selected]),
    [
      ['1', 'VAERS demo: 27 reviewed', false],
      ['2', 'site B: 5 reviewed', true],
      ['', 'All corpora: 32 reviewed', false],
    ],
  );
  assert.equal(scopeOptions(corpora, null).at(-1)?.selected, true);
  assert.equal(scopeOptions([], null).length, 1);
});

test('the model chooser marks the model in use and offers the others', () => {
  const html = modelsHtml([
    { name: 'deid-bilstm-v2', version: '2.0.0', dir: '/m/deid-bilstm-v2', in_use: false, fine_tuned: false, base: null, created: '2026-11-23T09:15:35Z', can_learn: true },
    { name: 'deid-bilstm-v2-ft-1', version: '1.0.0', dir: '/m/ft "1"', in_use: true, fine_tuned: true, base: 'deid-bilstm-v2', created: '2026-11-24T07:00:00Z', can_learn: true },
  ]);
  assert.match(html, /<button type="button" data-dir="\/m\/deid-bilstm-v2"/);
  assert.match(html, /shipped on 2026-11-23 09:15/);
  assert.match(html, /<tr class="in-use">.*fine-tuned from deid-bilstm-v2 on 2026-11-24 07:00.*<span class="badge">in use<\/span>/);
  assert.equal((html.match(/<button/g) ?? []).length, 1, 'no button for the model in use');
  assert.match(modelsHtml([]), /No model/);
});
