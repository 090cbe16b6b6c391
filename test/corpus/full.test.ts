// The real corpus, end to end: it lints clean and every case matches in all five modes.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { lintCorpus } from '../../lab/corpus/lint.ts';
import { runRegress } from '../../lab/regress.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the bypass corpus', () => {
  it('lints clean (schema, ids, bash -n, coverage per detector and family)', async () => {
    const errors = (await lintCorpus(join(ROOT, 'corpus'), { rootDir: ROOT })).filter((e) => e.severity === 'error');
    expect(errors.map((e) => `${e.file}:${e.line}: ${e.message}`)).toEqual([]);
  }, 180_000); // bash -n on every command: 8 s on a quiet machine, over 30 s under load
  it('regress: every case, every mode, and the baseline', () => {
    const r = runRegress({ corpusDir: join(ROOT, 'corpus'), rootDir: ROOT, baselinePath: join(ROOT, 'checks', 'baseline.json'), isTTY: false, githubActions: false });
    if (r.exitCode !== 0) console.log(r.output.slice(0, 20_000));
    expect(r.exitCode).toBe(0);
  }, 180_000);
});
