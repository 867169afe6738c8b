import fs from 'node:fs';
import path from 'node:path';

/**
 * Self time of a V8 CPU profile (`node --cpu-prof`, e.g. the server child of `BENCH_PROF=dir npm
 * run bench -- live`) by package / server folder and by function:
 * `npx tsx tools/bench/live-profile.ts dir/file.cpuprofile [top]`.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
const top = Number(process.argv[3] || 25);
const prof = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
// Time of a sample = the delta to the next one (µs).
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i + 1] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function area(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native / V8 builtins)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const m = /apps\/server\/src\/([^/]+)(?:\/([^/]+))?/.exec(url);
  if (m) return `server/${m[1]}${m[2] && !m[2].includes('.') ? `/${m[2]}` : ''}`;
  const p = /packages\/([^/]+)/.exec(url);
  return p ? `packages/${p[1]}` : path.basename(url);
}

const areas = new Map<string, number>();
const fns = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  const { functionName, url, lineNumber } = n.callFrame;
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + us);
  const key = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''} [${a}]`;
  fns.set(key, (fns.get(key) ?? 0) + us);
}
const wall = (prof.endTime - prof.startTime) / 1000;
const rows = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([what, us]) => ({ what, 'self ms': Math.round(us / 1000), share: `${((us / total) * 100).toFixed(1)} %` }));
console.log(`${path.basename(file)}: ${Math.round(wall)} ms profiled, ${Math.round(total / 1000)} ms of samples (idle included)`);
console.table(rows(areas));
console.table(rows(fns));
