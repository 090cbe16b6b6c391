// How bash reads the words of cd, pushd and popd (the normaliser and the cwd tracker share it).
import type { Word } from './types.ts';

export type CdStep =
  /** cd [-L|-P [-e]] [DIR] (no DIR: $HOME), pushd DIR; `keep`: pushd -n DIR stacks DIR and stays. */
  | { kind: 'to'; target: Word | undefined; physical: boolean; push: boolean; keep: boolean }
  /** pushd +N / -N: the stack turns so entry N (from the top, or -N from the bottom) is on top. */
  | { kind: 'rotate'; n: number; fromEnd: boolean; keep: boolean }
  /** popd [+N|-N]: entry N leaves the stack; entry 0 leaving moves the shell to the next one. */
  | { kind: 'pop'; n: number; fromEnd: boolean; keep: boolean }
  /** pushd with no operand: the top two entries swap. */
  | { kind: 'swap'; keep: boolean };

const NUMBER = /^[+-][0-9]+$/;

/**
 * The step a cd, pushd or popd takes, or null when its words are not ones bash surely reads so:
 * a dynamic option word, an option bash rejects or accepts only on some systems (`cd -@`, for
 * extended attributes, which Linux builds lack), popd with a folder.
 */
export function cdStep(name: string, args: readonly Word[]): CdStep | null {
  if (name === 'cd') return cdOptions(args);
  let keep = false;
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i]!;
    if (!w.static) {
      if (w.approx.startsWith('-') || w.approx.startsWith('+')) return null;
      break;
    }
    if (w.value === '-n') keep = true;
    else if (w.value === '--') {
      i++;
      break;
    } else break;
  }
  const w = args[i];
  const v = w && w.static ? w.value! : undefined;
  if (name === 'pushd') {
    if (!w) return { kind: 'swap', keep };
    if (v !== undefined && NUMBER.test(v)) return { kind: 'rotate', n: Number(v.slice(1)), fromEnd: v[0] === '-', keep };
    if (v !== undefined && v.length > 1 && (v[0] === '-' || v[0] === '+')) return null;
    return { kind: 'to', target: w, physical: false, push: true, keep };
  }
  if (name !== 'popd') return null;
  // (popd -n with no N takes out the entry below the top)
  if (!w) return { kind: 'pop', n: keep ? 1 : 0, fromEnd: false, keep };
  if (v !== undefined && NUMBER.test(v)) return { kind: 'pop', n: Number(v.slice(1)), fromEnd: v[0] === '-', keep };
  return null;
}

/** cd's options: bundles of L, P and e (the last of L/P wins), `--`; `-` alone is $OLDPWD. */
function cdOptions(args: readonly Word[]): CdStep | null {
  let physical = false;
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i]!;
    if (!w.static) {
      if (w.approx.startsWith('-')) return null;
      break;
    }
    const v = w.value!;
    if (v === '--') {
      i++;
      break;
    }
    if (!v.startsWith('-') || v === '-') break;
    for (const c of v.slice(1)) {
      if (c === 'P') physical = true;
      else if (c === 'L') physical = false;
      else if (c !== 'e') return null;
    }
  }
  return { kind: 'to', target: args[i], physical, push: false, keep: false };
}
