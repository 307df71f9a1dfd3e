// @ts-check
/**
 * The narrative list (left sidebar): the filters and the search box, the virtualised list of
 * the corpus's narratives (list.js: only visible rows in the DOM, pages fetched as needed) and
 * opening a narrative from it. Re-renders when the list, the open row or the filter changes.
 */
import * as api from './api.js';
import { $, say, enqueue, guard } from './dom.js';
import { visibleRange, PageCache } from './list.js';
import { escapeHtml } from './render.js';
import { CATEGORIES } from './categories.js';
import { store } from './state.js';
import { openDoc } from './narrative.js';
import { current } from './annotator.js';

export const ROW = 28;

/** A page cache of the corpus's list under the filter. @param {number} corpus @param {import('./state.js').Filter} filter @param {number} [pageSize] */
function cacheFor(corpus, filter, pageSize = 200) {
  return new PageCache((offset, limit) => api.documents(corpus, { ...filter, offset, limit }), pageSize);
}

/**
 * A new list for the current corpus and filter; with `openFirst`, open its first narrative, or
 * `open` (where the user left off) when that narrative is in this corpus.
 * @param {boolean} openFirst @param {import('./resume.js').Place | null} [open]
 */
export async function resetList(openFirst, open = null) {
  const { corpus, filter } = store.state;
  if (corpus === null) return;
  const list = cacheFor(corpus, filter);
  store.set({ list, listIndex: -1 });
  $('doc-list').scrollTop = 0;
  await list.ensure(0, 40);
  if (store.state.list !== list) return; // another corpus or filter meanwhile
  renderList();
  if (!openFirst) return;
  if (open && open.corpus === corpus && open.doc !== null && (await reopen(list, open.doc, open.index))) return;
  if (list.total > 0) await openIndex(0);
}

/**
 * Open narrative `doc` where its row is (`index`: a hint), or by itself when its row is not
 * loaded; false when it is not in this corpus any more.
 * @param {PageCache<import('./api.js').DocRow>} list @param {number} doc @param {number | null} index
 */
async function reopen(list, doc, index) {
  if (index !== null && index < list.total) {
    await list.ensure(index, index + 1);
    if (list.row(index)?.id === doc) return openIndex(index);
  }
  for (let i = 0; i < Math.min(list.total, 40); i++) if (list.row(i)?.id === doc) return openIndex(i);
  return openDoc(doc, false, true);
}

/** Re-fetch the loaded pages (counts and statuses changed) keeping the scroll position. */
export async function refreshList() {
  const { list: old, corpus, filter } = store.state;
  if (!old || corpus === null) return;
  const fresh = cacheFor(corpus, filter, old.pageSize);
  const el = $('doc-list');
  const { first, last } = visibleRange(el.scrollTop, el.clientHeight, ROW, Math.max(old.total, 1));
  await fresh.ensure(first, Math.max(last, store.state.listIndex + 1));
  if (store.state.list !== old) return; // replaced meanwhile: the newer list stands
  store.set({ list: fresh });
}

export function renderList() {
  const { list: cache, listIndex } = store.state;
  const el = $('doc-list');
  if (!cache) return;
  $('doc-list-spacer').style.height = `${cache.total * ROW}px`;
  $('list-count').textContent = `${cache.total} narrative${cache.total === 1 ? '' : 's'}`;
  const { first, last } = visibleRange(el.scrollTop, el.clientHeight || 600, ROW, cache.total);
  for (const row of /** @type {HTMLElement[]} */ ([...el.querySelectorAll('.doc-row')])) {
    const i = +(row.dataset.i ?? -1);
    if (i < first || i >= last) row.remove();
  }
  /** @type {Map<number, HTMLElement>} */
  const present = new Map([...el.querySelectorAll('.doc-row')].map((r) => [+r.dataset.i, r]));
  let missing = false;
  for (let i = first; i < last; i++) {
    const r = cache.row(i);
    let row = present.get(i);
    if (!row) {
      row = document.createElement('div');
      row.className = 'doc-row';
      row.dataset.i = String(i);
      row.style.top = `${i * ROW}px`;
      el.appendChild(row);
    }
    const html = r
      ? `<span class="dot ${r.status}" title="${r.status.replace('_', ' ')}"></span><span class="id">${escapeHtml(r.external_id)}</span>` +
        `<span class="n" title="PHI spans">${r.phi_spans} PHI</span>` +
        (r.uncertain_tokens ? `<span class="n unc" title="uncertain tokens">${r.uncertain_tokens}?</span>` : '')
      : '<span class="muted">…</span>';
    if (row.dataset.html !== html) {
      row.innerHTML = html;
      row.dataset.html = html;
    }
    row.dataset.id = r ? String(r.id) : '';
    row.classList.toggle('current', i === listIndex);
    if (!r) missing = true;
  }
  if (missing) cache.ensure(first, last).then(renderList, (e) => say(String(e), true));
}

