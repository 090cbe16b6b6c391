import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  compileEvidence,
  runJudge,
  referenceJudge,
  fixtureJudge,
  hostsInText,
  MIN_APPROVAL_CONFIDENCE,
  type EvidenceContext,
  type EvidencePacket,
} from '../../engine/judge/index.ts';
import { scanModule } from '../../engine/evidence/index.ts';
import { sc, dyn, redir, fakeFs, CWD, HOME, WORKSPACE } from './helpers.ts';
import type { SimpleCommand } from '../../engine/shell/types.ts';

const A = CWD;
const fs = fakeFs({
  [`${A}/hosts_passive.txt`]: 'fiuu.com\nadmin.fiuu.com\n# comment\nmail.fiuu.com\n',
  [`${A}/hosts_mixed.txt`]: 'admin.fiuu.com\nevil.example\n',
  [`${A}/scan.py`]: 'import subprocess\nsubprocess.run(["curl", "-X", "DELETE", "https://fiuu.com/api/users/1"])\n',
});
function packet(command: string, commands: SimpleCommand[], extra: Partial<EvidenceContext> = {}): EvidencePacket {
  return compileEvidence(
    { tool: 'Bash', input: { command } },
    {
      cwd: CWD, home: HOME, workspace: WORKSPACE, fs, scope: ['fiuu.com'], prior: [], maxArtifactBytes: 4096,
      extraction: { source: command, commands, functions: [], issues: [], stats: { chars: 0, tokens: 0, maxDepth: 0, commands: 0 } },
      ...extra,
    },
  );
}
const loop = (file: string) =>
  packet(`while read host; do dig "$host"; done < ${file}`, [sc(['read', 'host']), sc(['dig', dyn('$host')], { redirects: [redir('<', file)] })]);
const curl = (url: string, ...flags: string[]) => packet(`curl ${flags.join(' ')} ${url}`, [sc(['curl', ...flags, url])]);
const decision = (behavior: 'allow' | 'deny', confidence = 0.95, reason = 'fine') => ({ type: 'decision', behavior, confidence, reason });

