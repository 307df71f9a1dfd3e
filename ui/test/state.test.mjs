// The state store (set / subscribe / touch) and the rules that keep the state consistent:
// switching or importing a corpus clears the search text and the selection, a narrative of
// another corpus is never open or editable, the app reopens where the user left off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore, initialState, switchCorpus, noDocument, acceptsDoc, canEdit, openedDoc, withGold, normaliseJudgment, currentTokenText, spanAtCursor, selectionOrToken } from '../app/js/state.js';
import { PLACES_KEY, MAX_PLACES, readPlace, writePlace, placeOf, watchPlace } from '../app/js/resume.js';
import { createQueue, WRITES, CommandError, commandError } from '../app/js/api.js';
import { renderReport, renderAgreements, whose } from '../app/js/report.js';

/** A narrative as get_document returns it. */
function payload(id, corpus, extra = {}) {
  return {
    id,
    corpus,
    external_id: `case-${id}`,
    text: 'Dr Alvarez saw pt Zorblax.',
    status: 'new',
    pre: {
      model: 'rules',
      mode: 'rules-only',
      spans: [{ start: 3, end: 10, kind: 'DOCTOR' }],
      tokens: [{ start: 18, end: 25, p_safe: 0.49, threshold: 0.5, rule: 'unknown' }],
      created_at: '2024-01-01',
    },
    gold: [{ start: 18, end: 25, kind: 'PATIENT' }, { start: 3, end: 10, kind: 'DOCTOR' }],
    gold_edited: true,
    judgment: null,
    token_bounds: [[0, 2], [3, 10], [11, 14], [15, 17], [18, 25]],
    ...extra,
  };
}

/** A state with corpus 1 shown, narrative 7 open at row 3, a search typed. */
function opened() {
  const s = initialState();
  s.corpus = 1;
  s.filter = { status: 'new', has_uncertain: null, category: null, search: 'zorb' };
  Object.assign(s, openedDoc(s, payload(7, 1), false));
  s.listIndex = 3;
  s.cursor = { tok: 2, anchor: 1 };
  return s;
}

class FakeStorage {
  constructor() {
    this.map = new Map();
  }
  getItem(k) {
    return this.map.has(k) ? this.map.get(k) : null;
  }
  setItem(k, v) {
    this.map.set(k, String(v));
  }
}

// ---------------------------------------------------------------- the store

test('set changes values in the same object and tells the subscribers of the keys that changed', () => {
  const store = createStore({ a: 1, b: 'x', c: [1] });
  const seen = [];
  store.subscribe(['a'], (s, changed) => seen.push(['a', s.a, [...changed].sort().join()]));
  store.subscribe(['b', 'c'], (s, changed) => seen.push(['bc', [...changed].sort().join()]));
  const state = store.state;
  const changed = store.set({ a: 2, b: 'x' });
  assert.deepEqual([...changed], ['a']);
  assert.equal(store.state, state, 'the state object stays the same (window.deidStudio.state)');
  assert.equal(state.a, 2);
  assert.deepEqual(seen, [['a', 2, 'a']]);
  store.set({ a: 3, b: 'y' });
  assert.deepEqual(seen.slice(1), [['a', 3, 'a,b'], ['bc', 'a,b']], 'one call per subscriber per set, in subscription order');
});

test('set with no change tells nobody; identity decides (a new array is a change)', () => {
  const store = createStore({ list: [1, 2] });
  let calls = 0;
  store.subscribe(['list'], () => calls++);
  store.set({ list: store.state.list });
  assert.equal(calls, 0);
  store.set({ list: [1, 2] });
  assert.equal(calls, 1);
});

test('touch tells the subscribers after a change in place; unsubscribe stops the calls', () => {
  const store = createStore({ doc: { status: 'new' } });
  let calls = 0;
  const off = store.subscribe(['doc'], () => calls++);
  store.state.doc.status = 'done';
  store.touch('doc');
  assert.equal(calls, 1);
  off();
  store.set({ doc: { status: 'new' } });
  assert.equal(calls, 1);
});

test('set passes its info to the subscribers (a click moves the cursor without scrolling)', () => {
  const store = createStore(initialState());
  let info = null;
  store.subscribe(['cursor'], (_s, _c, i) => (info = i));
  store.set({ cursor: { tok: 3, anchor: null } }, { scroll: false });
  assert.deepEqual(info, { scroll: false });
  store.set({ cursor: { tok: 4, anchor: null } });
  assert.deepEqual(info, {});
});

