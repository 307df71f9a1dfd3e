// @ts-check
/**
 * How long each keystroke of the review screen takes, from the key event to the screen showing
 * its result: `handledMs` (the action done, the DOM changed and laid out) and `paintMs` (after
 * the next frame is painted). Kept for the last 500 keys; the window bench (`./studio bench`,
 * src-tauri/benches/window.rs) reads them through `window.deidStudio.keyTimings`. No DOM access
 * beyond the layout read; nothing leaves the page.
 */

/**
 * One keystroke, in ms from its key event: `queuedMs` until its handler ran, `actionMs` until the
 * action was done (its commands answered, the views updated), `handledMs` once laid out,
 * `paintMs` after the next frame was painted.
 * `phases`: ms spent in named parts of the action (`notePhase`: the commands, the redraw).
 * @typedef {{action: string, queuedMs: number, actionMs: number, handledMs: number, paintMs: number, phases: Record<string, number>}} KeyTiming
 */

/** @type {KeyTiming[]} */
export const keyTimings = [];
const KEEP = 500;
/** The phases of the keystroke being handled (actions run one at a time). @type {Record<string, number>} */
let phases = {};

/** Add `ms` to the phase `name` of the keystroke being handled. @param {string} name @param {number} ms */
export function notePhase(name, ms) {
  phases[name] = (phases[name] ?? 0) + ms;
}

/** Run `f`, noting its time as phase `name`. @template T @param {string} name @param {() => T} f @returns {T} */
export function timed(name, f) {
  const t = performance.now();
  try {
    return f();
  } finally {
    notePhase(name, performance.now() - t);
  }
}

/**
 * Time one keystroke's action. `t0` is when the key event happened (its `timeStamp`); `done`
 * settles when the action has finished (its commands answered and the views updated).
 * `mine`: the record its phases go to (made current by `collectPhases` when the action starts).
 * @param {string} action @param {number} t0 @param {Promise<unknown>} done @param {() => void} layout reads layout
 * @param {Record<string, number>} mine
 */
export function timeKey(action, t0, done, layout, mine) {
  const queuedMs = performance.now() - t0;
  const settled = () => {
    const actionMs = performance.now() - t0;
    layout();
    const handledMs = performance.now() - t0;
    // after the next frame: a message posted from the frame's callback runs once it is painted
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        keyTimings.push({ action, queuedMs, actionMs, handledMs, paintMs: performance.now() - t0, phases: mine });
        if (keyTimings.length > KEEP) keyTimings.splice(0, keyTimings.length - KEEP);
      };
      ch.port2.postMessage(null);
    });
  };
  done.then(settled, settled);
}

/** Make `p` the phases record the next notes go to (the action about to run). @param {Record<string, number>} p */
export function collectPhases(p) {
  phases = p;
}

/**
 * When a key event happened, on `performance.now()`'s clock (its `timeStamp` where the engine
 * gives one on that clock, else now).
 * @param {Event} ev
 */
export function eventTime(ev) {
  const now = performance.now();
  return ev.timeStamp > 0 && ev.timeStamp <= now ? ev.timeStamp : now;
}
