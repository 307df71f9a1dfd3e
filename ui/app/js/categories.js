// @ts-check
/**
 * The i2b2 2014 PHI categories as the engine serialises them (`PhiType`, SCREAMING_SNAKE_CASE),
 * with their i2b2 tag, placeholder and review hotkey, and the causality information keys. The
 * lists come from `definitions.js`, generated from definitions/definitions.toml as the engine's are.
 */

import { CATEGORY_DEFINITIONS, HOTKEYS, INFO_KEYS } from './definitions.js';

export { HOTKEYS, INFO_KEYS };

/** @typedef {{kind: string, tag: string, type: string, label: string, placeholder: string, hotkey: string}} Category */

const hotkeyOf = Object.fromEntries(Object.entries(HOTKEYS).map(([k, v]) => [v, k]));

/** @type {Category[]} */
export const CATEGORIES = CATEGORY_DEFINITIONS.map(({ kind, tag, type, placeholder }) => ({
  kind,
  tag,
  type,
  placeholder,
  label: tag === type ? type : `${tag}/${type}`,
  hotkey: hotkeyOf[kind] ?? '',
}));

const byKind = new Map(CATEGORIES.map((c) => [c.kind, c]));

/** @param {string} kind @returns {Category} */
export function category(kind) {
  const c = byKind.get(kind);
  if (!c) throw new Error(`unknown category ${kind}`);
  return c;
}

/** @param {string} kind */
export function isCategory(kind) {
  return byKind.has(kind);
}

/** @param {string} kind */
export function placeholder(kind) {
  return category(kind).placeholder;
}

/** The i2b2 tag of a category, used as its colour class. @param {string} kind */
export function tagOf(kind) {
  return byKind.get(kind)?.tag ?? 'NAME';
}

/** What a rule label means, for the hover card. @param {string} rule */
export function describeRule(rule) {
  const [name, detail] = rule.split(':');
  switch (name) {
    case 'pattern':
      return `pattern recognizer: ${detail}`;
    case 'digit':
      return 'contains a digit (never safe by rule)';
    case 'unsafe':
      return `UNSAFE dictionary: ${detail}`;
    case 'single-capital':
      return 'single capital letter (may be an initial)';
    case 'after-salutation':
      return 'follows a salutation (Dr, Mrs…)';
    case 'context':
      return 'part of a name by context (name particle, or the head of a named facility)';
    case 'time-of-day':
      return 'time of day (holds digits: masked by the rules, the model may release it)';
    case 'unknown':
      return 'no SAFE dictionary knows it';
    case 'safe':
      return 'SAFE dictionary vouches for it';
    default:
      return rule || '—';
  }
}
