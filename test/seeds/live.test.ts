// The seed systems in real use: presets as constraints in every mode, the reviewer that blocks
// what it cannot settle, and judges that answer asynchronously under an enforced deadline.
import { describe, it, expect } from 'vitest';
import { PermissionEngine, loadPolicy, MODE_NAMES, runJudgeAsync, compileEvidence, type Judge, type Context } from '../../engine/index.ts';
import { processJudgePort } from '../../lab/judge-port.ts';
import { contextFrom } from '../../lab/commands/common.ts';
import { fakeFs, CWD, HOME } from './helpers.ts';

const ctx = (mode?: string, extra: Partial<Context> = {}): Context => ({ cwd: CWD, home: HOME, ...(mode ? { mode: mode as Context['mode'] } : {}), ...extra });
const bash = (command: string) => ({ tool: 'Bash', input: { command } });
const engine = (yaml: string, opts: ConstructorParameters<typeof PermissionEngine>[1] = {}) =>
  new PermissionEngine(loadPolicy(yaml, { file: `${CWD}/p.yaml` }), { judgePort: processJudgePort, ...opts });

describe('observe is a constraint in every mode', () => {
  const observe = engine('preset: observe\nscope: [example.com]\nallow: ["Bash(curl *)", "Bash(wget *)", "Bash(http *)"]\n');
  const mutating = [
    'curl -X POST https://api.example.com/users',
    'curl -XDELETE https://api.example.com/users/1',
    'curl -d a=1 https://api.example.com/form',
    'curl --data-binary @f https://api.example.com/up',
    'curl -F file=@x https://api.example.com/up',
    'wget --post-data=a=1 https://api.example.com/form',
    'http POST https://api.example.com/users name=x',
    'http https://api.example.com/users name=x',
    'git push origin main',
    'nc api.example.com 80',
  ];
  for (const mode of MODE_NAMES) {
    it.each(mutating)(`denies %s in ${mode}`, (command) => {
      const d = observe.decide(bash(command), ctx(mode));
      expect(d.behavior).toBe('deny');
      expect(d.findings.map((f) => f.detector)).toContain('strix-observe');
    });
    it(`denies state-changing browser verbs and allows a snapshot in ${mode}`, () => {
      expect(observe.decide(bash('agent-browser fill @e3 secret'), ctx(mode)).behavior).toBe('deny');
      expect(observe.decide(bash('agent-browser tab new https://example.com'), ctx(mode)).behavior).toBe('deny');
      expect(observe.decide(bash('agent-browser snapshot'), ctx(mode)).behavior).toBe('allow');
    });
    it(`runs only read-only actions in ${mode}`, () => {
      expect(observe.decide(bash('ls -la'), ctx(mode)).behavior).toBe('allow');
      expect(observe.decide(bash('touch notes.txt'), ctx(mode)).behavior).toBe('deny');
    });
  }
  it('keeps a plain GET a read of the target, not a mutating request', () => {
    const d = observe.decide(bash('curl -s https://api.example.com/health'), ctx('bypassPermissions'));
    expect(d.findings.map((f) => f.detector)).not.toContain('strix-observe');
  });
});

describe('guarded reviews what no deterministic rule settled', () => {
  const guarded = engine('preset: guarded\nscope: [example.com]\nallow: ["Bash(curl *)"]\n');
  it('reviews a call an allow rule would pass, and blocks a DROP TABLE payload', () => {
    for (const mode of MODE_NAMES) {
      const d = guarded.decide(bash('curl -s "https://api.example.com/q?id=1;DROP TABLE users"'), ctx(mode));
      expect(d).toMatchObject({ behavior: 'deny', reason: { type: 'judge' } });
    }
  });
  it('lets the reviewer pass an in-scope read-only probe', () => {
    const d = guarded.decide(bash("curl -s 'https://admin.example.com/item?id=1+UNION+SELECT+1'"), ctx('default'));
    expect(d).toMatchObject({ behavior: 'allow', reason: { type: 'judge' } });
  });
  it('does not let bypassPermissions silence an ordinary ask: the judge answers it', () => {
    const d = guarded.decide(bash('frobnicate --all'), ctx('bypassPermissions'));
    expect(d).toMatchObject({ behavior: 'deny', reason: { type: 'judge' } });
  });
  it.each([
    'kubectl delete namespace prod',
    'crontab -r',
    'truncate -s 0 data.db',
    'uv run tool.py',
    'pipx run cowsay hi',
    'git push --delete origin feature',
    'http DELETE https://api.example.com/users/1',
    'curl -s https://api.example.com/x -o /etc/motd',
  ])('blocks an effect the reviewer cannot settle: %s', (command) => {
    expect(guarded.decide(bash(command), ctx('bypassPermissions')).behavior).toBe('deny');
  });
  it('blocks a script whose closure deletes a tree', () => {
    const fs = fakeFs({ [`${CWD}/clean.py`]: 'import shutil as sh\nsh.rmtree("build")\n', [`${CWD}/ok.py`]: 'import json\nprint(json.dumps({}))\n' });
    const d = guarded.decide(bash('python3 clean.py'), ctx('default', { fs }));
    expect(d).toMatchObject({ behavior: 'deny', reason: { type: 'judge' } });
    expect(d.message).toContain('shutil.rmtree');
    expect(guarded.decide(bash('python3 ok.py'), ctx('default', { fs })).behavior).toBe('allow');
  });
});

