// The comparisons on hand-made engine views: each check must be able to fail.
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../engine/types.ts';
import type { Invocation, SimpleCommand, Word } from '../../engine/shell/types.ts';
import type { OracleResult } from '../../lab/oracle/harness.ts';
import { checkCoverage, checkSoundness, notReadOnly, sideBySide } from './compare.ts';
import type { EngineView } from './compare.ts';

const span = { start: 0, end: 0 };
const lit = (value: string): Word => ({ span, raw: value, static: true, value, approx: value, kinds: [], params: [], quoted: false, substitutions: 0 });
const dyn = (approx: string): Word => ({ span, raw: approx, static: false, approx, kinds: ['param'], params: ['X'], quoted: false, substitutions: 0 });
const simple = (...argv: Word[]): SimpleCommand => ({ span, env: [], argv, redirects: [], context: [], background: false, conditional: false });
const inv = (name: string, program: Word, args: Word[], extra: Partial<Invocation> = {}): Invocation => ({
  name, program, args, env: [], redirects: [], via: [], source: simple(program, ...args), ...extra,
});
const view = (commands: SimpleCommand[], invocations: Invocation[] = [], decision?: Decision): EngineView => ({
  extraction: { source: '', commands, functions: [], issues: [], stats: { chars: 0, tokens: 0, maxDepth: 0, commands: 0 } },
  invocations, normIssues: [], decision, errors: [],
});
const oracle = (execs: [string, ...string[]][], changed: string[] = []): OracleResult => ({
  execs: execs.map(([path, ...argv]) => ({ path, argv })), changed, exitCode: 0, timedOut: false, stderr: '', notFound: [],
});
const allow = (type: 'readOnly' | 'rule' = 'readOnly'): Decision => ({
  behavior: 'allow', mode: 'default', silenced: false, immune: false, reason: { type }, message: '', findings: [],
});

describe('coverage', () => {
  it('matches by basename and static argv', () => {
    const v = view([simple(lit('rm'), lit('-rf'), lit('/home/dev/x'))]);
    expect(checkCoverage(oracle([['/usr/bin/rm', '-rf', '/home/dev/x']]), v).problems).toEqual([]);
    expect(checkCoverage(oracle([['/usr/bin/rm', '-rf', '/']]), v).problems).toHaveLength(1);
    expect(checkCoverage(oracle([['/usr/bin/ls']]), v).problems).toHaveLength(1);
  });

  it('checks the full path when the engine saw an absolute one', () => {
    const v = view([simple(lit('/bin/rm'), lit('x'))]);
    expect(checkCoverage(oracle([['/bin/rm', 'x']]), v).problems).toEqual([]);
    expect(checkCoverage(oracle([['/usr/bin/rm', 'x']]), v).problems).toHaveLength(1);
  });

  it('lets a dynamic word stand for any run of words', () => {
    const v = view([simple(lit('rm'), dyn('$X'), lit('z'))]);
    expect(checkCoverage(oracle([['/usr/bin/rm', 'z']]), v).problems).toEqual([]);
    expect(checkCoverage(oracle([['/usr/bin/rm', '-r', '-f', 'z']]), v).problems).toEqual([]);
    expect(checkCoverage(oracle([['/usr/bin/rm', '-r', 'y']]), v).problems).toHaveLength(1);
  });

  it('expands multi-word braces', () => {
    const b: Word = { ...dyn('{a,b}'), kinds: [], braces: [lit('a'), lit('b')] };
    const v = view([simple(lit('ls'), b)]);
    expect(checkCoverage(oracle([['/usr/bin/ls', 'a', 'b']]), v).problems).toEqual([]);
    expect(checkCoverage(oracle([['/usr/bin/ls', 'a']]), v).problems).toHaveLength(1);
  });

  it('matches execs found only through an invocation (eval, bash -c)', () => {
    const v = view([simple(lit('eval'), lit('rm x'))], [inv('rm', lit('rm'), [lit('x')])]);
    expect(checkCoverage(oracle([['/usr/bin/rm', 'x']]), v).problems).toEqual([]);
  });

  it('excuses an unmatched exec when the engine did not fully understand the command', () => {
    const op = inv('python3', lit('python3'), [lit('-c'), lit('x')], { opaque: { carrier: 'python3 -c', reason: 'language' } });
    const v = view([simple(lit('python3'), lit('-c'), lit('x'))], [op]);
    const r = checkCoverage(oracle([['/usr/bin/rm', 'x']]), v);
    expect(r.problems).toEqual([]);
    expect(r.excused).toHaveLength(1);
    const v2 = view([simple(dyn('$X'), lit('x'))]);
    expect(checkCoverage(oracle([['/usr/bin/rm', 'x']]), v2).problems).toEqual([]);
  });
});

