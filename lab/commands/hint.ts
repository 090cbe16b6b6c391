// lab hint <cN> [--level 1|2|3]: a nudge, the concept, then the exact place to change.
import { EXIT, UsageError, c } from '../ui.ts';
import { loadHints, hintText } from '../challenges/catalog.ts';
import { challengeArg, labRoot } from '../challenges/cli.ts';
import { updateState, challenge } from '../challenges/state.ts';

const TIER = ['', 'nudge', 'concept', 'where to change'];

export function run(flags: Record<string, string | true>, rest: string[]): number {
  const root = labRoot();
  const id = challengeArg(rest[0], root);
  let level: 1 | 2 | 3;
  if (flags.level === undefined) level = 1;
  else if (flags.level === '1' || flags.level === '2' || flags.level === '3') level = Number(flags.level) as 1 | 2 | 3;
  else throw new UsageError('--level is 1, 2 or 3');
  const h = loadHints(root, id);
  updateState(root, (s) => {
    const e = challenge(s, id);
    e.hintLevel = Math.max(e.hintLevel, level);
  });
  if (flags.json) process.stdout.write(JSON.stringify({ id, level, tier: TIER[level], text: hintText(h, level) }) + '\n');
  else {
    process.stdout.write(`${c.bold(`${id} hint ${level}/3`)} ${c.dim(`(${TIER[level]})`)}\n${hintText(h, level).trim()}\n`);
    if (level < 3) process.stdout.write(c.dim(`\nmore: lab hint ${id} --level ${level + 1}\n`));
  }
  return EXIT.ok;
}
