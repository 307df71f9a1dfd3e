// @ts-check
/**
 * The keyboard help overlay (`?`): generated from the key table (keys.js) and the categories'
 * hotkeys, so it never disagrees with what the keys do. Shown while the mode is `help`.
 */
import * as K from './keys.js';
import { $ } from './dom.js';
import { CATEGORIES } from './categories.js';
import { escapeHtml } from './render.js';
import { store } from './state.js';
import { setMode } from './narrative.js';

export function initHelp() {
  $('help-keys').innerHTML = K.BINDINGS.map(([k, , d]) => `<tr><td><kbd>${escapeHtml(k)}</kbd></td><td>${escapeHtml(d)}</td></tr>`).join('');
  $('help-cats').innerHTML =
    CATEGORIES.filter((c) => c.hotkey)
      .sort((a, b) => (a.hotkey === '0' ? 10 : +a.hotkey) - (b.hotkey === '0' ? 10 : +b.hotkey))
      .map((c) => `<tr><td><kbd>${c.hotkey}</kbd></td><td><span class="ph tag-${c.tag}">${escapeHtml(c.label)}</span></td></tr>`)
      .join('') + '<tr><td><kbd>c</kbd></td><td>any other category from the list</td></tr>';
  $('help-occ').innerHTML = K.OCCURRENCE_BINDINGS.map(([k, d]) => `<tr><td><kbd>${escapeHtml(k)}</kbd></td><td>${escapeHtml(d)}</td></tr>`).join('');
  store.subscribe(['mode'], (s) => $('help-overlay').classList.toggle('hidden', s.mode !== 'help'));
  $('btn-help').addEventListener('click', () => setMode('help'));
  $('help-overlay').addEventListener('click', () => setMode('review'));
}
