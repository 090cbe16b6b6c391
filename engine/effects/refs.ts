// Files named inside an argument by a convention many programs share, whatever their spec says:
// a `file://` URL (aws, curl, browsers, lwp), `man:PATH` (yelp) and `@PATH` (curl, httpie,
// nagios --extra-opts=@FILE: "read the value from this file") are read; socat-style addresses
// `file:PATH`, `open:PATH`, `create:PATH` are opened for reading and writing.
import type { Invocation, Word } from '../shell/types.ts';
import type { Effect, PathRef } from './types.ts';
import type { ProgramFacts } from '../programs/index.ts';
import { partRef, pathRef, type PathScope } from './paths.ts';
import { INTERPRETERS, SHELLS } from '../shell/normalize/state.ts';

export function namedFileReads(inv: Invocation, sc: PathScope, out: Effect[]): void {
  for (const w of inv.args) {
    if (!w.static) {
      dynamicAtFile(inv, w, sc, out);
      continue;
    }
    const p = namedFile(w.value ?? '');
    if (p === null) continue;
    const path = homeRef(w, sc, p.path);
    const how = `${inv.name} (file named in ${p.how})`;
    out.push({ kind: 'read', how, path, echoes: true });
    if (p.writes) out.push({ kind: 'write', how, path, create: 'create' });
  }
}

/** `@$HOME/f`, `name=@"$(pwd)"/f`: a dynamic path after the `@` that the engine can name is read too. */
function dynamicAtFile(inv: Invocation, w: Word, sc: PathScope, out: Effect[]): void {
  const v = w.approx;
  if (v.indexOf('@') < 0) return;
  const eq = v.indexOf('=');
  const at = v[0] === '@' ? 0 : eq >= 0 && v[eq + 1] === '@' ? eq + 1 : -1;
  if (at < 0 || v[at + 1] !== '$') return;
  const path = partRef(w, v.slice(at + 1), sc);
  if (path.abs !== null) out.push({ kind: 'read', how: `${inv.name} (file named in @)`, path, echoes: true });
}

type Named = { path: string; how: string; writes: boolean };

const ADDRESSES = ['file:', 'open:', 'create:', 'creat:'];

function namedFile(v: string): Named | null {
  // (most arguments hold neither: no scheme, no @)
  const colon = v.indexOf(':');
  if (colon < 0 && v.indexOf('@') < 0) return null;
  const url = v.toLowerCase().indexOf('file://'); // (the scheme is case-insensitive)
  if (url >= 0) return local(v.slice(url + 7), 'a file: URL', false);
  const eq = v.indexOf('=');
  const at = v[0] === '@' ? 0 : eq >= 0 && v[eq + 1] === '@' ? eq + 1 : -1;
  if (at >= 0) return local(v.slice(at + 1), '@', false);
  if (v.startsWith('man:')) return local(v.slice(4), 'a man: URI', false);
  const scheme = colon > 0 ? v.slice(0, colon + 1).toLowerCase() : '';
  return ADDRESSES.includes(scheme) ? local(v.slice(colon + 1), `a ${scheme} address`, true) : null;
}

/** A local path: absolute or in the home folder (a host after file:// is not local). */
function local(p: string, how: string, writes: boolean): Named | null {
  const comma = p.indexOf(',');
  const path = comma >= 0 ? p.slice(0, comma) : p; // socat's file:PATH,options
  return path[0] === '/' || path.startsWith('~/') ? { path, how, writes } : null;
}

/**
 * A program whose spec says only "it does something" (ProgramFacts.unmodelled: check_log,
 * puppet, the name-only groups) may open any path it is given, in an argument of no known role
 * or inside one (`-O /path`): each absolute or home path there counts as read and written. So
 * may the code a shell or an interpreter runs with the operands after it as its arguments
 * (`python3 tool.py ~/.ssh/id_rsa`, `python3 -m base64 F`, `node -e CODE F`, `bash x.sh F`).
 */
export function unmodelledReads(inv: Invocation, facts: ProgramFacts, sc: PathScope, out: Effect[]): void {
  const script = facts.unmodelled ? 0 : runsCodeWithArgs(inv, facts);
  if (!facts.unmodelled && script === 0) return;
  for (const a of facts.args) {
    if (!a.word.static || (script !== 0 && a.option !== undefined)) continue;
    // a script file's operands read by its spec (ruby x.rb F, perl x.pl F): it may write them too
    if (a.role === 'read' && script === 2) {
      for (const t of pathTokens(a.text ?? a.word.value ?? '')) out.push({ kind: 'write', how: `${inv.name} (a path the script is given)`, path: homeRef(a.word, sc, t), create: 'create', guess: true });
      continue;
    }
    if (a.role !== 'none') continue;
    const v = a.text ?? a.word.value ?? '';
    for (const t of pathTokens(v)) {
      const path = homeRef(a.word, sc, t);
      const how = `${inv.name} (a path in an argument)`;
      out.push({ kind: 'read', how, path, guess: true });
      out.push({ kind: 'write', how, path, create: 'create', guess: true });
    }
  }
}

/**
 * A shell or an interpreter given its code, whose other operands are that code's arguments:
 * 2 for a code file or module (its text unknown here), 1 for inline code, 0 for neither.
 */
function runsCodeWithArgs(inv: Invocation, facts: ProgramFacts): 0 | 1 | 2 {
  if (!SHELLS.has(inv.name) && !INTERPRETERS.has(inv.name)) return 0;
  let k: 0 | 1 | 2 = 0;
  for (const a of facts.args) {
    if (a.role === 'code-file' || (a.role === 'code' && a.option === 'm')) return 2;
    if (a.role === 'code') k = 1;
  }
  return k;
}

/** A reference to an absolute or `~/` path found inside word w. */
function homeRef(w: Word, sc: PathScope, p: string): PathRef {
  return pathRef(w, sc, p.startsWith('~/') ? sc.home + p.slice(1) : p);
}

/** The absolute and home paths in a text, cut at blanks, quotes, `=`, `,` and `;`. */
function pathTokens(v: string): string[] {
  if (v.indexOf('/') < 0) return [];
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= v.length; i++) {
    const c = v[i];
    const cut = c === undefined || c === ' ' || c === '\t' || c === '\n' || c === '"' || c === "'" || c === '=' || c === ',' || c === ';';
    if (!cut) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0) {
      const t = v.slice(start, i);
      // (`//host/…` is a URL without its scheme, as npm's registry keys are written)
      if ((t[0] === '/' && t.length > 1 && t[1] !== '/') || t.startsWith('~/')) out.push(t);
      start = -1;
    }
  }
  return out;
}
