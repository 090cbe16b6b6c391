// Strix presets through the pipeline: deterministic rules first, the judge for what they leave.
import { describe, expect, it } from 'vitest';
import { PermissionEngine, loadPolicy, type Judge } from '../../engine/index.ts';
import { CWD, HOME } from './helpers.ts';

const policy = loadPolicy('scope: [example.com]\n', { file: '/home/dev/app/p.yaml' });
const ctx = { cwd: CWD, home: HOME };
const run = (preset: 'off' | 'guarded' | 'observe', command: string, judge?: Judge) =>
  new PermissionEngine(policy, { preset, judge }).decide({ tool: 'Bash', input: { command } }, ctx);

describe('Strix presets', () => {
  it('map onto modes: off = bypassPermissions, guarded = default, observe = plan', () => {
    expect(run('off', 'touch x').mode).toBe('bypassPermissions');
    expect(run('guarded', 'ls').mode).toBe('default');
    expect(run('observe', 'ls').mode).toBe('plan');
  });
  it('guarded blocks commands that wrap another program, before any judge', () => {
    const never: Judge = { name: 'never', turn: () => { throw new Error('the judge must not be asked'); } };
    const d = run('guarded', 'timeout 5 ls', never);
    expect(d.behavior).toBe('deny');
    expect(d.findings.map((f) => f.detector)).toContain('strix-wrapper');
  });
  it('guarded blocks env overrides that change which code loads', () => {
    expect(run('guarded', 'PYTHONPATH=/tmp/x python3 -c "print(1)"').behavior).toBe('deny');
  });
  it('guarded lets the judge settle an ordinary ask, with reason judge', () => {
    const d = run('guarded', 'curl -s https://api.example.com/health');
    expect(['allow', 'deny']).toContain(d.behavior);
    expect(d.reason.type).toBe('judge');
  });
  it('a judge that times out fails closed', () => {
    const slow: Judge = { name: 'slow', turn: () => ({ type: 'timeout' }) as never };
    expect(run('guarded', 'curl -s https://api.example.com/health', slow)).toMatchObject({ behavior: 'deny', reason: { type: 'judge' } });
  });
  it('destructive commands never reach the judge', () => {
    const never: Judge = { name: 'never', turn: () => { throw new Error('the judge must not be asked'); } };
    expect(run('guarded', 'rm -rf ~', never).behavior).toBe('deny');
  });
  it('guarded denies a target outside the policy scope; a subdomain of an authorized domain is in scope', () => {
    const out = run('guarded', 'curl -s https://evil.test/x');
    expect(out.behavior).toBe('deny');
    expect(out.findings.map((f) => f.detector)).toContain('strix-scope');
    expect(run('guarded', 'curl -s https://api.example.com/x').findings.map((f) => f.detector)).not.toContain('strix-scope');
  });
  it('the judge sees the session\'s prior calls from the context', () => {
    let seen: readonly { summary: string }[] = [];
    const spy: Judge = {
      name: 'spy',
      turn: (input) => {
        seen = input.packet.prior;
        return { type: 'decision', behavior: 'allow', confidence: 0.95, reason: 'in scope, read-only request' };
      },
    };
    const prior = [{ tool: 'Bash', summary: 'curl -s https://api.example.com/login', behavior: 'allow' as const }];
    const d = new PermissionEngine(policy, { preset: 'guarded', judge: spy }).decide({ tool: 'Bash', input: { command: 'curl -s https://api.example.com/health' } }, { ...ctx, prior });
    expect(d.reason.type).toBe('judge');
    expect(seen.map((p) => p.summary)).toEqual(['curl -s https://api.example.com/login']);
  });
  it('observe allows read-only commands and denies the rest', () => {
    expect(run('observe', 'ls -la').behavior).toBe('allow');
    expect(run('observe', 'touch x').behavior).toBe('deny');
  });
});
