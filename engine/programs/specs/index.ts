// Every program spec, by family. The first spec naming a program wins.
import type { ProgramSpec } from '../types.ts';
import { COREUTILS } from './coreutils.ts';

export const ALL_SPECS: ProgramSpec[] = [...COREUTILS];
