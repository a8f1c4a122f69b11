import { readFileSync, existsSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const trace = JSON.parse(readFileSync(process.argv[3], 'utf8')).traceEvents;
const a = trace.find((e) => e.name === 'auna-switch').ts, b = trace.find((e) => e.name === 'auna-drawn').ts;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = prof.startTime; const self = new Map();
for (let i = 0; i < prof.samples.length; i++) { t += prof.timeDeltas[i]; if (t < a || t > b) continue; self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + prof.timeDeltas[i]); }
const maps = new Map();
async function orig(cf) {
  const m = /assets\/([^?]+\.js)/.exec(cf.url);
  if (!m) return `${cf.functionName || '(anon)'}`;
  const file = `dist/web/assets/${m[1]}.map`;
  if (!maps.has(file)) maps.set(file, existsSync(file) ? await new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  const c = maps.get(file); if (!c) return cf.functionName;
  const p = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  return `${p.name || cf.functionName || '(anon)'} ${(p.source || '').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${p.line}`;
}
// inclusive time per chain containing the function
const want = process.argv[4]; const agg = new Map();
for (const [id, us] of self) {
  const chain = []; let hit = false;
  for (let x = id; x !== undefined; x = parent.get(x)) { const s = await orig(byId.get(x).callFrame); chain.push(s); if (s.startsWith(want)) { hit = true; break; } }
  if (!hit) continue;
  // find callers above the hit
  let x = id; while (x !== undefined && !(await orig(byId.get(x).callFrame)).startsWith(want)) x = parent.get(x);
  const up = []; for (let y = parent.get(x), k = 0; y !== undefined && k < 6; y = parent.get(y), k++) up.push(await orig(byId.get(y).callFrame));
  const key = up.join(' < '); agg.set(key, (agg.get(key) ?? 0) + us);
}
for (const [k, v] of [...agg].sort((p, q) => q[1] - p[1]).slice(0, 10)) console.log((v / 1000).toFixed(1), k);
