import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeRule, isRulesGuess } from '../app/js/categories.js';
import { RULE_REASONS } from '../app/js/definitions.js';

test('describeRule explains every reason the definitions name, with its detail', () => {
  assert.equal(describeRule('pattern:DATE'), 'pattern recognizer: DATE');
  assert.equal(describeRule('unsafe:is-month'), 'UNSAFE dictionary: is-month');
  assert.equal(describeRule('digit'), 'contains a digit (never safe by rule)');
  assert.equal(describeRule('safe'), 'SAFE dictionary vouches for it');
  for (const r of RULE_REASONS) {
    const label = r.detail ? `${r.name}:X` : r.name;
    const text = describeRule(label);
    assert.notEqual(text, label, r.name);
    assert.equal(text.includes('{detail}'), false, r.name);
    assert.equal(text.includes('X'), r.detail !== null && r.explanation.includes('{detail}'), r.name);
  }
});

test('describeRule shows an unknown label as it is, and a missing one as a dash', () => {
  assert.equal(describeRule('no-such-rule'), 'no-such-rule');
  assert.equal(describeRule(''), '—');
});

test('a rules-only guess is known by the rule, as the definitions mark it, never by a probability', () => {
  assert.equal(isRulesGuess('unknown'), true);
  assert.equal(isRulesGuess('single-capital'), true);
  assert.equal(isRulesGuess('pattern:DATE'), false);
  assert.equal(isRulesGuess('safe'), false);
  assert.equal(isRulesGuess('no-such-rule'), false);
  assert.deepEqual(
    RULE_REASONS.filter((r) => r.guess).map((r) => r.name),
    ['single-capital', 'time-of-day', 'relative-time', 'lot-number', 'unknown'],
  );
});
