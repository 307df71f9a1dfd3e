// @ts-check
/**
 * Encryption at rest from the top bar: an encrypted database waits for its passphrase before
 * anything loads (`unlock`); "Encrypt database…" (plain) or "Change passphrase…" (encrypted)
 * re-keys the open one. The dialog itself is passphrase.js; a passphrase goes to the shell
 * (api.js) and nowhere else.
 */
import * as api from './api.js';
import { $, say, enqueue } from './dom.js';
import { openPassphraseDialog } from './passphrase.js';
import { loadInfo } from './statusbar.js';
import { store } from './state.js';

/** The passphrase call's error as the dialog shows it (null: done). @param {() => Promise<unknown>} f */
async function passCall(f) {
  try {
    await f();
    return null;
  } catch (e) {
    return String(e);
  }
}

/** An encrypted database waits for its passphrase before anything else loads. @param {import('./api.js').AppInfo} info */
export async function unlock(info) {
  await openPassphraseDialog({
    mode: 'unlock',
    db: info.db,
    min: info.min_passphrase_chars,
    submit: (v) => passCall(() => api.unlockDatabase(v.passphrase)),
  });
}

/** "Encrypt database…" (plain) or "Change passphrase…" (encrypted). */
export async function encryptOrRekey() {
  const info = store.state.info;
  if (!info) return;
  const mode = info.encrypted ? 'change' : 'encrypt';
  const ok = await openPassphraseDialog({
    mode,
    db: info.db,
    min: info.min_passphrase_chars,
    submit: (v) =>
      passCall(() => (mode === 'change' ? api.changePassphrase(v.current ?? '', v.passphrase) : api.encryptDatabase(v.passphrase))),
  });
  $('narrative').focus({ preventScroll: true });
  if (!ok) return;
  say(mode === 'change' ? 'Passphrase changed' : 'Database encrypted: Deid Studio will ask for the passphrase when it opens it');
  await loadInfo();
}

export function initEncryption() {
  $('btn-encrypt').addEventListener('click', () => enqueue(encryptOrRekey));
}
