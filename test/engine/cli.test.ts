import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const lab = (args: string[], input?: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['lab/bin.mjs', ...args], { input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });

const line = (o: object) => JSON.stringify(o);
const base = { cwd: '/w', home: '/h' };

describe('lab decide --jsonl', () => {
  it('answers the contract examples and keeps going after bad lines', () => {
    const input = [
      line({ id: '1', tool: 'Edit', input: { file_path: '/w/.git/hooks/pre-commit' }, mode: 'bypassPermissions', ...base }),
      line({ id: '2', tool: 'Edit', input: { file_path: '/w/src/a.ts' }, mode: 'bypassPermissions', ...base }),
      line({ id: '3', tool: 'Edit', input: { file_path: '/w/src/a.ts' }, mode: 'dontAsk', ...base }),
      '{not json',
      line({ id: '5', tool: 'Nope', input: {} }),
      line({ id: '6', tool: 'Read', input: {}, ...base }),
      line({ id: '7', tool: 'Read', input: { file_path: '/w/a' }, mode: 'sideways', ...base }),
    ].join('\n');
    const r = lab(['decide', '--jsonl'], input + '\n');
    expect(r.status).toBe(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(7);
    expect(out[0]).toMatchObject({ id: '1', behavior: 'ask', immune: true, silenced: false });
    expect(out[1]).toMatchObject({ id: '2', behavior: 'allow', silenced: true, immune: false });
    expect(out[2]).toMatchObject({ id: '3', behavior: 'deny', silenced: true });
    expect(out[3].error).toMatch(/line 4: invalid JSON/);
    expect(out[4]).toMatchObject({ id: '5', error: expect.stringContaining('unknown tool') });
    expect(out[5]).toMatchObject({ id: '6', behavior: 'deny', reason: { type: 'input' } });
    expect(out[6].error).toMatch(/unknown mode/);
  });
  it('names the file and line of a broken policy and exits 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gl-'));
    const p = join(dir, 'p.yaml');
    writeFileSync(p, 'version: 1\ndeny:\n  - Bash(rm\n');
    const r = lab(['decide', '--jsonl', '--policy', p], '');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`${p}:3:`);
  });
});

describe('lab explain', () => {
  it('prints the trace and the deciding step; --json gives the decision', () => {
    const r = lab(['explain', '--mode', 'bypassPermissions', '--tool', 'Edit', '--cwd', '/w', '--home', '/h', '--', '/w/.git/config']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/decision: ASK in bypassPermissions mode immune/);
    expect(r.stdout).toMatch(/protected path/);
    expect(r.stdout).not.toMatch(/\x1b\[/);
    const j = lab(['explain', '--json', '--', 'ls']);
    const d = JSON.parse(j.stdout);
    expect(Array.isArray(d.trace)).toBe(true);
    expect(['allow', 'deny', 'ask']).toContain(d.behavior);
  });
  it('usage errors exit 2', () => {
    expect(lab(['explain']).status).toBe(2);
    expect(lab(['explain', '--mode', 'nope', '--', 'ls']).status).toBe(2);
    expect(lab(['frobnicate']).status).toBe(2);
  });
});

describe('lab policy import', () => {
  it('converts Claude Code settings permissions into a loadable policy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gl-'));
    const s = join(dir, 'settings.json');
    writeFileSync(
      s,
      JSON.stringify({ permissions: { allow: ['Bash(npm run lint)'], deny: ['Read(./.env)'], ask: ['Bash(git push:*)'], defaultMode: 'acceptEdits', additionalDirectories: ['../lib'], disableBypassPermissionsMode: 'disable' } }),
    );
    const out = join(dir, 'policy.yaml');
    const r = lab(['policy', 'import', s, '-o', out]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/disableBypassPermissionsMode is not imported/);
    const yaml = readFileSync(out, 'utf8');
    expect(yaml).toMatch(/mode: acceptEdits/);
    expect(yaml).toMatch(/Read\(\.\/\.env\)/);
    const check = lab(['policy', 'check', out]);
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/3 rules/);
  });
});
