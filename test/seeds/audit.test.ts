import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  blockMessage,
  targetBlockMessage,
  capReason,
  AuditLog,
  AUDIT_CAPACITY,
  MAX_REASON_RUNES,
  TRUNCATION_MARKER,
  PLATFORM_PREFIX,
  redactSecrets,
  attributeResult,
  Attribution,
} from '../../engine/audit/index.ts';
import { TARGET_DENIED, TARGET_GUIDANCE } from '../../engine/targets/index.ts';

const runes = (s: string) => [...s].length;

describe('block messages', () => {
  it('are framed as a platform control, not a target defence', () => {
    const m = blockMessage('rm -rf is not allowed');
    expect(m.startsWith(PLATFORM_PREFIX)).toBe(true);
    expect(m).toMatch(/platform/);
    expect(m).toMatch(/not a defence of the target/);
    expect(m).toContain('rm -rf is not allowed');
  });

  it('cap the reason at 4,000 runes with a marker, rune-safe', () => {
    expect(capReason('a'.repeat(MAX_REASON_RUNES))).toBe('a'.repeat(MAX_REASON_RUNES));
    const emoji = '😀'.repeat(MAX_REASON_RUNES + 10);
    const capped = capReason(emoji);
    expect(capped.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(runes(capped.slice(0, -TRUNCATION_MARKER.length))).toBe(MAX_REASON_RUNES);
    expect(capped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no lone high surrogate
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 1, max: 30 }), (s, max) => {
        const c = capReason(s, max);
        if (runes(s) <= max) expect(c).toBe(s);
        else {
          expect(c.endsWith(TRUNCATION_MARKER)).toBe(true);
          const head = c.slice(0, -TRUNCATION_MARKER.length);
          expect(runes(head)).toBe(max);
          expect(s.startsWith(head)).toBe(true);
        }
      }),
    );
  });

  it('keep the guidance whole while capping the reason', () => {
    const res = { code: TARGET_DENIED as typeof TARGET_DENIED, reason: 'x'.repeat(10_000), guidance: TARGET_GUIDANCE[TARGET_DENIED], host: 'a.test', port: 443 };
    const m = targetBlockMessage(res);
    expect(m.endsWith(TARGET_GUIDANCE[TARGET_DENIED])).toBe(true);
    expect(m).toContain(TRUNCATION_MARKER);
    expect(m).toContain('target a.test:443');
    expect(m.startsWith(PLATFORM_PREFIX)).toBe(true);
    expect(blockMessage('y'.repeat(9000))).toMatch(/This action is not permitted here/);
  });
});

describe('AuditLog', () => {
  it('keeps the last 2,000 entries', () => {
    const log = new AuditLog();
    for (let i = 0; i < AUDIT_CAPACITY + 25; i++) log.record({ tool: 'Bash', action: 'allow', command: `echo ${i}` });
    const e = log.entries();
    expect(e).toHaveLength(AUDIT_CAPACITY);
    expect(e[0]!.command).toBe('echo 25');
    expect(e[e.length - 1]!.seq).toBe(AUDIT_CAPACITY + 25);
  });

  it('keeps the raw reason and exports JSONL with secrets redacted', () => {
    const log = new AuditLog();
    const raw = 'blocked: curl -H "Authorization: Bearer abcdef1234567890XYZ" https://a.test';
    log.record({ tool: 'Bash', action: 'block', reason: raw, command: 'export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' });
    expect(log.entries()[0]!.reason).toBe(raw);
    const lines = log.toJSONL().trim().split('\n');
    expect(lines).toHaveLength(1);
    const row = JSON.parse(lines[0]!);
    expect(row.reason).not.toContain('abcdef1234567890XYZ');
    expect(row.command).not.toContain('wJalrXUtnFEMI');
    expect(row.tool).toBe('Bash');
  });
});

describe('redactSecrets', () => {
  it.each([
    ['token=ghp_0123456789abcdefghijklmnopqrstuvwxyzAB', 'ghp_0123456789'],
    ['key AKIAIOSFODNN7EXAMPLE in logs', 'AKIAIOSFODNN7EXAMPLE'],
    ['Authorization: Bearer eyJhbGciOi.eyJzdWIiOiIx.abcdefghijklmnop', 'eyJzdWIiOiIx'],
    ['password: hunter2hunter2', 'hunter2'],
    ['mysql --password s3cretpass -h db', 's3cretpass'],
    ['"api_key": "sk-live-abcdefghijklmnopqrstu"', 'abcdefghijklmnop'],
    ['url https://bob:pa55word@db.test/x', 'pa55word'],
    ['-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA\n-----END OPENSSH PRIVATE KEY-----', 'b3BlbnNzaC1rZXktdjEAAAA'],
    ['SLACK_TOKEN xoxb-123456789012-abcdefghijkl', 'abcdefghijkl'],
  ])('redacts %s', (text, secret) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain('[REDACTED');
  });

  it('leaves ordinary text alone', () => {
    for (const s of ['git status', 'author: Jane Doe', 'the token count is 12', 'PWD=/home/dev/app ls', 'curl https://example.test/a']) {
      expect(redactSecrets(s)).toBe(s);
    }
  });
});

describe('failure attribution', () => {
  it('classifies results as blocked, error or ok', () => {
    expect(attributeResult({ output: 'HTTP/1.1 403 Forbidden' })).toBe('blocked');
    expect(attributeResult({ output: 'error code: 1020 (WAF)', isError: true })).toBe('blocked');
    expect(attributeResult({ output: '429 Too Many Requests' })).toBe('blocked');
    expect(attributeResult({ output: 'Please complete the CAPTCHA' })).toBe('blocked');
    expect(attributeResult({ output: 'connection refused', isError: true })).toBe('error');
    expect(attributeResult({ output: '<html>welcome</html>' })).toBe('ok');
    expect(attributeResult({ output: { status: 403 } })).toBe('blocked');
    expect(attributeResult({ output: 'wafer-thin 4030 items' })).toBe('ok');
  });

  it('counts per class', () => {
    const a = new Attribution();
    for (const o of ['403', 'ok', 'fine', 'rate limited']) a.record({ output: o });
    a.record({ output: 'boom', isError: true });
    expect(a.snapshot()).toEqual({ blocked: 2, error: 1, ok: 2 });
  });
});
