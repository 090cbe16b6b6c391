// Every program spec, by family. The first spec naming a program wins. A family's specs are
// built on first use (describe.ts asks for the family of a name it does not hold yet), so
// loading the engine does not build a thousand specs that one invocation never needs.
import type { ProgramSpec } from '../types.ts';
import { COREUTILS } from './coreutils.ts';
import { FINDUTILS } from './findutils.ts';
import { GIT } from './git.ts';
import { INTERPRETERS } from './interpreters.ts';
import { SHELLS } from './shells.ts';
import { TEXT } from './text.ts';
import { WRAPPERS } from './wrappers.ts';
import { PACKAGES } from './packages.ts';
import { ARCHIVE } from './archive.ts';
import { NETWORK } from './network.ts';
import { SYSTEM } from './system.ts';
import { STORAGE } from './storage.ts';
import { COMPILERS, DATA_TOOLS, ENV_RUNNERS, MISC, MORE_WRAPPERS } from './misc.ts';
import { EXTRA } from './extra.ts';
import { RUNNERS } from './runners.ts';

/** The families in table order (earlier families win a name). */
const FAMILIES: readonly (() => ProgramSpec[])[] = [COREUTILS, FINDUTILS, SHELLS, WRAPPERS, INTERPRETERS, TEXT, GIT, PACKAGES, ARCHIVE, NETWORK, STORAGE, SYSTEM, RUNNERS, MISC, MORE_WRAPPERS, COMPILERS, ENV_RUNNERS, DATA_TOOLS, EXTRA];
const BUILT: (ProgramSpec[] | undefined)[] = [];

export const FAMILY_COUNT = FAMILIES.length;

/** Family `i`'s specs, built once, on first use. */
export function familySpecs(i: number): ProgramSpec[] {
  return (BUILT[i] ??= FAMILIES[i]!());
}

/** Every spec in table order (builds every family). */
export function allSpecs(): ProgramSpec[] {
  const out: ProgramSpec[] = [];
  for (let i = 0; i < FAMILIES.length; i++) out.push(...familySpecs(i));
  return out;
}
