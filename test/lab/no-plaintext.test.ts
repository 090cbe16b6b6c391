// No pass code is written down anywhere in the repository: tests derive them at run time and grep
// every tracked file for them, in the printed and the compact form.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { challengeIds, loadCheck } from '../../lab/challenges/check.ts';
import { expectedCode } from '../../lab/challenges/devcheck.ts';
import { normalizeCode } from '../../lab/challenges/codes.ts';
import { ROOT } from './helpers.ts';

describe('no plaintext codes', () => {
  it('no tracked file contains any valid pass code', () => {
    let files: string[];
    try {
      files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    } catch {
      return; // not a git checkout (e.g. an npm tarball): nothing tracked to grep
    }
    const needles = challengeIds(ROOT).flatMap((id) => {
      const code = expectedCode(loadCheck(id, ROOT));
      return [code, normalizeCode(code), code.slice(code.indexOf('-') + 1)];
    });
    const hits: string[] = [];
    for (const f of files) {
      const p = join(ROOT, f);
      if (!existsSync(p) || statSync(p).size > 5_000_000) continue;
      const text = readFileSync(p, 'latin1').toUpperCase();
      for (const n of needles) if (text.includes(n)) hits.push(`${f}: ${n.slice(0, 4)}…`);
    }
    expect(hits).toEqual([]);
  });
});
