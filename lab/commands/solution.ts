// lab solution <cN>: the reference solution, decrypted with the pass code, only after a pass.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT, c } from '../ui.ts';
import { challengeArg, labRoot, loadCheckOrUsage } from '../challenges/cli.ts';
import { expectedVector } from '../challenges/check.ts';
import { passCode } from '../challenges/codes.ts';
import { unseal, type SealedSolution } from '../challenges/sealed.ts';
import { loadState } from '../challenges/state.ts';

export function solutionFile(root: string, id: string): string {
  return join(root, 'lab', 'solutions', `${id}.json`);
}

export function run(flags: Record<string, string | true>, rest: string[]): number {
  const root = labRoot();
  const id = challengeArg(rest[0], root);
  const { state } = loadState(root);
  const fail = (error: string, text: string, extra: Record<string, unknown> = {}): number => {
    if (flags.json) process.stdout.write(JSON.stringify({ id, error, ...extra }) + '\n');
    else process.stderr.write(text + '\n');
    return EXIT.fail;
  };
  if (!state.challenges[id]?.passedAt) {
    return fail('locked', `${c.yellow('locked')}: pass ${id} first (lab run ${id}); the solution opens with its pass code`, { locked: true });
  }
  const file = solutionFile(root, id);
  if (!existsSync(file)) return fail('missing', `no sealed solution for ${id} yet`);
  const code = passCode(id, expectedVector(loadCheckOrUsage(id, root)));
  const files = unseal(JSON.parse(readFileSync(file, 'utf8')) as SealedSolution, code);
  if (!files) return fail('stale', `${c.red('✗')} the sealed solution does not open with ${id}'s current code (the check changed; reseal with lab/dev/seal.ts)`);
  if (flags.json) process.stdout.write(JSON.stringify({ id, files }, null, 2) + '\n');
  else
    for (const [name, text] of Object.entries(files)) {
      process.stdout.write(`${c.bold(`── ${id}/${name} (reference solution)`)}\n${text}${text.endsWith('\n') ? '' : '\n'}\n`);
    }
  return EXIT.ok;
}