test('a subscriber may set again (nested sets notify in turn)', () => {
  const store = createStore({ corpus: 1, list: null });
  const order = [];
  store.subscribe(['corpus'], (s) => {
    order.push(`corpus ${s.corpus}`);
    store.set({ list: `list of ${s.corpus}` });
  });
  store.subscribe(['list'], (s) => order.push(s.list));
  store.set({ corpus: 2 });
  assert.deepEqual(order, ['corpus 2', 'list of 2']);
});

// ---------------------------------------------------------------- stale state

test('switching corpus clears the search text and the selection, keeps the other filters', () => {
  const s = opened();
  s.filter = { ...s.filter, sample: 4 };
  const patch = switchCorpus(s, 2);
  assert.equal(patch.corpus, 2);
  assert.equal(patch.filter.search, null, 'search text cleared');
  assert.equal(patch.filter.sample, null, "the old corpus's sample is not this one's");
  assert.equal(patch.filter.status, 'new', 'the status filter stays');
  assert.equal(patch.doc, null, 'the narrative of corpus 1 is closed');
  assert.equal(patch.listIndex, -1, 'no list row selected');
  assert.deepEqual(patch.cursor, { tok: 0, anchor: null }, 'no token selection');
  assert.equal(patch.judgment, null);
  assert.deepEqual(patch.spans, []);
  assert.equal(patch.list, null, 'the old list is dropped');
  assert.equal(s.filter.search, 'zorb', 'the rule is pure');
});

test('after switching to a corpus with no narratives nothing is open or editable', () => {
  const store = createStore(opened());
  assert.equal(canEdit(store.state), true);
  store.set(switchCorpus(store.state, 2));
  // the new corpus's list is empty: nothing opens it
  assert.equal(store.state.doc, null);
  assert.equal(canEdit(store.state), false);
  assert.equal(currentTokenText(store.state), '');
  assert.equal(spanAtCursor(store.state), -1);
  assert.equal(selectionOrToken(store.state), null);
  // a late answer for the old corpus's narrative is refused
  assert.equal(acceptsDoc(store.state, payload(7, 1)), false);
  assert.equal(acceptsDoc(store.state, payload(9, 2)), true);
});

test('importing a corpus is a switch: search and selection cleared, the new corpus shown', () => {
  const s = opened();
  const patch = switchCorpus(s, 5);
  assert.equal(patch.corpus, 5);
  assert.equal(patch.filter.search, null);
  assert.equal(patch.doc, null);
});

test('no corpus at all: switching to none leaves nothing open', () => {
  const store = createStore(opened());
  store.set(switchCorpus(store.state, null));
  assert.equal(store.state.corpus, null);
  assert.equal(store.state.doc, null);
  assert.equal(acceptsDoc(store.state, payload(7, 1)), false);
  assert.equal(canEdit(store.state), false);
});

test('a narrative of another corpus is never editable even if it got in', () => {
  const s = opened();
  s.corpus = 2;
  assert.equal(canEdit(s), false);
});

test('noDocument clears everything derived from a narrative', () => {
  const s = Object.assign(opened(), noDocument());
  assert.equal(s.doc, null);
  assert.equal(s.map, null);
  assert.deepEqual(s.tokens, []);
  assert.deepEqual(s.uncertain, []);
  assert.equal(s.probs.size, 0);
});

test('opening a narrative derives the review state; the same narrative keeps the cursor', () => {
  const s = initialState();
  s.corpus = 1;
  const p = openedDoc(s, payload(7, 1), false);
  assert.deepEqual(p.spans.map((x) => x.start), [3, 18], 'spans sorted');
  assert.deepEqual(p.uncertain, [4], 'Zorblax is uncertain (|0.49 - 0.5| < 0.05)');
  assert.deepEqual(p.cursor, { tok: 0, anchor: null });
  assert.deepEqual(p.judgment, { info: {}, valuable_masked: [], verdict: null, comment: '' });
  Object.assign(s, p);
  s.cursor = { tok: 4, anchor: 2 };
  assert.deepEqual(openedDoc(s, payload(7, 1), true).cursor, { tok: 4, anchor: null }, 'reopened: cursor kept, selection cleared');
  assert.deepEqual(openedDoc(s, payload(8, 1), true).cursor, { tok: 0, anchor: null }, 'another narrative: first token');
  s.cursor = { tok: 4, anchor: null };
  assert.equal(currentTokenText(s), 'Zorblax');
  assert.equal(spanAtCursor(s), 1);
});

