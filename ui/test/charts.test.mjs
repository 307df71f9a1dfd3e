import { test } from 'node:test';
import assert from 'node:assert/strict';
import { barChart, columnChart, groupedBarChart } from '../app/js/charts.js';
import { reportDocument } from '../app/js/report.js';

/** The widths of the bars (rect elements with a <title>) of an SVG string. */
const widths = (svg) => [...svg.matchAll(/<rect x="[^"]+" y="[^"]+" width="([^"]+)"[^>]*><title>/g)].map((m) => Number(m[1]));

test('bars are scaled to the largest value, a null value has no bar and shows a dash', () => {
  const svg = barChart('c', 'Verdicts', [
    { label: 'Nothing lost', value: 4 },
    { label: 'Some lost', value: 2 },
    { label: 'Not measured', value: null },
    { label: 'Critical & <lost>', value: 0 },
  ]);
  const [a, b, c, d] = widths(svg);
  assert.ok(a > 0 && Math.abs(b - a / 2) < 0.2, `${a} ${b}`);
  assert.equal(c, 0);
  assert.equal(d, 0);
  assert.match(svg, /—/);
  assert.match(svg, /Critical &amp; &lt;lost&gt;/, 'labels are escaped');
  assert.doesNotMatch(svg, /style=/, 'no inline styles: the CSP forbids them');
  assert.match(svg, /^<figure class="chart" id="c">/);
});

test('grouped bars draw one bar per series on a fixed scale', () => {
  const svg = groupedBarChart('g', 'Per category', [{ label: 'Date', values: [1, 0.5] }, { label: 'City', values: [null, 0.25] }], ['recall', 'precision'], {
    max: 1,
    format: (v) => `${(100 * v).toFixed(1)}%`,
  });
  const w = widths(svg);
  assert.equal(w.length, 4);
  assert.ok(Math.abs(w[1] - w[0] / 2) < 0.2 && w[2] === 0 && Math.abs(w[3] - w[0] / 4) < 0.2, w.join(' '));
  assert.match(svg, /100\.0%/);
  assert.match(svg, /recall/);
});

test('columns over time count the running total', () => {
  const svg = columnChart('p', 'Done per day', [{ label: '2026-11-23', value: 3 }, { label: '2026-11-24', value: 5 }]);
  assert.match(svg, /8 in all/);
  assert.match(svg, /2026-11-24: 5 \(total 8\)/);
  assert.match(columnChart('p', 'Done per day', []), /nothing marked done yet/);
});

test('the saved report is one self-contained HTML document', () => {
  const html = reportDocument('Report <x>', '<div id="r">body</div>');
  assert.match(html, /^<!doctype html>/);
  assert.match(html, /<meta charset="utf-8">/);
  assert.match(html, /<title>Report &lt;x&gt;<\/title>/);
  assert.match(html, /<div id="r">body<\/div>/);
  assert.doesNotMatch(html, /<script|<link/, 'nothing loaded from elsewhere');
});