const node = process.execPath;
const judgePolicy = (script: string, deadline = 400) =>
  `preset: guarded\nscope: [example.com]\njudge:\n  kind: command\n  command: [${JSON.stringify(node)}, "-e", ${JSON.stringify(script)}]\n  deadline_ms: ${deadline}\n`;
const answer = (reply: object) => `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{JSON.parse(s);process.stdout.write(${JSON.stringify(JSON.stringify(reply))})})`;

describe('a command judge from the policy', () => {
  const call = bash('curl -s https://api.example.com/health');
  it('is obeyed when it answers a well-formed decision in time', async () => {
    const e = engine(judgePolicy(answer({ type: 'decision', behavior: 'allow', confidence: 0.95, reason: 'a read of an in-scope host' })));
    expect(await e.decideAsync(call, ctx('default'))).toMatchObject({ behavior: 'allow', reason: { type: 'judge', detail: 'a read of an in-scope host' } });
  });
  it('is denied on time when it sleeps past the deadline', async () => {
    const e = engine(judgePolicy('setTimeout(()=>{}, 60000)', 300));
    const d = await e.decideAsync(call, ctx('bypassPermissions'));
    expect(d).toMatchObject({ behavior: 'deny', reason: { type: 'judge' } });
    expect(d.message).toMatch(/timeout|did not answer/);
  }, 5000);
  it('is denied when it answers malformed JSON, exits non-zero, or cannot start', async () => {
    for (const script of ["process.stdout.write('{not json')", "process.stdout.write('{\"type\":\"decision\",\"behavior\":\"allow\"}')", 'process.exit(3)']) {
      const d = await engine(judgePolicy(script, 5000)).decideAsync(call, ctx('bypassPermissions'));
      expect(d).toMatchObject({ behavior: 'deny', reason: { type: 'judge' } });
    }
    const missing = engine('preset: guarded\nscope: [example.com]\njudge: { kind: command, command: [/nonexistent/judge] }\n');
    expect((await missing.decideAsync(call, ctx())).behavior).toBe('deny');
  });
  it('receives the frozen packet on stdin', async () => {
    const echo = `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const t=JSON.parse(s);process.stdout.write(JSON.stringify({type:'decision',behavior:'allow',confidence:0.9,reason:'saw '+t.packet.command+' turn '+t.turn}))})`;
    const d = await engine(judgePolicy(echo, 5000)).decideAsync(call, ctx());
    expect(d.message).toContain('saw curl -s https://api.example.com/health turn 1');
  });
  it('fails closed through the synchronous decide, which cannot wait for it', () => {
    const e = engine(judgePolicy(answer({ type: 'decision', behavior: 'allow', confidence: 0.95, reason: 'fine' })));
    expect(e.asyncJudge).toBe(true);
    expect(e.decide(call, ctx('bypassPermissions'))).toMatchObject({ behavior: 'deny', reason: { type: 'judge' } });
  });
  it('stays synchronous, and needs no judge, where nothing is reviewed', async () => {
    const e = engine(judgePolicy('setTimeout(()=>{}, 60000)'));
    expect(e.decide(bash('ls'), ctx()).behavior).toBe('allow');
    expect((await e.decideAsync(bash('rm -rf ~'), ctx())).behavior).toBe('deny');
  });
});

