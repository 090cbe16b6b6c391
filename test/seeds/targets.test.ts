import { describe, it, expect } from 'vitest';
import {
  extractTargets,
  TargetGate,
  guardCall,
  TARGET_APPROVAL_PENDING,
  TARGET_DENIED,
  TARGET_RESOLVE_FAILED,
  TARGET_RULE_BLOCKED,
  TARGET_TOO_MANY,
  TARGET_GATE_UNAVAILABLE,
  TARGET_CANCELLED,
  TARGET_PASSES,
  TARGET_GUIDANCE,
  type ApprovalRequest,
  type ApprovalAnswer,
  type Resolver,
} from '../../engine/targets/index.ts';
import { AuditLog, targetBlockMessage } from '../../engine/audit/index.ts';
import { cmd, inv, dyn } from './helpers.ts';

const t = (text: string) => extractTargets([cmd(text)]).map((x) => `${x.host}:${x.port}`);
const bash = { tool: 'Bash', input: { command: 'x' } };

describe('extractTargets', () => {
  it.each([
    ['curl -s https://api.example.test/v1', ['api.example.test:443']],
    ['curl -H X:1 -o out.html example.test/page', ['example.test:80']],
    ['curl -x proxy.test:3128 http://a.test:8080/', ['a.test:8080', 'proxy.test:3128']],
    ['wget -q -O - http://files.test/x.tar', ['files.test:80']],
    ['nc -v -w 3 db.internal 5432', ['db.internal:5432']],
    ['nc -l 8080', []],
    ['nmap -sV -p 443 10.0.0.5 scanme.test', ['10.0.0.5:443', 'scanme.test:443']],
    ['dig +short @8.8.8.8 MX example.test', ['8.8.8.8:53', 'example.test:null']],
    ['ssh -p 2222 -i key dev@bastion.test uptime', ['bastion.test:2222']],
    ['ssh -J jump.test box.test', ['jump.test:22', 'box.test:22']],
    ['scp -P 2200 notes.txt dev@files.test:/srv/', ['files.test:2200']],
    ['scp ./a ./b', []],
    ['rsync -av src/ backup.test::mod/', ['backup.test:873']],
    ['rsync -av src/ rsync://mirror.test:8730/pub', ['mirror.test:8730']],
    ['git clone git@github.com:org/repo.git', ['github.com:22']],
    ['git clone https://gitlab.test/org/repo.git', ['gitlab.test:443']],
    ['git fetch origin', []],
    ['python3 probe.py --url=https://x.test:8443/a', ['x.test:8443']],
    ['agent-browser open app.test/login', ['app.test:443']],
    ['curl http://[::1]:9000/', ['::1:9000']],
  ])('%s', (text, expected) => {
    expect(t(text)).toEqual(expected);
  });

  it('marks dynamic targets', () => {
    const out = extractTargets([inv(['dig', dyn('$host')]), inv(['curl', dyn('$URL')])]);
    expect(out.every((x) => x.dynamic)).toBe(true);
    expect(out).toHaveLength(2);
  });
});

function fakeResolver(map: Record<string, string[] | Error>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    resolve(host) {
      calls.push(host);
      const v = map[host];
      if (v instanceof Error) throw v;
      return v ?? null;
    },
  };
}
function approver(answers: (ApprovalAnswer | Error)[]) {
  const requests: ApprovalRequest[] = [];
  return {
    requests,
    request(req: ApprovalRequest): ApprovalAnswer {
      requests.push(req);
      const a = answers[Math.min(requests.length - 1, answers.length - 1)]!;
      if (a instanceof Error) throw a;
      return a;
    },
  };
}
const resolver = fakeResolver({ 'a.test': ['192.0.2.1'], 'b.test': ['192.0.2.2'], 'meta.test': ['169.254.169.254'], 'broken.test': new Error('SERVFAIL') });
const two = [cmd('curl https://a.test/'), cmd('curl https://b.test/')];

