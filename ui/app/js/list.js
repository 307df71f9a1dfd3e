// @ts-check
/**
 * The document list's windowing: which rows are visible and which pages to fetch. Only the
 * visible rows (plus a margin) are in the DOM, and rows come from Store::documents page by page,
 * so 50,000 narratives scroll like 50.
 */

/**
 * @param {number} scrollTop @param {number} viewport @param {number} rowHeight
 * @param {number} total @param {number} [overscan]
 * @returns {{first: number, last: number}} rows [first, last) to render
 */
export function visibleRange(scrollTop, viewport, rowHeight, total, overscan = 10) {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(total, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { first, last: Math.max(first, last) };
}

/** Page numbers covering rows [first, last). */
export function pagesFor(/** @type {number} */ first, /** @type {number} */ last, /** @type {number} */ pageSize) {
  /** @type {number[]} */
  const out = [];
  if (last <= first) return out;
  for (let p = Math.floor(first / pageSize); p <= Math.floor((last - 1) / pageSize); p++) out.push(p);
  return out;
}

/**
 * A cache of fetched pages for one filter; `fetch(offset, limit)` returns {rows, total}.
 * Pages far from the view are dropped so memory stays flat while scrolling 50,000 rows.
 * @template R
 */
export class PageCache {
  /** @param {(offset: number, limit: number) => Promise<{rows: R[], total: number}>} fetch @param {number} pageSize */
  constructor(fetch, pageSize = 200, keep = 20) {
    this.fetch = fetch;
    this.pageSize = pageSize;
    this.keep = keep;
    /** @type {Map<number, R[]>} */
    this.pages = new Map();
    /** @type {Map<number, Promise<void>>} */
    this.pending = new Map();
    this.total = 0;
  }

  /** The row at an index if its page is loaded. @param {number} i @returns {R | undefined} */
  row(i) {
    const p = this.pages.get(Math.floor(i / this.pageSize));
    return p ? p[i % this.pageSize] : undefined;
  }

  /** Load the pages covering [first, last); resolves when all are in. */
  async ensure(/** @type {number} */ first, /** @type {number} */ last) {
    const wanted = pagesFor(first, last, this.pageSize);
    await Promise.all(wanted.map((p) => this.load(p)));
    // forget pages far away
    if (this.pages.size > this.keep) {
      const mid = wanted.length ? wanted[0] : 0;
      const far = [...this.pages.keys()].sort((a, b) => Math.abs(b - mid) - Math.abs(a - mid));
      for (const p of far.slice(0, this.pages.size - this.keep)) this.pages.delete(p);
    }
  }

  /** @param {number} p */
  load(p) {
    if (this.pages.has(p)) return Promise.resolve();
    let pr = this.pending.get(p);
    if (!pr) {
      pr = this.fetch(p * this.pageSize, this.pageSize).then((r) => {
        this.pages.set(p, r.rows);
        this.total = r.total;
        this.pending.delete(p);
      });
      this.pending.set(p, pr);
    }
    return pr;
  }
}
