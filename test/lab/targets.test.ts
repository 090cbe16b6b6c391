// c11 (targets checks): the ARTEX guard with the engine's TargetGate, a fake resolver and a fake
// operator who approves only targets inside the learner policy's Strix scope.
import { describe, expect, it } from 'vitest';
import { PermissionEngine, loadPolicy, type Context } from '../../engine/index.ts';
import { useNodeHost } from '../../lab/node-host.ts';
import { loadCheck, parseCheck, CheckError, type CheckCase } from '../../lab/challenges/check.ts';
import { runWithFiles, openSolution } from '../../lab/challenges/devcheck.ts';
import { diffsOf } from '../../lab/challenges/report.ts';
import { fakeResolver, runGateCase, scopeApprover, type GateWorld } from '../../lab/challenges/targets.ts';
import { ROOT } from './helpers.ts';

useNodeHost();
const CTX: Context = { cwd: '/home/dev/app', home: '/home/dev', workspace: ['/home/dev/app'], mode: 'default' };
const check = loadCheck('c11', ROOT);
const world = check.targetGate!;
const solution = openSolution(ROOT, check)!['policy.yaml']!;

function engineFor(policy: string): { engine: PermissionEngine; scope: string[] } {
  const p = loadPolicy(policy, { file: 'policy.yaml' });
  return { engine: new PermissionEngine(p), scope: p.scope };
}

function gateCase(part: Partial<CheckCase> & { command: string }, gate: Partial<NonNullable<CheckCase['gate']>> = {}): CheckCase {
  return {
    id: 'x', tool: 'Bash', effect: 'e', expect: 'run', immune: false, workspaceEdit: false, detectors: [], secrets: [], keep: [],
    gate: { pins: [], approver: 'scope', cancelled: false, ...gate },
    ...part,
  };
}

function run(policy: string, c: CheckCase, w: GateWorld = world) {
  const { engine, scope } = engineFor(policy);
  return runGateCase(engine, scope, w, c, { tool: 'Bash', input: { command: c.command! } }, CTX);
}

describe('the fakes', () => {
  it('the operator approves only targets in scope: an authorized domain covers its subdomains', () => {
    const op = scopeApprover(['acme.test']);
    const req = (host: string) => ({ id: 1, tool: 'Bash', targets: [{ host, port: 443, addresses: [] }] });
    expect(op.request(req('a.b.acme.test')).status).toBe('approved');
    expect(op.request(req('acme.test')).status).toBe('approved');
    expect(op.request(req('evilacme.test')).status).toBe('denied');
    expect(op.request(req('acme.test.evil.example')).status).toBe('denied');
    expect(op.requests).toHaveLength(4);
  });

  it('the resolver fails on unknown names and moves `moving` hosts', () => {
    const r = fakeResolver({ 'a.test': ['192.0.2.1'], 'm.test': 'moving' });
    expect(r.resolve('a.test')).toEqual(['192.0.2.1']);
    expect(() => r.resolve('nope.test')).toThrow(/no such host/);
    expect(r.resolve('m.test')).not.toEqual(r.resolve('m.test'));
  });
});

