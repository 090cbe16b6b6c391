// `lab screen replay FILE.jsonl [--json]`
import { runScreenReplay } from './screen.ts';
import { UsageError } from '../ui.ts';

export function run(flags: Record<string, string | true>, rest: string[]): number {
  const [sub, file] = rest;
  if (sub !== 'replay' || !file) throw new UsageError('usage: lab screen replay FILE.jsonl [--json]');
  return runScreenReplay(file, { json: flags.json === true });
}
