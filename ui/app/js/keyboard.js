// @ts-check
/**
 * The keyboard and the toolbar: a key becomes an action by the mode's table (keys.js), and
 * `dispatch` runs it (editor.js, the dialogs, the list); the toolbar's buttons dispatch the same
 * actions. Actions run one at a time, in order (dom.js `enqueue`). Keys go to a dialog while one
 * is open, and do nothing while the user types in a field (Escape leaves it).
 */
import * as K from './keys.js';
import { $, enqueue } from './dom.js';
import { CATEGORIES } from './categories.js';
import { escapeHtml } from './render.js';
import { store } from './state.js';
import { moveCursor, setMode, showReview } from './narrative.js';
import * as E from './editor.js';
import { openIndex } from './doclist.js';
import { toggleValuable } from './judgment.js';
import { openPicker, onPickerKey } from './picker.js';
import { openOccurrences, occurrenceAction } from './occurrences.js';
import * as importDialog from './import-dialog.js';
import * as exportDialog from './export-dialog.js';
import { timeKey, eventTime, collectPhases } from './keytiming.js';

/** Run one action (a key's or a toolbar button's). @param {string} action */
export async function dispatch(action) {
  const s = store.state;
  const n = s.tokens.length;
  if (action.startsWith('label:')) return E.label(action.slice(6));
  switch (action) {
    case 'next-token':
      return moveCursor(K.move(s.cursor, 1, n));
    case 'prev-token':
      return moveCursor(K.move(s.cursor, -1, n));
    case 'extend-right':
      return moveCursor(K.extend(s.cursor, 1, n));
    case 'extend-left':
      return moveCursor(K.extend(s.cursor, -1, n));
    case 'next-span':
      return E.jumpSpan(1);
    case 'prev-span':
      return E.jumpSpan(-1);
    case 'next-uncertain':
      return E.jumpUncertain(1);
    case 'prev-uncertain':
      return E.jumpUncertain(-1);
    case 'toggle':
      return E.toggle();
    case 'pick-category':
      return openPicker();
    case 'widen-end':
      return E.resize('end', 1);
    case 'shrink-end':
      return E.resize('end', -1);
    case 'widen-start':
      return E.resize('start', 1);
    case 'shrink-start':
      return E.resize('start', -1);
    case 'delete':
      return E.deleteCurrent();
    case 'apply-all':
      return openOccurrences();
    case 'valuable':
      return toggleValuable();
    case 'undo':
      return E.undoRedo('undo');
    case 'redo':
      return E.undoRedo('redo');
    case 'done-next':
      return E.doneNext();
    case 'next-doc':
      return openIndex(s.listIndex + 1);
    case 'prev-doc':
      return openIndex(s.listIndex - 1);
    case 'judge':
      /** @type {HTMLElement} */ (document.querySelector('#info-rows input')).focus();
      return;
    case 'search':
      $('search').focus();
      return;
    case 'escape':
      return moveCursor({ tok: s.cursor.tok, anchor: null });
    case 'help':
      return setMode('help');
    case 'close':
      return setMode('review');
    case 'hit-next':
    case 'hit-prev':
    case 'hit-toggle':
    case 'scope-toggle':
    case 'hit-apply':
      return occurrenceAction(action);
  }
}

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  const { mode, view } = store.state;
  const target = /** @type {HTMLElement | null} */ (ev.target);
  const typing = !!target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
  if (mode === 'picker') return onPickerKey(ev);
  if (importDialog.isOpen() || exportDialog.isOpen()) {
    if (ev.key === 'Escape') {
      importDialog.closeImport();
      exportDialog.closeExport();
    }
    return;
  }
  if (typing && mode === 'review') {
    if (ev.key === 'Escape') target.blur();
    // radio buttons of the judgment still take the global ctrl shortcuts
    if (!(target.tagName === 'INPUT' && /** @type {HTMLInputElement} */ (target).type === 'radio' && (ev.ctrlKey || ev.metaKey))) return;
  }
  if (view !== 'review' && mode === 'review') {
    if (ev.key === 'Escape') showReview();
    return;
  }
  const action = K.actionFor(mode, ev);
  if (!action) return;
  ev.preventDefault();
  const t0 = eventTime(ev);
  /** @type {Record<string, number>} */
  const phases = {};
  const done = enqueue(() => (collectPhases(phases), dispatch(action)));
  timeKey(action, t0, done, () => void $('narrative').offsetHeight, phases);
}

export function initKeyboard() {
  $('act-category').innerHTML = CATEGORIES.map((c) => `<option value="${c.kind}">${c.hotkey ? `${c.hotkey} · ` : ''}${escapeHtml(c.label)}</option>`).join('');
  $('act-category').value = store.state.lastKind;
  const act = (/** @type {string} */ id, /** @type {string} */ action) => $(id).addEventListener('click', () => enqueue(() => dispatch(action)));
  act('act-toggle', 'toggle');
  act('act-delete', 'delete');
  act('act-all', 'apply-all');
  act('act-valuable', 'valuable');
  act('act-undo', 'undo');
  act('act-redo', 'redo');
  act('act-done', 'done-next');
  $('act-category').addEventListener('change', () => {
    const kind = $('act-category').value;
    enqueue(() => E.label(kind));
  });
  document.addEventListener('keydown', onKey);
}
