// @ts-check
/**
 * The status bar: the database (path, encrypted or not), the model and its mode, the execution
 * provider. `loadInfo` asks the shell (`app_info`) and polls while the engine still loads; the
 * bar re-renders whenever `info` changes.
 */
import * as api from './api.js';
import { $, guard } from './dom.js';
import { store } from './state.js';

/** @param {import('./api.js').AppInfo} info */
function render(info) {
  $('sb-db').textContent = `Database: ${info.db}${info.encrypted ? ' (encrypted)' : ''}`;
  $('sb-db').title = info.db;
  $('btn-encrypt').textContent = info.encrypted ? 'Change passphrase…' : 'Encrypt database…';
  const e = info.engine;
  if (e) {
    $('sb-model').textContent = `Model: ${e.model} (${e.mode})`;
    $('sb-model').title = e.note ?? '';
    $('sb-provider').textContent = `Provider: ${e.provider === 'none' ? 'none (rules only)' : e.provider}`;
  } else {
    $('sb-model').textContent = 'Model: loading…';
  }
}

/** Ask the shell what it runs; again every 500 ms until the engine has loaded. */
export async function loadInfo() {
  const info = await guard(() => api.appInfo());
  if (!info) return;
  store.set(info.engine ? { info, margin: info.engine.uncertain_margin } : { info });
  if (!info.engine) setTimeout(loadInfo, 500);
}

export function initStatusbar() {
  store.subscribe(['info'], (s) => s.info && render(s.info));
}
