import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as K from '../app/js/keys.js';

test('review keys map to actions', () => {
  const a = (key, mods = {}) => K.actionFor('review', { key, ...mods });
  assert.equal(a('n'), 'next-uncertain');
  assert.equal(a('p'), 'prev-uncertain');
  assert.equal(a(' '), 'toggle');
  assert.equal(a('1'), 'label:DATE');
  assert.equal(a('3'), 'label:PATIENT');
  assert.equal(a('ArrowRight', { shiftKey: true }), 'extend-right');
  assert.equal(a('ArrowRight'), 'next-token');
  assert.equal(a('z', { ctrlKey: true }), 'undo');
  assert.equal(a('Z', { ctrlKey: true, shiftKey: true }), 'redo');
  assert.equal(a('Enter', { ctrlKey: true }), 'done-next');
  assert.equal(a('?'), 'help');
  assert.equal(a('Delete'), 'delete');
  assert.equal(a(']'), 'widen-end');
  assert.equal(a('x'), null);
});

test('modes change what keys mean', () => {
  assert.equal(K.actionFor('help', { key: 'n' }), null);
  assert.equal(K.actionFor('help', { key: 'Escape' }), 'close');
  assert.equal(K.actionFor('occurrences', { key: ' ' }), 'hit-toggle');
  assert.equal(K.actionFor('occurrences', { key: 'Enter' }), 'hit-apply');
});

test('every help row names an action the key map produces', () => {
  for (const [, action] of K.BINDINGS) {
    for (const one of action.split(' / ')) assert.match(one, /^[a-z:\-A-Z_]+$/);
  }
  assert.ok(K.BINDINGS.length >= 25);
});

test('cursor moves, extends and clamps', () => {
  let c = { tok: 0, anchor: null };
  c = K.move(c, -1, 5);
  assert.deepEqual(c, { tok: 0, anchor: null });
  c = K.extend(c, 2, 5);
  assert.deepEqual(K.selectedTokens(c), [0, 2]);
  c = K.extend(c, 9, 5);
  assert.deepEqual(K.selectedTokens(c), [0, 4]);
  assert.deepEqual(K.selectionRange(c, [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]]), [0, 9]);
  c = K.move(c, -1, 5);
  assert.deepEqual(c, { tok: 3, anchor: null });
});

test('uncertain tokens and navigation', () => {
  const tokens = [[0, 2], [3, 5], [6, 8], [9, 11]];
  const probs = [
    { start: 0, end: 2, p_safe: 1, threshold: 0.5 },
    { start: 3, end: 5, p_safe: 0.5, threshold: 0.5 },
    { start: 6, end: 8, p_safe: 0.93, threshold: null },
    { start: 9, end: 11, p_safe: 0.88, threshold: 0.9 },
  ];
  const u = K.uncertainTokens(tokens, probs, 0.1);
  assert.deepEqual(u, [1, 3]);
  assert.equal(K.nextIn(u, 0, 1), 1);
  assert.equal(K.nextIn(u, 1, 1), 3);
  assert.equal(K.nextIn(u, 3, 1), -1);
  assert.equal(K.nextIn(u, 3, -1), 1);
  assert.equal(K.nextIn(u, 1, -1), -1);
});
