// Policy and settings loading is all or nothing: a bad entry is an error at file:line:col, the
// hook then denies every call with it, and `lab policy import` exits 2 (issue 13).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPolicy, PolicyError, importClaudeSettings } from '../../engine/index.ts';
import { runHook, type HookDeps } from '../../lab/hook/run.ts';
import { lab, pre, ROOT, tempDir } from './helpers.ts';

const DEFAULT_TEXT = readFileSync(join(ROOT, 'policies', 'default.yaml'), 'utf8');

function deps(files: Record<string, string>): HookDeps {
  return { env: {}, home: '/home/dev', defaultPolicy: () => ({ text: DEFAULT_TEXT, file: 'default.yaml' }), readText: (f) => files[f] ?? null };
}

const SETTINGS = '/home/dev/app/.claude/settings.json';

describe('the hook with settings it cannot fully read', () => {
  const broken: [string, string, RegExp][] = [
    ['a non-string rule', '{\n  "permissions": {\n    "deny": ["Bash(rm *)", 42]\n  }\n}', /settings\.json:3:28: permissions\.deny\.1: must be a string/],
    ['a deny list that is not a list', '{"permissions": {"deny": "Bash(rm *)"}}', /settings\.json:1:26: permissions\.deny: must be a list of strings/],
    ['an allow list with an object', '{"permissions": {"allow": [{"rule": "Bash"}]}}', /settings\.json:1:28: permissions\.allow\.0/],
    ['permissions that are not an object', '{"permissions": ["Bash(rm *)"]}', /settings\.json:1:17: permissions: must be an object/],
    ['JSON with a trailing comma', '{"permissions": {"deny": ["Bash(rm *)",]}}', /settings\.json:1:40: not valid JSON/],
    ['an empty file', '', /settings\.json:1:1: empty file/],
    ['a bad rule', '{"permissions": {"deny": ["Bash(rm"]}}', /settings\.json:1:27: deny\.0: /],
  ];
  it.each(broken)('denies every call on %s, naming file:line:col', (_name, text, where) => {
    for (const call of [pre(), pre({ tool_name: 'Read', tool_input: { file_path: '/home/dev/app/README.md' } })]) {
      const r = runHook(call, deps({ [SETTINGS]: text }));
      expect(r.verdict).toBe('deny');
      expect(r.exitCode).toBe(2);
      expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(where);
      expect(r.stderr).toMatch(/policy error/);
    }
  });
  it('still denies by a list next to the broken one (nothing is skipped silently)', () => {
    const r = runHook(pre({ tool_input: { command: 'git push' } }), deps({ [SETTINGS]: '{"permissions":{"deny":["Bash(git push)"],"allow":[1]}}' }));
    expect(r.verdict).toBe('deny');
  });
});

describe('policy files', () => {
  it('an alias bomb is a policy error, not a crash', () => {
    let y = 'a: &a [x, x, x, x, x, x, x, x, x, x]\n';
    let prev = 'a';
    for (let i = 0; i < 9; i++) {
      y += `b${i}: &b${i} [${Array(10).fill('*' + prev).join(', ')}]\n`;
      prev = `b${i}`;
    }
    expect(() => loadPolicy(y, { file: 'bomb.yaml' })).toThrow(PolicyError);
    expect(() => loadPolicy(y, { file: 'bomb.yaml' })).toThrow(/^bomb\.yaml:\d+:\d+: /);
  });
  it('an oversized glob rule is a policy error at its line', () => {
    const text = `version: 1\ndeny:\n  - "Bash(${'a*'.repeat(100_000)})"\n`;
    expect(() => loadPolicy(text, { file: 'big.yaml' })).toThrow(/^big\.yaml:3:5: deny\.0: rule longer than/);
  });
  it('a rule entry that is not a string is an error at file:line:col', () => {
    expect(() => loadPolicy('version: 1\ndeny:\n  - Bash(rm *)\n  - 7\n', { file: 'p.yaml' })).toThrow(/^p\.yaml:4:5: deny\.1/);
  });
});

describe('lab policy import', () => {
  const cases: [string, string, RegExp][] = [
    ['malformed JSON', '{"permissions": {"deny": [\n', /bad\.json:2:1: not valid JSON/],
    ['an empty file', '', /bad\.json:1:1: empty file/],
    ['a non-string rule', '{"permissions": {"deny": [1]}}', /bad\.json:1:27: permissions\.deny\.0: must be a string/],
    ['a deny list that is not a list', '{"permissions": {"deny": "Bash"}}', /bad\.json:1:26: permissions\.deny: must be a list/],
  ];
  it.each(cases)('%s: exit 2 with file:line:col, no stack trace, nothing written', (_n, text, where) => {
    const dir = tempDir({ 'bad.json': text });
    const out = join(dir, 'out.yaml');
    const r = lab(['policy', 'import', join(dir, 'bad.json'), '-o', out]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(where);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(() => readFileSync(out)).toThrow();
  });
  it('a file that does not exist is exit 2 with a message', () => {
    const r = lab(['policy', 'import', '/nonexistent/settings.json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/settings\.json:1:1: cannot read/);
  });
  it('keeps every rule of a good file (the same API throws on a bad one)', () => {
    const { yaml } = importClaudeSettings('{"permissions":{"allow":["Bash(ls)"],"deny":["Bash(rm *)"]}}');
    expect(loadPolicy(yaml).rules.map((r) => r.text).sort()).toEqual(['Bash(ls)', 'Bash(rm *)']);
    expect(() => importClaudeSettings('{"permissions":{"deny":[null]}}', 's.json')).toThrow(PolicyError);
  });
});
