// Links a command makes (`ln -s ~/.ssh/id_rsa key && cat key`): a later word naming the link
// names its target too. An overlay on the fs port resolves made links first, so every path check
// sees both the link and what it leads to.
import type { Extraction, Word } from '../shell/types.ts';
import type { FsPort } from '../types.ts';
import { normalizePath } from '../paths/index.ts';

const FLAGS = new Set(['s', 'f', 'n', 'v', 'r', 'T', 'b', 'i', 'L', 'P', 'F', 'd']);

function abs(p: string, base: string): string {
  return normalizePath(p.startsWith('/') ? p : base + '/' + p);
}

function dirOf(p: string): string {
  const i = p.lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}

function baseOf(p: string): string {
  let e = p.length;
  while (e > 1 && p[e - 1] === '/') e--;
  const t = p.slice(0, e);
  return t.slice(t.lastIndexOf('/') + 1);
}

/** Link name → target (absolute) for every `ln` with static words in the command. */
export function linksMade(ex: Extraction, cwd: string): ReadonlyMap<string, string> {
  let links: Map<string, string> | null = null;
  for (const c of ex.commands) {
    const a = c.argv;
    if (!a.length || !a[0].static) continue;
    const prog = a[0].value ?? '';
    if (prog !== 'ln' && !prog.endsWith('/ln')) continue;
    if (!a.every((w: Word) => w.static)) continue;
    let symbolic = false;
    let relative = false;
    let dir: string | null = null;
    const ops: string[] = [];
    let ok = true;
    for (let i = 1; i < a.length; i++) {
      const v = a[i].value ?? '';
      if (ops.length || !v.startsWith('-') || v === '-') ops.push(v);
      else if (v === '--') {
        for (const w of a.slice(i + 1)) ops.push(w.value ?? '');
        break;
      }
      else if (v === '--symbolic') symbolic = true;
      else if (v === '--relative') relative = true;
      else if (v.startsWith('--target-directory=')) dir = v.slice(19);
      else if (v === '--target-directory' || v === '-t') dir = a[++i]?.value ?? null;
      else if (v.startsWith('--')) continue;
      else {
        for (let k = 1; k < v.length; k++) {
          const ch = v[k];
          if (ch === 's') symbolic = true;
          else if (ch === 'r') relative = true;
          else if (ch === 't') {
            dir = k < v.length - 1 ? v.slice(k + 1) : (a[++i]?.value ?? null);
            break;
          } else if (ch === 'S') {
            if (k === v.length - 1) i++;
            break;
          } else if (!FLAGS.has(ch)) ok = false;
        }
      }
    }
    if (!ok || !ops.length) continue;
    const add = (target: string, link: string) => {
      const l = abs(link, cwd);
      const t = symbolic && !relative && !target.startsWith('/') ? abs(target, dirOf(l)) : abs(target, cwd);
      if (l !== t) (links ??= new Map()).set(l, t);
    };
    if (dir !== null) for (const t of ops) add(t, dir + '/' + baseOf(t));
    else if (ops.length === 1) add(ops[0], baseOf(ops[0]));
    else if (ops.length === 2) {
      add(ops[0], ops[1]);
      add(ops[0], ops[1] + '/' + baseOf(ops[0]));
    } else for (const t of ops.slice(0, -1)) add(t, ops[ops.length - 1] + '/' + baseOf(t));
  }
  return links ?? NO_LINKS;
}

/** What linksMade returns for a command that makes no link (shared, never written). */
const NO_LINKS: ReadonlyMap<string, string> = new Map();

/** An fs port that follows the made links before asking the real one (if any). */
export function linkOverlay(links: ReadonlyMap<string, string>, base?: FsPort): FsPort {
  const follow = (p: string): string => {
    for (let n = 0; n < 8; n++) {
      let hit = false;
      for (const [l, t] of links) {
        if (p === l || p.startsWith(l + '/')) {
          p = t + p.slice(l.length);
          hit = true;
          break;
        }
      }
      if (!hit) break;
    }
    return p;
  };
  return {
    realpath(path) {
      const p = follow(path);
      const real = base ? base.realpath(p) : null;
      return real ?? (p !== path ? p : null);
    },
    readFile: (path, max) => (base ? base.readFile(follow(path), max) : null),
    stat: (path) => (base ? base.stat(follow(path)) : null),
  };
}
