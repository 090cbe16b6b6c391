// The normaliser stops where the Bash check's work budget is surely spent (budget.ts CheckFloor,
// normalize's `stop`): what it then leaves out is never checked, so a decision is the one a full
// normalisation gives. Under a trace (explain) it normalises in full: the two must agree.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PermissionEngine, loadPolicy, analyze, normalize } from '../../engine/index.ts';
import { leastUnits } from '../../engine/pipeline/tools/budget.ts';
import { SEARCH_SHAPES } from '../../lab/bench/search.ts';
import { HOME } from './helpers.ts';

const def = new PermissionEngine(loadPolicy(readFileSync('policies/default.yaml', 'utf8'), { file: 'policies/default.yaml' }));
const CTX = { mode: 'default' as const, cwd: '/home/dev/app', home: HOME };
const sig = (d: { behavior: string; reason: { type: string }; findings?: { detector: string; behavior: string }[] }) =>
  [d.behavior, d.reason.type, (d.findings ?? []).map((f) => f.detector + ':' + f.behavior).sort().join(',')].join(' ');

describe('the normaliser stops at the check budget', () => {
  const shapes = SEARCH_SHAPES.filter((s) => s.name.startsWith('whole:') || /values|loop|commands|pipes/.test(s.name));
  it.each(shapes.map((s) => [s.name, s] as const))('%s decides as with every invocation made', (_n, s) => {
    for (const bytes of [1500, 6000]) {
      const call = { tool: 'Bash' as const, input: { command: s.make(bytes).slice(0, bytes) } };
      expect(sig(def.decide(call, CTX))).toBe(sig(def.explain(call, CTX)));
    }
  });

  it('a partial normalisation is the first invocations of the full one', () => {
    const cmd = 'git -c core.pager=less log a/b/c/d; '.repeat(150);
    const ex = analyze(cmd, { home: HOME });
    const full = normalize(ex, { home: HOME, cwd: '/home/dev/app' });
    const part = normalize(ex, { home: HOME, cwd: '/home/dev/app', stop: { units: 256, cost: leastUnits } });
    expect(full.partial).toBe(false);
    expect(part.partial).toBe(true);
    expect(part.invocations.length).toBeLessThan(full.invocations.length);
    const text = (i: { name: string; args: { raw: string }[]; via: { name: string }[] }) => [i.name, ...i.args.map((w) => w.raw), ...i.via.map((v) => v.name)].join(' ');
    expect(part.invocations.map(text)).toEqual(full.invocations.slice(0, part.invocations.length).map(text));
  });
});
