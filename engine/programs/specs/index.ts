// Every program spec, by family. The first spec naming a program wins.
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
import { COMPILERS, DATA_TOOLS, ENV_RUNNERS, MISC, MORE_WRAPPERS } from './misc.ts';
import { EXTRA } from './extra.ts';
import { RUNNERS } from './runners.ts';

export const ALL_SPECS: ProgramSpec[] = [...COREUTILS, ...FINDUTILS, ...SHELLS, ...WRAPPERS, ...INTERPRETERS, ...TEXT, ...GIT, ...PACKAGES, ...ARCHIVE, ...NETWORK, ...SYSTEM, ...RUNNERS, ...MISC, ...MORE_WRAPPERS, ...COMPILERS, ...ENV_RUNNERS, ...DATA_TOOLS, ...EXTRA];
