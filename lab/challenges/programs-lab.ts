// c18 (program specs drive effects): the learner writes a program spec in the data format of
// engine/programs/ (names, options in the compact option language, operand layout). The lab adds
// it to the engine's table (addPrograms) and decides every case with the default policy: what the
// spec says about each word (write, exec-line, read …) is what the gate's effect checks see.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { parse } from 'yaml';
import { addPrograms, programSpec } from '../../engine/index.ts';

export const programFileSchema = z
  .object({
    /** The program's names, separated by `|`. */
    names: z.string().regex(/^[a-z][a-z0-9_-]*(\|[a-z][a-z0-9_-]*)*$/, 'names are lowercase words separated by |'),
    /** The options, in the compact option language (docs/shell.md, "Program specs"). */
    options: z.string(),
    /** The operand layout: `read*`, `read+ dest`, `argv` … */
    operands: z.string().min(1).default('read*'),
    /** A viewer: effects-free unless an option or operand says otherwise. */
    pure: z.boolean().default(false),
  })
  .strict();

let undoLast: (() => void) | undefined;

/** Load the learner's spec and put it in the engine's table (replacing the one loaded before). */
export function useLearnerProgram(file: string): void {
  undoLast?.();
  undoLast = undefined;
  const r = programFileSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!r.success) throw new Error(`${file}: ${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`);
  const d = r.data;
  let spec;
  try {
    spec = programSpec('lab', d.names, d.options, d.operands, d.pure ? { pure: true, writesStdout: true } : {});
    void spec.grammar; // build it now, so a bad option string is reported here
  } catch (e) {
    throw new Error(`${file}: ${(e as Error).message}`);
  }
  undoLast = addPrograms([spec]);
}
