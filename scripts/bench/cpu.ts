import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the machine's CPU went while a load ran, from /proc (Linux): the app server (its process
 * and, with WEB_CONCURRENCY, its worker processes), its PostgreSQL (every other process below the
 * server: the embedded postmaster and its backends), the
 * load generator (this process: autocannon, or the bare-insert clients) and everything else.
 * In cores: 1.0 = one core busy for the whole run. It tells whether the endpoint was limited by
 * the app, the database, the load generator or simply by a full machine.
 */
export type CpuSplit = {
  server: number;
  postgres: number;
  load: number;
  other: number;
  idle: number;
  /** what "other" was: interrupts (loopback packets, disk completions), time the hypervisor took, the busiest other processes */
  otherDetail: string;
};

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on Linux (getconf CLK_TCK)

/** [pid, ppid, utime+stime in ticks, command name] of every process, or [] off Linux. */
function processes(): Array<[number, number, number, string]> {
  const out: Array<[number, number, number, string]> = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name is in parentheses and may hold spaces: the fields follow its last ')'.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      out.push([Number(name), Number(f[1]), Number(f[11]) + Number(f[12]), comm]);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The machine's ticks over all cores (/proc/stat's first line): busy, idle, interrupts, stolen by the hypervisor. */
function machineTicks(): { busy: number; idle: number; irq: number; steal: number } {
  try {
    // user nice system idle iowait irq softirq steal guest guest_nice
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const at = (i: number) => f[i] ?? 0;
    const idle = at(3) + at(4);
    return { busy: at(0) + at(1) + at(2) + at(5) + at(6) + at(7), idle, irq: at(5) + at(6), steal: at(7) };
  } catch {
    return { busy: 0, idle: 0, irq: 0, steal: 0 };
  }
}

function snapshot(serverPid: number) {
  const procs = processes();
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of procs) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const below = new Set<number>();
  const walk = (pid: number) => {
    for (const c of children.get(pid) ?? []) {
      if (below.has(c)) continue;
      below.add(c);
      walk(c);
    }
  };
  walk(serverPid);
  const ticks = new Map(procs.map(([pid, , t]) => [pid, t]));
  const names = new Map(procs.map(([pid, , , comm]) => [pid, comm]));
  const load = process.cpuUsage();
  return { server: ticks.get(serverPid) ?? 0, ticks, names, below, load: (load.user + load.system) / 1e6, machine: machineTicks(), at: performance.now() };
}

/** Start measuring; the returned function stops and gives the split in cores. */
export function measureCpu(serverPid: number): () => CpuSplit {
  const a = snapshot(serverPid);
  return () => {
    const b = snapshot(serverPid);
    const seconds = (b.at - a.at) / 1000;
    const cores = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100) / 100;
    // A process that exited during the run took its ticks with it; one started during it counts from 0.
    const used = (pid: number) => (b.ticks.get(pid) ?? 0) - (a.below.has(pid) ? (a.ticks.get(pid) ?? 0) : 0);
    const workers = [...b.below].filter((pid) => b.names.get(pid) === 'node');
    const pgTicks = [...b.below].filter((pid) => b.names.get(pid) !== 'node').reduce((t, pid) => t + used(pid), 0);
    const server = cores(b.server - a.server + workers.reduce((t, pid) => t + used(pid), 0));
    const postgres = cores(pgTicks);
    const load = Math.round(((b.load - a.load) / seconds) * 100) / 100;
    const busy = cores(b.machine.busy - a.machine.busy);
    // The other processes that used the most, by name (a kernel thread, a browser, a test run).
    const byName = new Map<string, number>();
    for (const [pid, t] of b.ticks) {
      if (pid === serverPid || pid === process.pid || b.below.has(pid)) continue;
      const used = t - (a.ticks.get(pid) ?? 0);
      if (used > 0) byName.set(b.names.get(pid) ?? '?', (byName.get(b.names.get(pid) ?? '?') ?? 0) + used);
    }
    const top = [...byName].sort((x, y) => y[1] - x[1]).slice(0, 3).filter(([, t]) => cores(t) >= 0.02);
    const otherDetail = [
      `interrupts ${cores(b.machine.irq - a.machine.irq).toFixed(2)}`,
      `stolen ${cores(b.machine.steal - a.machine.steal).toFixed(2)}`,
      ...top.map(([name, t]) => `${name} ${cores(t).toFixed(2)}`),
    ].join(', ');
    return {
      server,
      postgres,
      load,
      other: Math.max(0, Math.round((busy - server - postgres - load) * 100) / 100),
      idle: cores(b.machine.idle - a.machine.idle),
      otherDetail,
    };
  };
}
