// Effects from program facts (engine/programs): the role of every option value and operand.
import type { Extraction, Invocation, Word } from '../shell/types.ts';
import { staticOutput } from '../shell/printed.ts';
import type { ArgFact, ProgramFacts } from '../programs/index.ts';
import type { Effect, PathRef } from './types.ts';
import { partRef, pathRef, type PathScope } from './paths.ts';
import { isBlockDevice, mayBeDevice } from './devices.ts';
import { membersRef } from './members.ts';
import { itemRoot } from '../shell/normalize/items.ts';

/**
 * Named destructions (program facts) that cannot be undone and need no path to be catastrophic.
 * Others are judged by their paths (rsync --delete, shred), devices (disk-format) or their own
 * detector (git push --force, git clean), or are not destruction at all (publish, listen).
 */
const CATASTROPHIC = new Set([
  'infra-destroy', 'database-destroy', 'cloud-delete', 'k8s-delete', 'container-prune', 'container-volume-delete', 'terminate-instances',
  'git-history-rewrite', 'git-remote-ref-delete', 'git-prune', 'git-reflog-expire', 'git-discard-changes', 'crontab-remove',
  'volume-destroy',
]);

/** Named effects that print a stored secret: a credential read with no path. */
const SECRET_READS = new Set(['secret-read', 'secret-export', 'git-credential-read']);

/** A confirmation prompt is answered when stdin is fed (`yes |`, `<<<`, `<`) or TF_CLI_ARGS* adds flags. */
function answered(inv: Invocation): boolean {
  if (inv.source.pipe && inv.source.pipe.index > 0) return true;
  if (inv.redirects.some((r) => (r.fd === null || r.fd === 0) && (r.op === '<' || r.op === '<<' || r.op === '<<-' || r.op === '<<<' || r.op === '<>'))) return true;
  return inv.env.some((a) => a.name.startsWith('TF_CLI_ARGS') || a.name === 'TF_INPUT');
}

/** A path known only at run time: a name read from a list file. */
function listed(w: Word): Word {
  return { span: w.span, raw: '$(listed)', static: false, approx: '$(listed)', kinds: ['command'], params: [], quoted: false, substitutions: 1 };
}

function ref(f: ArgFact, sc: PathScope) {
  const t = f.text;
  // a path the spec names in the user's home (npm config set → ~/.npmrc), not one typed in the word
  if (t !== undefined && t.startsWith('~/') && !(f.word.static && (f.word.value ?? '').includes(t))) return pathRef(f.word, sc, sc.home + t.slice(1));
  // a dynamic value glued to its option (-C"$HOME"): that part is the path
  if (t === undefined && f.approx !== undefined && !f.word.static) return partRef(f.word, f.approx, sc);
  return pathRef(f.word, sc, t !== undefined ? t : f.word.static ? f.word.value : undefined);
}

/** A path that is a directory: `.`, `..`, `~`, a trailing `/`, home, cwd, a workspace root or one
 *  of their ancestors, or what the file system port says is one. */
function knownDir(abs: string | null, text: string, sc: PathScope): boolean {
  if (text === '.' || text === '..' || text === '~' || text.endsWith('/')) return true;
  if (abs === null) return false;
  const under = (d: string | null) => d !== null && (d === abs || d.startsWith(abs === '/' ? '/' : abs + '/'));
  if (under(sc.home) || under(sc.cwd) || sc.workspace.some(under) || abs === '/tmp') return true;
  return sc.fs?.stat(abs)?.kind === 'dir';
}

/** `cp a b DIR`, `cp -t DIR a`, `mv a DIR`: writes DIR/a and DIR/b (a copy into a directory). */
function intoDir(dest: ArgFact, facts: ProgramFacts, sc: PathScope, how: string, out: Effect[], destRef?: PathRef): void {
  // a dynamic folder the engine can name (-t"$HOME", "$PWD/dist/") counts as its path
  const dir = dest.text ?? (dest.word.static ? dest.word.value : (destRef?.abs ?? undefined));
  if (dir === undefined) return;
  for (const a of facts.args) {
    if (a === dest || (a.role !== 'read' && a.role !== 'delete') || a.option) continue; // cp, install read; mv deletes
    const src = a.text ?? (a.word.static ? a.word.value : undefined);
    if (src === undefined) continue;
    let end = src.length;
    while (end > 0 && src[end - 1] === '/') end--;
    const base = src.slice(src.lastIndexOf('/', end - 1) + 1, end);
    if (base === '' || base === '.' || base === '..') continue;
    const path = pathRef(dest.word, sc, (dir.endsWith('/') ? dir : dir + '/') + base);
    out.push({ kind: 'write', how: `${how} (into the directory)`, path, create: 'truncate', recursive: a.recursive });
  }
}

