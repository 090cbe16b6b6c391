import type { Word } from '../../engine/shell/types.ts';
import { describe as facts } from '../../engine/programs/index.ts';

export function w(v: string): Word {
  return { span: { start: 0, end: v.length }, raw: v, static: true, value: v, approx: v, kinds: [], params: [], quoted: false, substitutions: 0 };
}
export function dyn(approx: string): Word {
  return { span: { start: 0, end: approx.length }, raw: approx, static: false, approx, kinds: ['param'], params: ['X'], quoted: false, substitutions: 0 };
}
/** describe() for an argv written as words (first is the program). */
export function run(...argv: (string | Word)[]) {
  const words = argv.map((a) => (typeof a === 'string' ? w(a) : a));
  return facts(words[0].value ?? '', words.slice(1));
}
/** role → the approx text (or `text` when only part of the word) of every arg with that role. */
export function roles(f: ReturnType<typeof run>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const a of f.args) (out[a.role] ??= []).push(a.text ?? a.word.approx);
  return out;
}
