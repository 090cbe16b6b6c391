// Paths whose removal is catastrophic (contract §6, Claude Code's critical paths). Besides these
// rows, classify.ts adds what depends on the context: the context's home, every workspace root
// and its ancestors, and a glob that expands to the contents of any critical folder.
// Rows are exact (no trailing `/`): the folder itself, not what lies below it.
import type { Row } from './table.ts';

export const CRITICAL_ROWS: readonly Row[] = [
  { pat: '/*', why: 'a top-level directory' },
  { pat: '/usr/*', why: 'a system directory' },
  { pat: '/usr/local/*', why: 'a system directory' },
  { pat: '/var/lib', why: 'a system directory' },
  { pat: '/var/lib/dpkg', why: 'the package database' },
  { pat: '/var/lib/rpm', why: 'the package database' },
  { pat: '/system/*', why: 'a system directory' },
  { pat: '/library/*', why: 'a system directory' },
  { pat: '/private/*', why: 'a system directory' },
  { pat: '/opt/homebrew', why: 'the Homebrew prefix' },
  { pat: '/nix/store', why: 'the Nix store' },
  { pat: '/home/*', why: 'a home directory' },
  { pat: '/users/*', why: 'a home directory' },
  { pat: '/var/root', why: 'a home directory' },
  { pat: '~/library', why: 'a home library' },
  { pat: '~/documents', why: 'a home folder' },
  { pat: '~/desktop', why: 'a home folder' },
  { pat: '~/downloads', why: 'a home folder' },
  { pat: '~/pictures', why: 'a home folder' },
  { pat: '~/.config', why: 'a home folder' },
  { pat: '~/.local', why: 'a home folder' },
  { pat: '~/.ssh', why: 'the SSH folder' },
  { pat: '~/.gnupg', why: 'the GnuPG folder' },
  { pat: '.git', why: 'a git repository' },
  { pat: '.git/objects', why: 'a git repository' },
  { pat: '.git/refs', why: 'a git repository' },
];
