// One lookup per program name for the name tables normalisation asks about every invocation
// (wrappers, shells, interpreters, option carriers, builtins that may run env code), built from
// those tables on first use.
import { WRAPPERS } from './wrappers.ts';
import { INTERPRETERS, SHELLS } from './state.ts';
import { OPTION_CARRIERS } from './carriers.ts';
import { ENV_BUILTINS } from './envcode.ts';

export const T_WRAPPER = 1;
export const T_SHELL = 2;
export const T_INTERPRETER = 4;
export const T_OPTION_CARRIER = 8;
export const T_ENV_BUILTIN = 16;

let traits: Map<string, number> | undefined;

function build(): Map<string, number> {
  const t = new Map<string, number>();
  const add = (names: Iterable<string>, bit: number) => {
    for (const n of names) t.set(n, (t.get(n) ?? 0) | bit);
  };
  add(WRAPPERS.keys(), T_WRAPPER);
  add(SHELLS, T_SHELL);
  add(INTERPRETERS.keys(), T_INTERPRETER);
  add(OPTION_CARRIERS, T_OPTION_CARRIER);
  add(ENV_BUILTINS, T_ENV_BUILTIN);
  return t;
}

/** The T_ bits of the tables that hold `name` (0: none). */
export function traitsOf(name: string): number {
  return (traits ??= build()).get(name) ?? 0;
}
