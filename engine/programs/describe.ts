// describe(): parse one invocation's argv with its program spec (placeholder until the tables land).
import type { Word } from '../shell/types.ts';
import type { ProgramFacts, ProgramSpec } from './types.ts';

const EMPTY = new Map<string, string | true>();

export function lookup(_name: string): ProgramSpec | undefined {
  return undefined;
}

export function describe(name: string, _args: readonly Word[]): ProgramFacts {
  return { name, known: false, subcommand: [], args: [], options: EMPTY, effectsFree: false, info: false, issues: [] };
}

export function scanUnknown(_args: readonly Word[]): { nestedArgv: Word[][]; lines: Word[] } {
  return { nestedArgv: [], lines: [] };
}
