// Recursive removal of `/`, a top-level dir, home, the workspace or its parents → deny.
import type { Detector, DetectorMeta, DetectContext } from './types.ts';
import type { Finding } from '../types.ts';
import type { Invocation, Word } from '../shell/types.ts';
import { parseOptions } from '../shell/normalize/index.ts';
import { findContextOf, findRoots } from '../shell/normalize/index.ts';
import { ctxFor, finding, globDir, isCriticalDir, pathOf, text, varGlob } from './util.ts';

const meta: DetectorMeta = {
  id: 'rm-critical-path',
  family: 'destructive',
  title: 'Removal of a critical path',
  rationale: 'Deleting /, a top-level directory, home or the workspace is catastrophic and cannot be undone.',
  behaviour: 'deny',
  safety: 'criticalRemoval',
  examples: {
    bad: ['rm -rf ~', 'rm -fr /', 'sudo rm --recursive --force /etc', 'rm -rf "$HOME"', 'timeout 5 rm -rf ~', 'rm -rf *', 'find ~ -delete', 'rm -f /*'],
    good: ['rm -rf node_modules', 'rm -rf /tmp/build', 'rm -rf ./dist', 'echo "rm -rf ~"', 'rm notes.txt'],
  },
};

type Hit = { word: Word; what: string } | null;

/** Is this operand a critical path (or a glob directly under one)? */
function critical(w: Word, ctx: DetectContext): Hit {
  const abs = pathOf(w, ctx);
  if (abs !== null) {
    if (isCriticalDir(abs, ctx)) return { word: w, what: abs };
    return null;
  }
  const dir = globDir(w, ctx);
  if (dir !== null && isCriticalDir(dir, ctx)) return { word: w, what: `a glob directly under ${dir}` };
  if (varGlob(w)) return { word: w, what: `a glob or trailing slash under a variable (${w.approx})` };
  return null;
}

function rm(inv: Invocation, ctx: DetectContext, recursive: boolean, operands: Word[], label: string): Finding[] {
  const out: Finding[] = [];
  for (const w of operands) {
    const hit = critical(w, ctx);
    if (hit) {
      out.push(
        recursive
          ? finding(meta, inv, `${label} of ${hit.what}`, w)
          : finding(meta, inv, `${label} hits ${hit.what}`, w, { behavior: 'ask', safety: 'criticalRemoval' }),
      );
    } else if (recursive && pathOf(w, ctx) === null && globDir(w, ctx) === null) {
      out.push(finding(meta, inv, `${label} of a dynamic path ${text(w)}`, w, { behavior: 'ask', safety: 'criticalRemoval' }));
    }
  }
  return out;
}

export const rmCriticalPath: Detector = {
  meta,
  check(inv, ctx0) {
    const ctx = ctxFor(inv, ctx0);
    if (!inv.program.static) return [];
    const name = inv.name;
    if (name === 'rm' || name === 'unlink') {
      const p = parseOptions(inv);
      let ops = p.operands;
      const fc = findContextOf(inv);
      if (fc) ops = ops.flatMap((w) => (w.static && w.value === '{}' ? (fc.filtered ? [] : fc.roots) : [w]));
      return rm(inv, ctx, p.options.has('recursive'), ops, name === 'rm' && p.options.has('recursive') ? 'recursive rm' : name);
    }
    if (name === 'rmdir') {
      const p = parseOptions(inv);
      return rm(inv, ctx, false, p.operands, 'rmdir');
    }
    if (name === 'shred') {
      const p = parseOptions(inv);
      return rm(inv, ctx, false, p.operands, 'shred');
    }
    if (name === 'find' && inv.args.some((w) => w.static && w.value === '-delete')) {
      const { roots, filtered } = findRoots(inv.args);
      if (filtered) return [];
      const r = roots.length ? roots : [{ ...inv.program, static: true, value: '.', approx: '.' }];
      return rm(inv, ctx, true, r, 'find -delete');
    }
    return [];
  },
};
