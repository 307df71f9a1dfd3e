// @ts-check
/**
 * The "apply to all occurrences" dialog (`a`): every occurrence of the selected string in this
 * narrative or the whole corpus (`s` switches), each hit with its context and an opt-out, and
 * the change applied to the included hits as ONE edit (one undo step).
 */
import * as api from './api.js';
import * as S from './spans.js';
import { $, say, guard, enqueue } from './dom.js';
import { category } from './categories.js';
import { escapeHtml } from './render.js';
import { store, canEdit, spanAtCursor, selectionOrToken } from './state.js';
import { refreshGold, setMode } from './narrative.js';
import { refreshList } from './doclist.js';
import { refreshCorpora } from './corpusbar.js';

const occ = {
  /** @type {import('./api.js').Hit[]} */ hits: [],
  /** @type {Record<string, import('./api.js').OccurrenceDoc>} */ docs: {},
  /** @type {Set<number>} */ off: new Set(),
  active: 0,
  needle: '',
  /** @type {string | null} */ kind: null,
  /** @type {'doc' | 'corpus'} */ scope: 'doc',
};

/** Open the dialog for the selection, the span under the cursor, or the cursor token. */
export async function openOccurrences() {
  const s = store.state;
  if (!s.doc || s.corpus === null || !s.map || !canEdit(s)) return;
  let range = selectionOrToken(s);
  const si = s.cursor.anchor === null ? spanAtCursor(s) : -1;
  if (si >= 0) range = [s.spans[si].start, s.spans[si].end];
  if (!range) return;
  occ.needle = s.map.slice(range[0], range[1]);
  const covered = S.overlapping(s.spans, range[0], range[1]);
  occ.kind = covered.length ? s.spans[covered[0]].kind : null;
  occ.scope = 'doc';
  /** @type {HTMLInputElement} */ (document.querySelector('input[name="occ-scope"][value="doc"]')).checked = true;
  await loadOccurrences();
  setMode('occurrences');
}

async function loadOccurrences() {
  const { corpus, doc } = store.state;
  if (corpus === null || !doc) return;
  const r = await guard(() => api.findOccurrences(corpus, occ.scope === 'doc' ? doc.id : null, occ.needle));
  if (!r) return;
  occ.hits = r.hits;
  occ.docs = r.docs;
  occ.off = new Set();
  occ.active = 0;
  $('occ-title').textContent = `${occ.kind ? `Label as ${category(occ.kind).label}` : 'Mark safe'}: every “${occ.needle}”`;
  render();
}

function render() {
  $('occ-list').innerHTML = occ.hits
    .map(
      (h, i) =>
        `<li data-i="${i}" class="${i === occ.active ? 'active' : ''} ${occ.off.has(i) ? 'off' : ''}"><input type="checkbox" ${occ.off.has(i) ? '' : 'checked'} aria-label="include"> <span class="muted">${escapeHtml(h.external_id)}</span> <span class="ctx">${escapeHtml(h.before)}<span class="hit">${escapeHtml(occ.needle)}</span>${escapeHtml(h.after)}</span></li>`,
    )
    .join('');
  const n = occ.hits.length - occ.off.size;
  $('occ-count').textContent = `${n} of ${occ.hits.length} hits included`;
  const a = $('occ-list').querySelector('li.active');
  if (a) a.scrollIntoView({ block: 'nearest' });
}

/** Apply the change to every included hit: one edit over every narrative hit. */
export async function applyOccurrences() {
  /** @type {Map<number, [number, number][]>} */
  const byDoc = new Map();
  occ.hits.forEach((h, i) => {
    if (occ.off.has(i)) return;
    const list = byDoc.get(h.doc) ?? [];
    list.push([h.start, h.end]);
    byDoc.set(h.doc, list);
  });
  /** @type {import('./api.js').DocEdit[]} */
  const changes = [];
  for (const [doc, hits] of byDoc) {
    const d = occ.docs[doc];
    const e = S.occurrenceEdit(d.gold, hits, occ.kind, Array.from(d.text));
    if (e) changes.push({ doc, remove: e.remove, add: e.add });
  }
  setMode('review');
  if (changes.length === 0) return say('nothing to change');
  const label = `apply to all: ${occ.kind ? `label ${occ.kind}` : 'mark safe'} (${changes.length} narrative${changes.length > 1 ? 's' : ''})`;
  // made from the narrative on screen: ctrl+z there undoes it, even where it changed only others
  const origin = store.state.doc?.id ?? null;
  const ok = await guard(() => api.applyEdit({ label, changes }, origin));
  if (ok === undefined) return;
  say(label);
  const open = store.state.doc;
  if (open) await refreshGold(open.id);
  refreshList();
  refreshCorpora();
}

/**
 * What a key of the dialog does (keys.js maps keys to these actions).
 * @param {string} action
 */
export function occurrenceAction(action) {
  switch (action) {
    case 'hit-next':
      occ.active = Math.min(occ.active + 1, occ.hits.length - 1);
      return render();
    case 'hit-prev':
      occ.active = Math.max(occ.active - 1, 0);
      return render();
    case 'hit-toggle':
      if (occ.off.has(occ.active)) occ.off.delete(occ.active);
      else occ.off.add(occ.active);
      return render();
    case 'scope-toggle':
      occ.scope = occ.scope === 'doc' ? 'corpus' : 'doc';
      /** @type {HTMLInputElement} */ (document.querySelector(`input[name="occ-scope"][value="${occ.scope}"]`)).checked = true;
      return loadOccurrences();
    case 'hit-apply':
      return applyOccurrences();
  }
}

export function initOccurrences() {
  store.subscribe(['mode'], (s) => $('occ-overlay').classList.toggle('hidden', s.mode !== 'occurrences'));
  $('occ-list').addEventListener('click', (/** @type {MouseEvent} */ e) => {
    const li = /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest('li'));
    if (!li) return;
    occ.active = +(li.dataset.i ?? 0);
    occurrenceAction('hit-toggle');
  });
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="occ-scope"]'))) {
    r.addEventListener('change', () => {
      occ.scope = r.value === 'corpus' ? 'corpus' : 'doc';
      loadOccurrences();
    });
  }
  $('occ-apply').addEventListener('click', () => enqueue(applyOccurrences));
  $('occ-cancel').addEventListener('click', () => setMode('review'));
}
