// The names the path tables spell out (`.git`, `.ssh`, `id_rsa`, `credentials`, `id_rsa.pub` …).
// A `?` in a word is one unknown character; when filling it in spells one of these names, that
// name is what the word most plausibly means: `.gi?` is `.git`, `id_rsa.pu?` is a public key.
import { CREDENTIAL_ROWS } from './credentials.ts';
import { PROTECTED_ROWS, GATE_CONFIG_ROWS, PERSISTENCE_ROWS } from './protected.ts';

let names: Set<string> | null = null;
let suffixes: string[] = [];

function build(): Set<string> {
  const out = new Set<string>();
  const sfx: string[] = [];
  for (const rows of [CREDENTIAL_ROWS, PROTECTED_ROWS, GATE_CONFIG_ROWS, PERSISTENCE_ROWS]) {
    for (const r of rows) {
      for (const s of r.pat.split('/')) if (s !== '' && s !== '~' && !s.includes('*') && !s.includes('?') && !s.includes('[')) out.add(s);
      for (const e of r.except ?? []) {
        if (e.startsWith('*')) {
          // (each suffix once: many rows share the same exception list)
          if (!sfx.includes(e.slice(1))) sfx.push(e.slice(1));
        }
        else out.add(e);
      }
    }
  }
  suffixes = sfx;
  return out;
}

/** Is this (lower-case) file or folder name one the tables spell out, or an exception's suffix? */
export function isTableName(name: string): boolean {
  const set = (names ??= build());
  if (set.has(name)) return true;
  for (const s of suffixes) if (name.length > s.length && name.endsWith(s)) return true;
  return false;
}

/** Characters a `?` is tried as. */
export const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789._-';
