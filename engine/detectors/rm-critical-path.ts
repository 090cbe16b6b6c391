// Recursive removal of `/`, a top-level dir, home, the workspace or its parents → deny.
// Reads delete effects of every program (rm, find -delete, rsync --delete, shred, mv to
// /dev/null, git rm …) and truncating writes, so the spelling of the destroyer does not matter.
import type { Detector, DetectorMeta, DetectContext } from './types.ts';
import type { Finding } from '../types.ts';
import type { Effect } from '../effects/index.ts';
import { infoOf, isCriticalDirAt } from '../effects/index.ts';
import { effectsFor, finding, varGlob } from './util.ts';

const meta: DetectorMeta = {
  id: 'rm-critical-path',
  family: 'destructive',
  title: 'Removal of a critical path',
  rationale: 'Deleting /, a top-level directory, home or the workspace is catastrophic and cannot be undone.',
  behaviour: 'deny',
  safety: 'criticalRemoval',
  examples: {
    bad: ['rm -rf ~', 'rm -fr /', 'sudo rm --recursive --force /etc', 'rm -rf "$HOME"', 'timeout 5 rm -rf ~', 'rm -rf *', 'find ~ -delete', 'rm -f /*', 'rsync -a --delete empty/ ~/', 'find ~ -type f -exec shred -u {} +'],
    good: ['rm -rf node_modules', 'rm -rf /tmp/build', 'rm -rf ./dist', 'echo "rm -rf ~"', 'rm notes.txt', 'rsync -a --delete src/ /tmp/mirror/'],
  },
};

/**
 * What critical place an effect's path is (or is a glob directly inside), or null. `inside` is
 * set for a critical place within the workspace other than its root (its .git): that asks.
 */
function criticalWhat(e: Effect, ctx: DetectContext): { what: string; inside: boolean } | null {
  const ref = e.path!;
  if (ref.abs !== null) {
    if (isCriticalDirAt(ref.abs, ctx)) return { what: ref.abs, inside: false };
    const info = infoOf(ref);
    if (!info.classes.has('critical')) return null;
    const why = info.reasons.find((r) => r.startsWith('critical')) ?? 'critical';
    // a link inside the workspace that leads out of it is judged by where it leads
    const inside = ctx.isInWorkspace(ref.abs) && (info.target === undefined || ctx.isInWorkspace(info.target));
    return { what: `${ref.abs} (${why})`, inside };
  }
  if (varGlob(ref.word)) return { what: `a glob or trailing slash under a variable (${ref.word.approx})`, inside: false };
  const info = infoOf(ref);
  if (info.classes.has('critical') && !info.free) return { what: `${ref.text} (${info.reasons.find((r) => r.startsWith('critical')) ?? 'critical'})`, inside: false };
  return null;
}

export const rmCriticalPath: Detector = {
  meta,
  concerns: { effects: ['delete', 'write'] },
  check(inv, ctx) {
    const out: Finding[] = [];
    for (const e of effectsFor(inv, ctx)) {
      if (e.kind === 'delete' && e.destroys) {
        out.push(finding(meta, inv, `${e.how} destroys what it names, beyond undo`, e.word));
        continue;
      }
      // Some matches below a folder (find ROOT -name X -delete) are not the folder.
      if (!e.path || e.within) continue;
      // (a redirect truncates one file; through a loop value it may be each file a glob names: `for f in ~/*; do : > "$f"; done`)
      const truncates = e.kind === 'write' && e.create === 'truncate' && (!e.how.startsWith('redirect') || (e.path.abs === null && e.path.word.kinds.includes('glob')));
      if (e.kind !== 'delete' && !truncates) continue;
      // A write to a static folder writes into it; only a glob or a whole tree is truncated.
      if (e.kind === 'write' && e.path.abs !== null && !e.recursive) continue;
      const hit = criticalWhat(e, ctx);
      // A critical place inside the workspace (its .git) is a protected write, not a catastrophe.
      if (hit?.inside) continue;
      // A tree is final; shred and truncate of the entries a glob names are not recursive, like rm -f *.
      const total = e.recursive;
      if (hit !== null) {
        out.push(total ? finding(meta, inv, `${e.how} of ${hit.what}`, e.path.word) : finding(meta, inv, `${e.how} hits ${hit.what}`, e.path.word, { behavior: 'ask', safety: 'criticalRemoval' }));
      } else if (e.kind === 'delete' && e.recursive && e.path.abs === null && infoOf(e.path).free && !e.guess) {
        out.push(finding(meta, inv, `${e.how} of a dynamic path ${e.path.text}`, e.path.word, { behavior: 'ask', safety: 'criticalRemoval' }));
      }
    }
    return out;
  },
};
