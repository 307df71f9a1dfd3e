// @ts-check
/**
 * The passphrase dialog: unlock an encrypted database, encrypt the open one, change its
 * passphrase. The checks (`check`, `keyAction`, `nextFocus`) are pure and unit-tested. A
 * passphrase exists only in the dialog's password fields until it is handed to the shell; the
 * fields are cleared after every attempt and when the dialog closes. Nothing here logs or
 * stores it.
 */

/** @typedef {'unlock' | 'encrypt' | 'change'} PassMode */
/** @typedef {{current?: string, passphrase: string, confirm?: string}} PassValues */

/** Title, explanation and button of each mode. */
export const TEXT = {
  unlock: {
    title: 'Unlock the database',
    intro: 'This database is encrypted. Enter its passphrase to open it.',
    submit: 'Unlock',
  },
  encrypt: {
    title: 'Encrypt the database',
    intro:
      'Encrypts the database file (narratives, gold, judgments, history) with a passphrase. ' +
      'Deid Studio asks for it every time it opens this database. It cannot be recovered: ' +
      'without it the database is lost. Exports stay plain files.',
    submit: 'Encrypt',
  },
  change: {
    title: 'Change the passphrase',
    intro: 'Re-encrypts the database with a new passphrase. The current one stops working.',
    submit: 'Change passphrase',
  },
};

/** The fields a mode shows, in tab order. @param {PassMode} mode @returns {('current' | 'passphrase' | 'confirm')[]} */
export function fields(mode) {
  if (mode === 'unlock') return ['passphrase'];
  if (mode === 'encrypt') return ['passphrase', 'confirm'];
  return ['current', 'passphrase', 'confirm'];
}

/**
 * What is wrong with the values, or null. The message never repeats a passphrase.
 * @param {PassMode} mode @param {PassValues} v @param {number} min shortest new passphrase
 * @returns {string | null}
 */
export function check(mode, v, min) {
  if (mode === 'unlock') return v.passphrase ? null : 'Enter the passphrase.';
  if (mode === 'change' && !v.current) return 'Enter the current passphrase.';
  if (Array.from(v.passphrase).length < min) return `The passphrase needs at least ${min} characters.`;
  if (v.passphrase !== (v.confirm ?? '')) return 'The two passphrases differ.';
  if (mode === 'change' && v.passphrase === v.current) return 'The new passphrase is the current one.';
  return null;
}

/**
 * What a key does in the dialog: Enter submits, Escape cancels (unlocking cannot be skipped:
 * nothing works on a locked database), Tab stays inside the dialog.
 * @param {PassMode} mode @param {{key: string}} ev @returns {'submit' | 'cancel' | 'trap' | null}
 */
export function keyAction(mode, ev) {
  if (ev.key === 'Enter') return 'submit';
  if (ev.key === 'Escape') return mode === 'unlock' ? null : 'cancel';
  if (ev.key === 'Tab') return 'trap';
  return null;
}

/** The element Tab (or shift+Tab) moves to among `count`, wrapping around. @param {number} count @param {number} index -1: none focused @param {boolean} back */
export function nextFocus(count, index, back) {
  if (count === 0) return -1;
  if (index < 0) return back ? count - 1 : 0;
  return (index + (back ? count - 1 : 1)) % count;
}

/** @type {HTMLElement | null} */
let overlay = null;

/** Whether the dialog is open (the review keys are off meanwhile). */
export function isOpen() {
  return !!overlay && !overlay.classList.contains('hidden');
}

function build() {
  const el = document.createElement('div');
  el.id = 'pass-overlay';
  el.className = 'overlay hidden';
  el.setAttribute('role', 'dialog');
  el.setAttribute('aria-modal', 'true');
  el.setAttribute('aria-labelledby', 'pass-title');
  el.innerHTML = `
    <form class="dialog" id="pass-form" autocomplete="off">
      <h2 id="pass-title"></h2>
      <p id="pass-intro"></p>
      <p id="pass-db" class="path"></p>
      <label data-field="current">Current passphrase <input id="pass-current" type="password" autocomplete="off" spellcheck="false"></label>
      <label data-field="passphrase"><span id="pass-label">Passphrase</span> <input id="pass-new" type="password" autocomplete="off" spellcheck="false"></label>
      <label data-field="confirm">Repeat the passphrase <input id="pass-confirm" type="password" autocomplete="off" spellcheck="false"></label>
      <div id="pass-error" class="error hidden" role="alert"></div>
      <div id="pass-status" class="result" role="status"></div>
      <div class="row">
        <button id="pass-submit" type="submit"></button>
        <button id="pass-cancel" type="button">Cancel</button>
      </div>
    </form>`;
  document.body.appendChild(el);
  return el;
}

