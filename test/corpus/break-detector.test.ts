// Breaking one detector on purpose must make `lab regress` fail and name the cases that moved.
import { describe, it, expect, afterEach } from 'vitest';
import { join, dirname } from 'node:path';
import { builtinDetectors } from '../../engine/index.ts';
import type { Detector } from '../../engine/index.ts';
import { runRegress } from '../../lab/regress.ts';
import { makeCorpus, cleanup } from './helpers.ts';

afterEach(cleanup);

const ID = 'rm-critical-path';
const real = builtinDetectors().find((d) => d.meta.id === ID);

const FIXTURE = `# rm-critical-path and look-alikes
- id: brk-rm-home
  command: rm -rf ~
  effect: deletes the whole home directory
  expect: deny
  detectors: [rm-critical-path]
  source: original
- id: brk-rm-root-wrapped
  command: timeout 5 rm -rf /
  effect: deletes the file system under a timeout wrapper
  expect: deny
  detectors: [rm-critical-path]
  source: original
- id: brk-rm-workspace
  command: rm -rf /home/dev/app
  effect: deletes the whole workspace
  expect: deny
  detectors: [rm-critical-path]
  source: original
- id: brk-rm-dist
  command: rm -rf dist
  effect: deletes a build folder inside the workspace
  expect: ask
  workspaceEdit: true
  notDetectors: [rm-critical-path]
  source: original
- id: brk-ls
  command: ls -la
  effect: lists the cwd
  expect: allow
  source: original
`;

describe.skipIf(!real)(`regress with ${ID} broken on purpose`, () => {
  it('passes with the real detector, fails with a no-op one, and names the moved cases', () => {
    const dir = makeCorpus({ 'brk.yaml': FIXTURE });
    const base = { corpusDir: dir, baselinePath: join(dirname(dir), 'checks/baseline.json'), isTTY: false, githubActions: false };

    const good = runRegress({ ...base, updateBaseline: true });
    expect(good.output).toMatch(/regress: ok/);
    expect(good.exitCode).toBe(0);

    // A learner module with the same id that never finds anything.
    const broken: Detector = { meta: (real as Detector).meta, check: () => [] };
    const bad = runRegress({ ...base, json: true, engineOptions: { detectors: [broken] } });
    expect(bad.exitCode).toBe(1);
    const report = JSON.parse(bad.output) as { mismatches: { id: string; kind: string; mode: string; missing: string[] }[]; drift: string[] };
    const moved = [...new Set(report.mismatches.map((m) => m.id))].sort();
    expect(moved).toEqual(['brk-rm-home', 'brk-rm-root-wrapped', 'brk-rm-workspace']);
    for (const id of moved) {
      expect(report.mismatches.find((m) => m.id === id && m.kind === 'detectors')?.missing).toEqual([ID]);
      expect(report.mismatches.some((m) => m.id === id && m.kind === 'decision' && m.mode === 'default')).toBe(true);
    }
    expect(report.drift.some((d) => d.startsWith('modes.default.deny: 3 → '))).toBe(true);

    const text = runRegress({ ...base, engineOptions: { detectors: [broken] } }).output;
    expect(text).toMatch(/✗ brk-rm-home \[default\] corpus\/brk\.yaml:2/);
    expect(text).toMatch(/missing detectors: rm-critical-path/);
  });
});