describe('runJudgeAsync enforces the deadline itself', () => {
  const packet = compileEvidence(bash('curl -s https://api.example.com/'), { cwd: CWD, home: HOME, workspace: [CWD], scope: ['example.com'], prior: [], maxArtifactBytes: 1024 });
  it('times out a judge that never answers, with the caller\'s timer', async () => {
    let fire: () => void = () => undefined;
    const never: Judge = { name: 'never', async: true, turn: () => new Promise(() => undefined) };
    const pending = runJudgeAsync(never, packet, { deadlineMs: 50, timer: (_ms, f) => ((fire = f), () => undefined) });
    fire();
    expect(await pending).toMatchObject({ behavior: 'deny', reason: expect.stringContaining('timeout') });
  });
  it('does not take a judge at its word that it answered in time: a late approval is a timeout', async () => {
    let fire: () => void = () => undefined;
    let release: (v: unknown) => void = () => undefined;
    const late: Judge = { name: 'late', async: true, turn: () => new Promise((r) => (release = r)) as never };
    const pending = runJudgeAsync(late, packet, { deadlineMs: 10, timer: (_ms, f) => ((fire = f), () => undefined) });
    fire();
    release({ type: 'decision', behavior: 'allow', confidence: 1, reason: 'I was on time' });
    expect((await pending).behavior).toBe('deny');
  });
  it('accepts a rejected promise as a failure', async () => {
    const bad: Judge = { name: 'bad', async: true, turn: () => Promise.reject(new Error('model down')) };
    expect((await runJudgeAsync(bad, packet, { deadlineMs: 1000 })).behavior).toBe('deny');
  });
});

describe('policy judge section', () => {
  it('names reference, fixture or command; anything else is a policy error with a place', () => {
    expect(loadPolicy('judge: { kind: reference }\n').judge).toEqual({ kind: 'reference', deadlineMs: undefined });
    expect(loadPolicy('judge: { kind: command, command: "my-judge --fast", deadline_ms: 2000 }\n').judge).toEqual({ kind: 'command', argv: ['my-judge', '--fast'], deadlineMs: 2000 });
    expect(() => loadPolicy('judge: { kind: oracle }\n', { file: 'p.yaml' })).toThrow(/p\.yaml:1:/);
    expect(() => loadPolicy('judge: { kind: command }\n', { file: 'p.yaml' })).toThrow(/p\.yaml/);
  });
  it('a fixture judge from the policy replays its records', () => {
    const e = engine('preset: guarded\nscope: [example.com]\njudge:\n  kind: fixture\n  records:\n    - replies: [{ type: decision, behavior: deny, confidence: 0.9, reason: recorded no }]\n');
    expect(e.decide(bash('curl -s https://api.example.com/'), ctx())).toMatchObject({ behavior: 'deny', reason: { detail: 'recorded no' } });
  });
});

describe('lab decide keeps the prior calls whole', () => {
  it('passes behavior and output through to the context', () => {
    const c = contextFrom({ cwd: '/w', home: '/h', prior: [{ tool: 'Bash', summary: 'agent-browser snapshot', behavior: 'allow', output: '@e1 button' }, { tool: 'Bash', summary: 'x', behavior: 'maybe' }] }, false);
    expect(c.prior).toEqual([{ tool: 'Bash', summary: 'agent-browser snapshot', behavior: 'allow', output: '@e1 button' }, { tool: 'Bash', summary: 'x' }]);
  });
});

describe('the reference reviewer settles workspace writes', () => {
  const guarded = engine('preset: guarded\n');
  it('passes mkdir, touch, cp and mv inside the workspace, and blocks them outside or on protected paths', () => {
    expect(guarded.decide(bash('mkdir -p build/out'), ctx('default')).behavior).toBe('allow');
    expect(guarded.decide(bash('cp notes.txt notes.bak'), ctx('default')).behavior).toBe('allow');
    expect(guarded.decide(bash('touch /etc/motd'), ctx('default')).behavior).toBe('deny');
    expect(guarded.decide(bash('mv x .git/hooks/pre-commit'), ctx('bypassPermissions')).behavior).not.toBe('allow');
    expect(guarded.decide(bash('cp -t /tmp a'), ctx('default')).behavior).toBe('deny');
  });
});

describe('decideAsync with a judge given in code', () => {
  it('awaits a promise even when the judge does not flag itself async', async () => {
    const e = new PermissionEngine(loadPolicy('preset: guarded\nscope: [example.com]\n'), {
      judge: { name: 'model', turn: async () => ({ type: 'decision', behavior: 'allow', confidence: 0.9, reason: 'model says a read' }) },
    });
    expect(await e.decideAsync(bash('curl -s https://api.example.com/'), ctx('default'))).toMatchObject({ behavior: 'allow', reason: { detail: 'model says a read' } });
    expect(e.decide(bash('curl -s https://api.example.com/'), ctx('default')).behavior).toBe('deny');
  });
});
