// @ts-check
/**
 * The category picker dialog (`c`): every category, filtered as the user types, chosen with the
 * arrows and enter or a click; the choice labels the selection like a category key.
 */
import { $, enqueue } from './dom.js';
import { CATEGORIES } from './categories.js';
import { escapeHtml } from './render.js';
import { store } from './state.js';
import { setMode } from './narrative.js';
import { label } from './editor.js';

let active = 0;

export function openPicker() {
  setMode('picker');
  $('picker-filter').value = '';
  active = 0;
  render();
  $('picker-filter').focus();
}

function matches() {
  const q = $('picker-filter').value.trim().toLowerCase();
  return CATEGORIES.filter((c) => !q || c.label.toLowerCase().includes(q) || c.kind.toLowerCase().includes(q));
}

function render() {
  const m = matches();
  active = Math.min(active, Math.max(0, m.length - 1));
  $('picker-list').innerHTML = m
    .map((c, i) => `<li data-kind="${c.kind}" class="${i === active ? 'active' : ''}"><span class="ph tag-${c.tag}">${escapeHtml(c.label)}</span>${c.hotkey ? `<kbd>${c.hotkey}</kbd>` : ''}</li>`)
    .join('');
}

/** @param {string} kind */
async function pick(kind) {
  setMode('review');
  await label(kind);
}

/** A key while the picker is open. @param {KeyboardEvent} ev */
export function onPickerKey(ev) {
  if (ev.key === 'Escape') return setMode('review');
  if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
    active += ev.key === 'ArrowDown' ? 1 : -1;
    active = Math.max(0, active);
    render();
    ev.preventDefault();
  } else if (ev.key === 'Enter') {
    const m = matches()[active];
    if (m) enqueue(() => pick(m.kind));
    ev.preventDefault();
  }
}

export function initPicker() {
  store.subscribe(['mode'], (s) => $('picker-overlay').classList.toggle('hidden', s.mode !== 'picker'));
  $('picker-filter').addEventListener('input', () => {
    active = 0;
    render();
  });
  $('picker-list').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const li = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('li'));
    const kind = li?.dataset.kind;
    if (kind) enqueue(() => pick(kind));
  });
}
