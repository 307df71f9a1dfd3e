import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as P from '../app/js/passphrase.js';

test('each mode shows its fields in tab order', () => {
  assert.deepEqual(P.fields('unlock'), ['passphrase']);
  assert.deepEqual(P.fields('encrypt'), ['passphrase', 'confirm']);
  assert.deepEqual(P.fields('change'), ['current', 'passphrase', 'confirm']);
});

test('unlocking needs a passphrase, of any length', () => {
  assert.equal(P.check('unlock', { passphrase: '' }, 8), 'Enter the passphrase.');
  assert.equal(P.check('unlock', { passphrase: 'x' }, 8), null);
});

test('a new passphrase is long enough and typed twice', () => {
  const secret = 'Zebulon-secret';
  assert.match(P.check('encrypt', { passphrase: 'short', confirm: 'short' }, 8), /at least 8 characters/);
  // length in characters, not UTF-16 units: 8 emoji are 8 characters
  assert.equal(P.check('encrypt', { passphrase: '🔒'.repeat(8), confirm: '🔒'.repeat(8) }, 8), null);
  assert.equal(P.check('encrypt', { passphrase: '🔒'.repeat(4), confirm: '🔒'.repeat(4) }, 8) !== null, true);
  const differ = P.check('encrypt', { passphrase: secret, confirm: secret + '!' }, 8);
  assert.equal(differ, 'The two passphrases differ.');
  assert.equal(P.check('encrypt', { passphrase: secret }, 8), 'The two passphrases differ.');
  assert.equal(P.check('encrypt', { passphrase: secret, confirm: secret }, 8), null);
});

test('changing needs the current passphrase and a different new one', () => {
  const v = { current: '', passphrase: 'a new passphrase', confirm: 'a new passphrase' };
  assert.equal(P.check('change', v, 8), 'Enter the current passphrase.');
  assert.equal(P.check('change', { ...v, current: 'the old one' }, 8), null);
  assert.equal(P.check('change', { ...v, current: 'a new passphrase' }, 8), 'The new passphrase is the current one.');
});

test('no message ever repeats a passphrase', () => {
  const secret = 'Quixotefield-42';
  const cases = [
    P.check('unlock', { passphrase: '' }, 8),
    P.check('encrypt', { passphrase: secret, confirm: 'x' }, 8),
    P.check('encrypt', { passphrase: 'Quix', confirm: 'Quix' }, 8),
    P.check('change', { current: secret, passphrase: secret, confirm: secret }, 8),
  ];
  for (const m of cases) assert.ok(m && !m.includes('Quix'), m);
});

test('keys: Enter submits, Escape cancels except when unlocking, Tab is trapped', () => {
  assert.equal(P.keyAction('unlock', { key: 'Enter' }), 'submit');
  assert.equal(P.keyAction('unlock', { key: 'Escape' }), null);
  assert.equal(P.keyAction('encrypt', { key: 'Escape' }), 'cancel');
  assert.equal(P.keyAction('change', { key: 'Escape' }), 'cancel');
  assert.equal(P.keyAction('encrypt', { key: 'Tab' }), 'trap');
  assert.equal(P.keyAction('encrypt', { key: 'a' }), null);
});

test('Tab wraps around inside the dialog', () => {
  assert.equal(P.nextFocus(3, 0, false), 1);
  assert.equal(P.nextFocus(3, 2, false), 0);
  assert.equal(P.nextFocus(3, 0, true), 2);
  assert.equal(P.nextFocus(3, -1, false), 0);
  assert.equal(P.nextFocus(3, -1, true), 2);
  assert.equal(P.nextFocus(0, -1, false), -1);
});

test('the encrypt dialog says what is lost without the passphrase', () => {
  assert.match(P.TEXT.encrypt.intro, /cannot be recovered/);
  assert.match(P.TEXT.encrypt.intro, /Exports stay plain files/);
  assert.equal(P.isOpen(), false);
});
