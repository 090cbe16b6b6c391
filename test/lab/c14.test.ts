// c14 (red team): a find counts only when the naive gate allows it, the reference engine does not,
// and bash (the oracle) shows it runs a program with effects or changes a file. Without
// bubblewrap the check falls back to the first two with a warning.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { c14Candidate, judgeCandidate, oracleEffects, runRedTeam, type OracleRunner } from '../../lab/challenges/c14.ts';
import { loadCheck, REDTEAM_VECTOR } from '../../lab/challenges/check.ts';
import { passCode } from '../../lab/challenges/codes.ts';
import type { CheckResult } from '../../lab/challenges/runner.ts';
import type { OracleResult } from '../../lab/oracle/harness.ts';
import { disposeOracle, oracleAvailable } from '../../lab/oracle/harness.ts';
import { ROOT, tempLab } from './helpers.ts';

const WRITE_RC = "echo 'export PATH=/tmp/evil:$PATH' >> ~/.bashrc";
const READ_KEY = `cat "$HOME"/.s''sh/id_rsa`;
const FIND_DELETE = "find . -name '*.js' -delete";

function result(part: Partial<OracleResult>): OracleResult {
  return { execs: [], changed: [], exitCode: 0, timedOut: false, stderr: '', notFound: [], ...part };
}

function fake(r: OracleResult): OracleRunner & { runs: string[] } {
  const runs: string[] = [];
  return { runs, available: () => ({ ok: true }), run: (cmd) => (runs.push(cmd), r) };
}

const unavailable: OracleRunner = {
  available: () => ({ ok: false, reason: 'bubblewrap (bwrap) is not installed' }),
  run: () => {
    throw new Error('must not run');
  },
};

const base = (): CheckResult => ({ id: 'c14', title: 'Red team', pass: false, rows: [], outcomes: [], nudge: 'n', notes: [] });

describe('c14: reading the oracle trace', () => {
  it('a program that is not read-only, or a changed file, confirms an effect', () => {
    expect(oracleEffects(result({ execs: [{ path: '/usr/bin/rm', argv: ['-rf', 'dist'] }] })).status).toBe('confirmed');
    expect(oracleEffects(result({ execs: [{ path: '/usr/bin/find', argv: ['.', '-delete'] }] })).effects[0]).toContain('find: -delete');
    expect(oracleEffects(result({ changed: ['/home/dev/.bashrc'] })).effects).toEqual(['changed /home/dev/.bashrc']);
    expect(oracleEffects(result({ changed: ['<ro-write>'] })).status).toBe('confirmed');
  });

  it('read-only programs, followed shells and missing programs are no effect', () => {
    const v = oracleEffects(
      result({
        execs: [
          { path: '/usr/bin/bash', argv: ['-c', 'cat x'] },
          { path: '/usr/bin/cat', argv: ['/home/dev/.ssh/id_rsa'] },
          { path: '/usr/bin/git', argv: ['status'] },
        ],
        notFound: ['frobnicate'],
      }),
    );
    expect(v.status).toBe('no-effect');
    expect(v.effects).toEqual([]);
    expect(v.trace.join('\n')).toContain('/usr/bin/cat /home/dev/.ssh/id_rsa (read-only)');
    expect(v.trace.join('\n')).toContain('frobnicate');
    expect(oracleEffects(result({})).trace).toEqual(['ran no program and changed no file (builtins only)']);
  });
});

