// lab code <cN>: re-run the check and print the pass code, only on a pass.
import { EXIT, c } from '../ui.ts';
import { challengeArg, labRoot, loadCheckOrUsage, runAndRecord } from '../challenges/cli.ts';

export async function run(flags: Record<string, string | true>, rest: string[]): Promise<number> {
  const root = labRoot();
  const id = challengeArg(rest[0], root);
  const r = await runAndRecord(loadCheckOrUsage(id, root), { root });
  if (flags.json) process.stdout.write(JSON.stringify(r.pass ? { id, pass: true, code: r.code } : { id, pass: false }) + '\n');
  else if (r.pass) process.stdout.write(r.code + '\n');
  else process.stderr.write(`${c.red('✗')} ${id} does not pass right now: lab run ${id} shows why\n`);
  return r.pass ? EXIT.ok : EXIT.fail;
}
