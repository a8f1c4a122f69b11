import { readdir, readFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import path from 'node:path';

// Where the app's CPU went during one batch of `bench:cost` (AUNA_BENCH_PROFILE=1, ADR 097): the
// server runs with --cpu-prof for its whole life, and the samples taken between two instants of
// the bench (both on the monotonic clock, as V8's profile timestamps are) are summed by SELF time,
// per module (a package of node_modules, a source file of ours through the bundle's source map,
// node's own internals, the garbage collector) and per function.

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** Microseconds on the monotonic clock, the one V8's profiler stamps its samples with. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The .cpuprofile file --cpu-prof wrote into `dir` (the newest). */
export async function findProfile(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile')).sort();
  if (!files.length) throw new Error(`no .cpuprofile in ${dir}`);
  return path.join(dir, files[files.length - 1]!);
}

function moduleOf(url: string, line: number, column: number, maps: Map<string, SourceMap | null>): string {
  if (!url) return '(V8: program, GC, idle)';
  if (url.startsWith('node:')) return 'node internals';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  const file = url.replace(/^file:\/\//, '');
  let map = maps.get(file);
  if (map === undefined) {
    map = null;
    maps.set(file, map);
  }
  if (map) {
    const entry = map.findEntry(line, column) as { originalSource?: string };
    if (entry.originalSource) return entry.originalSource.replace(/^.*?\/src\//, 'src/');
  }
  return path.basename(file);
}

/** Self time between `from` and `to` (monotonic µs) by module and by function, most first, as text. */
export async function summariseProfile(file: string, from: number, to: number, requests: number): Promise<string> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const maps = new Map<string, SourceMap | null>();
  // The bundle's source map (dist/server/main.js.map) for our own files.
  for (const n of profile.nodes) {
    const url = n.callFrame.url.replace(/^file:\/\//, '');
    if (url.endsWith('dist/server/main.js') && !maps.has(url)) {
      try {
        maps.set(url, new SourceMap(JSON.parse(await readFile(`${url}.map`, 'utf8'))));
      } catch {
        maps.set(url, null);
      }
    }
  }
  const byModule = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let t = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (t < from || t > to) continue;
    const node = byId.get(profile.samples[i]!)!;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    // A sample's weight is the time to the next one.
    const w = profile.timeDeltas[i + 1] ?? dt;
    const mod = moduleOf(url, lineNumber, columnNumber, maps);
    byModule.set(mod, (byModule.get(mod) ?? 0) + w);
    const fn = `${functionName || '(anonymous)'} ${mod}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + w);
    total += w;
  }
  const ms = (us: number) => (us / 1000 / requests).toFixed(3);
  const pct = (us: number) => ((us / total) * 100).toFixed(1);
  const top = (m: Map<string, number>, k: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, us]) => `  ${ms(us)} ms  ${pct(us)} %  ${name}`);
  return [
    `Self CPU time of the app per request (${ms(total)} ms sampled, idle excluded), by module:`,
    ...top(byModule, 25),
    'By function:',
    ...top(byFunction, 40),
  ].join('\n');
}
