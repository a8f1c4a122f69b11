import { readFileSync } from 'node:fs';
const ev = JSON.parse(readFileSync(process.argv[2], 'utf8')).traceEvents;
const main = ev.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const from = ev.find((e) => e.name === 'auna-switch').ts, to = ev.find((e) => e.name === 'auna-drawn').ts;
const S = new Set(['EvaluateScript','v8.compile','v8.compileModule','v8.evaluateModule','v8.produceCache','FunctionCall','TimerFire','EventDispatch','FireAnimationFrame','FireIdleCallback','RunMicrotasks','V8.Execute','v8.callFunction','ParseHTML']);
const mine = ev.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && S.has(e.name) && e.ts >= from && e.ts <= to).sort((a,b)=>a.ts-b.ts);
let end = -Infinity;
const gc = ev.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && /GC|Scavenge|MarkCompact|MinorGC|MajorGC/.test(e.name) && e.ts >= from && e.ts <= to);
for (const e of mine) { if (e.ts + e.dur <= end) continue; end = e.ts + e.dur; if (e.dur < 1500) continue;
 const d = e.args?.data ?? {}; console.log(((e.ts-from)/1000).toFixed(1).padStart(7), (e.dur/1000).toFixed(1).padStart(6), e.name, d.functionName ?? '', String(d.url ?? d.type ?? '').slice(-30)); }
const gcs = {}; for (const g of gc) gcs[g.name] = (gcs[g.name] ?? 0) + g.dur/1000; console.log('GC', JSON.stringify(gcs));
