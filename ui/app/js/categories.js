// @ts-check
/**
 * The i2b2 2014 PHI categories as the engine serialises them (`PhiType`, SCREAMING_SNAKE_CASE),
 * with their i2b2 tag, placeholder and review hotkey, the causality information keys and what the
 * rule engine's reasons mean. The lists come from `definitions.js`, generated from
 * definitions/definitions.toml as the engine's are.
 */

import { CATEGORY_DEFINITIONS, HOTKEYS, INFO_KEYS, RULE_REASONS } from './definitions.js';

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

const reasonByName = new Map(RULE_REASONS.map((r) => [r.name, r]));

/**
 * Whether the rules only guessed on a token (its reason is marked `guess` in the shared
 * definitions: nothing vouches for the word, nothing claims it). @param {string} rule
 */
export function isRulesGuess(rule) {
  const colon = rule.indexOf(':');
  return reasonByName.get(colon < 0 ? rule : rule.slice(0, colon))?.guess ?? false;
}

/**
 * What a rule label (`name` or `name:detail`, as the store writes it) means, for the hover card:
 * the sentence `definitions.js` gives the reason, with its detail filled in.
 * @param {string} rule
 */
export function describeRule(rule) {
  const colon = rule.indexOf(':');
  const name = colon < 0 ? rule : rule.slice(0, colon);
  const detail = colon < 0 ? '' : rule.slice(colon + 1);
  const reason = reasonByName.get(name);
  return reason ? reason.explanation.replace('{detail}', detail) : rule || '—';
}
