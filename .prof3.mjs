import { readFileSync, existsSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const trace = JSON.parse(readFileSync(process.argv[3], 'utf8')).traceEvents;
const a = trace.find((e) => e.name === 'auna-switch').ts, b = trace.find((e) => e.name === (process.argv[4] ?? 'auna-drawn')).ts;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
let t = prof.startTime; const self = new Map();
for (let i = 0; i < prof.samples.length; i++) { t += prof.timeDeltas[i]; if (t < a || t > b) continue; self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + prof.timeDeltas[i]); }
console.log('profile', prof.startTime, prof.endTime, 'window', a, b, (b - a) / 1000, 'ms');
const maps = new Map();
async function orig(cf) {
  const m = /assets\/([^?]+\.js)/.exec(cf.url);
  if (!m) return `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}`;
  const file = `dist/web/assets/${m[1]}.map`;
  if (!maps.has(file)) maps.set(file, existsSync(file) ? await new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  const c = maps.get(file);
  if (!c) return `${cf.functionName} ${m[1]}`;
  const p = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  return `${p.name || cf.functionName || '(anon)'} ${(p.source || '').replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${p.line}`;
}
const agg = new Map();
for (const [id, us] of self) { const k = await orig(byId.get(id).callFrame); agg.set(k, (agg.get(k) ?? 0) + us); }
const total = [...agg.values()].reduce((x, y) => x + y, 0);
console.log('total ms', (total / 1000).toFixed(1));
for (const [k, v] of [...agg].sort((x, y) => y[1] - x[1]).slice(0, 45)) console.log((v / 1000).toFixed(1).padStart(7), k);
