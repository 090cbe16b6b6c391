// Soundness: a dynamic word must carry every class that some value it can take has. For globs:
// any glob that matches a sensitive path (built by hiding characters of the path behind `?`
// and `*`) reaches that path's classes. For variables: whatever the variable holds.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyze } from '../../engine/shell/index.ts';
import { classifyPath, classifyWord, type PathClass, type PathContext } from '../../engine/paths/index.ts';

const HOME = '/home/ana';
const ctx: PathContext = { cwd: '/w/proj', home: HOME, workspace: ['/w/proj'] };
const KEY: PathClass[] = ['protected', 'credential', 'gate-config', 'persistence', 'outside', 'device'];

// Paths whose class comes from a strong row (a folder or a key-like name), not a name heuristic.
const SENSITIVE = [
  '/home/ana/.ssh/id_rsa',
  '/home/bob/.aws/credentials',
  '/root/.kube/config',
  '/etc/shadow',
  '/etc/sudoers.d/admins',
  '/w/proj/.git/hooks/pre-commit',
  '/w/proj/.git/config',
  '/w/proj/.env',
  '/w/proj/certs/server.pem',
  '/w/proj/.gatelab.yaml',
  '/w/proj/.claude/settings.json',
  '/etc/cron.d/job',
  '/home/ana/.config/gh/hosts.yml',
  '/home/ana/.bashrc',
  '/proc/1/environ',
  '/dev/sda1',
  '/dev/nvme0n1',
];

/** Hide characters of a path behind glob characters; a segment's leading `.` stays (no dotglob). */
function globify(p: string, picks: number[]): string {
  let out = '';
  let k = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    const segStart = i === 0 || p[i - 1] === '/';
    const pick = picks[k++ % picks.length]!;
    if (c === '/' || (segStart && c === '.') || pick < 6) out += c;
    else if (pick < 8) out += '?';
    else {
      out += '*';
      // a star swallows the rest of the segment up to a random length
      let j = i;
      const len = pick - 7;
      while (j + 1 < p.length && p[j + 1] !== '/' && j - i < len) j++;
      i = j;
    }
  }
  return out.replace(/\*+/g, '*');
}

const word = (text: string) => {
  const w = analyze(`cat ${text}`, { home: HOME }).commands[0]?.argv[1];
  if (!w) throw new Error(text);
  return w;
};

describe('dynamic words reach what their values reach', () => {
  it('globs that match a sensitive path carry its classes', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SENSITIVE), fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 40 }), (p, picks) => {
        const g = globify(p, picks);
        const want = classifyPath(p, ctx).classes;
        const got = classifyWord(word(g), ctx).classes;
        for (const c of KEY) if (want.has(c)) expect(got.has(c), `${g} should reach ${c} like ${p}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('a variable reaches whatever it can hold', () => {
    const prefixes = ['', '/etc/', 'src/', '~/', '/w/proj/', './'];
    const tails = ['', '/x', '/.git/hooks/x', '/id_rsa', '.pem'];
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), fc.constantFrom(...tails), fc.constantFrom(...SENSITIVE), (pre, tail, value) => {
        const text = `${pre}$V${tail}`;
        const got = classifyWord(word(text), ctx).classes;
        // One value $V can take: a climb to / and down to the sensitive path, minus the tail.
        const concrete = classifyPath(`${pre.replace('~', HOME)}../../../../../..${value}${tail}`, ctx).classes;
        for (const c of KEY) if (c !== 'device' && concrete.has(c)) expect(got.has(c), `${text} with V→…${value}`).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