/**
 * A file list read from stdin (`--files0-from=-`, `-T -`) that a print-only command before it in the
 * pipe writes (printf 'a\0b\0' | wc --files0-from=- -l): the names it prints. Null otherwise.
 */
function stdinNames(inv: Invocation, f: ArgFact, sc: PathScope): string[] | null {
  const t = f.text ?? (f.word.static ? f.word.value : undefined);
  if (t !== '-' && t !== '/dev/stdin') return null;
  const p = inv.source.pipe;
  const ex = (sc as { ex?: Extraction }).ex;
  if (!p || p.index === 0 || !ex) return null;
  const prev = ex.commands.find((c) => c.pipe && c.pipe.id === p.id && c.pipe.index === p.index - 1);
  const text = prev ? staticOutput(prev.argv, prev.redirects) : null;
  if (text === null) return null;
  // --files0-from lists are NUL-separated, -T / --files-from lists one name a line
  return text.split(f.option === 'files0-from' ? '\u0000' : '\n').filter((x) => x.length > 0);
}

/** A config value that names a file: a path, not a key=value or a plugin name. */
function configFile(f: ArgFact): boolean {
  const t = f.text ?? (f.word.static ? f.word.value : undefined);
  if (!t || t.includes('=') || t.includes(' ') || t.includes('\n')) return false;
  return t[0] === '/' || t[0] === '~' || t.startsWith('./') || t.startsWith('../') || t.includes('/');
}

