// @ts-check
/**
 * Where the user left off: the corpus and the narrative open last, kept per database (the
 * shell has no settings command, so in the webview's localStorage, by the database file's path;
 * the last `MAX_PLACES` databases) and reopened at the next start. Pure apart from `browserStorage`; the storage
 * is passed in (ui/test/state.test.mjs uses a fake one).
 */

/** @typedef {{corpus: number, doc: number | null, index: number | null}} Place */
/** The part of localStorage used here. @typedef {{getItem: (key: string) => string | null, setItem: (key: string, value: string) => void}} PlaceStorage */

/** The one storage key: every database's place, by its path as the status bar shows it. */
export const PLACES_KEY = 'deid-studio:last-places';
/** Places kept: the databases used last (a test run's temporary databases do not pile up). */
export const MAX_PLACES = 20;

/** @param {unknown} x */
const id = (x) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : null);

/** Every kept place by database, newest last. @param {PlaceStorage} storage @returns {[string, unknown][]} */
function readAll(storage) {
  try {
    const v = JSON.parse(storage.getItem(PLACES_KEY) ?? '[]');
    return Array.isArray(v) ? v.filter((e) => Array.isArray(e) && typeof e[0] === 'string') : [];
  } catch {
    return [];
  }
}

/** The place kept for `db`, or null (none, unreadable, or malformed). @param {PlaceStorage | null} storage @param {string} db @returns {Place | null} */
export function readPlace(storage, db) {
  if (!storage) return null;
  try {
    const v = /** @type {{corpus?: unknown, doc?: unknown, index?: unknown} | undefined} */ (readAll(storage).find((e) => e[0] === db)?.[1]);
    const corpus = id(v?.corpus);
    if (!v || corpus === null) return null;
    return { corpus, doc: id(v.doc), index: id(v.index) };
  } catch {
    return null;
  }
}

/**
 * Keep `place` for `db`, as the newest (the oldest beyond `MAX_PLACES` are forgotten; a full or
 * refused storage is ignored: this is a convenience).
 * @param {PlaceStorage | null} storage @param {string} db @param {Place} place
 */
export function writePlace(storage, db, place) {
  if (!storage) return;
  try {
    const all = readAll(storage).filter((e) => e[0] !== db);
    all.push([db, place]);
    storage.setItem(PLACES_KEY, JSON.stringify(all.slice(-MAX_PLACES)));
  } catch {
    // nothing to do: the app still works, it only forgets where it was
  }
}

/**
 * The place the state shows: the corpus, the open narrative and, while the list is unfiltered,
 * its row (a hint for finding it again; checked against the narrative's id when used).
 * @param {import('./state.js').AppState} state @returns {Place | null}
 */
export function placeOf(state) {
  if (state.corpus === null) return null;
  const f = state.filter;
  const unfiltered = f.status === null && f.has_uncertain === null && f.category === null && f.search === null && !f.sample;
  const doc = state.doc && state.doc.corpus === state.corpus ? state.doc.id : null;
  return { corpus: state.corpus, doc, index: doc !== null && unfiltered && state.listIndex >= 0 ? state.listIndex : null };
}

/**
 * Keep the place whenever the corpus or the open narrative changes.
 * @param {{state: import('./state.js').AppState, subscribe: (keys: import('./state.js').Key[], fn: () => void) => () => void}} store
 * @param {PlaceStorage | null} storage @param {string} db
 */
export function watchPlace(store, storage, db) {
  const save = () => {
    const p = placeOf(store.state);
    if (p) writePlace(storage, db, p);
  };
  save();
  return store.subscribe(['corpus', 'doc', 'listIndex'], save);
}

/** The webview's localStorage, or null where it cannot be used. @returns {PlaceStorage | null} */
export function browserStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