describe('the bounded review runner', () => {
  const p = curl('https://admin.fiuu.com/');

  it('allows on a confident turn-1 approval', () => {
    expect(runJudge(fixtureJudge([{ replies: [decision('allow')] }]), p)).toEqual({ behavior: 'allow', reason: 'fine', turns: 1, inspected: false });
  });

  it('runs one inspection and takes the turn-2 decision', () => {
    const j = fixtureJudge([{ replies: [{ type: 'inspect', request: { kind: 'grep', pattern: 'fiuu' } }, decision('allow')] }]);
    const out = runJudge(j, loop('hosts_passive.txt'));
    expect(out).toMatchObject({ behavior: 'allow', turns: 2, inspected: true });
    expect(j.calls[1]!.inspection!.lines!.length).toBeGreaterThan(0);
  });

  it.each([
    ['a timeout', [{ type: 'timeout' }], /timed out/],
    ['no reply at all', [], /timed out/],
    ['a malformed decision', [{ type: 'decision', behavior: 'yes', confidence: 1, reason: 'x' }], /malformed/],
    ['a decision without a reason', [{ type: 'decision', behavior: 'allow', confidence: 1 }], /malformed/],
    ['a confidence outside [0,1]', [{ type: 'decision', behavior: 'allow', confidence: 7, reason: 'x' }], /malformed/],
    ['garbage', ['allow'], /malformed/],
    ['a malformed inspection', [{ type: 'inspect', request: { kind: 'shell', cmd: 'ls' } }], /malformed/],
    ['a second tool call', [{ type: 'inspect', request: { kind: 'hosts' } }, { type: 'inspect', request: { kind: 'hosts' } }], /second tool call/],
    ['a turn-2 timeout', [{ type: 'inspect', request: { kind: 'hosts' } }, { type: 'timeout' }], /timed out/],
    ['a low-confidence approval', [decision('allow', MIN_APPROVAL_CONFIDENCE - 0.01)], /low-confidence/],
  ])('fails closed on %s', (_name, replies, why) => {
    const out = runJudge(fixtureJudge([{ replies }]), p);
    expect(out.behavior).toBe('deny');
    expect(out.reason).toMatch(why);
    expect(out.turns).toBeLessThanOrEqual(2);
  });

  it('fails closed when the judge throws', () => {
    const out = runJudge({ name: 'boom', turn: () => { throw new Error('network'); } }, p);
    expect(out.behavior).toBe('deny');
  });

  it('fails closed on incomplete evidence without asking the judge', () => {
    const j = fixtureJudge([{ replies: [decision('allow')] }]);
    const gap = packet('sort < /etc/hosts', [sc(['sort'], { redirects: [redir('<', '/etc/hosts')] })]);
    expect(runJudge(j, gap)).toMatchObject({ behavior: 'deny', turns: 0 });
    expect(j.calls).toHaveLength(0);
  });

  it('deterministic script blockers never reach the judge', () => {
    const j = fixtureJudge([{ replies: [decision('allow')] }]);
    expect(runJudge(j, packet('python3', [sc(['python3'])]))).toMatchObject({ behavior: 'deny', turns: 0 });
    expect(j.calls).toHaveLength(0);
  });

  it('never allows unless the judge approved with enough confidence (property)', () => {
    const reply = fc.oneof(
      fc.constant({ type: 'timeout' }),
      fc.record({ type: fc.constant('decision'), behavior: fc.constantFrom('allow', 'deny', 'maybe'), confidence: fc.double({ min: -1, max: 2, noNaN: false }), reason: fc.string() }),
      fc.record({ type: fc.constant('inspect'), request: fc.constantFrom({ kind: 'hosts' }, { kind: 'grep', pattern: 'a' }, { kind: 'nope' }) }),
      fc.anything(),
    );
    fc.assert(
      fc.property(fc.array(reply, { maxLength: 3 }), (replies) => {
        const out = runJudge(fixtureJudge([{ replies }]), p);
        if (out.behavior === 'allow') {
          const last = replies[out.turns - 1] as { type: string; behavior: string; confidence: number; reason: string };
          expect(last.type).toBe('decision');
          expect(last.behavior).toBe('allow');
          expect(last.confidence).toBeGreaterThanOrEqual(MIN_APPROVAL_CONFIDENCE);
          expect(out.turns === 1 || (replies[0] as { type: string }).type === 'inspect').toBe(true);
        }
        expect(out.turns).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the reference judge', () => {
  it('checks hosts read from input artifacts against scope, subdomains included', () => {
    const ok = runJudge(referenceJudge, loop('hosts_passive.txt'));
    expect(ok).toMatchObject({ behavior: 'allow', turns: 2, inspected: true });
    const bad = runJudge(referenceJudge, loop('hosts_mixed.txt'));
    expect(bad.behavior).toBe('deny');
    expect(bad.reason).toMatch(/evil\.example/);
  });

  it('allows in-scope read-only probes and denies writes, out-of-scope and unknown targets', () => {
    expect(runJudge(referenceJudge, curl("https://admin.fiuu.com/item?id=1'+OR+1=1--")).behavior).toBe('allow');
    expect(runJudge(referenceJudge, curl('https://other.test/')).behavior).toBe('deny');
    expect(runJudge(referenceJudge, curl('https://fiuu.com/api', '-X', 'DELETE')).behavior).toBe('deny');
    expect(runJudge(referenceJudge, curl('https://fiuu.com/api', '-d', 'a=1')).behavior).toBe('deny');
    expect(runJudge(referenceJudge, curl("https://fiuu.com/?q=1;DROP TABLE users")).behavior).toBe('deny');
    expect(runJudge(referenceJudge, packet('dig $h', [sc(['dig', dyn('$h')])])).behavior).toBe('deny');
    expect(runJudge(referenceJudge, packet('python3 scan.py', [sc(['python3', 'scan.py'])])).behavior).toBe('deny');
    expect(runJudge(referenceJudge, curl('https://fiuu.com/', '-s'), ).behavior).toBe('allow');
  });

  it('denies when no scope is given and a target is named', () => {
    const p = compileEvidence({ tool: 'WebFetch', input: { url: 'https://fiuu.com/' } }, { cwd: CWD, home: HOME, workspace: WORKSPACE, scope: [], prior: [], maxArtifactBytes: 10 });
    expect(runJudge(referenceJudge, p).behavior).toBe('deny');
  });

  it('extracts hosts from free text', () => {
    expect(hostsInText('a.fiuu.com, https://b.fiuu.com/x\n10.0.0.1 notes.txt 1.5 localhost')).toEqual(['a.fiuu.com', 'b.fiuu.com', '10.0.0.1']);
  });
});

describe('python import forms', () => {
  it('reads multi-line, aliased and nested imports', () => {
    const s = scanModule('from a.b import (\n  c,\n  d as e,\n)\nimport x.y as z, w\nif True: import q\n');
    expect(s.imports).toEqual([
      { level: 0, module: 'a.b', names: ['c', 'd'] },
      { level: 0, module: 'x.y', names: [] },
      { level: 0, module: 'w', names: [] },
      { level: 0, module: 'q', names: [] },
    ]);
  });
});
