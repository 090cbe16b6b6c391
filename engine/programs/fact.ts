// One shape for every argument fact: the effect model, the read-only checks and normalisation
// read these on every call, so they should all share one hidden class.
import type { Word } from '../shell/types.ts';
import type { ArgFact, ArgRole } from './types.ts';

/** A fact with every field present, in the order of ArgFact (unset ones undefined). */
export function argFact(role: ArgRole, word: Word): ArgFact {
  return {
    role,
    word,
    text: undefined,
    approx: undefined,
    option: undefined,
    language: undefined,
    recursive: undefined,
    create: undefined,
    direction: undefined,
    harmless: undefined,
    mayBeOption: undefined,
    mayBeDir: undefined,
    device: undefined,
    members: undefined,
    name: undefined,
    input: undefined,
    placeholder: undefined,
    argvIndex: undefined,
    argv: undefined,
    matches: undefined,
    within: undefined,
  };
}

/** A fact written as a literal (a spec's hook) in that shape. */
export function fullFact(a: ArgFact): ArgFact {
  const f = argFact(a.role, a.word);
  f.text = a.text;
  f.approx = a.approx;
  f.option = a.option;
  f.language = a.language;
  f.recursive = a.recursive;
  f.create = a.create;
  f.direction = a.direction;
  f.harmless = a.harmless;
  f.mayBeOption = a.mayBeOption;
  f.mayBeDir = a.mayBeDir;
  f.device = a.device;
  f.members = a.members;
  f.name = a.name;
  f.input = a.input;
  f.placeholder = a.placeholder;
  f.argvIndex = a.argvIndex;
  f.argv = a.argv;
  f.matches = a.matches;
  f.within = a.within;
  return f;
}

/** Was this fact made by argFact (or given every field since)? */
export function isFull(a: ArgFact): boolean {
  return 'device' in a;
}
