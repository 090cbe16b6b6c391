// Dev script: open the sealed reference solutions into .tmp/lab-solutions/<id>/ (git-ignored),
// with the code each check's expected vector yields. Run it BEFORE changing a check (a changed
// check changes the code), edit the plaintext if needed, then reseal with lab/dev/seal.ts.
//   npx tsx lab/dev/unseal.ts [cN ...]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../node-host.ts';
import { challengeIds, loadCheck } from '../challenges/check.ts';
import { openSolution } from '../challenges/devcheck.ts';

const want = process.argv.slice(2);
for (const id of want.length ? want : challengeIds(REPO_ROOT)) {
  const files = openSolution(REPO_ROOT, loadCheck(id, REPO_ROOT));
  if (!files) {
    console.log(`${id}: no sealed solution, or it does not open with the current check's code`);
    continue;
  }
  const dir = join(REPO_ROOT, '.tmp', 'lab-solutions', id);
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  console.log(`${id}: ${Object.keys(files).join(', ')} → ${dir}`);
}
