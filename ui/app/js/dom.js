// @ts-check
/**
 * What every view shares: an element by id, the status bar's message, the banner, `guard` (a
 * command whose error is shown, not thrown) and the action queue: keys and clicks that act on
 * the narrative run one at a time, in order.
 */

/** The element with this id (the page's ids are fixed: index.html). @param {string} id @returns {any} */
export const $ = (id) => document.getElementById(id);

/** @param {string} text @param {boolean} [error] */
export function say(text, error = false) {
  const el = $('sb-msg');
  el.textContent = text;
  el.classList.toggle('err', error);
  if (error) console.error(text);
}

/** @param {string | null} text */
export function banner(text) {
  const el = $('banner');
  el.textContent = text ?? '';
  el.classList.toggle('hidden', !text);
}

/** Run a command, showing its error. @template T @param {() => Promise<T>} f @returns {Promise<T | undefined>} */
export async function guard(f) {
  try {
    return await f();
  } catch (e) {
    say(String(e), true);
    return undefined;
  }
}

/** @type {Promise<unknown>} */
let actions = Promise.resolve();

/**
 * Run `f` after every action queued before it (keyboard work, toolbar and list clicks); an error
 * is shown and does not stop the actions after it.
 * @param {() => unknown} f
 */
export function enqueue(f) {
  const p = actions.then(f);
  actions = p.catch((e) => say(String(e), true));
  return actions;
}
