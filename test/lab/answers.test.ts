// Wrong answers kept as fixtures (checks/fixtures/answers/cN/{over-broad,string-match}/): for every
// challenge, an over-broad answer and a string-matching answer must both fail its check. So a
// check cannot be passed by allowing too much, or by matching the spellings it happens to show.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useNodeHost } from '../../lab/node-host.ts';
import { challengeIds, loadCheck } from '../../lab/challenges/check.ts';
import { runWithFiles, starterTarget } from '../../lab/challenges/devcheck.ts';
import { ROOT } from './helpers.ts';

useNodeHost();
const DIR = join(ROOT, 'checks', 'fixtures', 'answers');

function answer(id: string, kind: string): Record<string, string> {
  const dir = join(DIR, id, kind);
  const files: Record<string, string> = {};
  for (const f of readdirSync(dir)) files[starterTarget(f)] = readFileSync(join(dir, f), 'utf8');
  return files;
}

describe.each(challengeIds(ROOT))('%s', (id) => {
  for (const kind of ['over-broad', 'string-match']) {
    it(`a ${kind} answer fails`, async () => {
      expect(existsSync(join(DIR, id, kind)), `checks/fixtures/answers/${id}/${kind}/ is missing`).toBe(true);
      const r = await runWithFiles(ROOT, loadCheck(id, ROOT), answer(id, kind));
      expect(r.error, 'the answer loads and runs: it must fail on its cases').toBeUndefined();
      expect(r.pass, `${id} ${kind} passes`).toBe(false);
      if (loadCheck(id, ROOT).kind !== 'redteam') expect(r.outcomes.some((o) => !o.ok)).toBe(true);
      expect(r.code).toBeUndefined();
    }, 60_000);
  }
});
