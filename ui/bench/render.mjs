// Render bench: the UI's own code for opening a narrative (offset map, uncertain tokens, the
// narrative and shared-text HTML) on a document payload as `get_document` returns it.
// Usage: node ui/bench/render.mjs payload.json   (src-tauri/benches/studio.rs writes one)
import { readFileSync } from 'node:fs';
import { OffsetMap } from '../app/js/offsets.js';
import { uncertainTokens } from '../app/js/keys.js';
import { renderNarrative, renderMasked } from '../app/js/render.js';

const doc = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const once = () => {
  const t0 = performance.now();
  const map = new OffsetMap(doc.text);
  Array.from(doc.text);
  const unc = uncertainTokens(doc.token_bounds, doc.pre?.tokens ?? [], 0.05);
  const html = renderNarrative({ text: doc.text, map, tokens: doc.token_bounds, spans: doc.gold, uncertain: new Set(unc) });
  const masked = renderMasked(doc.text, doc.gold, map);
  return [performance.now() - t0, html.length + masked.length];
};
for (let i = 0; i < 5; i++) once(); // warm up the JIT as a session would be
const times = [];
let size = 0;
for (let i = 0; i < 30; i++) {
  const [ms, n] = once();
  times.push(ms);
  size = n;
}
times.sort((a, b) => a - b);
console.log(`  JS render under node (offsets + uncertain + both panes' HTML, ${Math.round(size / 1024)} KB): median ${times[15].toFixed(2)} ms, max ${times[29].toFixed(2)} ms over 30 runs (DOM parse and paint: see the real-window figure)`);