describe('the guard over the learner policy', () => {
  it('sends one request for every unpinned target, and it carries the rule ask', () => {
    const g = run(solution, gateCase({ command: 'curl -s https://api.acme.test/a https://cdn.acme.test/b' }));
    expect(g.label).toBe('run (1 request)');
    expect(g.requests).toHaveLength(1);
    expect(g.requests[0]!.targets.map((t) => t.host)).toEqual(['api.acme.test', 'cdn.acme.test']);
    expect(g.requests[0]!.ask).toBeDefined();
    expect(g.detail).toContain("request 1: [api.acme.test:443, cdn.acme.test:443] + the rule's ask");
  });

  it('rechecks at most 3 times, and a cancelled call asks nobody', () => {
    const moving = run(solution, gateCase({ command: 'curl -s https://flaky.acme.test/' }));
    expect(moving.label).toBe('blocked target_approval_pending (3 requests)');
    const cancelled = run(solution, gateCase({ command: 'curl -s https://api.acme.test/' }, { cancelled: true }));
    expect(cancelled.label).toBe('blocked work_cancelled (0 requests)');
    expect(cancelled.requests).toEqual([]);
  });

  it('the learner scope decides the approvals', () => {
    const c = gateCase({ command: 'curl -s https://cdn.acme.test/' });
    expect(run(solution, c).label).toBe('run (1 request)');
    const narrow = solution.replace(/^scope: .*$/m, 'scope: [api.acme.test]');
    expect(run(narrow, c).label).toBe('blocked target_denied (1 request)');
    const none = solution.replace(/^scope: .*$/m, 'scope: []');
    expect(run(none, c).label).toBe('blocked target_denied (1 request)');
  });

  it('a deny rule blocks before the gate; without it the operator rule blocks', () => {
    const c: CheckCase = { ...gateCase({ command: '' }), command: undefined, tool: 'WebFetch', input: { url: 'http://169.254.169.254/' } };
    const go = (policy: string) => {
      const { engine, scope } = engineFor(policy);
      return runGateCase(engine, scope, world, c, { tool: 'WebFetch', input: c.input! }, CTX).label;
    };
    expect(go(solution)).toBe('blocked rule_deny (0 requests)');
    expect(go(solution.replace(/^\s+- WebFetch\(domain:169\.254\.169\.254\)$/m, ''))).toBe('blocked target_rule_blocked (0 requests)');
  });
});

describe('c11 as a whole: both parts of the learner file matter', () => {
  const failing = async (policy: string) => {
    const r = await runWithFiles(ROOT, check, { 'policy.yaml': policy });
    expect(r.error).toBeUndefined();
    return r.outcomes.filter((o) => !o.ok).map((o) => o.case.id);
  };

  it('the right rules with a host-by-host scope fail the gate cases', async () => {
    const bad = await failing(solution.replace(/^scope: .*$/m, 'scope: [www.acme.test, api.acme.test]'));
    expect(bad).toContain('c11-gate-apex');
    expect(bad).toContain('c11-gate-one-request');
    expect(bad.every((id) => id.startsWith('c11-gate-'))).toBe(true);
  });

  it('a scope wider than the engagement approves a sibling domain', async () => {
    expect(await failing(solution.replace(/^scope: .*$/m, 'scope: [test]'))).toEqual(['c11-gate-sibling-domain']);
  });

  it('the right scope with allow-everything rules fails the rule cases and the metadata gate case', async () => {
    const bad = await failing('version: 1\nscope: [acme.test]\nallow: [WebFetch]\n');
    expect(bad).toContain('c11-metadata');
    expect(bad).toContain('c11-gate-metadata-fetch');
  });

  it('a differing gate case reports the guard steps', async () => {
    const opts = { root: ROOT };
    const r = await runWithFiles(ROOT, check, 'starter');
    const diffs = await diffsOf(check, opts, { ...r, outcomes: r.outcomes.filter((o) => o.case.id.startsWith('c11-gate-')) });
    expect(diffs[0]!.trace[0]!.step).toBe('ARTEX guard');
    expect(diffs[0]!.trace[0]!.detail).toMatch(/^rule: (allow|ask|deny) .*→/);
  });
});

describe('targets checks load strictly', () => {
  const head = 'id: c98\ntitle: t\nkind: targets\nlearner: policy.yaml\npolicy: learner\ntargetGate: { dns: { a.test: [192.0.2.1] } }\ncounts: { default: { allow: 0, deny: 0, ask: 0, run: 1, blocked: 0 } }\nnudge: n\ncases:\n';
  it('a gate case must expect a guard outcome, with `requests` only beside `gate`', () => {
    const ok = head + '  - id: a\n    command: curl https://a.test/\n    gate: {}\n    effect: e\n    expect: run\n    requests: 1\n';
    expect(parseCheck(ok, 'c98.yaml', ROOT).expected[0]!.default!.behavior).toBe('run (1 request)');
    expect(() => parseCheck(ok.replace('expect: run', 'expect: allow'), 'c98.yaml', ROOT)).toThrow(/a gate case expects one of: run, blocked rule_deny/);
    expect(() => parseCheck(ok.replace('    gate: {}\n', ''), 'c98.yaml', ROOT)).toThrow(CheckError);
    expect(() => parseCheck(ok.replace('gate: {}', 'gate: { approver: maybe }'), 'c98.yaml', ROOT)).toThrow(/cases\.0\.gate\.approver/);
  });
});
