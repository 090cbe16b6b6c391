// find: start paths, and whether a test narrows what it matches. (-mindepth does not: it only spares
// the start folder itself, so `find ~ -mindepth 1 -delete` still empties the home folder.)
import type { Word } from '../types.ts';

const FILTERS = new Set(['-name', '-iname', '-path', '-ipath', '-wholename', '-iwholename', '-regex', '-iregex', '-mtime', '-mmin', '-atime', '-amin', '-ctime', '-cmin', '-size', '-empty', '-user', '-group', '-uid', '-gid', '-perm', '-links', '-inum', '-samefile', '-lname', '-ilname', '-used', '-prune', '-anewer', '-cnewer']);

export function findRoots(args: Word[]): { roots: Word[]; filtered: boolean } {
  const roots: Word[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i];
    const v = w.static ? (w.value ?? '') : w.approx;
    if (v === '-H' || v === '-L' || v === '-P') continue;
    if (v === '-D') {
      i++;
      continue;
    }
    if (v.startsWith('-') || v === '!' || v === '(') break;
    roots.push(w);
  }
  let filtered = false;
  for (; i < args.length; i++) {
    const v = args[i].static ? (args[i].value ?? '') : '';
    if (v === '-exec' || v === '-execdir' || v === '-ok' || v === '-okdir') break;
    if (FILTERS.has(v) || v.startsWith('-newer')) filtered = true;
  }
  return { roots, filtered };
}
