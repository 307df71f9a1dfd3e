// @ts-check
/**
 * Offsets at the UI boundary. The engine and the store count Unicode code points (as i2b2 XML
 * does); JavaScript strings count UTF-16 code units. Everything sent to Rust is in code points;
 * this map converts for the DOM (selection ranges, String.slice).
 */
export class OffsetMap {
  /** @param {string} text */
  constructor(text) {
    /** @type {string} */
    this.text = text;
    // utf16Of[cp] for cp in 0..=n; null when every character is one UTF-16 unit (no astral
    // characters: emoji, rare CJK), where both offsets coincide.
    let astral = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) {
        astral = true;
        break;
      }
    }
    /** @type {Uint32Array | null} */
    this.utf16Of = null;
    if (!astral) {
      this.length = text.length;
      return;
    }
    const out = [];
    let u = 0;
    for (const ch of text) {
      out.push(u);
      u += ch.length; // 1 or 2 (a surrogate pair)
    }
    out.push(u);
    this.utf16Of = Uint32Array.from(out);
    /** Number of code points. */
    this.length = out.length - 1;
  }

  /** UTF-16 offset of a code point offset (0 <= cp <= length). @param {number} cp */
  toUtf16(cp) {
    if (cp < 0) cp = 0;
    if (cp > this.length) cp = this.length;
    return this.utf16Of ? this.utf16Of[cp] : cp;
  }

  /**
   * Code point offset of a UTF-16 offset; an offset inside a surrogate pair rounds down.
   * @param {number} u16
   */
  toCp(u16) {
    const a = this.utf16Of;
    if (!a) return Math.max(0, Math.min(u16, this.length));
    let lo = 0;
    let hi = a.length - 1;
    if (u16 >= a[hi]) return hi;
    if (u16 <= 0) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (a[mid] <= u16) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The text between two code point offsets. @param {number} start @param {number} end */
  slice(start, end) {
    return this.text.slice(this.toUtf16(start), this.toUtf16(end));
  }
}

/** Number of code points of a string. @param {string} s */
export function cpLength(s) {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
