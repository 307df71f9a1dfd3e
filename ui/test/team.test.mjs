// The pure parts of the annotation-team views: annotator names (annotator.js), figures and span
// labels (agreement.js), the adjudicated preview (adjudication.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkName, names } from '../app/js/annotator.js';
import { fmt, spanLabel, renderAgreement } from '../app/js/agreement.js';
import { adjudicatedSpans } from '../app/js/adjudication.js';

test('annotator names follow the store rules', () => {
  assert.equal(checkName(' alice '), null);
  assert.match(checkName('  '), /needs a name/);
  assert.match(checkName('Adjudicated'), /reserved/);
  assert.match(checkName('import'), /reserved/);
  assert.match(checkName('a\tb'), /control/);
  assert.match(checkName('x'.repeat(65)), /64/);
  assert.equal(checkName('é'.repeat(64)), null);
  assert.deepEqual(names({ current: 'bob', all: ['carol', 'Alice'] }), ['Alice', 'bob', 'carol']);
});

test('undefined figures show as n/a, never 0', () => {
  assert.equal(fmt(null), 'n/a');
  assert.equal(fmt(undefined), 'n/a');
  assert.equal(fmt(0), '0.000');
  assert.equal(fmt(-1e-17), '0.000');
  assert.equal(fmt(0.28 / 0.48), '0.583');
  assert.equal(spanLabel([]), '—');
  assert.equal(spanLabel([{ start: 30, end: 38, kind: 'DATE' }]), 'DATE 30–38');
});

test('the agreement HTML escapes names and lists each disagreement', () => {
  const coef = { units: 10, observed: 0.7, kappa: 0.5, alpha: null, ac1: 0.8 };
  const f1 = { a_spans: 1, b_spans: 1, matched_a: 0, matched_b: 0, precision: 0, recall: 0, f1: 0 };
  const html = renderAgreement({
    annotator_a: '<a>', annotator_b: 'bob', compared: 1, in_scope: 2, external_ids: { 7: 'case-7' }, adjudicated: [7],
    overall: coef, strict: f1, lenient: f1,
    categories: [{ category: 'DATE', tokens_a: 3, tokens_b: 2, tokens_both: 2, token: coef, strict: f1, lenient: f1 }],
    disagreements: [{ doc: 7, start: 30, end: 38, kind: 'only_a', a: [{ start: 30, end: 38, kind: 'DATE' }], b: [] }],
  });
  assert.ok(!html.includes('<a>') && html.includes('&lt;a&gt;'));
  assert.match(html, /data-doc="7"/);
  assert.match(html, /case-7/);
  assert.match(html, /class="na">n\/a/);
  assert.match(html, /dis adjudicated/);
});

test('the adjudicated preview takes the agreed spans and the chosen sides', () => {
  const agreed = [{ start: 0, end: 4, kind: 'PATIENT' }];
  const dis = [
    { a: [{ start: 11, end: 16, kind: 'DOCTOR' }], b: [{ start: 11, end: 16, kind: 'PATIENT' }] },
    { a: [{ start: 20, end: 26, kind: 'CITY' }], b: [] },
  ];
  assert.deepEqual(adjudicatedSpans(agreed, dis, ['b', 'neither']).map((s) => s.kind), ['PATIENT', 'PATIENT']);
  assert.deepEqual(adjudicatedSpans(agreed, dis, ['a', 'a']).map((s) => s.start), [0, 11, 20]);
  assert.equal(adjudicatedSpans(agreed, dis, [null, null]).length, 1);
  // the adjudicator's edit: both sides had the wrong category
  const edited = adjudicatedSpans(agreed, dis, ['a', 'neither'], ['HOSPITAL', 'CITY']);
  assert.deepEqual(edited.map((s) => s.kind), ['PATIENT', 'HOSPITAL']);
  assert.equal(dis[0].a[0].kind, 'DOCTOR', 'the versions themselves are not changed');
});
