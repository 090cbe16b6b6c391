// Program facts as data: describe(name, args) tells the role of every option value and operand.
export type { ArgRole, ArgFact, ProgramFacts, ProgramSpec, CommandSpec, OptionDef, Grammar, OperandToken, HookContext, MatchSet } from './types.ts';
export { describe, lookup, scanUnknown, programNames, addPrograms, programIndex, useProgramIndex } from './describe.ts';
export { prog as programSpec } from './dsl.ts';
export { CODE_ENV, envRole, gitConfigRole, gitConfigParameters, gitConfigLine, type EnvConfig } from './env.ts';
export { awkHarmless } from './awk.ts';
export { scanSed, type SedScan } from './sed.ts';
export { DESTRUCTIVE_EFFECTS } from './destructive.ts';
