// @ts-check
/**
 * Charts for the report, as SVG markup: horizontal bars (verdicts, information lost per type),
 * grouped bars (recall and precision per category) and columns over time (narratives done per
 * day). No library and no inline styles (the app's content security policy forbids them; SVG
 * presentation attributes are not styles), so the same markup works in the app and in the saved
 * HTML report. Pure functions: ui/test/charts.test.mjs.
 */
import { escapeHtml } from './render.js';

/** The palette: one colour per series, readable on white. */
export const COLORS = ['#2f6fb3', '#d9822b', '#3c9a5f', '#a23b72', '#6b6b6b'];

const W = 560;
const LABEL_W = 190;
const ROW_H = 22;
const fmt = (/** @type {number} */ v) => (Number.isInteger(v) ? String(v) : v.toFixed(3));

/**
 * @typedef {{label: string, value: number | null}} Bar
 * A value of null is drawn as "—" with no bar (nothing to divide, or not measured).
 */

/**
 * Horizontal bars, one row each, scaled to `max` (default: the largest value).
 * @param {string} id @param {string} title @param {Bar[]} bars
 * @param {{max?: number, format?: (v: number) => string, color?: string}} [opts]
 */
export function barChart(id, title, bars, opts = {}) {
  const format = opts.format ?? fmt;
  const max = opts.max ?? Math.max(0, ...bars.map((b) => b.value ?? 0));
  const span = W - LABEL_W - 70;
  const h = bars.length * ROW_H + 8;
  const rows = bars.map((b, i) => {
    const y = 4 + i * ROW_H;
    const w = b.value === null || max <= 0 ? 0 : Math.max(b.value > 0 ? 1 : 0, (span * b.value) / max);
    const text = b.value === null ? '—' : format(b.value);
    return (
      `<text x="${LABEL_W - 6}" y="${y + 15}" text-anchor="end" font-size="12">${escapeHtml(b.label)}</text>` +
      `<rect x="${LABEL_W}" y="${y + 3}" width="${w.toFixed(1)}" height="${ROW_H - 6}" fill="${opts.color ?? COLORS[0]}"><title>${escapeHtml(`${b.label}: ${text}`)}</title></rect>` +
      `<text x="${(LABEL_W + w + 4).toFixed(1)}" y="${y + 15}" font-size="12">${escapeHtml(text)}</text>`
    );
  });
  return figure(id, title, W, h, rows.join(''), '');
}

/**
 * Grouped horizontal bars: per label, one bar per series (recall and precision per category).
 * @param {string} id @param {string} title
 * @param {{label: string, values: (number | null)[]}[]} groups
 * @param {string[]} series the series' names, in the order of `values`
 * @param {{max?: number, format?: (v: number) => string}} [opts]
 */
export function groupedBarChart(id, title, groups, series, opts = {}) {
  const format = opts.format ?? fmt;
  const max = opts.max ?? Math.max(0, ...groups.flatMap((g) => g.values.map((v) => v ?? 0)));
  const span = W - LABEL_W - 70;
  const barH = 12;
  const groupH = series.length * barH + 10;
  let body = '';
  groups.forEach((g, i) => {
    const y0 = 4 + i * groupH;
    body += `<text x="${LABEL_W - 6}" y="${y0 + (series.length * barH) / 2 + 4}" text-anchor="end" font-size="12">${escapeHtml(g.label)}</text>`;
    g.values.forEach((v, k) => {
      const y = y0 + k * barH;
      const w = v === null || max <= 0 ? 0 : Math.max(v > 0 ? 1 : 0, (span * v) / max);
      const text = v === null ? '—' : format(v);
      body +=
        `<rect x="${LABEL_W}" y="${y + 1}" width="${w.toFixed(1)}" height="${barH - 2}" fill="${COLORS[k % COLORS.length]}"><title>${escapeHtml(`${g.label}, ${series[k]}: ${text}`)}</title></rect>` +
        `<text x="${(LABEL_W + w + 4).toFixed(1)}" y="${y + barH - 2}" font-size="10">${escapeHtml(text)}</text>`;
    });
  });
  const legend = series
    .map((name, k) => `<span class="legend-item"><svg width="10" height="10" aria-hidden="true"><rect width="10" height="10" fill="${COLORS[k % COLORS.length]}"/></svg> ${escapeHtml(name)}</span>`)
    .join(' ');
  return figure(id, title, W, groups.length * groupH + 8, body, legend);
}

/**
 * Columns over time, one per point, with the running total written above the last one.
 * @param {string} id @param {string} title @param {{label: string, value: number}[]} points
 */
export function columnChart(id, title, points) {
  const h = 150;
  const base = h - 28;
  const max = Math.max(1, ...points.map((p) => p.value));
  const colW = Math.max(6, Math.min(40, (W - 40) / Math.max(1, points.length) - 4));
  let total = 0;
  let body = `<line x1="20" y1="${base}" x2="${W - 10}" y2="${base}" stroke="#999"/>`;
  points.forEach((p, i) => {
    total += p.value;
    const x = 24 + i * (colW + 4);
    const hh = ((base - 20) * p.value) / max;
    body +=
      `<rect x="${x.toFixed(1)}" y="${(base - hh).toFixed(1)}" width="${colW.toFixed(1)}" height="${hh.toFixed(1)}" fill="${COLORS[2]}"><title>${escapeHtml(`${p.label}: ${p.value} (total ${total})`)}</title></rect>` +
      `<text x="${(x + colW / 2).toFixed(1)}" y="${(base - hh - 3).toFixed(1)}" text-anchor="middle" font-size="10">${p.value}</text>`;
    if (i === 0 || i === points.length - 1) {
      body += `<text x="${(x + colW / 2).toFixed(1)}" y="${base + 14}" text-anchor="middle" font-size="10">${escapeHtml(p.label)}</text>`;
    }
  });
  const caption = points.length ? `${total} in all` : 'nothing marked done yet';
  return figure(id, title, W, h, body, escapeHtml(caption));
}

/**
 * @param {string} id @param {string} title @param {number} w @param {number} h
 * @param {string} body SVG content @param {string} legend HTML under the chart
 */
function figure(id, title, w, h, body, legend) {
  return (
    `<figure class="chart" id="${escapeHtml(id)}"><figcaption>${escapeHtml(title)}</figcaption>` +
    `<svg role="img" aria-label="${escapeHtml(title)}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" xmlns="http://www.w3.org/2000/svg">${body}</svg>` +
    (legend ? `<div class="legend small">${legend}</div>` : '') +
    '</figure>'
  );
}
