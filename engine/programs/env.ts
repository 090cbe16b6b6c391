// Environment variables whose value is code, a command line, or config that changes loaded code.
import type { ArgRole } from './types.ts';

export const CODE_ENV: ReadonlyMap<string, ArgRole> = new Map<string, ArgRole>([]);

export function gitConfigRole(_key: string): ArgRole {
  return 'none';
}
