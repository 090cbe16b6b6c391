// Hook internals without processes: wire formats, policy layering, fail-closed paths.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importClaudeSettings, loadPolicy } from '../../engine/index.ts';
import { formatOutput, MAX_REASON, parseHookInput } from '../../lab/hook/protocol.ts';
import { resolveHookPolicy, settingsData, workspaceOf } from '../../lab/hook/policy.ts';
import { policyFromData } from '../../engine/index.ts';
import { runHook, type HookDeps } from '../../lab/hook/run.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DEFAULT_TEXT = readFileSync(join(ROOT, 'policies', 'default.yaml'), 'utf8');

function deps(files: Record<string, string>, extra: Partial<HookDeps> = {}): HookDeps {
  return {
    env: {},
    home: '/home/dev',
    defaultPolicy: () => ({ text: DEFAULT_TEXT, file: 'default.yaml' }),
    readText: (p) => files[p] ?? null,
    ...extra,
  };
}
const pre = (o: object) => JSON.stringify({ session_id: 's', cwd: '/home/dev/app', permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'git status' }, ...o });

describe('parseHookInput', () => {
  it('reads a Claude Code PreToolUse payload', () => {
    const p = parseHookInput(pre({ permission_mode: 'plan' }));
    expect(p).toMatchObject({ ok: true, req: { flavor: 'claude', mode: 'plan', cwd: '/home/dev/app', call: { tool: 'Bash', input: { command: 'git status' } } } });
    expect(p.ok && p.req.modeNote).toBeFalsy();
  });
  it('takes auto as its own row, and maps unknown and missing modes to default with a note', () => {
    const auto = parseHookInput(pre({ permission_mode: 'auto' }));
    expect(auto.ok && [auto.req.mode, auto.req.modeNote]).toEqual(['auto', undefined]);
    for (const m of ['weird', undefined, 7]) {
      const p = parseHookInput(pre({ permission_mode: m }));
      expect(p.ok && p.req.mode).toBe('default');
      expect(p.ok && p.req.modeNote).toMatch(/default/);
    }
  });
  it('rejects what it cannot read', () => {
    const bad = ['', 'null', '"x"', '[]', '{}', pre({ hook_event_name: 'Stop' }), pre({ tool_name: '' }), pre({ tool_input: 'ls' }), pre({ cwd: 'rel/dir' }), pre({ cwd: undefined })];
    for (const b of bad) expect(parseHookInput(b).ok, b).toBe(false);
  });
  it('maps Gemini CLI tools onto the gatelab vocabulary', () => {
    const g = (tool: string, input: object) => parseHookInput(JSON.stringify({ hook_event_name: 'BeforeTool', cwd: '/w', tool_name: tool, tool_input: input }));
    expect(g('run_shell_command', { command: 'ls', dir_path: 'sub' })).toMatchObject({ ok: true, req: { flavor: 'gemini', cwd: '/w/sub', call: { tool: 'Bash', input: { command: 'ls' } } } });
    expect(g('read_file', { absolute_path: '/w/a' })).toMatchObject({ req: { call: { tool: 'Read', input: { file_path: '/w/a' } } } });
    expect(g('replace', { file_path: '/w/a', old_string: 'x', new_string: 'y' })).toMatchObject({ req: { call: { tool: 'Edit' } } });
    expect(g('write_file', { file_path: '/w/a', content: '' })).toMatchObject({ req: { call: { tool: 'Write' } } });
    expect(g('grep_search', { pattern: 'x', dir_path: '/w' })).toMatchObject({ req: { call: { tool: 'Grep', input: { pattern: 'x', path: '/w' } } } });
    expect(g('web_fetch', { prompt: 'x' })).toMatchObject({ req: { call: { tool: 'web_fetch' } } });
    const p = g('run_shell_command', { command: 'ls' });
    expect(p.ok && p.req.mode).toBeUndefined();
  });
});

describe('formatOutput', () => {
  it('writes the Claude Code shape and caps the reason', () => {
    const o = JSON.parse(formatOutput('claude', 'ask', 'x'.repeat(20_000)));
    expect(o.hookSpecificOutput.permissionDecision).toBe('ask');
    expect(o.hookSpecificOutput.permissionDecisionReason.length).toBe(MAX_REASON);
  });
  it('turns a Gemini ask into a deny unless told otherwise', () => {
    expect(JSON.parse(formatOutput('gemini', 'ask', 'r'))).toMatchObject({ decision: 'deny' });
    expect(JSON.parse(formatOutput('gemini', 'ask', 'r', 'ask'))).toMatchObject({ decision: 'ask' });
    expect(JSON.parse(formatOutput('gemini', 'allow', 'r'))).toEqual({ decision: 'allow', reason: 'r' });
  });
});

