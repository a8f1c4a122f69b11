import { readFileSync } from 'node:fs';
const ev = JSON.parse(readFileSync(process.argv[2], 'utf8')).traceEvents;
const main = ev.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const from = ev.find((e) => e.name === 'auna-switch').ts, to = ev.find((e) => e.name === 'auna-drawn').ts;
const mine = ev.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.ts >= from && e.ts <= to);
const tasks = mine.filter((e) => e.name === 'RunTask').sort((a,b)=>a.ts-b.ts);
for (const t of tasks) { if (t.dur < 2000) continue;
  const inner = mine.filter((e) => e.ts >= t.ts && e.ts + (e.dur??0) <= t.ts + t.dur && e !== t && e.dur > 1000);
  const names = inner.map(e => `${e.name}${e.args?.data?.functionName ? '('+e.args.data.functionName+')' : ''}${e.args?.data?.url ? '['+String(e.args.data.url).slice(-40)+']' : ''}:${(e.dur/1000).toFixed(1)}`).slice(0,8).join(' ');
  console.log(((t.ts-from)/1000).toFixed(1).padStart(7), (t.dur/1000).toFixed(1).padStart(6), names);
}
console.log('window', ((to-from)/1000).toFixed(1));
