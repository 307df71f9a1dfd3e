// @ts-check
/**
 * Who is annotating: the chooser in the top bar and the "New annotator" dialog. Every edit,
 * status, judgment and export is recorded under the chosen name, and each annotator sees only
 * their own work. The name rules mirror the store's (`check_annotator_name`), which has the last
 * word; `checkName` is pure (ui/test/annotator.test.mjs).
 */
import * as api from './api.js';

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));
export const RESERVED = ['import', 'adjudicated'];

/** Why a name cannot be an annotator's, or null. @param {string} name */
export function checkName(name) {
  const n = name.trim();
  if (!n) return 'an annotator needs a name';
  if ([...n].length > 64) return "an annotator's name has at most 64 characters";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(n)) return "an annotator's name cannot hold control characters";
  if (RESERVED.includes(n.toLowerCase())) return `"${n}" is reserved (imported and adjudicated gold), not a person's name`;
  return null;
}

/** The names to offer: everybody known plus the current one, sorted. @param {{current: string, all: string[]}} list */
export function names(list) {
  const all = new Set(list.all);
  all.add(list.current);
  return [...all].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** @type {{current: string, all: string[]}} */
let known = { current: '', all: [] };
/** @type {(name: string) => Promise<void>} */
let onChanged = async () => {};

/** The annotator working now. */
export function current() {
  return known.current;
}

/** Everybody known (for the agreement view's choices). */
export function everybody() {
  return names(known);
}

/** The export dialog's "whose work" choices: everybody, then the adjudicated gold; the current
 * annotator chosen. @param {HTMLSelectElement} sel */
export function fillVersions(sel) {
  const opts = [...names(known), 'adjudicated'].map((n) => {
    const o = document.createElement('option');
    o.value = n;
    o.textContent = n === 'adjudicated' ? 'adjudicated gold' : n;
    return o;
  });
  sel.replaceChildren(...opts);
  sel.value = known.current;
}

function render() {
  const sel = $('annotator-select');
  const opts = names(known).map((n) => {
    const o = document.createElement('option');
    o.value = n;
    o.textContent = n;
    return o;
  });
  sel.replaceChildren(...opts);
  sel.value = known.current;
  sel.title = `Annotating as ${known.current}`;
}

/** Reload the list from the database. */
export async function refresh() {
  known = await api.annotators();
  render();
  return known;
}

/** Work as `name` from now on (created when new). @param {string} name */
export async function choose(name) {
  const problem = checkName(name);
  if (problem) throw new Error(problem);
  known = await api.chooseAnnotator(name.trim());
  render();
  await onChanged(known.current);
}

function openDialog() {
  $('annotator-name').value = '';
  $('annotator-error').classList.add('hidden');
  $('annotator-overlay').classList.remove('hidden');
  $('annotator-name').focus();
}

function closeDialog() {
  $('annotator-overlay').classList.add('hidden');
  $('annotator-select').value = known.current;
}

async function submit() {
  const name = $('annotator-name').value;
  const problem = checkName(name);
  const show = (/** @type {string} */ m) => {
    $('annotator-error').textContent = m;
    $('annotator-error').classList.remove('hidden');
  };
  if (problem) return show(problem);
  try {
    await choose(name);
    closeDialog();
  } catch (e) {
    show(String(e));
  }
}

/**
 * Wire the chooser and the dialog; `changed` runs after every switch (reload the list and the
 * open narrative as the new annotator's).
 * @param {{changed: (name: string) => Promise<void>, say: (text: string, error?: boolean) => void}} ctx
 */
export async function initAnnotator(ctx) {
  onChanged = ctx.changed;
  $('annotator-select').addEventListener('change', async () => {
    const v = $('annotator-select').value;
    try {
      await choose(v);
      ctx.say(`Annotating as ${v}`);
    } catch (e) {
      ctx.say(String(e), true);
    }
  });
  $('annotator-new').addEventListener('click', openDialog);
  $('annotator-ok').addEventListener('click', submit);
  $('annotator-cancel').addEventListener('click', closeDialog);
  $('annotator-name').addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      closeDialog();
    }
  });
  await refresh();
}
