// @ts-check
/**
 * The i2b2 2014 PHI categories as the engine serialises them (`PhiType`, SCREAMING_SNAKE_CASE),
 * their i2b2 tag, the placeholder of the shared text (masking.rs) and the review hotkeys.
 */

/** @typedef {{kind: string, tag: string, type: string, label: string, placeholder: string, hotkey: string}} Category */

/** @type {[string, string, string, string][]} kind, tag, TYPE, placeholder */
const TABLE = [
  ['PATIENT', 'NAME', 'PATIENT', '[PATIENT]'],
  ['DOCTOR', 'NAME', 'DOCTOR', '[DOCTOR]'],
  ['USERNAME', 'NAME', 'USERNAME', '[USERNAME]'],
  ['PROFESSION', 'PROFESSION', 'PROFESSION', '[PROFESSION]'],
  ['HOSPITAL', 'LOCATION', 'HOSPITAL', '[HOSPITAL]'],
  ['ORGANIZATION', 'LOCATION', 'ORGANIZATION', '[ORGANIZATION]'],
  ['STREET', 'LOCATION', 'STREET', '[STREET]'],
  ['CITY', 'LOCATION', 'CITY', '[CITY]'],
  ['STATE', 'LOCATION', 'STATE', '[STATE]'],
  ['COUNTRY', 'LOCATION', 'COUNTRY', '[COUNTRY]'],
  ['ZIP', 'LOCATION', 'ZIP', '[ZIP]'],
  ['LOCATION_OTHER', 'LOCATION', 'OTHER', '[LOCATION]'],
  ['AGE', 'AGE', 'AGE', '[AGE]'],
  ['DATE', 'DATE', 'DATE', '[DATE]'],
  ['PHONE', 'CONTACT', 'PHONE', '[PHONE]'],
  ['FAX', 'CONTACT', 'FAX', '[FAX]'],
  ['EMAIL', 'CONTACT', 'EMAIL', '[EMAIL]'],
  ['URL', 'CONTACT', 'URL', '[URL]'],
  ['IPADDR', 'CONTACT', 'IPADDR', '[IPADDR]'],
  ['SSN', 'ID', 'SSN', '[SSN]'],
  ['MEDICAL_RECORD', 'ID', 'MEDICALRECORD', '[MEDICALRECORD]'],
  ['HEALTH_PLAN', 'ID', 'HEALTHPLAN', '[HEALTHPLAN]'],
  ['ACCOUNT', 'ID', 'ACCOUNT', '[ACCOUNT]'],
  ['LICENSE', 'ID', 'LICENSE', '[LICENSE]'],
  ['VEHICLE', 'ID', 'VEHICLE', '[VEHICLE]'],
  ['DEVICE', 'ID', 'DEVICE', '[DEVICE]'],
  ['BIOID', 'ID', 'BIOID', '[BIOID]'],
  ['IDNUM', 'ID', 'IDNUM', '[IDNUM]'],
];

/** Digit hotkeys for the ten most frequent categories in ADR narratives. */
export const HOTKEYS = /** @type {Record<string, string>} */ ({
  1: 'DATE',
  2: 'AGE',
  3: 'PATIENT',
  4: 'DOCTOR',
  5: 'HOSPITAL',
  6: 'CITY',
  7: 'STATE',
  8: 'COUNTRY',
  9: 'IDNUM',
  0: 'PROFESSION',
});

const hotkeyOf = Object.fromEntries(Object.entries(HOTKEYS).map(([k, v]) => [v, k]));

/** @type {Category[]} */
export const CATEGORIES = TABLE.map(([kind, tag, type, placeholder]) => ({
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

/** The 12 causality information types (Meldau 2018) and their labels. */
export const INFO_KEYS = [
  ['reaction', 'Reaction'],
  ['suspect_drug', 'Suspect drug'],
  ['dose', 'Dose'],
  ['timing', 'Timing / time to onset'],
  ['indication', 'Indication'],
  ['history', 'Medical history'],
  ['concomitant', 'Concomitant drugs'],
  ['dechallenge', 'Dechallenge'],
  ['rechallenge', 'Rechallenge'],
  ['outcome', 'Outcome'],
  ['lab_results', 'Lab results'],
  ['seriousness', 'Seriousness'],
];

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