test('after an edit: the spans and status read back, the rest of the open narrative kept', () => {
  const s = initialState();
  s.corpus = 1;
  Object.assign(s, openedDoc(s, payload(7, 1), false));
  s.cursor = { tok: 4, anchor: null };
  const gold = { id: 7, status: 'in_review', gold: [{ start: 18, end: 25, kind: 'PATIENT' }, { start: 3, end: 10, kind: 'DOCTOR' }], gold_edited: true };
  const p = withGold(s, gold);
  assert.ok(p);
  assert.deepEqual(p.spans.map((x) => x.start), [3, 18], 'sorted');
  assert.equal(p.doc.status, 'in_review');
  assert.equal(p.doc.gold_edited, true);
  assert.equal(p.doc.text, s.doc.text, 'the text kept');
  assert.ok(!('cursor' in p) && !('tokens' in p) && !('map' in p), 'cursor, words and offsets untouched');
  assert.equal(withGold(s, { ...gold, id: 8 }), null, 'another narrative: nothing changes');
  assert.equal(withGold(initialState(), gold), null, 'none open: nothing changes');
});

test('normaliseJudgment fills every field and copies (editing it leaves the saved one alone)', () => {
  const saved = { info: { timing: 'lost' }, valuable_masked: [[1, 2]], verdict: 'some_lost', comment: 'x' };
  const j = normaliseJudgment(saved);
  j.info.timing = 'absent';
  j.valuable_masked.push([3, 4]);
  assert.equal(saved.info.timing, 'lost');
  assert.deepEqual(saved.valuable_masked, [[1, 2]]);
  assert.deepEqual(normaliseJudgment(null), { info: {}, valuable_masked: [], verdict: null, comment: '' });
});

// ---------------------------------------------------------------- where the user left off

test('the place is kept per database and read back', () => {
  const st = new FakeStorage();
  writePlace(st, '/a/annotations.db', { corpus: 2, doc: 41, index: 3 });
  writePlace(st, '/b/annotations.db', { corpus: 1, doc: 5, index: null });
  assert.deepEqual(readPlace(st, '/a/annotations.db'), { corpus: 2, doc: 41, index: 3 });
  assert.deepEqual(readPlace(st, '/b/annotations.db'), { corpus: 1, doc: 5, index: null });
  assert.equal(readPlace(st, '/c/annotations.db'), null, 'another database: nothing');
  writePlace(st, '/a/annotations.db', { corpus: 3, doc: null, index: null });
  assert.deepEqual(readPlace(st, '/a/annotations.db'), { corpus: 3, doc: null, index: null }, 'replaced, not added');
  assert.equal(JSON.parse(st.getItem(PLACES_KEY)).length, 2);
});

test('only the databases used last are remembered', () => {
  const st = new FakeStorage();
  for (let i = 0; i < MAX_PLACES + 5; i++) writePlace(st, `/tmp/t${i}/annotations.db`, { corpus: 1, doc: i, index: null });
  assert.equal(JSON.parse(st.getItem(PLACES_KEY)).length, MAX_PLACES);
  assert.equal(readPlace(st, '/tmp/t0/annotations.db'), null, 'the oldest forgotten');
  assert.deepEqual(readPlace(st, `/tmp/t${MAX_PLACES + 4}/annotations.db`), { corpus: 1, doc: MAX_PLACES + 4, index: null });
});

test('a malformed or unreadable place is ignored', () => {
  const st = new FakeStorage();
  st.setItem(PLACES_KEY, '{not json');
  assert.equal(readPlace(st, 'db'), null);
  writePlace(st, 'db', { corpus: 1, doc: 2, index: 0 });
  assert.deepEqual(readPlace(st, 'db'), { corpus: 1, doc: 2, index: 0 }, 'a malformed store is started afresh');
  st.setItem(PLACES_KEY, JSON.stringify([['db', { corpus: 'x', doc: 1 }]]));
  assert.equal(readPlace(st, 'db'), null);
  st.setItem(PLACES_KEY, JSON.stringify([['db', { corpus: 3, doc: -1, index: 1.5 }], 'junk']));
  assert.deepEqual(readPlace(st, 'db'), { corpus: 3, doc: null, index: null });
  assert.equal(readPlace(null, 'db'), null);
  const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
  assert.equal(readPlace(throwing, 'db'), null);
  writePlace(throwing, 'db', { corpus: 1, doc: null, index: null }); // no throw
});