describe('soundness', () => {
  it('passes a read-only allow that ran read-only programs and changed nothing', () => {
    expect(checkSoundness(oracle([['/usr/bin/ls', '-la'], ['/usr/bin/git', 'status']]), view([], [], allow()))).toEqual([]);
  });

  it('fails a read-only allow that ran a program with effects, or changed the tree', () => {
    expect(checkSoundness(oracle([['/usr/bin/rm', 'x']]), view([], [], allow()))).toHaveLength(1);
    expect(checkSoundness(oracle([['/usr/bin/ls']], ['/home/dev/app/out']), view([], [], allow()))).toHaveLength(1);
  });

  it('skips rule allows, and excuses an exec a rule allows on its own', () => {
    expect(checkSoundness(oracle([['/usr/bin/npm', 'test']]), view([], [], allow('rule')))).toEqual([]);
    const alone = () => allow('rule');
    expect(checkSoundness(oracle([['/usr/bin/git', 'add', '-A']]), view([], [], allow()), { decideAlone: alone })).toEqual([]);
  });

  it('knows the read-only traps', () => {
    expect(notReadOnly({ path: '/usr/bin/ls', argv: ['-la'] })).toBeNull();
    expect(notReadOnly({ path: '/usr/bin/sed', argv: ['-n', '/error/p', 'f'] })).toBeNull();
    expect(notReadOnly({ path: '/usr/bin/git', argv: ['-C', 'x', 'log', '--oneline'] })).toBeNull();
    for (const [p, ...a] of [
      ['find', '.', '-delete'], ['find', '.', '-exec', 'rm', '{}', ';'], ['sort', '-o', 'x'], ['sort', '-uo', 'x'],
      ['uniq', 'a', 'b'], ['sed', '-i', 's/a/b/', 'f'], ['sed', '-n', '1w out'], ['sed', 's/a/b/w out'], ['sed', '-e', 'p', '-e', '1e date'],
      ['git', 'diff', '--output=x'], ['git', '-c', 'core.pager=x', 'log'], ['git', 'push'], ['git', 'branch', '-D', 'x'],
      ['git', 'stash', 'drop'], ['rg', '--pre', 'sh', 'x'], ['env', 'rm', 'x'], ['date', '-s', 'x'], ['xargs', 'rm'],
    ] as string[][]) {
      expect(notReadOnly({ path: `/usr/bin/${p}`, argv: a }), `${p} ${a.join(' ')}`).not.toBeNull();
    }
  });

  it('judges the argv of the read-only classes of issue 12 (print-only awk, find -exec, tar -t, versions)', () => {
    const ro = (p: string, ...a: string[]) => notReadOnly({ path: `/usr/bin/${p}`, argv: a });
    for (const [p, ...a] of [
      ['awk', '{print $1}', 'f'], ['awk', '-F,', 'NR > 1 {s += $2} END {print s}'], ['awk', '{print (a > b)}'],
      ['awk', '/a|b/ {print > "/dev/stderr"}'], ['sed', 's/x/w/', 'f'], ['find', 'src', '-exec', 'grep', '-l', 'x', '{}', '+'],
      ['tar', '-tf', 'x.tar'], ['tar', 'tzf', 'x.tgz'], ['xxd', 'f'], ['git', 'reflog', '-n', '10'], ['git', 'worktree', 'list'],
      ['node', '--version'], ['go', 'version'], ['java', '-version'], ['kubectl', 'version', '--client'], ['lsblk'],
    ] as string[][]) expect(ro(p!, ...a), `${p} ${a.join(' ')}`).toBeNull();
    for (const [p, ...a] of [
      ['awk', 'BEGIN{system("x")}'], ['awk', '{print > "out"}'], ['awk', '{print | "sh"}'], ['awk', '"date" | getline d'],
      ['awk', '-f', 'prog.awk'], ['awk', '@load "x"'], ['find', '.', '-exec', 'sed', '-i', 's/a/b/', '{}', ';'],
      ['find', '.', '-exec', 'sh', '-c', 'x', ';'], ['tar', '-xf', 'x.tar'], ['tar', '-tf', 'host:x.tar'],
      ['tar', '-tf', 'x.tar', '--to-command=sh'], ['xxd', 'f', 'out'], ['git', 'reflog', 'expire', '--all'],
      ['git', 'worktree', 'add', 'x'], ['node', 'x.js', '--version'], ['node', '-e', 'x'], ['kubectl', 'version'],
    ] as string[][]) expect(ro(p!, ...a), `${p} ${a.join(' ')}`).not.toBeNull();
  });

  it('does not hold an allow that plan mode refuses to the read-only list (a rule granted it)', () => {
    const plan = (behavior: 'allow' | 'deny'): Decision => ({ ...allow(), behavior, mode: 'plan' });
    const granted: EngineView = { ...view([], [], allow()), planDecision: plan('deny') };
    expect(checkSoundness(oracle([['/usr/bin/npx', 'vitest', 'run']]), granted)).toEqual([]);
    const claimed: EngineView = { ...view([], [], allow()), planDecision: plan('allow') };
    expect(checkSoundness(oracle([['/usr/bin/npx', 'vitest', 'run']]), claimed)).toHaveLength(1);
    const alone = (_: string[], mode?: string) => (mode === 'plan' ? plan('deny') : allow());
    expect(checkSoundness(oracle([['/usr/bin/npx', 'tsc']]), claimed, { decideAlone: alone })).toEqual([]);
  });
});

