// xargs items from a pipe: what the earlier stages can print. Each static word a producer names
// (echo /etc/shadow, ls ~/.ssh, find ~ …) is a path the items may be, or a folder they may lie in;
// those classes are added to the items' reach. Adding only: the items stay free input. Items
// from a plain `find ROOT` (see shell/normalize/items.ts) are exactly ROOT and what lies below.
import type { Invocation, Word } from '../shell/types.ts';
import type { Effect } from './types.ts';
import type { EffectScope } from './index.ts';
import { classifyPath, mergeInfos, type PathInfo } from '../paths/index.ts';
import { infoOf, pathRef, synthetic } from './paths.ts';
import { itemRoot, LINE } from '../shell/normalize/items.ts';
import { blankWords } from '../programs/words.ts';
import { feedingStage, hereInput, staticOutput } from '../shell/printed.ts';

const ITEMS = '$(xargs input)';

/** Words of printed text, split at whitespace as xargs does. */
const tokens = blankWords;

/** The classes a producer's static words reach (null: nothing static to add). */
function producerReach(inv: Invocation, sc: EffectScope): PathInfo | null {
  const p = inv.source.pipe;
  if (!p || p.index === 0 || !sc.ex) return null;
  const ctx = { cwd: sc.cwd, home: sc.home, workspace: sc.workspace, fs: sc.fs };
  const infos: PathInfo[] = [];
  for (const c of sc.ex.commands) {
    if (!c.pipe || c.pipe.id !== p.id || c.pipe.index >= p.index) continue;
    for (const w of c.argv.slice(1)) {
      if (!w.static) continue;
      for (const t of tokens(w.value ?? '')) {
        if (t.startsWith('-') || t.includes('://')) continue;
        let dir = t;
        while (dir.length > 1 && dir.endsWith('/')) dir = dir.slice(0, -1);
        infos.push(classifyPath(t, ctx), classifyPath(dir + '/x', ctx));
      }
    }
  }
  return infos.length ? mergeInfos(infos) : null;
}

/** Long xargs options that change neither the items nor their split. */
const LONG_PLAIN = new Set(['--no-run-if-empty', '--verbose', '--exit', '--max-args', '--max-procs', '--max-lines', '--max-chars']);

/** How xargs splits its input: at blanks, at NULs (-0) or at lines (-I), or null (unknown option). */
function xargsSplit(argv: Word[]): 'blank' | 'nul' | 'line' | null {
  let mode: 'blank' | 'nul' | 'line' = 'blank';
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w.static) return null;
    const v = w.value ?? '';
    if (!v.startsWith('-') || v === '-') return mode;
    if (v === '--') return mode;
    if (v === '--null') mode = 'nul';
    else if (v.startsWith('--replace') || v === '-i') mode = 'line';
    else if (LONG_PLAIN.has(v.split('=')[0])) continue;
    else if (v.startsWith('--')) return null;
    else {
      for (let k = 1; k < v.length; k++) {
        const c = v[k];
        if (c === '0') mode = 'nul';
        else if (c === 'r' || c === 't' || c === 'x') continue;
        else if (c === 'n' || c === 'P' || c === 'L' || c === 's' || c === 'I') {
          if (c === 'I') mode = 'line';
          if (k === v.length - 1) i++;
          break;
        } else return null;
      }
    }
  }
  return null;
}

/** The exact items xargs reads, when its input is static text (echo / printf / here-string), else null. */
function exactItems(inv: Invocation, sc: EffectScope): string[] | null {
  const x = inv.source;
  const mode = xargsSplit(x.argv);
  if (mode === null || !sc.ex) return null;
  let text: string | null = null;
  if (x.redirects.some((r) => (r.fd === null || r.fd === 0) && (r.op === '<' || r.op === '<>'))) return null;
  const h = hereInput(x.redirects);
  if (h) {
    const value = h.word.static ? (h.word.value ?? '') : h.herestring ? pathRef(h.word, sc).abs : null;
    if (value !== null) text = value + (h.herestring ? '\n' : '');
  } else {
    const prev = feedingStage(sc.ex, x);
    if (prev.length === 1) text = staticOutput(prev[0].argv, prev[0].redirects);
  }
  if (text === null) return null;
  if (mode === 'nul') return text.split('\0').filter((t) => t !== '');
  if (mode === 'line') return text.split('\n').map((t) => t.trimStart()).filter((t) => t !== '');
  if (text.includes("'") || text.includes('"') || text.includes('\\')) return null;
  return tokens(text);
}

/** Widen the reach of xargs items in `out` by what the producers of the pipe name. */
export function itemsFromProducers(inv: Invocation, sc: EffectScope, out: Effect[]): void {
  const xargs = inv.via.some((v) => v.name.startsWith('xargs'));
  let reach: PathInfo | null | undefined;
  for (const e of out) {
    const ref = e.path;
    if (!ref || !synthetic(ref.word) || !(ref.word.approx === LINE || (xargs && ref.word.approx === ITEMS))) continue;
    const gp = ref.word.globPrefix;
    const root = gp !== undefined && sc.ex ? itemRoot(inv, sc.ex) : null;
    if (root === '') {
      // a lister of names (ls, git ls-files): each item is a name where it is used, so what the glob *
      // there could be, and (ls FILE prints FILE) the classes of what the lister names
      const here: Word = { span: ref.word.span, raw: '*', static: false, approx: '*', kinds: ['glob'], params: [], quoted: false, substitutions: 0, globPrefix: '' };
      if (reach === undefined) reach = producerReach(inv, sc);
      const names = infoOf(pathRef(here, sc));
      ref.info = { ...(reach ? mergeInfos([names, reach]) : names), dynamic: true, free: false };
      continue;
    }
    if (root !== null) {
      // a plain `find ROOT`: the items are ROOT and paths below it, nothing else
      const ctx = { cwd: sc.cwd, home: sc.home, workspace: sc.workspace, fs: sc.fs };
      // below it: what the shell glob ROOT/* could be (find never prints `..`)
      const below: Word = { span: ref.word.span, raw: gp + '*', static: false, approx: gp + '*', kinds: ['glob'], params: [], quoted: false, substitutions: 0, globPrefix: gp };
      ref.info = { ...mergeInfos([classifyPath(root, ctx), infoOf(pathRef(below, sc))]), dynamic: true, free: false };
      continue;
    }
    if (xargs) {
      const exact = exactItems(inv, sc);
      if (exact !== null && exact.length) {
        // the items are known text: exactly these paths, nothing else
        const ctx = { cwd: sc.cwd, home: sc.home, workspace: sc.workspace, fs: sc.fs };
        ref.info = { ...mergeInfos(exact.map((t) => classifyPath(t, ctx))), dynamic: true, free: false };
        continue;
      }
    }
    if (reach === undefined) reach = producerReach(inv, sc);
    if (reach === null) return;
    const base = infoOf(ref);
    ref.info = { ...mergeInfos([reach, base]), dynamic: true, free: base.free };
  }
}