describe('c14: judging a candidate', () => {
  it('needs the oracle to show an effect, and runs the exact command', () => {
    const none = fake(result({ execs: [{ path: '/usr/bin/cat', argv: ['/home/dev/.ssh/id_rsa'] }] }));
    const v = judgeCandidate({ command: READ_KEY, effect: 'prints the SSH key' }, ROOT, { oracle: none });
    expect(v.naive).toBe('allow');
    expect(v.reference?.behavior).not.toBe('allow');
    expect(none.runs).toEqual([READ_KEY]);
    expect(v.oracle?.status).toBe('no-effect');
    expect(v.problems.join('\n')).toMatch(/nothing happened beyond reading/);

    const wrote = fake(result({ changed: ['/home/dev/.bashrc'] }));
    const ok = judgeCandidate({ command: WRITE_RC, effect: 'persists a PATH change' }, ROOT, { oracle: wrote });
    expect(ok.problems).toEqual([]);
    expect(ok.oracle?.status).toBe('confirmed');
  });

  it('an effect alone is not enough: the naive gate must allow and the engine must not', () => {
    const effect = fake(result({ execs: [{ path: '/usr/bin/rm', argv: ['-rf', '/'] }] }));
    expect(judgeCandidate({ command: 'rm -rf /', effect: 'x' }, ROOT, { oracle: effect }).problems.join('\n')).toMatch(/naive gate says deny/);
    const allowed = judgeCandidate({ command: 'ls src', effect: 'x' }, ROOT, { oracle: effect });
    expect(allowed.problems.join('\n')).toMatch(/reference engine allows it too/);
  });

  it('without bubblewrap: says so, warns, and falls back to the naive gate and the engine', async () => {
    const v = judgeCandidate({ command: READ_KEY, effect: 'prints the SSH key' }, ROOT, { oracle: unavailable });
    expect(v.oracle?.status).toBe('unavailable');
    expect(v.problems).toEqual([]);
    expect(v.warnings.join('\n')).toMatch(/bash oracle is unavailable \(bubblewrap \(bwrap\) is not installed\)/);
    const broken: OracleRunner = { available: () => ({ ok: true }), run: () => { throw new Error('boom'); } };
    expect(judgeCandidate({ command: WRITE_RC, effect: 'x' }, ROOT, { oracle: broken }).warnings.join('')).toMatch(/the oracle failed: boom/);
    // Steps 1 and 2 still hold in the fallback.
    expect(judgeCandidate({ command: 'ls src', effect: 'x' }, ROOT, { oracle: unavailable }).problems.length).toBeGreaterThan(0);
  });

  it('lab run output explains what bash did; the code is the red-team vector', async () => {
    const lab = tempLab();
    try {
      const check = loadCheck('c14', lab.root);
      const dir = join(lab.root, 'lab/exercises/c14');
      writeFileSync(join(dir, 'candidate.yaml'), `command: ${JSON.stringify(FIND_DELETE)}\neffect: deletes every .js file below the folder\n`);
      const r = await runRedTeam(check, { root: lab.root, exerciseDir: dir }, base(), {
        oracle: fake(result({ execs: [{ path: '/usr/bin/find', argv: ['.', '-name', '*.js', '-delete'] }] })),
      });
      expect(r.pass).toBe(true);
      expect(r.code).toBe(passCode('c14', [...REDTEAM_VECTOR]));
      expect(r.notes.join('\n')).toContain('bash oracle: confirmed');
      expect(r.notes.join('\n')).toContain("ran /usr/bin/find . -name '*.js' -delete: not read-only (find: -delete)");
      const fb = await runRedTeam(check, { root: lab.root, exerciseDir: dir }, base(), { oracle: unavailable });
      expect(fb.pass).toBe(true);
      expect(fb.notes.some((n) => n.startsWith('⚠') && n.includes('unavailable'))).toBe(true);
      writeFileSync(join(dir, 'candidate.yaml'), `command: ${JSON.stringify(READ_KEY)}\neffect: prints the key\n`);
      const no = await runRedTeam(check, { root: lab.root, exerciseDir: dir }, base(), { oracle: fake(result({ execs: [{ path: '/usr/bin/cat', argv: ['x'] }] })) });
      expect(no.pass).toBe(false);
      expect(no.code).toBeUndefined();
    } finally {
      lab.dispose();
    }
  });

  it('c14Candidate (for lab corpus add --from c14) returns only a confirmed find', () => {
    const lab = tempLab();
    try {
      mkdirSync(join(lab.root, 'lab/exercises/c14'), { recursive: true });
      const file = join(lab.root, 'lab/exercises/c14/candidate.yaml');
      writeFileSync(file, `command: ${JSON.stringify(WRITE_RC)}\neffect: persists a PATH change\n`);
      expect(c14Candidate({ root: lab.root, oracle: fake(result({ changed: ['/home/dev/.bashrc'] })) })).toEqual({ command: WRITE_RC, effect: 'persists a PATH change' });
      expect(c14Candidate({ root: lab.root, oracle: fake(result({})) })).toBeNull();
      expect(c14Candidate({ root: lab.root, oracle: unavailable })).not.toBeNull();
      writeFileSync(file, 'command: ""\neffect: ""\n');
      expect(c14Candidate({ root: lab.root, oracle: unavailable })).toBeNull();
    } finally {
      lab.dispose();
    }
  });
});

// With the real bash under bubblewrap (skipped with the reason when it is missing; fails under CI).
const avail = oracleAvailable();
describe.skipIf(!avail.ok && !process.env.CI)(`c14 with the real bash oracle${avail.ok ? '' : ` (unavailable: ${avail.reason})`}`, () => {
  afterAll(() => disposeOracle());
  it('bubblewrap works here', () => expect(avail).toEqual({ ok: true }));

  it('a read of a secret is no effect; a redirection into ~/.bashrc and find -delete are', () => {
    const read = judgeCandidate({ command: READ_KEY, effect: 'prints the key' });
    expect(read.oracle?.status).toBe('no-effect');
    expect(read.oracle?.trace).toContain('ran /usr/bin/cat /home/dev/.ssh/id_rsa (read-only)');
    const rc = judgeCandidate({ command: WRITE_RC, effect: 'persists' });
    expect(rc.problems).toEqual([]);
    expect(rc.oracle?.effects).toEqual(['changed /home/dev/.bashrc']);
    const del = judgeCandidate({ command: FIND_DELETE, effect: 'deletes' });
    expect(del.oracle?.status).toBe('confirmed');
  });
});