describe('soundness through wrappers and shells', () => {
  it('judges the command a wrapper would run', () => {
    const ro = (p: string, ...a: string[]) => notReadOnly({ path: `/usr/bin/${p}`, argv: a });
    expect(ro('timeout', '10', 'ls', '-la')).toBeNull();
    expect(ro('timeout', '-k', '5', '10', 'ls')).toBeNull();
    expect(ro('nice', '-n', '19', 'git', 'status')).toBeNull();
    expect(ro('stdbuf', '-oL', 'grep', '-rn', 'TODO', 'src')).toBeNull();
    expect(ro('env', 'LANG=C', 'ls', '-la')).toBeNull();
    expect(ro('env')).toBeNull();
    expect(ro('xargs', '-n1', 'echo')).toBeNull();
    expect(ro('xargs', 'rm')).not.toBeNull();
    expect(ro('env', 'X=1', 'rm', 'x')).not.toBeNull();
    expect(ro('timeout', '5', 'bash', '-c', 'ls')).not.toBeNull();
    expect(ro('time', '-o', 'out', 'ls')).not.toBeNull();
    expect(ro('git', 'log', '-p', '-n', '3')).toBeNull();
    expect(ro('git', '-p', 'log')).not.toBeNull();
  });

  it('judges a followed shell by its payload, not by itself', () => {
    expect(checkSoundness(oracle([['/usr/bin/bash', '-c', 'ls'], ['/usr/bin/ls']]), view([], [], allow()))).toEqual([]);
    expect(checkSoundness(oracle([['/usr/bin/bash', '-c', 'rm x'], ['/usr/bin/rm', 'x']]), view([], [], allow()))).toHaveLength(1);
    expect(checkSoundness(oracle([['/usr/bin/bash']]), view([], [], allow()), { shellsFollowed: false })).toHaveLength(1);
  });
});

describe('report', () => {
  it('shows the command, the trace and the engine view side by side', () => {
    const v = view([simple(lit('ls'))], [inv('ls', lit('ls'), [])], allow());
    const text = sideBySide('ls; rm x', oracle([['/usr/bin/ls'], ['/usr/bin/rm', 'x']]), v, ['a problem']);
    expect(text).toContain('command: "ls; rm x"');
    expect(text).toContain('exec /usr/bin/rm x');
    expect(text).toContain('decision: allow (reason readOnly)');
    expect(text).toContain('invocation: ls');
  });
});