test('placeOf: the corpus, the open narrative, its row only while the list is unfiltered', () => {
  const s = opened();
  assert.deepEqual(placeOf(s), { corpus: 1, doc: 7, index: null }, 'filtered list: no row hint');
  s.filter = { status: null, has_uncertain: null, category: null, search: null, sample: null };
  assert.deepEqual(placeOf(s), { corpus: 1, doc: 7, index: 3 });
  s.filter = { ...s.filter, sample: 2 };
  assert.deepEqual(placeOf(s), { corpus: 1, doc: 7, index: null }, 'a sample is a filter');
  s.filter = { ...s.filter, sample: null };
  Object.assign(s, switchCorpus(s, 2));
  assert.deepEqual(placeOf(s), { corpus: 2, doc: null, index: null });
  s.corpus = null;
  assert.equal(placeOf(s), null);
});

test('watchPlace keeps the place as the corpus and the narrative change', () => {
  const st = new FakeStorage();
  const store = createStore(initialState());
  store.set({ corpus: 1 });
  const off = watchPlace(store, st, 'db');
  assert.deepEqual(readPlace(st, 'db'), { corpus: 1, doc: null, index: null });
  store.set({ ...openedDoc(store.state, payload(7, 1), false), listIndex: 0 });
  assert.deepEqual(readPlace(st, 'db'), { corpus: 1, doc: 7, index: 0 });
  store.set(switchCorpus(store.state, 2));
  assert.deepEqual(readPlace(st, 'db'), { corpus: 2, doc: null, index: null });
  off();
  store.set({ corpus: 3 });
  assert.equal(readPlace(st, 'db').corpus, 2, 'unsubscribed');
});

// ---------------------------------------------------------------- the shell queue

test('writes run one at a time in order; a read waits for the writes asked before it', async () => {
  const log = [];
  /** @type {Map<string, () => void>} */
  const release = new Map();
  const transport = (cmd, args) =>
    new Promise((resolve) => {
      log.push(`start ${cmd}${args?.n ?? ''}`);
      release.set(`${cmd}${args?.n ?? ''}`, () => {
        log.push(`end ${cmd}${args?.n ?? ''}`);
        resolve(cmd);
      });
    });
  const q = createQueue(transport);
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const w1 = q.call('apply_edit', { n: 1 });
  const w2 = q.call('set_status', { n: 2 });
  const r1 = q.call('get_document', { n: 3 });
  await tick();
  assert.deepEqual(log, ['start apply_edit1'], 'the second write and the read wait for the first write');
  release.get('apply_edit1')();
  await tick();
  assert.deepEqual(log.slice(1), ['end apply_edit1', 'start set_status2'], 'then the second write');
  release.get('set_status2')();
  await tick();
  assert.deepEqual(log.slice(3), ['end set_status2', 'start get_document3'], 'the read after both writes');
  release.get('get_document3')();
  assert.deepEqual(await Promise.all([w1, w2, r1]), ['apply_edit', 'set_status', 'get_document']);
  assert.equal(q.pending(), 0);
});

test('reads run side by side; a failed write does not stop the next; cancel never waits', async () => {
  const log = [];
  const waiting = [];
  const transport = (cmd) =>
    new Promise((resolve, reject) => {
      log.push(cmd);
      if (cmd === 'undo') reject(new Error('nothing'));
      else if (cmd === 'import_cancel' || cmd === 'list_corpora' || cmd === 'redo') resolve(cmd);
      else waiting.push(() => resolve(cmd));
    });
  const q = createQueue(transport);
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const a = q.call('get_document', { id: 1 });
  const b = q.call('list_documents', { corpus: 1, filter: {} });
  await tick();
  assert.deepEqual(log, ['get_document', 'list_documents'], 'two reads at once');
  await assert.rejects(q.call('undo', {}));
  assert.equal(await q.call('redo', {}), 'redo', 'the write after a failed one runs');
  const slow = q.call('save_judgment', { doc: 1, judgment: {} });
  await tick();
  assert.equal(await q.call('import_cancel', { job: 1 }), 'import_cancel', 'cancel does not wait for the write');
  waiting.forEach((f) => f());
  await Promise.all([a, b, slow]);
  assert.ok(WRITES.has('apply_edit') && !WRITES.has('get_document'));
});

// ---------------------------------------------------------------- the report view