describe('hook policy', () => {
  const settings = JSON.stringify({
    permissions: {
      allow: ['Bash(npm run *)', 'Read(./src/**)', 'WebFetch(domain:example.com)'],
      ask: ['Bash(git push:*)'],
      deny: ['Read(.env)', 'Bash(curl *)', 'Edit(/secrets/**)'],
      additionalDirectories: ['../lib'],
      defaultMode: 'acceptEdits',
    },
  });
  const key = (r: { text: string; behavior: string; layer: string; content: string | null; tool: string }) => `${r.behavior}|${r.layer}|${r.tool}|${r.content}|${r.text}`;

  it('converts settings exactly as importClaudeSettings + loadPolicy does', () => {
    const viaImport = loadPolicy(importClaudeSettings(settings).yaml, { skipExamples: true });
    const direct = policyFromData(settingsData(settings, 'settings.json', []), 'settings.json', '/p');
    expect(direct.rules.map(key).sort()).toEqual(viaImport.rules.map(key).sort());
    expect(direct.additionalDirectories).toEqual(viaImport.additionalDirectories);
  });
  it('builds the default policy from data exactly as from YAML', async () => {
    const { parse } = await import('yaml');
    const fromYaml = loadPolicy(DEFAULT_TEXT, { skipExamples: true });
    const fromData = policyFromData(parse(DEFAULT_TEXT), 'default.yaml', fromYaml.dir);
    expect(fromData.rules.map(key)).toEqual(fromYaml.rules.map(key));
    const { rules: _a, examples: _b, name: _c, ...restData } = fromData;
    const { rules: _d, examples: _e, name: _f, ...restYaml } = fromYaml;
    expect(restData).toEqual(restYaml);
  });
  it('layers settings (project, local) under the base and anchors at the project root', () => {
    const hp = resolveHookPolicy(
      { projectDir: '/p', defaultPolicy: () => ({ text: DEFAULT_TEXT, file: 'default.yaml' }) },
      { readText: (f) => ({ '/p/.claude/settings.json': settings, '/p/.claude/settings.local.json': '{"permissions":{"deny":["Bash(rm *)"]}}' })[f] ?? null },
    );
    expect(hp.sources).toEqual(['default.yaml', '/p/.claude/settings.json', '/p/.claude/settings.local.json']);
    expect(hp.policy.dir).toBe('/p');
    expect(hp.policy.rules.find((r) => r.text === 'Bash(rm *)')?.layer).toBe('local');
    expect(hp.policy.rules.find((r) => r.text === 'Bash(curl *)')?.layer).toBe('project');
    expect(hp.policy.rules.some((r) => r.text === 'Bash(npm test)')).toBe(true);
    expect(workspaceOf('/p', '/h', hp.policy)).toEqual(['/p', '/p/../lib']);
  });
  it('a pre-built default policy (the snapshot) gives the same policy per project, and is not changed', () => {
    const built = loadPolicy(DEFAULT_TEXT, { skipExamples: true });
    const before = built.rules.length;
    const io = { readText: (f: string) => ({ '/p/.claude/settings.json': settings })[f] ?? null };
    const a = resolveHookPolicy({ projectDir: '/p', defaultPolicy: () => ({ policy: built, file: 'default.yaml' }) }, io);
    const b = resolveHookPolicy({ projectDir: '/p', defaultPolicy: () => ({ text: DEFAULT_TEXT, file: 'default.yaml' }) }, io);
    expect(a.policy.rules.map(key)).toEqual(b.policy.rules.map(key));
    expect(a.policy.dir).toBe('/p');
    expect(a.sources).toEqual(b.sources);
    expect(built.rules.length).toBe(before);
    expect(built.dir).not.toBe('/p');
  });
  it('a list that is not a list of rule strings is an error at its place, not a skipped list', () => {
    const w: string[] = [];
    expect(() => settingsData('{"permissions":{"allow":"Bash(ls)"}}', 's.json', w)).toThrow(/^s\.json:1:25: permissions\.allow: must be a list of strings/);
    expect(() => settingsData('{\n "permissions": {\n  "deny": ["Bash(rm *)", 7]}}', 's.json', w)).toThrow(/^s\.json:3:26: permissions\.deny\.1: must be a string/);
    expect(w).toEqual([]);
  });
});

describe('runHook fail-closed paths', () => {
  it('denies with exit 2 when a file cannot be read', () => {
    const r = runHook(pre({}), deps({}, { readText: () => { throw new Error('EACCES: permission denied'); } }));
    expect(r).toMatchObject({ exitCode: 2, verdict: 'deny' });
    expect(JSON.parse(r.stdout).hookSpecificOutput.permissionDecisionReason).toMatch(/internal error: EACCES/);
  });
  it('denies with exit 2 on a policy error, naming the file', () => {
    const r = runHook(pre({}), deps({ '/home/dev/app/.gatelab.yaml': 'version: 1\ndeny:\n  - Bash(rm\n' }));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/policy error: .*\.gatelab\.yaml/);
  });
  it('uses CLAUDE_PROJECT_DIR for the policy and the workspace', () => {
    const files = { '/proj/.claude/settings.json': '{"permissions":{"deny":["Bash(git status)"]}}' };
    const r = runHook(pre({ cwd: '/proj/sub' }), deps(files, { env: { CLAUDE_PROJECT_DIR: '/proj' } }));
    expect(r.verdict).toBe('deny');
    expect(r.exitCode).toBe(0);
  });
  it('never allows on garbage (property)', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ hook_event_name: 'PreToolUse', cwd: '/w', tool_name: 'Bash', tool_input: v }))), (s) => {
        const r = runHook(s, deps({}));
        expect(['deny', 'ask', 'allow']).toContain(r.verdict);
        if (r.exitCode === 2) expect(r.verdict).toBe('deny');
        const parsed = JSON.parse(r.stdout);
        expect(parsed.hookSpecificOutput.permissionDecision).toBe(r.verdict);
        if (r.verdict === 'allow') expect(JSON.parse(s).tool_input).toBeTypeOf('object');
      }),
      { numRuns: 200 },
    );
  });
});
