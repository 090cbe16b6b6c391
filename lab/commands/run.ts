// lab run <cN|all> [--json]: check a challenge; print the pass code on success.
import { EXIT, c } from '../ui.ts';
import { challengeIds } from '../challenges/check.ts';
import { challengeArg, labRoot, loadCheckOrUsage, runAndRecord } from '../challenges/cli.ts';
import { diffsOf, jsonResult, renderResult } from '../challenges/report.ts';
import { firstRun, orientation, welcome } from '../challenges/orient.ts';

export async function run(flags: Record<string, string | true>, rest: string[]): Promise<number> {
  const root = labRoot();
  const all = rest[0] === 'all';
  const ids = all ? challengeIds(root) : [challengeArg(rest[0], root)];
  const json: Record<string, unknown>[] = [];
  let passed = 0;
  if (!flags.json && firstRun(root)) process.stdout.write(welcome(root) + '\n');
  for (const id of ids) {
    const check = loadCheckOrUsage(id, root);
    const opts = { root };
    const r = await runAndRecord(check, opts);
    const diffs = r.pass ? [] : await diffsOf(check, opts, r, all ? 1 : undefined);
    if (r.pass) passed++;
    const where = orientation(root, check, r.pass && !all);
    if (flags.json) json.push(jsonResult(r, diffs, where));
    else process.stdout.write(renderResult(r, diffs, where) + (all ? '\n' : ''));
  }
  if (flags.json) process.stdout.write(JSON.stringify(all ? { passed, total: ids.length, results: json } : json[0], null, 2) + '\n');
  else if (all) process.stdout.write(`${passed === ids.length ? c.green('all passed') : `${passed} of ${ids.length} passed`}\n`);
  return passed === ids.length ? EXIT.ok : EXIT.fail;
}
