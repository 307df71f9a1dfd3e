// @ts-check
/**
 * The app's state, in one store: the typed state object, `set` (a patch; subscribers of the keys
 * that changed are told, so each view re-renders only what changed) and `subscribe`. Also the
 * rules that keep the state consistent (pure, unit-tested in ui/test/state.test.mjs): switching
 * corpus clears the search text and the selection, a narrative of another corpus is never open
 * or editable, opening a narrative derives everything the review screen needs from it.
 * No DOM here.
 */
import { OffsetMap } from './offsets.js';
import { sortSpans, overlapping } from './spans.js';
import { jump, selectionRange, uncertainTokens } from './keys.js';

/** @typedef {import('./api.js').AppInfo} AppInfo */
/** @typedef {import('./api.js').CorpusSummary} CorpusSummary */
/** @typedef {import('./api.js').DocRow} DocRow */
/** @typedef {import('./api.js').DocPayload} DocPayload */
/** @typedef {import('./api.js').Judgment} Judgment */
/** @typedef {import('./api.js').TokenProb} TokenProb */
/** @typedef {import('./api.js').GoldSpan} Span */
/** @typedef {import('./api.js').Status} Status */
/** @typedef {import('./keys.js').Cursor} Cursor */
/** @typedef {import('./keys.js').Mode} Mode */
/** @typedef {import('./list.js').PageCache<DocRow>} DocList */

/** The list filter as the sidebar sets it (null: any; `sample`: one sample's narratives, an annotator's assignment). @typedef {{status: Status | null, has_uncertain: boolean | null, category: string | null, search: string | null, sample: number | null}} Filter */
/** The main view shown. @typedef {'review' | 'report' | 'agreement' | 'adjudication'} View */

/**
 * @typedef {object} AppState
 * @property {AppInfo | null} info the shell's `app_info` (status bar, encryption)
 * @property {CorpusSummary[]} corpora every corpus with the current annotator's progress
 * @property {number | null} corpus the corpus shown
 * @property {Filter} filter the document list's filter
 * @property {DocList | null} list the document list's page cache (current corpus and filter)
 * @property {number} listIndex the list row of the open narrative (-1: none)
 * @property {DocPayload | null} doc the open narrative (always of `corpus`)
 * @property {OffsetMap | null} map code points ↔ UTF-16 of its text
 * @property {string[]} chars its text as code points
 * @property {[number, number][]} tokens its words
 * @property {Span[]} spans the annotator's spans, sorted
 * @property {Span[]} preSpans the pre-annotation's spans, sorted
 * @property {Map<number, TokenProb>} probs the pre-annotation's token probabilities by start
 * @property {number[]} uncertain indices of uncertain tokens
 * @property {Cursor} cursor the token cursor and selection anchor
 * @property {Mode} mode what the keyboard means now (review, or a dialog)
 * @property {string} lastKind the category used last (space on a safe token)
 * @property {Judgment | null} judgment the open narrative's judgment as being edited
 * @property {number} margin |p_safe - threshold| under which a token is uncertain
 * @property {number | null} job the import job running
 * @property {View} view the main view shown
 */

/** @typedef {keyof AppState} Key */
/** What a `set` says beyond the values (e.g. `scroll: false`: a click moved the cursor). @typedef {{scroll?: boolean}} SetInfo */
/**
 * @template T
 * @typedef {(state: T, changed: Set<keyof T>, info: SetInfo) => void} Listener
 */

/**
 * A store over a plain object: `state` stays the same object (read it freely; the end-to-end
 * tests read it as `window.deidStudio.state`), `set` replaces values and tells the subscribers
 * of the keys whose value changed (by identity), in the order they subscribed; `touch` tells
 * them after a change made in place.
 * @template {object} T
 * @param {T} initial
 */
export function createStore(initial) {
  const state = initial;
  /** @type {{keys: Set<keyof T>, fn: Listener<T>}[]} */
  const subs = [];

  /** @param {Set<keyof T>} changed @param {SetInfo} info */
  function notify(changed, info) {
    if (changed.size === 0) return;
    for (const s of [...subs]) {
      for (const k of changed) {
        if (s.keys.has(k)) {
          s.fn(state, changed, info);
          break;
        }
      }
    }
  }

  return {
    state,
    /**
     * Replace values; returns the keys that changed.
     * @param {Partial<T>} patch @param {SetInfo} [info]
     */
    set(patch, info = {}) {
      /** @type {Set<keyof T>} */
      const changed = new Set();
      for (const k of /** @type {(keyof T)[]} */ (Object.keys(patch))) {
        const v = /** @type {T[keyof T]} */ (patch[k]);
        if (!Object.is(state[k], v)) {
          state[k] = v;
          changed.add(k);
        }
      }
      notify(changed, info);
      return changed;
    },
    /** Tell the subscribers of `keys` that their values changed in place. @param {...keyof T} keys */
    touch(...keys) {
      notify(new Set(keys), {});
    },
    /**
     * Call `fn` after every `set` that changes one of `keys`; returns the unsubscribe function.
     * @param {(keyof T)[]} keys @param {Listener<T>} fn
     */
    subscribe(keys, fn) {
      const s = { keys: new Set(keys), fn };
      subs.push(s);
      return () => {
        const i = subs.indexOf(s);
        if (i >= 0) subs.splice(i, 1);
      };
    },
  };
}