describe('TargetGate', () => {
  it('passes pinned targets without a request', () => {
    const ap = approver([{ status: 'approved' }]);
    const g = new TargetGate({ resolver, approver: ap, pins: [{ host: 'a.test', port: 443, addresses: ['192.0.2.1'] }] });
    expect(g.check(bash, [cmd('curl https://a.test/x')]).code).toBe('');
    expect(ap.requests).toHaveLength(0);
  });

  it('sends one request for every unpinned target, merged with the ask, then pins them', () => {
    const ap = approver([{ status: 'approved' }]);
    const g = new TargetGate({ resolver, approver: ap });
    const r = g.check(bash, two, { reason: 'rule: ask on curl' });
    expect(r.code).toBe('');
    expect(r.askMerged).toBe(true);
    expect(ap.requests).toHaveLength(1);
    expect(ap.requests[0]!.targets.map((x) => x.host)).toEqual(['a.test', 'b.test']);
    expect(ap.requests[0]!.ask).toEqual({ reason: 'rule: ask on curl' });
    expect(g.pins().map((p) => p.host)).toEqual(['a.test', 'b.test']);
    expect(g.check(bash, two).requests).toBe(0);
  });

  it('stops after TARGET_PASSES request-and-recheck passes when addresses keep changing', () => {
    let n = 0;
    const moving: Resolver = { resolve: () => [`198.51.100.${++n}`] };
    const ap = approver([{ status: 'approved' }]);
    const r = new TargetGate({ resolver: moving, approver: ap }).check(bash, [cmd('curl https://a.test/')]);
    expect(r.code).toBe(TARGET_APPROVAL_PENDING);
    expect(ap.requests).toHaveLength(TARGET_PASSES);
    expect(r.reason).toMatch(/3 approval rounds/);
  });

  it('re-requests once when the addresses change after an approval, then passes', () => {
    let n = 0;
    const flip: Resolver = { resolve: () => (n++ < 1 ? ['192.0.2.9'] : ['192.0.2.10']) };
    const ap = approver([{ status: 'approved' }]);
    const r = new TargetGate({ resolver: flip, approver: ap }).check(bash, [cmd('curl https://a.test/')]);
    expect(r.code).toBe('');
    expect(ap.requests).toHaveLength(2);
  });

  it.each([
    ['pending', { resolver, approver: approver([{ status: 'pending' }]) }, two, TARGET_APPROVAL_PENDING],
    ['denied', { resolver, approver: approver([{ status: 'denied' }]) }, two, TARGET_DENIED],
    ['resolver failure', { resolver }, [cmd('curl https://broken.test/')], TARGET_RESOLVE_FAILED],
    ['no address', { resolver }, [cmd('curl https://nowhere.test/')], TARGET_RESOLVE_FAILED],
    ['dynamic target', { resolver }, [inv(['curl', dyn('$u')])], TARGET_RESOLVE_FAILED],
    ['rule-blocked host', { resolver, blocked: ['b.test'] }, two, TARGET_RULE_BLOCKED],
    ['rule-blocked address', { resolver, blocked: ['169.254.0.0/16'] }, [cmd('curl http://meta.test/')], TARGET_RULE_BLOCKED],
    ['too many', { resolver: { resolve: () => ['192.0.2.50'] }, maxNewTargets: 2 }, [cmd('nmap h1.test h2.test h3.test')], TARGET_TOO_MANY],
    ['no approver', { resolver }, two, TARGET_GATE_UNAVAILABLE],
    ['approver crash', { resolver, approver: approver([new Error('db down')]) }, two, TARGET_GATE_UNAVAILABLE],
  ] as const)('%s gives its own code and guidance', (_n, opts, invs, code) => {
    const r = new TargetGate(opts as ConstructorParameters<typeof TargetGate>[0]).check(bash, invs);
    expect(r.code).toBe(code);
    expect(r.guidance).toBe(TARGET_GUIDANCE[code]);
    expect(targetBlockMessage(r)).toContain(TARGET_GUIDANCE[code]);
  });

  it('a denied target stays denied on the next call', () => {
    const g = new TargetGate({ resolver, approver: approver([{ status: 'denied' }, { status: 'approved' }]) });
    expect(g.check(bash, two).code).toBe(TARGET_DENIED);
    expect(g.check(bash, two).code).toBe(TARGET_DENIED);
  });

  it('a cancelled call blocks at once and creates no pending request', () => {
    const ap = approver([{ status: 'approved' }]);
    const r = new TargetGate({ resolver, approver: ap }).check(bash, two, { reason: 'ask' }, { cancelled: true });
    expect(r.code).toBe(TARGET_CANCELLED);
    expect(ap.requests).toHaveLength(0);
  });

  it('checks WebFetch urls too', () => {
    const r = new TargetGate({ resolver }).check({ tool: 'WebFetch', input: { url: 'https://broken.test/' } }, []);
    expect(r.code).toBe(TARGET_RESOLVE_FAILED);
  });
});

