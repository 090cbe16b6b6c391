// cwd and home must be absolute everywhere: "", ".", ".." or a relative path is an input error
// (deny, reason input), never read as `/` (issue 13).
import { describe, expect, it } from 'vitest';
import { PermissionEngine, loadPolicy } from '../../engine/index.ts';
import { runHook } from '../../lab/hook/run.ts';
import { lab, pre } from './helpers.ts';

const engine = new PermissionEngine(loadPolicy('version: 1\n'));
const BAD = ['', '.', '..', 'work/app', './app', '~'];

describe('the engine API', () => {
  it.each(BAD)('cwd %j is an input error', (cwd) => {
    const d = engine.decide({ tool: 'Bash', input: { command: 'ls' } }, { cwd, home: '/h' });
    expect(d).toMatchObject({ behavior: 'deny', reason: { type: 'input' } });
    expect(d.message).toMatch(/cwd.*absolute/);
  });
  it.each(BAD)('home %j is an input error', (home) => {
    const d = engine.decide({ tool: 'Read', input: { file_path: '/w/a.txt' } }, { cwd: '/w', home });
    expect(d).toMatchObject({ behavior: 'deny', reason: { type: 'input' } });
  });
  it('a missing cwd (a caller in plain JS) is an input error too', () => {
    const d = engine.decide({ tool: 'Bash', input: { command: 'rm -rf build' } }, { home: '/h' } as never);
    expect(d).toMatchObject({ behavior: 'deny', reason: { type: 'input' } });
  });
  it('an absolute cwd still decides', () => {
    expect(engine.decide({ tool: 'Bash', input: { command: 'ls' } }, { cwd: '/w', home: '/h' }).behavior).toBe('allow');
  });
});

describe('lab decide and lab explain', () => {
  it('lab decide answers a relative cwd or home with deny (input)', () => {
    const lines = [
      { id: 'a', cwd: '', home: '/h' },
      { id: 'b', cwd: '.', home: '/h' },
      { id: 'c', cwd: '..', home: '/h' },
      { id: 'd', cwd: '/w', home: 'h' },
      { id: 'e', cwd: 5, home: '/h' },
    ].map((o) => JSON.stringify({ ...o, tool: 'Write', input: { file_path: 'x.txt', content: 'x' }, mode: 'acceptEdits' }));
    const r = lab(['decide', '--jsonl'], lines.join('\n') + '\n');
    expect(r.status).toBe(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    for (const o of out) expect(o).toMatchObject({ behavior: 'deny', reason: { type: 'input' } });
  });
  it.each(['.', '..', 'rel'])('lab explain --cwd %j is a usage error (exit 2)', (cwd) => {
    const r = lab(['explain', '--cwd', cwd, '--', 'ls']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--cwd must be an absolute path/);
  });
});

describe('the hook', () => {
  it.each(['', '.', 'app'])('cwd %j is denied (exit 2)', (cwd) => {
    const r = runHook(pre({ cwd }), { env: {}, home: '/home/dev', defaultPolicy: () => ({ text: 'version: 1\n', file: 'd.yaml' }), readText: () => null });
    expect(r).toMatchObject({ verdict: 'deny', exitCode: 2 });
  });
  it('a relative CLAUDE_PROJECT_DIR is denied (exit 2)', () => {
    const r = runHook(pre(), { env: { CLAUDE_PROJECT_DIR: 'app' }, home: '/home/dev', defaultPolicy: () => ({ text: 'version: 1\n', file: 'd.yaml' }), readText: () => null });
    expect(r).toMatchObject({ verdict: 'deny', exitCode: 2 });
    expect(r.stderr).toMatch(/absolute/);
  });
  it('a relative HOME is denied (input)', () => {
    const r = runHook(pre({ tool_input: { command: 'ls' } }), { env: {}, home: 'home', defaultPolicy: () => ({ text: 'version: 1\n', file: 'd.yaml' }), readText: () => null });
    expect(r.verdict).toBe('deny');
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/home.*absolute/);
  });
});
