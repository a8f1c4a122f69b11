import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the machine's CPU went while a load ran, from /proc (Linux): the app server, its
 * PostgreSQL (every process below the server: the embedded postmaster and its backends), the
 * load generator (this process: autocannon, or the bare-insert clients) and everything else.
 * In cores: 1.0 = one core busy for the whole run. It tells whether the endpoint was limited by
 * the app, the database, the load generator or simply by a full machine.
 */
export type CpuSplit = { server: number; postgres: number; load: number; other: number; idle: number };

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on Linux (getconf CLK_TCK)

/** [pid, ppid, utime+stime in ticks] of every process, or [] off Linux. */
function processes(): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
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
      out.push([Number(name), Number(f[1]), Number(f[11]) + Number(f[12])]);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The machine's [busy, idle] ticks over all cores (/proc/stat's first line). */
function machineTicks(): [number, number] {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    return [f.reduce((a, b) => a + b, 0) - idle, idle];
  } catch {
    return [0, 0];
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
  const load = process.cpuUsage();
  return { server: ticks.get(serverPid) ?? 0, ticks, below, load: (load.user + load.system) / 1e6, machine: machineTicks(), at: performance.now() };
}

/** Start measuring; the returned function stops and gives the split in cores. */
export function measureCpu(serverPid: number): () => CpuSplit {
  const a = snapshot(serverPid);
  return () => {
    const b = snapshot(serverPid);
    const seconds = (b.at - a.at) / 1000;
    const cores = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100) / 100;
    // A backend that exited during the run took its ticks with it; one started during it counts from 0.
    const pgTicks = [...b.below].reduce((t, pid) => t + (b.ticks.get(pid) ?? 0) - (a.below.has(pid) ? (a.ticks.get(pid) ?? 0) : 0), 0);
    const server = cores(b.server - a.server);
    const postgres = cores(pgTicks);
    const load = Math.round(((b.load - a.load) / seconds) * 100) / 100;
    const busy = cores(b.machine[0] - a.machine[0]);
    return { server, postgres, load, other: Math.max(0, Math.round((busy - server - postgres - load) * 100) / 100), idle: cores(b.machine[1] - a.machine[1]) };
  };
}
