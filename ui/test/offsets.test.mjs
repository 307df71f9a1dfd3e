import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OffsetMap, cpLength } from '../app/js/offsets.js';

test('ASCII text: code points and UTF-16 coincide', () => {
  const m = new OffsetMap('seen on 12/26/2020');
  assert.equal(m.utf16Of, null);
  assert.equal(m.length, 18);
  assert.equal(m.toUtf16(8), 8);
  assert.equal(m.toCp(8), 8);
  assert.equal(m.slice(8, 18), '12/26/2020');
});

test('an emoji before a date shifts UTF-16 offsets by one', () => {
  const text = 'Felt 😀 on 12/26/2020, Zürich';
  const m = new OffsetMap(text);
  assert.equal(m.length, cpLength(text));
  assert.equal(m.length, text.length - 1);
  // the date starts at code point 11 but UTF-16 index 12
  const cpStart = Array.from(text).indexOf('1');
  assert.equal(cpStart, 10);
  assert.equal(m.toUtf16(cpStart), text.indexOf('1'));
  assert.equal(m.slice(cpStart, cpStart + 10), '12/26/2020');
  // round trip for every code point
  for (let cp = 0; cp <= m.length; cp++) assert.equal(m.toCp(m.toUtf16(cp)), cp);
  // an offset inside the surrogate pair rounds down to the emoji's start
  const emoji = text.indexOf('😀');
  assert.equal(m.toCp(emoji + 1), 5);
  // non-BMP only matters: ü is one unit in both
  assert.equal(m.slice(m.length - 6, m.length), 'Zürich');
});

test('clamps out-of-range offsets', () => {
  const m = new OffsetMap('a😀b');
  assert.equal(m.toUtf16(-3), 0);
  assert.equal(m.toUtf16(99), 4);
  assert.equal(m.toCp(99), 3);
  assert.equal(m.toCp(-1), 0);
});

test('several astral characters in a row', () => {
  const text = '👩‍⚕️🧪x 𝔸 y';
  const m = new OffsetMap(text);
  const cps = Array.from(text);
  let u = 0;
  cps.forEach((ch, i) => {
    assert.equal(m.toUtf16(i), u);
    u += ch.length;
  });
  assert.equal(m.toUtf16(cps.length), text.length);
});
