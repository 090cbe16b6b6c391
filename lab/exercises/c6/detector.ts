// c6 · Wrappers. Your `git-destructive` detector: it replaces the built-in one with the same id.
// The engine calls check() once per invocation: one program run, with its arguments.
import type { Detector, Finding, Invocation } from '../../../engine/index.ts';

/** Is this git subcommand, with these arguments, destructive? (This part is right.) */
function destructive(sub: string, args: string[]): string | null {
  // A bundle of short flags (-fdx) that contains ch.
  const short = (ch: string) => args.some((a) => a.length > 1 && a[0] === '-' && a[1] !== '-' && a.includes(ch));
  if (sub === 'reset' && args.includes('--hard')) return 'git reset --hard discards uncommitted work';
  if (sub === 'clean' && (short('f') || args.includes('--force'))) return 'git clean -f deletes untracked files';
  if (sub === 'push' && (short('f') || args.includes('--force') || args.some((a) => a.startsWith('+')))) return 'git push --force rewrites remote history';
  if (sub === 'branch' && short('D')) return 'git branch -D deletes an unmerged branch';
  if (sub === 'stash' && (args[0] === 'drop' || args[0] === 'clear')) return `git stash ${args[0]} deletes stashed work`;
  return null;
}

export const detector: Detector = {
  meta: {
    id: 'git-destructive',
    family: 'git',
    title: 'Destructive git commands',
    rationale: 'These git commands throw away work that exists nowhere else.',
    behaviour: 'deny',
    examples: { bad: ['git reset --hard', 'timeout 30 git clean -fdx'], good: ['git status', 'git reset --soft HEAD~1'] },
  },
  check(inv: Invocation): Finding[] {
    // Read the simple command exactly as it was written.
    const words = inv.source.argv.map((w) => (w.static ? (w.value ?? '') : ''));
    if (words[0] !== 'git') return [];
    const why = destructive(words[1] ?? '', words.slice(2));
    return why ? [{ detector: 'git-destructive', family: 'git', behavior: 'deny', message: why, span: inv.source.span }] : [];
  },
};
