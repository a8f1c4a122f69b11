import { readFileSync, existsSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const trace = JSON.parse(readFileSync(process.argv[3], 'utf8')).traceEvents;
const a = trace.find((e) => e.name === 'auna-switch').ts, b = trace.find((e) => e.name === (process.argv[4] ?? 'auna-drawn')).ts;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const maps = new Map(); const names = new Map();
async function orig(cf) {
  const key = `${cf.url}:${cf.lineNumber}:${cf.columnNumber}:${cf.functionName}`; if (names.has(key)) return names.get(key);
  let out = cf.functionName || '(anon)';
  const m = /assets\/([^?]+\.js)/.exec(cf.url);
  if (m) { const file = `dist/web/assets/${m[1]}.map`;
    if (!maps.has(file)) maps.set(file, existsSync(file) ? await new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    const c = maps.get(file); if (c) { const p = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); out = `${p.name || cf.functionName || '(anon)'} ${(p.source || '').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${p.line}`; } }
  names.set(key, out); return out;
}
let t = prof.startTime; const incl = new Map(); let tot = 0;
for (let i = 0; i < prof.samples.length; i++) { t += prof.timeDeltas[i]; if (t < a || t > b) continue;
  const fn = byId.get(prof.samples[i]).callFrame.functionName; if (fn === '(program)' || fn === '(idle)') continue; tot += prof.timeDeltas[i];
  const seen = new Set(); for (let x = prof.samples[i]; x !== undefined; x = parent.get(x)) { const k = await orig(byId.get(x).callFrame); if (seen.has(k)) continue; seen.add(k); incl.set(k, (incl.get(k) ?? 0) + prof.timeDeltas[i]); } }
console.log('js total', (tot/1000).toFixed(1));
for (const [k, v] of [...incl].sort((p, q) => q[1] - p[1]).slice(0, Number(process.argv[5] ?? 60))) console.log((v / 1000).toFixed(1).padStart(7), k);