describe('guardCall (rules, then judge, then gate)', () => {
  it('a deny blocks before any target request exists', () => {
    const ap = approver([{ status: 'approved' }]);
    const gate = new TargetGate({ resolver, approver: ap });
    const out = guardCall({ call: bash, invocations: two, rule: { action: 'deny', message: 'built-in: no exfil' }, gate });
    expect(out.blocked).toBe(true);
    expect(ap.requests).toHaveLength(0);
  });

  it('an allow by a rule or the judge does not satisfy the gate', () => {
    const gate = new TargetGate({ resolver, approver: approver([{ status: 'pending' }]) });
    expect(guardCall({ call: bash, invocations: two, rule: { action: 'allow', message: 'ok' }, gate }).code).toBe(TARGET_APPROVAL_PENDING);
    expect(guardCall({ call: bash, invocations: two, rule: null, judge: () => ({ action: 'allow', message: 'judge ok' }), gate }).code).toBe(TARGET_APPROVAL_PENDING);
  });

  it('an ask and unpinned targets share one approval; no separate prompt follows', () => {
    const ap = approver([{ status: 'approved' }]);
    let prompts = 0;
    const out = guardCall({ call: bash, invocations: two, rule: { action: 'ask', message: 'confirm curl' }, gate: new TargetGate({ resolver, approver: ap }), askHuman: () => (prompts++, true) });
    expect(out.blocked).toBe(false);
    expect(ap.requests).toHaveLength(1);
    expect(prompts).toBe(0);
  });

  it('the judge runs only when no rule matched', () => {
    let judged = 0;
    guardCall({ call: bash, invocations: [], rule: { action: 'allow', message: 'r' }, judge: () => (judged++, { action: 'deny', message: 'j' }) });
    expect(judged).toBe(0);
    expect(guardCall({ call: bash, invocations: [], rule: null, judge: () => ({ action: 'deny', message: 'judge says no' }) }).blocked).toBe(true);
  });

  it('a cancelled call blocks at once, asks nobody and records the block', () => {
    const audit = new AuditLog();
    const ap = approver([{ status: 'approved' }]);
    let prompts = 0;
    const out = guardCall({ call: bash, invocations: two, rule: { action: 'ask', message: 'x' }, gate: new TargetGate({ resolver, approver: ap }), cancelled: true, askHuman: () => (prompts++, true), audit });
    expect(out.blocked).toBe(true);
    expect(ap.requests.length + prompts).toBe(0);
    expect(audit.entries()[0]!.action).toBe('block');
  });

  it('the audit keeps the raw reason while the message is capped', () => {
    const audit = new AuditLog();
    const long = 'r'.repeat(5000);
    const out = guardCall({ call: bash, invocations: [], rule: { action: 'deny', message: long }, audit });
    expect(audit.entries()[0]!.reason).toBe(long);
    expect(out.message.length).toBeLessThan(4300);
  });
});