test('the report shows each sample\'s agreement per category, escaped, negative values without a bar', () => {
  const co = (kappa, alpha, ac1) => ({ units: 10, observed: 0.9, kappa, alpha, ac1 });
  const f1 = { a_spans: 2, b_spans: 2, matched_a: 1, matched_b: 1, precision: 0.5, recall: 0.5, f1: 0.5 };
  const agreement = {
    annotator_a: 'alice', annotator_b: '<bob>', sample: 3, in_scope: 2, compared: 1, external_ids: {}, adjudicated: [], documents: 2,
    overall: co(0.8, 0.79, 0.95), strict: f1, lenient: f1, disagreements: [],
    categories: [{ category: 'PATIENT', tokens_a: 2, tokens_b: 1, tokens_both: 1, token: co(-0.25, null, 0.5), strict: f1, lenient: f1 }],
  };
  const html = renderAgreements([{ sample: { id: 3, corpus: 1, name: 'pilot <1>', documents: [], annotators: ['alice', '<bob>'], created_by: 'x', created_at: '' }, agreement }]);
  assert.ok(!html.includes('<bob>') && !html.includes('pilot <1>'), 'names escaped');
  assert.match(html, /pilot &lt;1&gt;/);
  assert.match(html, /1 narrative both marked done/);
  assert.match(html, /<td>NAME\/PATIENT<\/td><td>-0\.25<\/td><td>—<\/td><td>0\.50<\/td><td>2 \/ 1 \/ 1<\/td>/);
  assert.match(html, /<td>all PHI<\/td><td>0\.80<\/td>/);
  assert.match(renderAgreements([]), /No sample assigned to two annotators/);
});

test('the report says whose work it covers', () => {
  assert.equal(whose(null), "everybody's work");
  assert.equal(whose('adjudicated'), 'the adjudicated gold');
  assert.equal(whose('alice'), "alice's work");
  const empty = { documents: 0, judged: 0, some_retained: 0, some_retained_share: null, nothing_lost: 0, nothing_lost_share: null, verdicts: [], done_per_day: [], lost: [], evaluated: 0, token_recall: null, hipaa_recall: null, token_precision: null, categories: [] };
  assert.match(renderReport(empty, whose('<b>o\'neil')), /<h2>Review report: &lt;b&gt;o'neil's work<\/h2>/);
});

test('renderReport escapes and shows the information types lost', () => {
  const html = renderReport({
    documents: 5, judged: 1, some_retained: 1, some_retained_share: 1, nothing_lost: 0, nothing_lost_share: 0,
    verdicts: [['nothing_lost', 0], ['some_lost', 1], ['critical_lost', 0], ['none', 0]], done_per_day: [['2026-11-24', 1]],
    lost: [['timing', 1], ['history', 0]], evaluated: 1, token_recall: 0.5, hipaa_recall: 1, token_precision: 0.25,
    categories: [{ category: 'DATE', gold_tokens: 2, found_tokens: 1, recall: 0.5, system_tokens: 4, matched_system_tokens: 1, precision: 0.25 }],
  });
  for (const id of ['chart-verdicts', 'chart-lost', 'chart-categories', 'chart-progress']) assert.match(html, new RegExp(`id="${id}"`), id);
  assert.match(html, /Some information lost/);
  assert.match(html, /id="report-lost"/);
  assert.match(html, /Timing/);
  assert.doesNotMatch(html, /History/);
  assert.match(html, /100\.0%/);
  assert.match(html, /<td>DATE<\/td><td>50\.0%<\/td>/);
});

test('renderReport shows a dash where there is nothing to divide, never 0%', () => {
  const html = renderReport({
    documents: 3, judged: 0, some_retained: 0, some_retained_share: null, nothing_lost: 0, nothing_lost_share: null,
    verdicts: [['nothing_lost', 0], ['some_lost', 0], ['critical_lost', 0], ['none', 0]], done_per_day: [],
    lost: [['timing', 0]], evaluated: 0, token_recall: null, hipaa_recall: null, token_precision: null, categories: [],
  });
  assert.doesNotMatch(html, /0\.0%/);
  assert.match(html, /—/);
  assert.match(html, /nothing marked done yet/);
});

test('a command fails with a CommandError whose text is the message (structured or plain shell errors)', async () => {
  const q = createQueue(async (cmd) => {
    if (cmd === 'unlock_database') throw { kind: 'wrong_passphrase', message: 'a.db: wrong passphrase', path: '/tmp/a.db' };
    throw 'export: the folder is not empty';
  });
  const e1 = await q.call('unlock_database', { passphrase: 'x' }).catch((e) => e);
  assert.ok(e1 instanceof CommandError);
  assert.equal(e1.kind, 'wrong_passphrase');
  assert.equal(e1.path, '/tmp/a.db');
  assert.equal(String(e1), 'a.db: wrong passphrase');
  const e2 = await q.call('export', { corpus: 1, kind: 'i2b2', folder: '/x', version: null }).catch((e) => e);
  assert.equal(e2.kind, 'internal');
  assert.equal(String(e2), 'export: the folder is not empty');
  assert.equal(commandError({ kind: 'nonsense', message: 'm' }).kind, 'internal');
  assert.equal(String(commandError(new Error('boom'))), 'boom');
});
