// c17's expectations for words bash can expand here (globs, ~, $HOME, `..`): bash expands each case's
// words in a fake home, and a `reach` case must name a path at or under a protected folder while a
// `clear` case names none. Cases with other variables, substitutions or ~user stand for any path.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadCheck } from '../../lab/challenges/check.ts';
import { ROOT } from './helpers.ts';

const FILES = ['.ssh/id_rsa', '.ssh/config', '.ssh/known_hosts', '.aws/credentials', '.sshrc', 'notes.txt', 'a.txt', 'docs/x.md',
  'app/.git/hooks/pre-commit', 'app/src/a.ts', 'app/docs/.ssh-notes.md'];
const UNBOUNDED = /\$(?!HOME\b)[A-Za-z_(]|~[a-z]/;

const bash = (() => {
  try {
    execFileSync('bash', ['-c', ':']);
    return true;
  } catch {
    return false;
  }
})();

/** The words bash makes of a case's arguments and redirection targets, as absolute paths. */
function expand(command: string, home: string): string[] {
  // Print every word instead of running the program; a redirection target becomes a word too.
  const probe = command.replace(/^\S+\s+(-\S+\s+)*/, '').replace(/>\s*/g, ' ');
  const out = execFileSync('bash', ['-c', `shopt -u dotglob; for w in ${probe}; do printf '%s\\n' "$w"; done`], {
    cwd: join(home, 'app'), env: { HOME: home, PATH: process.env.PATH }, encoding: 'utf8',
  });
  return out.split('\n').filter(Boolean).map((w) => resolve(join(home, 'app'), w));
}

describe.runIf(bash)('c17 expectations, confirmed by bash expansion', () => {
  const check = loadCheck('c17', ROOT);
  const knowable = check.cases.filter((c) => !UNBOUNDED.test(c.command!));
  it('most cases are checked here', () => expect(knowable.length).toBeGreaterThan(10));
  it.each(knowable.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'c17-')));
    const home = join(root, 'home', 'dev');
    for (const f of FILES) {
      mkdirSync(join(home, f, '..'), { recursive: true });
      writeFileSync(join(home, f), 'x');
    }
    try {
      const prot = ['.ssh', '.aws', 'app/.git/hooks'].map((d) => join(home, d));
      const words = expand(c.command!, home);
      const reaches = words.some((w) => prot.some((d) => w === d || w.startsWith(d + '/')));
      expect(reaches, words.join(' ')).toBe(c.expect === 'reach');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
