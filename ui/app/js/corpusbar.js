// @ts-check
/**
 * The corpus bar (top bar): the corpus chooser and the corpus's progress (done, in review, new
 * for the current annotator). Choosing a corpus goes through `selectCorpus`: the search text and
 * the selection are cleared and the first narrative of the new corpus opens (none when it is
 * empty: nothing of the previous corpus stays open).
 */
import * as api from './api.js';
import { $, guard } from './dom.js';
import { escapeHtml } from './render.js';
import { store, switchCorpus } from './state.js';
import { resetList } from './doclist.js';

/**
 * Show corpus `id` (null: none): the switch rules (state.js), then its list. `open`: the
 * narrative to reopen (where the user left off) instead of the first.
 * @param {number | null} id @param {import('./resume.js').Place | null} [open]
 */
export async function selectCorpus(id, open = null) {
  store.set(switchCorpus(store.state, id));
  if (id !== null) await resetList(true, open);
}

/**
 * Reload the corpora and show `selectId` when it exists (else the one shown, else the first).
 * @param {number | null} [selectId] @param {import('./resume.js').Place | null} [open]
 */
export async function loadCorpora(selectId = store.state.corpus, open = null) {
  const list = await guard(() => api.corpora());
  if (!list) return;
  store.set({ corpora: list });
  if (list.length === 0) {
    if (store.state.corpus !== null || store.state.doc !== null) await selectCorpus(null);
    return;
  }
  const want = list.find((c) => c.id === selectId) ? /** @type {number} */ (selectId) : list[0].id;
  if (want !== store.state.corpus) await selectCorpus(want, open);
}

/** Reload the corpora's progress (after an edit, a status change, another annotator). */
export async function refreshCorpora() {
  const list = await guard(() => api.corpora());
  if (list) store.set({ corpora: list });
}

function renderChooser() {
  const { corpora, corpus } = store.state;
  const sel = $('corpus-select');
  const html = corpora.length
    ? corpora.map((c) => `<option value="${c.id}">${escapeHtml(c.name)} (${c.documents})</option>`).join('')
    : '<option value="">(no corpus yet: Import…)</option>';
  if (sel.dataset.html !== html) {
    sel.innerHTML = html;
    sel.dataset.html = html;
  }
  if (corpus !== null) sel.value = String(corpus);
}

function renderProgress() {
  const { corpora, corpus } = store.state;
  const c = corpora.find((x) => x.id === corpus);
  const pct = c && c.documents ? (100 * c.done) / c.documents : 0;
  $('corpus-progress-fill').style.width = `${pct.toFixed(1)}%`;
  $('corpus-progress-text').textContent = c ? `${c.done}/${c.documents} done · ${c.in_review} in review · ${c.new} new` : '';
}

export function initCorpusbar() {
  store.subscribe(['corpora', 'corpus'], () => {
    renderChooser();
    renderProgress();
  });
  $('corpus-select').addEventListener('change', () => {
    const v = $('corpus-select').value;
    if (v !== '') selectCorpus(+v);
  });
}
