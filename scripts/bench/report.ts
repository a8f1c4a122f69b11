import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import type { Figures } from './load';
import type { Plan } from './explain';

export type Phase = { size: number; results: Record<string, Figures>; booked: number };

type Machine = Record<'cores' | 'cpu' | 'memory' | 'node' | 'postgres' | 'os' | 'load' | 'server', string | number>;

const NAMES: Record<string, string> = {
  health: '`GET /api/health` (floor)',
  slots: '`GET /api/booking/slots` (one employee, one day)',
  slotsResources: '`GET /api/booking/slots`, laser service (2 resource groups)',
  month: '`GET /api/booking/month` (ADR 061: a month, one employee or anyone, laser service; 50 connections)',
  monthOne: '`GET /api/booking/month`, the same requests from 1 connection (what one client waits)',
  adminList: '`GET /api/admin/appointments` (one week, pages 1-2 of 50)',
  dashboard: '`GET /api/admin/dashboard`',
  reports: '`GET /api/reports/*` (12 months, the 5 reports in turn, all and one professional; 1 connection)',
  booking: '`POST /api/booking` (201 = booked)',
  bookingResources: '`POST /api/booking`, laser service (any laser + any cabin)',
  bareInsert: 'bare 1-row `INSERT` commits (reference)',
};

const FLAT = 1.5;
const SLOTS_VS_HEALTH = 0.25;
const BOOKINGS_VS_INSERT = 0.5;
/** ADR 036: a booking that picks and holds two resources costs at most 15% more than one without. */
const RESOURCES_VS_PLAIN = 1.15;
/** ADR 042: a 12-month report at 1M appointments answers in 300 ms (p50). */
const REPORT_P50_MS = 300;
/** ADR 061: the booking calendar's month at 1M appointments answers in 60 ms (p50). */
const MONTH_P50_MS = 60;
/**
 * ADR 112: a plain booking, its messages queued in its transaction, costs at most 3 ms of CPU in
 * all (app, PostgreSQL and the load generator), the round whose sum is the median.
 */
const BOOKING_CPU_MS = 3;

const n0 = (x: number) => Math.round(x).toLocaleString('en');
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));
const pct = (x: number) => `${Math.round(x * 100)}%`;
const size = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

/** Bookings per second that actually booked (201), the figure the target is about. */
const bookedRate = (f: Figures) => ((f.codes['201'] ?? 0) / f.total) * f.rps;

export function checks(phases: Phase[]) {
  const first = phases[0]!;
  const last = phases.at(-1)!;
  const out: Array<{ row: string; text: string; pass: boolean }> = [];
  for (const key of ['slots', 'slotsResources', 'monthOne', 'adminList', 'dashboard', 'booking', 'bookingResources']) {
    const a = first.results[key];
    const b = last.results[key];
    if (!a || !b) continue;
    const ratio = b.p50 / a.p50;
    out.push({ row: key, text: `p50 ${size(last.size)}/${size(first.size)} = ×${ratio.toFixed(2)} (≤ ×${FLAT})`, pass: ratio <= FLAT });
  }
  // ADR 061's target is what one client waits: judged on the 1-connection row (monthOne). The
  // 50-connection row is shown beside it; on two cores its p50 is mostly time queued.
  const month = last.results.monthOne;
  if (month) out.push({ row: 'monthOne', text: `${size(last.size)}: p50 ${ms(month.p50)} ms (≤ ${MONTH_P50_MS} ms; ADR 061's target, judged at 1 connection)`, pass: month.p50 <= MONTH_P50_MS });
  const reports = last.results.reports;
  if (reports) out.push({ row: 'reports', text: `${size(last.size)}: p50 ${ms(reports.p50)} ms (≤ ${REPORT_P50_MS} ms)`, pass: reports.p50 <= REPORT_P50_MS });
  for (const p of phases) {
    const r = p.results.slots!.rps / p.results.health!.rps;
    out.push({ row: 'slots', text: `${size(p.size)}: ${pct(r)} of health's req/s (≥ ${pct(SLOTS_VS_HEALTH)})`, pass: r >= SLOTS_VS_HEALTH });
    const b = bookedRate(p.results.booking!) / p.results.bareInsert!.rps;
    out.push({ row: 'booking', text: `${size(p.size)}: ${n0(bookedRate(p.results.booking!))} booked/s = ${pct(b)} of bare inserts (≥ ${pct(BOOKINGS_VS_INSERT)})`, pass: b >= BOOKINGS_VS_INSERT });
    const cpu = p.results.booking!.cpuMs;
    if (cpu) out.push({ row: 'booking', text: `${size(p.size)}: ${cpu.inAll.toFixed(2)} ms of CPU in all a booking, its messages queued (≤ ${BOOKING_CPU_MS} ms)`, pass: cpu.inAll <= BOOKING_CPU_MS });
    const rb = p.results.bookingResources!.p50 / p.results.booking!.p50;
    out.push({ row: 'bookingResources', text: `${size(p.size)}: p50 = ×${rb.toFixed(2)} the booking without resources (≤ ×${RESOURCES_VS_PLAIN})`, pass: rb <= RESOURCES_VS_PLAIN });
  }
  return out;
}