/** Append the effects `facts` describes for `inv`. */
export function factEffects(inv: Invocation, facts: ProgramFacts, sc0: PathScope, out: Effect[]): void {
  const how = facts.subcommand.length ? `${facts.name} ${facts.subcommand.join(' ')}` : facts.name;
  let sc = sc0;
  for (const f of facts.args) {
    const label = f.option ? `${how} --${f.option}` : how;
    switch (f.role) {
      case 'cwd':
        // git -C DIR, tar -C DIR, make -C DIR: the paths after it resolve there (unknown: anywhere)
        sc = { ...sc, cwd: ref(f, sc).abs, cwdGlob: undefined };
        break;
      case 'read': {
        const names = f.language === 'list' || f.language === 'stdin-list' ? stdinNames(inv, f, sc) : null;
        // names on stdin (cpio -o): the files named by a known text are read; unknown names were judged where they came from
        if (f.language === 'stdin-list') {
          for (const n of names ?? []) out.push({ kind: 'read', how: `${label} (file named on stdin)`, path: pathRef(f.word, sc, n) });
          // the names a plain `find ROOT` prints (find ~ | cpio -o): ROOT and everything below it
          const ex = (sc as { ex?: Extraction }).ex;
          const root = names === null && ex ? itemRoot(inv, ex) : null;
          if (root) out.push({ kind: 'read', how: `${label} (files named on stdin)`, path: pathRef(f.word, sc, root), recursive: true });
          break;
        }
        // a file of names the program only lists or stats, printing each back (file -f, du --files0-from)
        if (f.language === 'names') {
          out.push({ kind: 'read', how: label, path: ref(f, sc), list: true });
          break;
        }
        if (names === null) out.push(f.language === 'list' ? { kind: 'read', how: label, path: ref(f, sc), recursive: f.recursive, list: true } : { kind: 'read', how: label, path: ref(f, sc), recursive: f.recursive });
        // a list of file names (--files0-from, -T): the files it names are read too, wherever they are
        if (names) for (const n of names) out.push({ kind: 'read', how: `${label} (listed file)`, path: pathRef(f.word, sc, n) });
        else if (f.language === 'list') out.push({ kind: 'read', how: `${label} (listed files)`, path: pathRef(listed(f.word), sc, undefined) });
        break;
      }
      case 'write':
      case 'append':
      case 'dir-target': {
        const path = ref(f, sc);
        const create = f.role === 'append' ? 'append' : f.role === 'dir-target' ? 'create' : (f.create ?? 'truncate');
        if (path.abs !== null ? isBlockDevice(path.abs) : f.device === true && mayBeDevice(f.approx ?? path.text)) out.push({ kind: 'device', how: label, path, create });
        else out.push({ kind: 'write', how: label, path, create, recursive: f.recursive });
        if (f.members) {
          // an extraction: members land below the folder under names the archive chooses
          const m = membersRef(path, sc);
          // (a folder known only at run time already reaches what it could be)
          if (m) out.push({ kind: 'write', how: `${label} (archive members)`, path: m, create: 'truncate', recursive: true });
        }
        // a destination that is (or may be) a directory receives each source under its own name
        else if (f.role === 'dir-target' || (f.mayBeDir && knownDir(path.abs, path.text, sc))) intoDir(f, facts, sc, label, out, path);
        break;
      }
      case 'delete':
        out.push(f.within ? { kind: 'delete', how: label, path: ref(f, sc), recursive: false, within: true } : { kind: 'delete', how: label, path: ref(f, sc), recursive: f.recursive ?? false });
        break;
      case 'mode':
      case 'owner':
        out.push({ kind: f.role, how: label, path: ref(f, sc), recursive: f.recursive ?? false });
        break;
      case 'exec-argv':
      case 'exec-line':
        out.push({ kind: 'exec', how: label, word: f.word, text: f.text ?? (f.word.static ? f.word.value : undefined) });
        break;
      case 'code':
        out.push({ kind: 'code', how: label, language: f.language, origin: 'inline', word: f.word, text: f.text ?? (f.word.static ? f.word.value : undefined), harmless: f.harmless === true });
        break;
      case 'code-file': {
        const path = ref(f, sc);
        out.push({ kind: 'read', how: label, path });
        out.push({ kind: 'code', how: label, language: f.language, origin: 'file', path });
        break;
      }
      case 'network': {
        out.push({ kind: 'network', how: label, host: f.text ?? f.word.approx, direction: f.direction ?? 'both', word: f.word });
        // a target that is a local path is a file the program opens (lynx -dump /etc/passwd, w3m ~/.ssh/id_rsa)
        const t = f.text ?? (f.word.static ? f.word.value : undefined);
        if (t !== undefined && (t[0] === '/' || t.startsWith('~/') || t.startsWith('./') || t.startsWith('../'))) out.push({ kind: 'read', how: `${label} (a local file)`, path: ref(f, sc), echoes: true });
        break;
      }
      case 'config':
        out.push({ kind: 'config', how: label, name: f.option, word: f.word, text: f.text });
        // a config file the program loads is read (its parse errors print what it holds)
        if (configFile(f)) out.push({ kind: 'read', how: `${label} (config file)`, path: ref(f, sc), echoes: true });
        break;
      case 'env': {
        const t = f.text ?? (f.word.static ? f.word.value! : f.word.approx);
        const eq = t.indexOf('=');
        out.push({ kind: 'env', how: label, name: eq > 0 ? t.slice(0, eq) : t, word: f.word, text: eq > 0 ? t.slice(eq + 1) : undefined });
        break;
      }
      default:
        break;
    }
  }
  if (facts.network) out.push({ kind: 'network', how, direction: 'both', word: inv.program });
  // A named destruction the roles cannot say (terraform destroy, dropdb, kubectl delete namespace …).
  // A secret a program prints from its own store (gh auth token, gpg --export-secret-keys, git credential fill)
  if (facts.destructive && SECRET_READS.has(facts.destructive)) out.push({ kind: 'read', how: `${how} (${facts.destructive})`, name: facts.destructive, word: inv.program });
  const destroys = facts.destructive === 'infra-destroy-prompt' && answered(inv) ? 'infra-destroy' : facts.destructive;
  if (destroys && CATASTROPHIC.has(destroys)) out.push({ kind: 'delete', how: `${how} (${destroys})`, destroys, recursive: true, word: inv.program });
  if (facts.stdin === 'code') out.push({ kind: 'code', how: `${how} (stdin)`, language: facts.stdinLanguage, origin: 'stdin', word: inv.program });
  else if (facts.inputCode) out.push({ kind: 'code', how: `${how} (runs its input)`, language: facts.inputCode, origin: 'stdin', word: inv.program });
  if (facts.issues.length) out.push({ kind: 'unknown', how: `${how}: ${facts.issues[0]}`, word: inv.program });
}
