// Every CLI error path: unknown flags are usage errors on every verb, a closed stdout (EPIPE)
// ends quietly, one bad line never stops lab decide, a malformed learner finding is a
// file:line error (issue 13).
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { lab, labHead } from './helpers.ts';
import { lab as labIn, tempLab } from '../lab/helpers.ts';

const VERBS: string[][] = [
  ['run', 'c1'], ['list'], ['hint', 'c1'], ['reset', 'c1'], ['code', 'c1'], ['solution', 'c1'], ['progress', 'export'],
  ['decide', '--jsonl'], ['explain', '--', 'ls'], ['regress'], ['corpus', 'lint'], ['policy', 'check', 'policies/default.yaml'],
  ['screen', 'replay', 'x.jsonl'], ['hook'],
];

describe('unknown flags', () => {
  it.each(VERBS)('lab %s … --frobnicate is a usage error (exit 2)', (...argv) => {
    const dashdash = argv.indexOf('--');
    const args = dashdash >= 0 ? [...argv.slice(0, dashdash), '--frobnicate', ...argv.slice(dashdash)] : [...argv, '--frobnicate'];
    const r = lab(args, '');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown flag --frobnicate/);
  });
  it('a short flag no verb takes is a usage error too', () => {
    const r = lab(['list', '-z']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown flag -z/);
  });
});

describe('a reader that goes away (EPIPE)', () => {
  it('lab decide --jsonl | head -1 ends quietly with exit 0', async () => {
    const input = Array.from({ length: 4000 }, (_, i) => JSON.stringify({ id: String(i), tool: 'Bash', input: { command: 'ls -la' }, cwd: '/w', home: '/h' })).join('\n') + '\n';
    const r = await labHead(['decide', '--jsonl'], input);
    expect(JSON.parse(r.first).id).toBe('0');
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(r.code).toBe(0);
  });
});

describe('lab decide answers every line', () => {
  it('an id nested 6,000 levels is an error line, and later lines are still answered', () => {
    let deep = '0';
    for (let i = 0; i < 6000; i++) deep = `[${deep}]`;
    let deepInput = '0';
    for (let i = 0; i < 6000; i++) deepInput = `{"a":${deepInput}}`;
    const input = [
      `{"id":${deep},"tool":"Bash","input":{"command":"ls"},"cwd":"/w","home":"/h"}`,
      `{"id":"x","tool":"Bash","input":{"command":"ls","extra":${deepInput}},"cwd":"/w","home":"/h"}`,
      JSON.stringify({ id: 'after', tool: 'Bash', input: { command: 'ls' }, cwd: '/w', home: '/h' }),
    ].join('\n');
    const r = lab(['decide', '--jsonl'], input + '\n');
    expect(r.status).toBe(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out).toHaveLength(3);
    expect(out[0]).toMatchObject({ id: null, error: expect.stringMatching(/line 1: field "id"/) });
    expect(out[1].behavior ?? 'error').not.toBe('allow');
    expect(out[2]).toMatchObject({ id: 'after', behavior: 'allow' });
  });
});

describe('lab decide and a line too long to hold', () => {
  it('answers it with an error and goes on', () => {
    const ok = (id: string) => JSON.stringify({ id, tool: 'Bash', input: { command: 'ls' }, cwd: '/w', home: '/h' });
    const r = lab(['decide', '--jsonl'], `${ok('a')}\n${'x'.repeat(20 * 1024 * 1024)}\n${ok('b')}\n`);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((o) => o.id)).toEqual(['a', null, 'b']);
    expect(out[1].error).toMatch(/line 2: longer than/);
  });
});

describe('a learner finding with the wrong field', () => {
  it('`behaviour:` in a finding is reported at file:line:col, not counted as no opinion', async () => {
    const t = tempLab();
    try {
      const file = join(t.root, 'lab', 'exercises', 'c6', 'detector.ts');
      const text = readFileSync(file, 'utf8');
      const fixed = text.replace("family: 'git', behavior: 'deny', message: why", "family: 'git', behaviour: 'deny', message: why");
      expect(fixed).not.toBe(text);
      writeFileSync(file, fixed);
      const r = await labIn(t.root, 'run', 'c6');
      expect(r.code).toBe(1);
      const line = fixed.slice(0, fixed.indexOf("behaviour: 'deny', message")).split('\n').length;
      expect(r.out).toMatch(new RegExp(`detector\\.ts:${line}:\\d+: a finding needs \`behavior\``));
    } finally {
      t.dispose();
    }
  });
});

describe('files a verb cannot read or write', () => {
  it.each([
    [['policy', 'import', 'test/edges/fixtures/settings.json', '-o', '/etc/hostname/out.yaml']],
    [['progress', 'export', '/etc/hostname/progress.json']],
  ])('lab %j: exit 2 with the path, no stack trace', (args) => {
    const r = lab(args, '');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot \w+ \/etc\/hostname/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