export function renderReport(opts: { machine: Machine; phases: Phase[]; plans: Plan[]; seconds: number; rounds: number; connections: number; date: Date }) {
  const { phases, machine } = opts;
  const all = checks(phases);
  const head = ['Endpoint', ...phases.flatMap((p) => [`${size(p.size)} req/s`, `${size(p.size)} p50 ms`, `${size(p.size)} p99 ms`]), 'Targets'];
  const rows = Object.keys(NAMES).map((key) => {
    const figures = phases.flatMap((p) => {
      const f = p.results[key]!;
      return [n0(f.rps), ms(f.p50), ms(f.p99)];
    });
    const mine = all.filter((c) => c.row === key).map((c) => `${c.pass ? 'PASS' : 'FAIL'} ${c.text}`);
    const a = phases[0]!.results[key]!;
    const b = phases.at(-1)!.results[key]!;
    const drift = phases.length > 1 ? ` (its own p50 ${size(phases.at(-1)!.size)}/${size(phases[0]!.size)} = ×${(b.p50 / a.p50).toFixed(2)}: the machine, no database involved)` : '';
    const reference = key === 'health' ? `reference${drift}` : key === 'month' ? `reference: ADR 061's target is judged on the 1-connection row below${phases.length > 1 ? ` (here p50 ${size(phases.at(-1)!.size)}/${size(phases[0]!.size)} = ×${(b.p50 / a.p50).toFixed(2)})` : ''}` : 'reference';
    return [NAMES[key]!, ...figures, mine.length ? mine.join('<br>') : reference];
  });
  const md = [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
  const codes = phases
    .flatMap((p) => (['booking', 'bookingResources'] as const).map((k) => [p, k] as const))
    .map(([p, k]) => {
      const b = p.results[k]!;
      return `${size(p.size)} ${k === 'booking' ? 'booking' : 'laser booking'}: ${n0(b.total)} requests, ${n0(b.codes['201'] ?? 0)} booked (201), ${n0(b.codes['409'] ?? 0)} lost the race (409), other: ${
        JSON.stringify(Object.fromEntries(Object.entries(b.codes).filter(([k]) => k !== '201' && k !== '409')))
      }, errors ${b.errors}`;
    })
    .concat(phases.map((p) => `${size(p.size)}: appointments booked by the loads and removed after each run: ${n0(p.booked)}`))
    .join('\n- ');
  const waits = phases
    .flatMap((p) =>
      (['slots', 'slotsResources', 'booking', 'bookingResources', 'bareInsert'] as const)
        .filter((k) => p.results[k]?.waits)
        .map((k) => `${size(p.size)} ${k}: ${Object.entries(p.results[k]!.waits!).map(([w, n]) => `${w} ${n}`).join(', ') || 'none active'}`),
    )
    .join('\n- ');
  const cpu = phases
    .flatMap((p) =>
      Object.keys(NAMES)
        .filter((k) => p.results[k]?.cpu)
        .map((k) => {
          const c = p.results[k]!.cpu!;
          const ms = p.results[k]!.cpuMs;
          const sent = p.results[k]!.untilSentMs;
          const split = (c: NonNullable<Figures['cpuMs']>) =>
            `app ${c.app.toFixed(2)} ms, PostgreSQL ${c.postgres.toFixed(2)}, load generator ${c.load.toFixed(2)}, **${c.inAll.toFixed(2)} ms in all**`;
          const perRequest = ms ? `; a request, in the median round: ${split(ms)}` : '';
          const withMessages = sent ? `; until its messages were sent (${sent.seconds.toFixed(1)} s from the load's start): ${split(sent)}` : '';
          return `${size(p.size)} ${k}: server ${c.server.toFixed(2)}, PostgreSQL ${c.postgres.toFixed(2)}, load generator ${c.load.toFixed(2)}, other ${c.other.toFixed(2)} (${c.otherDetail}), idle ${c.idle.toFixed(2)}${perRequest}${withMessages}`;
        }),
    )
    .join('\n- ');
  const passed = all.every((c) => c.pass);
  const markdown = `<!-- bench:start (written by npm run bench; do not edit by hand) -->
Run ${opts.date.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${opts.connections} connections, ${opts.seconds} s per endpoint and size in ${opts.rounds} interleaved rounds of ${opts.seconds / opts.rounds} s (each after a 2 s warm-up, none for bookings); the figures are the median round. Loopback only.

| Machine | |
|---|---|
| CPU | ${machine.cpu}, ${machine.cores} cores |
| Memory | ${machine.memory} |
| OS | ${machine.os} |
| Node | ${machine.node} |
| PostgreSQL | ${machine.postgres} |
| App server | ${machine.server} |
| Load average at the end (1/5/15 min) | ${machine.load} |

${md}

**${passed ? 'Every target met.' : 'Not every target met: see below.'}**

- ${codes}

PostgreSQL backends busy during the run, on average per 100 ms sample, by what they wait on ('CPU' = running):

- ${waits}

Where the machine's CPU went during each run, in cores averaged over its rounds (1.00 = one core busy
the whole run; the app server is one Node process, PostgreSQL is every process below it, the load
generator is the bench itself: autocannon, or the bare-insert clients), and what one request cost in
the round whose sum is the median (that round's cores ÷ its requests/s):

- ${cpu}

<details><summary>EXPLAIN (ANALYZE, BUFFERS) at ${size(phases.at(-1)!.size)} appointments</summary>

${opts.plans.map((p) => `**${p.name}**\n\n\`\`\`sql\n${p.sql}\n\`\`\`\n\n\`\`\`\n${p.plan}\n\`\`\``).join('\n\n')}

</details>
<!-- bench:end -->`;
  const table = [head.join(' | '), ...rows.map((r) => r.join(' | ').replace(/<br>/g, '; '))].join('\n');
  return { markdown, table: `${table}\n\n${passed ? 'Every target met.' : 'NOT every target met.'}\n\nPostgreSQL waits:\n- ${waits}\n\nCPU (cores):\n- ${cpu}\n- ${codes}` };
}

/** Replaces the bench section of docs/benchmarks.md (between its markers), keeping the rest. */
export async function writeReport(file: string, section: string) {
  const doc = existsSync(file) ? await readFile(file, 'utf8') : '# Benchmarks\n\n## Server\n\n<!-- bench:start -->\n<!-- bench:end -->\n';
  const start = doc.indexOf('<!-- bench:start');
  const end = doc.indexOf('<!-- bench:end -->');
  const next = start >= 0 && end > start ? doc.slice(0, start) + section + doc.slice(end + '<!-- bench:end -->'.length) : `${doc}\n${section}\n`;
  await writeFile(file, next);
}
