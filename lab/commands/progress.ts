// lab progress export [FILE] | import FILE: carry progress between machines.
import { readFileSync } from 'node:fs';
import { EXIT, UsageError, c } from '../ui.ts';
import { writeFileAtomic } from '../fsutil.ts';
import { labRoot } from '../challenges/cli.ts';
import { challengeIds } from '../challenges/check.ts';
import { loadState, mergeState, parseState, STATE_VERSION, updateState } from '../challenges/state.ts';

export function run(flags: Record<string, string | true>, rest: string[]): number {
  const root = labRoot();
  const [sub, file] = rest;
  if (sub === 'export') {
    const { state, backup } = loadState(root);
    if (backup) process.stderr.write(`lab: progress file was unreadable; kept it as ${backup}\n`);
    const text = JSON.stringify({ ...state, exportedAt: new Date().toISOString() }, null, 2) + '\n';
    if (file) {
      writeFileAtomic(file, text);
      process.stderr.write(`${c.green('exported')} ${Object.keys(state.challenges).length} challenges to ${file}\n`);
    } else process.stdout.write(text);
    return EXIT.ok;
  }
  if (sub === 'import') {
    if (!file) throw new UsageError('progress import FILE');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
    }
    // An export, a copy of .lab/state.json or a backup the lab made of it (BOM, unknown fields fine).
    const parsed = parseState(text);
    if (!parsed.ok) throw new UsageError(`${file} is not a lab progress export (${parsed.problem})`);
    if (parsed.newer) throw new UsageError(`${file} is version ${parsed.newer}, newer than this lab's ${STATE_VERSION}: update gatelab to import it (nothing imported)`);
    const known = new Set(challengeIds(root));
    const unknown = Object.keys(parsed.state.challenges).filter((id) => !known.has(id));
    if (unknown.length) throw new UsageError(`${file} names challenges this lab does not have: ${unknown.join(', ')} (nothing imported)`);
    let added: string[] = [];
    updateState(root, (s) => (added = mergeState(s, parsed.state).added));
    if (flags.json) process.stdout.write(JSON.stringify({ imported: added }) + '\n');
    else process.stdout.write(`${c.green('imported')} ${added.length ? added.join(', ') : 'nothing new'}\n`);
    return EXIT.ok;
  }
  throw new UsageError('progress export [FILE] | progress import FILE');
}
