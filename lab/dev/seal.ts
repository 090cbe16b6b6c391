// Dev script: (re)seal the reference solutions.
//   npx tsx lab/dev/seal.ts [cN ...]
// Reads plaintext solutions from .tmp/lab-solutions/<id>/ (git-ignored; never commit them), checks
// that each passes its check (in a temp copy), and writes lab/solutions/<id>.json encrypted with
// the challenge's pass code. Run it again whenever a check's expectations change.
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, useNodeHost } from '../node-host.ts';
import { writeFileAtomic } from '../fsutil.ts';
import { challengeIds, loadCheck } from '../challenges/check.ts';
import { expectedCode, runWithFiles } from '../challenges/devcheck.ts';
import { seal, type SolutionFiles } from '../challenges/sealed.ts';

const PLAIN = join(REPO_ROOT, '.tmp', 'lab-solutions');

useNodeHost();
const want = process.argv.slice(2);
const ids = want.length ? want : challengeIds(REPO_ROOT);
let failed = 0;
for (const id of ids) {
  const dir = join(PLAIN, id);
  if (!existsSync(dir)) {
    console.log(`${id}: no plaintext solution in ${dir}, skipped`);
    continue;
  }
  const files: SolutionFiles = {};
  for (const f of readdirSync(dir)) files[f] = readFileSync(join(dir, f), 'utf8');
  const check = loadCheck(id, REPO_ROOT);
  const r = await runWithFiles(REPO_ROOT, check, files);
  const status = r.pass ? 'passes' : `DOES NOT PASS yet (${r.error ?? `${r.outcomes.filter((o) => !o.ok).length} cases differ`})`;
  writeFileAtomic(join(REPO_ROOT, 'lab', 'solutions', `${id}.json`), JSON.stringify(seal(id, expectedCode(check), files), null, 2) + '\n');
  console.log(`${id}: sealed ${Object.keys(files).join(', ')}; the solution ${status}`);
  if (!r.pass) failed++;
}
process.exitCode = failed ? 1 : 0;
