// Program facts as data: describe(name, args) tells the role of every option value and operand.
export type { ArgRole, ArgFact, ProgramFacts, ProgramSpec, CommandSpec, OptionDef, Grammar, OperandToken } from './types.ts';
export { describe, lookup, scanUnknown } from './describe.ts';
export { CODE_ENV, gitConfigRole } from './env.ts';
export { envRole } from './env.ts';
export { awkHarmless } from './awk.ts';
export { scanSed, type SedScan } from './sed.ts';
export { programNames } from './describe.ts';
export { DESTRUCTIVE_EFFECTS } from './destructive.ts';
