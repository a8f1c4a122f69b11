// Diagnostic, not a measure: the main thread's long tasks (over 30 ms) while a page of the production
// build loads in Chromium at 4x CPU (as Lighthouse's mobile run slows it), each with what ran in it:
// script evaluation, function calls by file, style, layout, HTML parsing. Lighthouse reports a task's
// length and a URL; this says what the task was (docs/decisions/109-first-views-without-intl.md).
// `npm run build && npx tsx scripts/lighthouse/trace-tasks.ts /reservar` (RUNS=3 loads;
// BLOCK='\\.woff2$' refuses the requests whose URL matches).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from '../../test/support/free-port';
import { spawnProductionServer, stopProcess, waitForUrl } from '../support/production-server';

type Ev = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: Record<string, unknown>; name?: string } };

async function main() {
  const page = process.argv[2] ?? '/reservar';
  const root = await mkdtemp(path.join(os.tmpdir(), 'auna-trace-'));
  const port = await freePort();
  const app = spawnProductionServer({ port, dataDir: root, pgPort: await freePort(), env: { SEED: 'demo', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForUrl(`${base}/api/health`, app, 'the server');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    for (let run = 0; run < Number(process.env.RUNS ?? 2); run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const tab = await context.newPage();
      if (process.env.BLOCK) await tab.route(new RegExp(process.env.BLOCK), (r) => r.abort());
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await browser.startTracing(tab, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
      await tab.goto(`${base}${page}`, { waitUntil: 'load' });
      await tab.waitForTimeout(5000);
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: Ev[] };
      const ev = trace.traceEvents;
      const fcp = ev.find((e) => e.name === 'firstContentfulPaint');
      const main = fcp ?? ev.find((e) => e.name === 'ParseHTML')!;
      const on = ev.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
      const nav = ev.find((e) => e.pid === main.pid && (e.name === 'navigationStart' || e.name === 'NavigationStart')) ?? on[0]!;
      console.log(`run ${run + 1}: FCP at ${fcp ? ((fcp.ts - nav.ts) / 1000).toFixed(0) : '?'} ms`);
      let tbt = 0;
      for (const t of on.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 30_000)) {
        const inside = on.filter((e) => e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur!);
        const by = new Map<string, number>();
        for (const e of inside) {
          const d = e.args?.data ?? {};
          const what =
            e.name === 'EvaluateScript' ? `Eval ${String(d.url ?? '').split('/').pop()}` :
            e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule' ? `${e.name} ${String((d as { fileName?: string }).fileName ?? '').split('/').pop()}` :
            e.name === 'FunctionCall' ? `Call ${String(d.functionName ?? '')}@${String(d.url ?? '').split('/').pop()}` :
            ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'ParseAuthorStyleSheet', 'HitTest', 'PrePaint', 'Layerize', 'MajorGC', 'MinorGC', 'V8.GC_MARK_COMPACTOR'].includes(e.name) ? e.name : '';
          if (what) by.set(what, (by.get(what) ?? 0) + (e.dur ?? 0) / 1000);
        }
        const ms = t.dur! / 1000;
        if (!fcp || t.ts > fcp.ts) tbt += Math.max(0, ms - 50);
        console.log(`  @${((t.ts - nav.ts) / 1000).toFixed(0)} ${ms.toFixed(0)} ms: ${[...by].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(' | ')}`);
      }
      console.log(`  blocking after FCP (observed, 4x): ${tbt.toFixed(0)} ms`);
      await context.close();
    }
    await browser.close();
  } finally {
    await stopProcess(app);
  }
}
await main();
