// Reads a V8 .cpuprofile and ranks functions by self and inclusive time (recursion counted once).
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

export interface FnTime {
  name: string;
  /** Percent of all samples. */
  self: number;
  total: number;
}

export function readProfile(file: string): Profile {
  return JSON.parse(readFileSync(file, 'utf8')) as Profile;
}

/** For an esbuild bundle: the source file of each line, from the `// path` comment before each module. */
const bundles = new Map<string, string[]>();
function sourceOf(url: string, line: number): string | undefined {
  if (!url.startsWith('file://') || !url.endsWith('.mjs')) return undefined;
  let map = bundles.get(url);
  if (!map) {
    map = [];
    let cur = '';
    try {
      readFileSync(new URL(url), 'utf8').split('\n').forEach((l, i) => {
        const m = /^\/\/ ((?:engine|lab|node_modules)\/\S+\.[cm]?[jt]s)$/.exec(l);
        if (m) cur = m[1]!;
        map![i] = cur;
      });
    } catch {
      /* not readable */
    }
    bundles.set(url, map);
  }
  return map[line] || undefined;
}

const label = (n: Node) => {
  const f = n.callFrame;
  const file = sourceOf(f.url, f.lineNumber) ?? f.url.replace(/^.*\/(engine|lab|node_modules)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${file}`.trim();
};

export function topFunctions(p: Profile): FnTime[] {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const id of p.samples) {
    const leaf = byId.get(id)!;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + 1);
    }
  }
  const n = p.samples.length || 1;
  return [...total.keys()].map((name) => ({ name, self: (100 * (self.get(name) ?? 0)) / n, total: (100 * total.get(name)!) / n }));
}

export function formatTop(rows: FnTime[], k = 20): string[] {
  const bySelf = [...rows].sort((a, b) => b.self - a.self).slice(0, k);
  const byTotal = [...rows].filter((r) => !/^\((root|program|garbage collector)\)|^\(anonymous\) $/.test(r.name)).sort((a, b) => b.total - a.total).slice(0, k);
  return [
    'top self time:',
    ...bySelf.map((r) => `  ${r.self.toFixed(1).padStart(5)} %  ${r.name}`),
    'top inclusive time:',
    ...byTotal.map((r) => `  ${r.total.toFixed(1).padStart(5)} %  ${r.name}`),
  ];
}
