// One redaction pass for every output, against a battery of secret forms (issue 13): the audit
// export, lab explain (text and JSON), the hook's reason, lab decide, regress JSON and JUnit.
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuditLog, redactSecrets } from '../../engine/index.ts';
import { runHook } from '../../lab/hook/run.ts';
import { runRegress } from '../../lab/regress.ts';
import { lab as labIn } from '../lab/helpers.ts';
import { cleanup, makeCorpus } from '../corpus/helpers.ts';
import { SECRETS } from './secrets.ts';
import { lab, pre, ROOT } from './helpers.ts';

afterEach(cleanup);

const DEFAULT_TEXT = readFileSync(join(ROOT, 'policies', 'default.yaml'), 'utf8');

describe('the secret battery', () => {
  it('holds at least 60 forms', () => expect(SECRETS.length).toBeGreaterThanOrEqual(60));
  it.each(SECRETS)('redacts %j', (text, secret) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain('[REDACTED');
    expect(redactSecrets(out)).toBe(out);
  });
  it('leaves ordinary commands and engine messages alone', () => {
    for (const s of [
      'git status', 'PWD=/home/dev/app ls', 'sort --key=2 names.txt', 'grep -r oauth_token ~/.config/gh', 'cat /etc/ssh/ssh_host_rsa_key',
      'reads /h/.vault-token outside the workspace', 'credential-read: cat reads private key file (deploy/server.key)', 'the token count is 12',
      'curl https://example.test/a?page=2', 'mysql -u root -p app',
      // a location and a count in lab's own output (regress, lint)
      'corpus/credentials.yaml:945:7: error: duplicate id', 'families.credentials.acceptEdits.ask: 122 → 130',
    ])
      expect(redactSecrets(s)).toBe(s);
  });
  it('the audit export redacts every form', () => {
    const log = new AuditLog();
    for (const [text] of SECRETS) log.record({ tool: 'Bash', action: 'block', command: text, reason: `blocked: ${text}` });
    const out = log.toJSONL();
    for (const [, secret] of SECRETS) expect(out).not.toContain(secret);
  });
});

describe('every output goes through the same pass', () => {
  it('the hook reason never echoes a secret of the command', () => {
    const deps = { env: {}, home: '/home/dev', defaultPolicy: () => ({ text: DEFAULT_TEXT, file: 'default.yaml' }), readText: () => null };
    for (const [text, secret] of SECRETS) {
      const r = runHook(pre({ tool_input: { command: text } }), deps);
      expect(r.stdout + r.stderr).not.toContain(secret);
    }
  });
  it('lab explain (text and --json) never echoes a secret of the command', async () => {
    for (const [text, secret] of SECRETS) {
      for (const json of [[], ['--json']]) {
        const r = await labIn(ROOT, 'explain', ...json, '--', text);
        expect(r.out + r.err).not.toContain(secret);
      }
    }
  }, 60_000);
  it('lab decide never echoes a secret', () => {
    const input = SECRETS.map(([text], i) => JSON.stringify({ id: String(i), tool: 'Bash', input: { command: text }, cwd: '/w', home: '/h' })).join('\n');
    const r = lab(['decide', '--jsonl'], input + '\n');
    expect(r.stdout.trim().split('\n')).toHaveLength(SECRETS.length);
    for (const [, secret] of SECRETS) expect(r.stdout).not.toContain(secret);
  });
  it('regress JSON, text and JUnit never echo a secret of a mismatching case', () => {
    const cases = SECRETS.slice(0, 12)
      .map(([text], i) => `- id: sec-${i}\n  command: ${JSON.stringify(text)}\n  effect: uses a secret\n  expect: allow\n  source: original\n  tags: [no-bash-n]\n`)
      .join('');
    const dir = makeCorpus({ 'sec.yaml': cases });
    const junit = join(dir, '..', 'junit.xml');
    const base = { corpusDir: dir, rootDir: join(dir, '..'), baselinePath: join(dir, '..', 'baseline.json'), isTTY: false };
    const asJson = runRegress({ ...base, json: true, junit });
    const asText = runRegress({ ...base, json: false });
    expect(asJson.exitCode).toBe(1);
    const written = asJson.output + asText.output + readFileSync(junit, 'utf8');
    expect(written).toContain('sec-0');
    for (const [, secret] of SECRETS.slice(0, 12)) expect(written).not.toContain(secret);
    expect(() => JSON.parse(asJson.output)).not.toThrow();
  });
});
