// c15's expectations are bash's: every `code` case really runs the hidden command under bash, and
// no `safe` case does (a file read at run time holds a subscript payload too).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCheck } from '../../lab/challenges/check.ts';
import { ROOT } from './helpers.ts';

const bash = (() => {
  try {
    execFileSync('bash', ['-c', ':']);
    return true;
  } catch {
    return false;
  }
})();

function ranUnderBash(command: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), 'c15-'));
  const mark = join(dir, 'pwn');
  const payload = `a[$(touch ${mark})]`;
  for (const f of ['count.txt', 'notes.txt']) writeFileSync(join(dir, f), payload + '\n');
  const cmd = command.replaceAll('/tmp/pwn', mark).replaceAll('$(id)', `$(touch ${mark})`);
  try {
    execFileSync('bash', ['-c', cmd], { cwd: dir, stdio: 'ignore', timeout: 5000 });
  } catch {
    /* an error is fine: only the marker counts */
  }
  const ran = existsSync(mark);
  rmSync(dir, { recursive: true, force: true });
  return ran;
}

describe.runIf(bash)('c15 expectations, confirmed by bash', () => {
  const check = loadCheck('c15', ROOT);
  it.each(check.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    expect(ranUnderBash(c.command!)).toBe(c.expect === 'code');
  });
});
