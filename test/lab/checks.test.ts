// Mirrors rustlings' `dev check`: every starter fails, every reference solution passes (applied in
// a temp copy), and the code a pass prints verifies for its chapter and no other.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { useNodeHost } from '../../lab/node-host.ts';
import { challengeIds, loadCheck, parseCheck, expectedVector, CheckError } from '../../lab/challenges/check.ts';
import { loadHints, loadLesson } from '../../lab/challenges/catalog.ts';
import { runWithFiles, openSolution, expectedCode, sealedSolution } from '../../lab/challenges/devcheck.ts';
import { verifierFor } from '../../lab/challenges/codes.ts';
import { unseal } from '../../lab/challenges/sealed.ts';
import { ROOT, KNOWN_ENGINE_GAPS } from './helpers.ts';

useNodeHost();
const ids = challengeIds(ROOT);
const codes = new Map(ids.map((id) => [id, expectedCode(loadCheck(id, ROOT))]));

describe('the curriculum', () => {
  it('has at least 17 challenges, each with a lesson, three hint tiers, a starter and a sealed solution', () => {
    expect(ids.length).toBeGreaterThanOrEqual(17);
    expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => `c${i + 1}`));
    for (const id of ids) {
      const lesson = loadLesson(ROOT, id);
      expect(lesson.title.length, id).toBeGreaterThan(3);
      expect(lesson.body, id).toContain('## Your task');
      const h = loadHints(ROOT, id);
      expect([h.nudge, h.concept, h.place].every((t) => t.trim().length > 20), id).toBe(true);
      const check = loadCheck(id, ROOT);
      const starter = join(ROOT, 'lab', 'exercises', id, 'starter');
      expect(existsSync(join(starter, check.learner)) || existsSync(join(starter, check.learner + '.txt')), id).toBe(true);
      expect(sealedSolution(ROOT, id), id).not.toBeNull();
    }
  });

  it('reports check errors with file:line:column', () => {
    const bad = 'id: c99\ntitle: x\nkind: policy\nlearner: policy.yaml\npolicy: learner\nmodes: [default]\ncounts: {}\nnudge: n\ncases:\n  - id: a\n    command: ls\n    effect: lists\n    expect: alow\n';
    expect(() => parseCheck(bad, 'checks/c99.yaml', ROOT)).toThrow(CheckError);
    try {
      parseCheck(bad, 'checks/c99.yaml', ROOT);
    } catch (e) {
      expect((e as Error).message).toMatch(/^checks\/c99\.yaml:13:\d+: cases\.0\.expect/);
    }
    const wrongCounts = bad.replace('alow', 'allow').replace('counts: {}', 'counts: { default: { allow: 2, deny: 0, ask: 0, silenced: 0, immune: 0 } }');
    expect(() => parseCheck(wrongCounts, 'checks/c99.yaml', ROOT)).toThrow(/counts\.default\.allow: says 2, but the cases add up to 1/);
  });
});

describe.each(ids)('%s', (id) => {
  const check = loadCheck(id, ROOT);

  it('starter fails', async () => {
    const r = await runWithFiles(ROOT, check, 'starter');
    expect(r.pass).toBe(false);
    expect(r.code).toBeUndefined();
  });

  it('reference solution passes and prints the code that verifies for this chapter only', async () => {
    const files = openSolution(ROOT, check);
    expect(files, 'the sealed solution opens with the code derived from the check').not.toBeNull();
    const r = await runWithFiles(ROOT, check, files!);
    const failing = r.outcomes.filter((o) => !o.ok).map((o) => o.case.id);
    const gaps = KNOWN_ENGINE_GAPS[id] ?? [];
    expect(r.error).toBeUndefined();
    expect(failing.filter((f) => !gaps.includes(f)), 'cases that differ beyond the known engine gaps').toEqual([]);
    const code = codes.get(id)!;
    expect(failing).toEqual([]);
    expect(r.code).toBe(code);
  });

  it("code verifies for this chapter and never for another (nor opens another chapter's solution)", () => {
    const code = codes.get(id)!;
    const salt = 'test-salt';
    for (const other of ids) {
      const same = verifierFor(other, code, salt) === verifierFor(other, codes.get(other)!, salt);
      expect(same, `${id}'s code against ${other}`).toBe(other === id);
    }
    const next = ids[(ids.indexOf(id) + 1) % ids.length]!;
    expect(unseal(sealedSolution(ROOT, next)!, code), `${id}'s code opens ${next}'s solution`).toBeNull();
  });

  it('has a non-empty canonical vector', () => {
    expect(expectedVector(check).length).toBeGreaterThan(0);
  });
});
