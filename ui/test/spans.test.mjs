import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as S from '../app/js/spans.js';

const chars = (t) => Array.from(t);
const sp = (start, end, kind) => ({ start, end, kind });

test('spanIndexAt finds the covering span', () => {
  const spans = [sp(0, 4, 'PATIENT'), sp(10, 20, 'DATE')];
  assert.equal(S.spanIndexAt(spans, 0), 0);
  assert.equal(S.spanIndexAt(spans, 4), -1);
  assert.equal(S.spanIndexAt(spans, 19), 1);
  assert.equal(S.spanIndexAt(spans, 20), -1);
});

test('toggle a PHI token inside a name leaves the rest of the name', () => {
  const text = 'John Smith was seen';
  const spans = [sp(0, 10, 'PATIENT')];
  const e = S.toggleToken(spans, [5, 10], 'PATIENT', chars(text));
  assert.deepEqual(e, { remove: [sp(0, 10, 'PATIENT')], add: [sp(0, 4, 'PATIENT')] });
  assert.deepEqual(S.applyEdit(spans, e), [sp(0, 4, 'PATIENT')]);
});

test('toggle a safe token to PHI merges with a neighbour of the same category', () => {
  const text = 'John Smith was seen';
  const spans = [sp(0, 4, 'PATIENT')];
  const e = S.toggleToken(spans, [5, 10], 'PATIENT', chars(text));
  assert.deepEqual(S.applyEdit(spans, e), [sp(0, 10, 'PATIENT')]);
  // a different category does not merge
  const e2 = S.toggleToken(spans, [5, 10], 'CITY', chars(text));
  assert.deepEqual(S.applyEdit(spans, e2), [sp(0, 4, 'PATIENT'), sp(5, 10, 'CITY')]);
});

test('label a selection over two spans replaces both', () => {
  const text = 'on Dec 26 2020 ok';
  const spans = [sp(3, 6, 'DATE'), sp(7, 9, 'AGE')];
  const e = S.labelRange(spans, 3, 14, 'DATE', chars(text));
  assert.deepEqual(S.applyEdit(spans, e), [sp(3, 14, 'DATE')]);
});

test('labelling exactly an existing span the same way is a no-op', () => {
  const spans = [sp(3, 6, 'DATE')];
  assert.equal(S.labelRange(spans, 3, 6, 'DATE', chars('on Dec 26')), null);
});

test('relabel and delete', () => {
  const spans = [sp(0, 4, 'PATIENT')];
  assert.deepEqual(S.relabelSpan(spans, 0, 'DOCTOR'), { remove: [spans[0]], add: [sp(0, 4, 'DOCTOR')] });
  assert.equal(S.relabelSpan(spans, 0, 'PATIENT'), null);
  assert.deepEqual(S.deleteSpan(spans, 0), { remove: [spans[0]], add: [] });
});

test('widen and shrink by one token', () => {
  const text = 'seen by Dr John Smith today';
  const tokens = [[0, 4], [5, 7], [8, 10], [11, 15], [16, 21], [22, 27]];
  const spans = [sp(11, 15, 'DOCTOR')];
  const wide = S.applyEdit(spans, S.resizeSpan(spans, 0, tokens, 'end', 1));
  assert.deepEqual(wide, [sp(11, 21, 'DOCTOR')]);
  const back = S.applyEdit(wide, S.resizeSpan(wide, 0, tokens, 'end', -1));
  assert.deepEqual(back, [sp(11, 15, 'DOCTOR')]);
  assert.equal(S.resizeSpan(back, 0, tokens, 'end', -1), null, 'one token does not shrink');
  const left = S.applyEdit(spans, S.resizeSpan(spans, 0, tokens, 'start', 1));
  assert.deepEqual(left, [sp(8, 15, 'DOCTOR')]);
  assert.deepEqual(S.applyEdit(left, S.resizeSpan(left, 0, tokens, 'start', -1)), [sp(11, 15, 'DOCTOR')]);
  // widening over another span absorbs it
  const two = [sp(11, 15, 'DOCTOR'), sp(16, 21, 'PATIENT')];
  assert.deepEqual(S.applyEdit(two, S.resizeSpan(two, 0, tokens, 'end', 1)), [sp(11, 21, 'DOCTOR')]);
});

test('clearing a token inside a date pattern trims the pieces', () => {
  const text = 'on 12/26/20.';
  const spans = [sp(3, 11, 'DATE')];
  const e = S.clearRange(spans, 6, 8, chars(text));
  assert.deepEqual(S.applyEdit(spans, e), [sp(3, 5, 'DATE'), sp(9, 11, 'DATE')]);
});

test('occurrence edit labels and clears every hit as one net edit', () => {
  const text = 'Smith saw Smith; Smith.';
  const hits = [[0, 5], [10, 15], [17, 22]];
  const gold = [sp(10, 15, 'PATIENT')];
  const e = S.occurrenceEdit(gold, hits, 'DOCTOR', chars(text));
  assert.deepEqual(S.applyEdit(gold, e), [sp(0, 5, 'DOCTOR'), sp(10, 15, 'DOCTOR'), sp(17, 22, 'DOCTOR')]);
  const c = S.occurrenceEdit(S.applyEdit(gold, e), hits, null, chars(text));
  assert.deepEqual(S.applyEdit(S.applyEdit(gold, e), c), []);
  assert.equal(S.occurrenceEdit([], hits, null, chars(text)), null);
});

test('offsets are code points: an emoji before a name', () => {
  const text = '😀 Anna Berg';
  const c = chars(text);
  // tokens in code points: Anna 2..6, Berg 7..11
  const e = S.labelRange([], 2, 11, 'PATIENT', c);
  assert.deepEqual(e.add, [sp(2, 11, 'PATIENT')]);
});
