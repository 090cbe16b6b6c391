// The command name is only known at run time ($a$b, $(echo rm), `x`, "$@").
import type { Detector, DetectorMeta } from './types.ts';
import { finding } from './util.ts';

const meta: DetectorMeta = {
  id: 'dynamic-command',
  family: 'obfuscation',
  title: 'Dynamic command name',
  rationale: 'When the program is computed at run time, no rule can tell what will run.',
  behaviour: 'ask',
  safety: 'unanalysable',
  examples: {
    bad: ['a=r;b=m; $a$b -rf ~', '$(echo rm) -rf x', '`echo ls` -la', '"$@"', 'sudo $CMD', '${X} --version'],
    good: ['rm -rf dist', 'echo $HOME', 'ls "$DIR"', "'ls' -la"],
  },
};

export const dynamicCommand: Detector = {
  meta,
  concerns: { effects: ['unknown'] },
  check(inv) {
    if (inv.program.static) return [];
    return [finding(meta, inv, `dynamic command name ${inv.program.approx}`, inv.program)];
  },
};
