// The command name is only known at run time ($a$b, $(cat cmd), `x`, "$@").
import type { Detector, DetectorMeta } from './types.ts';
import type { Extraction, Word } from '../shell/types.ts';
import { finding } from './util.ts';
import { printsNothing } from '../shell/words.ts';

/** A word that is one unquoted `$(…)` or `` `…` `` whose commands all print nothing. */
function emptyExpansion(w: Word, ex: Extraction | undefined): boolean {
  if (!ex || w.substitutions !== 1 || w.kinds.length !== 1 || w.kinds[0] !== 'command' || w.approx !== '$(…)') return false;
  const inner = ex.commands.filter((c) => c.span.start >= w.span.start && c.span.end <= w.span.end && c.context.some((e) => e.kind === 'cmdsub'));
  return inner.length > 0 && inner.every((c) => !c.redirects.length && !c.env.length && printsNothing(c.argv));
}

const meta: DetectorMeta = {
  id: 'dynamic-command',
  family: 'obfuscation',
  title: 'Dynamic command name',
  rationale: 'When the program is computed at run time, no rule can tell what will run.',
  behaviour: 'ask',
  safety: 'unanalysable',
  examples: {
    bad: ['a=r;b=m; $a$b -rf ~', '$(cat cmd.txt) -rf x', '`head -1 cmds` -la', '"$@"', 'sudo $CMD', '${X} --version'],
    good: ['rm -rf dist', 'echo $HOME', 'ls "$DIR"', "'ls' -la"],
  },
};

export const dynamicCommand: Detector = {
  meta,
  concerns: { effects: ['unknown'] },
  check(inv, ctx) {
    if (inv.program.static) return [];
    // `$(cd /); …`: the substitution prints nothing, the word expands to no field, nothing runs
    if (!inv.args.length && emptyExpansion(inv.program, ctx.scope?.ex)) return [];
    return [finding(meta, inv, `dynamic command name ${inv.program.approx}`, inv.program)];
  },
};