/**
 * Opens the dialog and resolves true once `submit` succeeded (it resolves to null; a string is
 * an error shown in the dialog, which stays open), false when cancelled.
 * @param {{mode: PassMode, db: string, min: number, submit: (v: PassValues) => Promise<string | null>}} opts
 * @returns {Promise<boolean>}
 */
export function openPassphraseDialog({ mode, db, min, submit }) {
  const el = overlay ?? (overlay = build());
  const q = (/** @type {string} */ id) => /** @type {any} */ (el.querySelector(`#${id}`));
  const inputs = { current: q('pass-current'), passphrase: q('pass-new'), confirm: q('pass-confirm') };
  const shown = fields(mode);
  for (const label of el.querySelectorAll('label[data-field]')) {
    const f = /** @type {HTMLElement} */ (label).dataset.field;
    label.classList.toggle('hidden', !shown.includes(/** @type {any} */ (f)));
  }
  q('pass-title').textContent = TEXT[mode].title;
  q('pass-intro').textContent = TEXT[mode].intro;
  q('pass-db').textContent = db;
  q('pass-label').textContent = mode === 'unlock' ? 'Passphrase' : mode === 'change' ? 'New passphrase' : `Passphrase (at least ${min} characters)`;
  q('pass-submit').textContent = TEXT[mode].submit;
  q('pass-cancel').classList.toggle('hidden', mode === 'unlock');
  const error = q('pass-error');
  /** @param {string | null} m */
  const showError = (m) => {
    error.textContent = m ?? '';
    error.classList.toggle('hidden', !m);
  };
  const clear = () => {
    for (const i of Object.values(inputs)) i.value = '';
  };
  showError(null);
  clear();
  el.classList.remove('hidden');
  inputs[shown[0]].focus();

  return new Promise((resolve) => {
    let busy = false;
    /** @param {boolean} ok */
    const close = (ok) => {
      clear();
      el.classList.add('hidden');
      form.removeEventListener('submit', onSubmit);
      el.removeEventListener('keydown', onKeydown);
      q('pass-cancel').removeEventListener('click', onCancel);
      resolve(ok);
    };
    const onCancel = () => !busy && mode !== 'unlock' && close(false);
    /** @param {Event} ev */
    const onSubmit = async (ev) => {
      ev.preventDefault();
      if (busy) return;
      /** @type {PassValues} */
      const v = { current: inputs.current.value, passphrase: inputs.passphrase.value, confirm: inputs.confirm.value };
      const problem = check(mode, v, min);
      if (problem) return showError(problem);
      busy = true;
      q('pass-submit').disabled = true;
      showError(null);
      q('pass-status').textContent = mode === 'unlock' ? 'Opening…' : 'Encrypting… (the whole database is rewritten)';
      /** @type {string | null} */
      let failed;
      try {
        failed = await submit(v);
      } catch (e) {
        failed = String(e);
      }
      v.current = v.passphrase = v.confirm = '';
      q('pass-status').textContent = '';
      busy = false;
      q('pass-submit').disabled = false;
      if (!failed) return close(true);
      clear();
      showError(failed);
      inputs[shown[0]].focus();
    };
    /** @param {KeyboardEvent} ev */
    const onKeydown = (ev) => {
      ev.stopPropagation(); // the review keys stay off while the dialog is open
      const a = keyAction(mode, ev);
      if (a === 'cancel') {
        ev.preventDefault();
        onCancel();
      } else if (a === 'trap') {
        const focusable = /** @type {HTMLElement[]} */ (Array.from(el.querySelectorAll('input, button')).filter((n) => !n.closest('.hidden')));
        const i = nextFocus(focusable.length, focusable.indexOf(/** @type {HTMLElement} */ (document.activeElement)), ev.shiftKey);
        if (i >= 0) {
          ev.preventDefault();
          focusable[i].focus();
        }
      }
    };
    const form = q('pass-form');
    form.addEventListener('submit', onSubmit);
    el.addEventListener('keydown', onKeydown);
    q('pass-cancel').addEventListener('click', onCancel);
  });
}
