// Destructive git: reset --hard, clean -f, push --force / +ref, branch -D, checkout/restore of paths …
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import { factsFor, parseOptions } from '../shell/normalize/index.ts';
import { DESTRUCTIVE_EFFECTS } from '../programs/index.ts';
import type { Invocation } from '../shell/types.ts';
import { parseGit } from '../shell/normalize/git.ts';
import { finding, hasArgIn, text } from './util.ts';

const meta: DetectorMeta = {
  id: 'git-destructive',
  family: 'git',
  title: 'Destructive git operation',
  rationale: 'These discard uncommitted work or rewrite shared history, with no way back.',
  behaviour: 'deny',
  examples: {
    bad: ['git reset --hard', 'git clean -fdx', 'git push --force origin main', 'git push origin +main', 'git branch -D feature', 'git checkout -- src/app.ts', 'git restore .', 'git stash clear', 'git -C /p reset --hard HEAD~1'],
    good: ['git push --force-with-lease origin main', 'git checkout -b feature', 'git restore --staged a.ts', 'git reset --soft HEAD~1', 'git clean -n', 'git status'],
  },
};

/** Named destructive effects of git's program facts that lose work or shared history. */
const GIT_LOSS = new Set(['git-force-push', 'git-history-rewrite', 'git-prune', 'git-remote-ref-delete', 'git-reflog-expire', 'git-discard-changes', 'git-clean', 'git-branch-delete', 'git-stash-drop', 'git-worktree-remove', 'git-ref-delete']);

export const gitDestructive: Detector = {
  meta,
  concerns: { programs: ['git'] },
  check(inv) {
    if (inv.name !== 'git' || !inv.program.static) return [];
    const found = spelled(inv);
    if (found.length) return found;
    // every spelling the program facts know: --mirror, :ref, --prune, filter-branch, gc --prune=now …
    const d = factsFor(inv).destructive;
    if (d && GIT_LOSS.has(d)) return [finding(meta, inv, `git ${factsFor(inv).subcommand.join(' ')} ${DESTRUCTIVE_EFFECTS.get(d) ?? d}`)];
    return [];
  },
};

/** The subcommands spelled() reads (the subcommand is one of git's words: others need no parse). */
const SPELLED = new Set(['reset', 'clean', 'push', 'branch', 'checkout', 'restore', 'stash', 'worktree', 'reflog', 'update-ref']);

function spelled(inv: Invocation): Finding[] {
  if (!hasArgIn(inv, SPELLED)) return [];
  {
    const p = parseOptions(inv);
    const [sub, sub2] = p.subcommand;
    const o = p.options;
    const hit = (msg: string): Finding[] => [finding(meta, inv, msg)];
    switch (sub) {
      case 'reset':
        if (o.has('hard')) return hit('git reset --hard discards uncommitted changes');
        if (o.has('merge')) return hit('git reset --merge can discard changes');
        return [];
      case 'clean':
        if (o.has('force') && !o.has('dry-run')) return hit('git clean -f deletes untracked files');
        return [];
      case 'push': {
        if (o.has('force')) return hit('git push --force rewrites remote history');
        const plus = p.operands.slice(1).find((w) => text(w).startsWith('+'));
        if (plus) return hit(`git push ${text(plus)} force-updates a ref`);
        return [];
      }
      case 'branch':
        if (o.has('D') || (o.has('delete') && o.has('force'))) return hit('git branch -D deletes an unmerged branch');
        return [];
      case 'checkout': {
        if (o.has('force')) return hit('git checkout -f discards local changes');
        const g = parseGit(inv.args);
        const rest = inv.args.slice(g.subIndex + 1);
        const dd = rest.findIndex((w) => w.static && w.value === '--');
        if (dd >= 0 && dd < rest.length - 1) return hit('git checkout -- PATH discards changes to paths');
        if (o.has('pathspec-from-file')) return hit('git checkout of paths');
        if (o.has('b') || o.has('B') || o.has('orphan')) return [];
        const ops = p.operands;
        if (ops.length >= 2) return hit('git checkout REF PATH overwrites working-tree files');
        if (ops.length === 1) {
          const t = text(ops[0]);
          if (t === '.' || t === '*' || t === ':/' || t.endsWith('/.') || !ops[0].static) return hit(`git checkout ${t} discards changes`);
        }
        return [];
      }
      case 'restore':
        if (o.has('staged') && !o.has('worktree')) return [];
        return hit('git restore discards working-tree changes');
      case 'stash':
        if (sub2 === 'drop' || sub2 === 'clear') return hit(`git stash ${sub2} deletes stashed work`);
        return [];
      case 'worktree':
        if (sub2 === 'remove' && (o.has('force') || inv.args.some((w) => w.static && (w.value === '-f' || w.value === '--force' || w.value === '-ff')))) return hit('git worktree remove --force deletes a worktree with changes');
        return [];
      case 'reflog':
        if (sub2 === 'expire' || sub2 === 'delete') return hit(`git reflog ${sub2} removes recovery points`);
        return [];
      case 'update-ref':
        if (o.has('d')) return hit('git update-ref -d deletes a ref');
        return [];
    }
    return [];
  }
}