/** Open the i-th narrative of the list (false: there is none). @param {number} i */
export async function openIndex(i) {
  const cache = store.state.list;
  if (!cache || i < 0 || i >= cache.total) return false;
  await cache.ensure(i, i + 1);
  const r = cache.row(i);
  if (!r || store.state.list !== cache) return false;
  const el = $('doc-list');
  if (i * ROW < el.scrollTop || (i + 1) * ROW > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, i * ROW - el.clientHeight / 2);
  store.set({ listIndex: i });
  await openDoc(r.id);
  return true;
}

/** The filter as the sidebar's controls say. @returns {import('./state.js').Filter} */
function filterFromControls() {
  return {
    status: $('filter-status').value || null,
    has_uncertain: $('filter-uncertain').checked ? true : null,
    category: $('filter-category').value || null,
    search: $('search').value.trim() || null,
    sample: $('filter-sample').value ? +$('filter-sample').value : null,
  };
}

/**
 * The sample filter's choices: all narratives, then the corpus's samples, the ones assigned to
 * the current annotator marked (the choice kept while it still exists).
 */
export async function fillSamples() {
  const corpus = store.state.corpus;
  const sel = $('filter-sample');
  const keep = sel.value;
  const samples = corpus === null ? [] : ((await guard(() => api.samples(corpus))) ?? []);
  if (store.state.corpus !== corpus) return;
  const me = current();
  sel.replaceChildren(
    new Option('all narratives', ''),
    ...samples.map((x) => new Option(`sample “${x.name}”${x.annotators.includes(me) ? ' · assigned to you' : ''} (${x.documents.length})`, String(x.id))),
  );
  sel.value = samples.some((x) => String(x.id) === keep) ? keep : '';
}

/** Show the filter in the controls (a corpus switch clears the search box). @param {import('./state.js').Filter} f */
function renderFilter(f) {
  const shown = filterFromControls();
  if (shown.search !== f.search) $('search').value = f.search ?? '';
  if (shown.status !== f.status) $('filter-status').value = f.status ?? '';
  if (shown.category !== f.category) $('filter-category').value = f.category ?? '';
  if (shown.has_uncertain !== f.has_uncertain) $('filter-uncertain').checked = f.has_uncertain === true;
  if (shown.sample !== f.sample) $('filter-sample').value = f.sample === null ? '' : String(f.sample);
}

export function initDoclist() {
  $('filter-category').innerHTML = '<option value="">all categories</option>' + CATEGORIES.map((c) => `<option value="${c.kind}">${escapeHtml(c.label)}</option>`).join('');
  store.subscribe(['list', 'listIndex'], () => renderList());
  store.subscribe(['filter'], (s) => renderFilter(s.filter));
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let typing;
  // a search typed in the old corpus must not run in the new one
  store.subscribe(['corpus'], () => clearTimeout(typing));
  // a sample made in the agreement view meanwhile: read again on the way back, and on focus
  store.subscribe(['corpus', 'view'], () => void fillSamples());
  $('filter-sample').addEventListener('focus', () => void fillSamples());
  $('doc-list').addEventListener('scroll', () => renderList());
  $('doc-list').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const row = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('.doc-row'));
    if (row) enqueue(() => openIndex(+(row.dataset.i ?? -1)));
  });
  const refilter = () => {
    store.set({ filter: filterFromControls() });
    resetList(false);
  };
  $('filter-status').addEventListener('change', refilter);
  $('filter-uncertain').addEventListener('change', refilter);
  $('filter-category').addEventListener('change', refilter);
  $('filter-sample').addEventListener('change', refilter);
  $('search').addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(refilter, 250);
  });
  $('search').addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'Enter') {
      $('search').blur();
      enqueue(() => openIndex(0));
    }
  });
  window.addEventListener('resize', () => renderList());
}