/** @template {object} T @typedef {ReturnType<typeof createStore<T>>} Store */

/** @returns {Filter} */
export function emptyFilter() {
  return { status: null, has_uncertain: null, category: null, search: null, sample: null };
}

/** @returns {AppState} */
export function initialState() {
  return {
    info: null,
    corpora: [],
    corpus: null,
    filter: emptyFilter(),
    list: null,
    listIndex: -1,
    doc: null,
    map: null,
    chars: [],
    tokens: [],
    spans: [],
    preSpans: [],
    probs: new Map(),
    uncertain: [],
    cursor: { tok: 0, anchor: null },
    mode: 'review',
    lastKind: 'PATIENT',
    judgment: null,
    margin: 0.05,
    job: null,
    view: 'review',
  };
}

/** The app's one store. */
export const store = createStore(initialState());

// ---------------------------------------------------------------- rules

/** No narrative open: everything derived from one cleared. @returns {Partial<AppState>} */
export function noDocument() {
  return {
    doc: null,
    listIndex: -1,
    map: null,
    chars: [],
    tokens: [],
    spans: [],
    preSpans: [],
    probs: new Map(),
    uncertain: [],
    cursor: { tok: 0, anchor: null },
    judgment: null,
  };
}

/**
 * Switching to corpus `id` (chosen, or imported): the search text and the selection (the open
 * narrative, its list row, the token selection) are cleared and the old list dropped; the other
 * filters stay. Nothing of the previous corpus stays open, even when the new one is empty.
 * @param {AppState} state @param {number | null} id @returns {Partial<AppState>}
 */
export function switchCorpus(state, id) {
  return {
    ...noDocument(),
    corpus: id,
    // a sample belongs to its corpus
    filter: { ...state.filter, search: null, sample: null },
    list: null,
  };
}

/** Whether a narrative fetched from the shell may be shown now: it belongs to the corpus shown. @param {AppState} state @param {{corpus: number}} doc */
export function acceptsDoc(state, doc) {
  return state.corpus !== null && doc.corpus === state.corpus;
}

/** Whether the open narrative may be edited (spans, status, judgment): one is open, of the corpus shown. @param {AppState} state */
export function canEdit(state) {
  return state.doc !== null && acceptsDoc(state, state.doc);
}

/** The judgment as the panel edits it: every field present. @param {Judgment | null | undefined} j @returns {Judgment} */
export function normaliseJudgment(j) {
  return {
    info: { ...(j?.info ?? {}) },
    valuable_masked: (j?.valuable_masked ?? []).map((v) => /** @type {[number, number]} */ ([v[0], v[1]])),
    verdict: j?.verdict ?? null,
    comment: j?.comment ?? '',
  };
}

/**
 * Everything the review screen derives from an opened narrative. The cursor goes to the first
 * token, or stays where it was when the same narrative is reopened with `keepCursor`.
 * @param {AppState} state @param {DocPayload} doc @param {boolean} keepCursor @returns {Partial<AppState>}
 */
export function openedDoc(state, doc, keepCursor) {
  const sameDoc = state.doc !== null && state.doc.id === doc.id;
  const tokens = doc.token_bounds;
  const preTokens = doc.pre?.tokens ?? [];
  return {
    doc,
    map: new OffsetMap(doc.text),
    chars: Array.from(doc.text),
    tokens,
    spans: sortSpans(doc.gold),
    preSpans: doc.pre ? sortSpans(doc.pre.spans) : [],
    probs: new Map(preTokens.map((p) => [p.start, p])),
    uncertain: uncertainTokens(tokens, preTokens, state.margin),
    cursor: keepCursor && sameDoc ? jump(state.cursor.tok, tokens.length) : jump(0, tokens.length),
    judgment: normaliseJudgment(doc.judgment),
  };
}

/**
 * The open narrative after an edit or an undo: its spans and status as the shell read them back
 * (`get_gold`); the text, words, pre-annotation and cursor stay (null: `gold` is of another
 * narrative than the one open, which stays as it is).
 * @param {AppState} state @param {import('./api.js').GoldView} gold
 * @returns {Partial<AppState> | null}
 */
export function withGold(state, gold) {
  if (!state.doc || state.doc.id !== gold.id) return null;
  return {
    doc: { ...state.doc, status: gold.status, gold: gold.gold, gold_edited: gold.gold_edited },
    spans: sortSpans(gold.gold),
  };
}

// ---------------------------------------------------------------- selectors

/** The text of the token under the cursor. @param {AppState} state */
export function currentTokenText(state) {
  const t = state.tokens[state.cursor.tok];
  return t && state.map ? state.map.slice(t[0], t[1]) : '';
}

/** The span under the cursor token (index into `spans`), or -1. @param {AppState} state */
export function spanAtCursor(state) {
  const t = state.tokens[state.cursor.tok];
  if (!t) return -1;
  const hit = overlapping(state.spans, t[0], t[1]);
  return hit.length ? hit[0] : -1;
}

/** The selection, or the cursor token, as a code point range (null: no tokens). @param {AppState} state */
export function selectionOrToken(state) {
  return selectionRange(state.cursor, state.tokens);
}
