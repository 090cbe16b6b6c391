// `lab policy import FILE [-o OUT]` and `lab policy check FILE`. A file that does not load is a
// policy error naming file:line:col (exit 2); nothing is written then.
import { readFileSync } from 'node:fs';
import { importClaudeSettings, loadPolicy, PolicyError } from '../../engine/index.ts';
import { useNodeHost } from '../node-host.ts';
import { writeFileAtomic } from '../fsutil.ts';
import { UsageError } from '../ui.ts';

export function runPolicy(flags: Record<string, string | true>, rest: string[]): number {
  const [sub, file] = rest;
  useNodeHost();
  if (sub === 'import') {
    if (!file) throw new UsageError('usage: lab policy import FILE [-o OUT]');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new PolicyError(`cannot read: ${(e as Error).message}`, file, 1, 1, '');
    }
    const { yaml, warnings } = importClaudeSettings(text, file);
    loadPolicy(yaml, { file: typeof flags.o === 'string' ? flags.o : '<imported>' });
    for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
    if (typeof flags.o === 'string') writeFileAtomic(flags.o, yaml);
    else process.stdout.write(yaml);
    return 0;
  }
  if (sub === 'check') {
    if (!file) throw new UsageError('usage: lab policy check FILE');
    const p = loadPolicy(file);
    process.stdout.write(`${file}: ok (${p.rules.length} rules, ${p.examples.length} with examples, mode ${p.mode}, immune ${p.immune})\n`);
    return 0;
  }
  throw new UsageError('usage: lab policy import FILE [-o OUT] | lab policy check FILE');
}
