// The Bash check's work budget (engine/pipeline/tools/budget.ts): generated inputs the analyser
// accepts whole but whose checks multiply (a cd chain, a 64 KiB glob path, a long argv) answer
// ask (limit); ordinary long scripts stay under it. Work units, never time.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { PermissionEngine, loadPolicy, analyze, normalize } from '../../engine/index.ts';
import { CheckBudget, CHECK_UNITS } from '../../engine/pipeline/tools/budget.ts';
import { decide, bash, HOME } from './helpers.ts';

const def = new PermissionEngine(loadPolicy(readFileSync('policies/default.yaml', 'utf8'), { file: 'policies/default.yaml' }));
const d = (cmd: string, mode: Parameters<typeof decide>[3] = 'default') => decide(def, 'Bash', bash(cmd), mode);
const clean = (cmd: string) => expect(analyze(cmd, { home: HOME }).issues).toEqual([]);

describe('check work budget', () => {
  it.each([
    // each cd may fail, so every later command is also checked from where the shell was
    ['a cd chain', 'cd a; '.repeat(120) + 'rm -rf b'],
    // a glob path of thousands of segments (path classes walk each)
    ['a long glob path', 'ls ' + '*/?[a-z]'.repeat(8000)],
    // one invocation with thousands of path words, or a long argv checked once per loop value
    ['a long argv of paths', 'cat ' + 'a/b/c '.repeat(1500)],
    ['a long argv in a loop', 'for f in a b c; do cat "$f" ' + 'x '.repeat(1500) + '; done'],
    // 100 commands of two paths each from piped items (each classified as all a lister may print)
    ['a long while-read body', 'find . | while read -r f; do ' + 'cp "$f" "$f.bak"; '.repeat(100) + 'done'],
  ])('%s the analyser accepts whole asks (limit)', (_n, cmd) => {
    clean(cmd);
    for (const mode of ['default', 'bypassPermissions'] as const) {
      const r = d(cmd, mode);
      expect(r.behavior).toBe('ask');
      expect(r.reason.type).toBe('limit');
    }
  });

  it('100 plain commands stay under it; 200 (the analyser budget) do not', () => {
    const cmd = Array(100).fill('ls').join(' && ');
    clean(cmd);
    expect(d(cmd).behavior).toBe('allow');
    const more = Array(200).fill('ls').join(' && ');
    clean(more);
    expect(d(more).reason.type).toBe('limit');
  });

  it('a deny checked before the budget runs out still denies', () => {
    const r = d('rm -rf ~; ' + 'cd a; '.repeat(120));
    expect(r.behavior).toBe('deny');
  });

  it('counts checks and long words, and refuses what does not fit', () => {
    const word = (raw: string) => ({ raw, static: true, kinds: [] });
    const inv = (args: number, slashes = 0) => ({ args: Array.from({ length: args }, (_, i) => word(i === 0 ? '/'.repeat(slashes) : 'a')), redirects: [] }) as never;
    const b = new CheckBudget(20);
    expect(b.take(inv(1), 5)).toBe(true);
    expect(b.take(inv(4), 2)).toBe(true); // 3 units a check: one more per two words
    expect(b.used).toBe(11);
    expect(b.take(inv(1, 32), 3)).toBe(true); // 3 units a check: one more per 16 slashes
    expect(b.used).toBe(20);
    expect(b.take(inv(1), 1)).toBe(false); // over
    expect(b.over).toContain('20 units');
    // a glob word costs two more: it is matched against the path tables
    const glob = { args: [{ raw: '*.ts', static: false, kinds: ['glob'], substitutions: 0, approx: '*.ts' }], redirects: [] } as never;
    const g = new CheckBudget(4);
    expect(g.take(glob, 1)).toBe(true);
    expect(g.used).toBe(3);
    expect(new CheckBudget().units).toBe(CHECK_UNITS);
  });

  // the derivation budgets of normalisation (engine/shell/normalize/index.ts), in work as well
  it('a payload repeated through a value is analysed only up to the payload budget', () => {
    // 20 KiB of payload text, opened four times through the value of x: 80 KiB to analyse
    const cmd = `x='echo ${'a'.repeat(20_000)}'; ` + 'eval "$x"; '.repeat(4);
    clean(cmd);
    const n = normalize(analyze(cmd, { home: HOME }), { home: HOME, cwd: '/home/dev/app' });
    expect(n.issues.some((i) => i.kind === 'limit' && i.message.includes('payload'))).toBe(true);
    const r = d(cmd);
    expect(r.behavior).toBe('ask');
    expect(r.reason.type).toBe('limit');
    // three times (60 KiB) is under it
    const three = `x='echo ${'a'.repeat(20_000)}'; ` + 'eval "$x"; '.repeat(3);
    expect(normalize(analyze(three, { home: HOME }), { home: HOME, cwd: '/home/dev/app' }).issues).toEqual([]);
  });

  it('derived commands stop at the invocation budget', () => {
    // four payloads of 150 commands each: 600 derived invocations
    const cmd = Array(4).fill(`bash -c '${'echo a; '.repeat(150)}'`).join('; ');
    clean(cmd);
    const n = normalize(analyze(cmd, { home: HOME }), { home: HOME, cwd: '/home/dev/app' });
    expect(n.issues.map((i) => i.message)).toContain('too many derived commands');
    expect(n.invocations.length).toBeLessThanOrEqual(256);
    expect(d(cmd).reason.type).toBe('limit');
  });

  it('value variants stop at their own budget, and only what they open counts as derived', () => {
    // 40 commands whose word has 8 assigned values: 320 variants to expand
    const cmd = 'x=a; x=b; x=c; x=d; x=e; x=f; x=g; x=h; ' + 'git "$x"; '.repeat(40);
    const n = normalize(analyze(cmd, { home: HOME }), { home: HOME, cwd: '/home/dev/app' });
    expect(n.issues.map((i) => i.message)).toContain('too many value variants');
    expect(d(cmd).reason.type).toBe('limit');
    // 60 names, each assigned once and read once: 60 variants, none opens anything
    const used = Array.from({ length: 60 }, (_, i) => `x${i}=${'a'.repeat(40)}; cat "$x${i}"`).join('; ');
    clean(used);
    expect(normalize(analyze(used, { home: HOME }), { home: HOME, cwd: '/home/dev/app' }).issues).toEqual([]);
    expect(d(used).behavior).toBe('allow');
  });
});
