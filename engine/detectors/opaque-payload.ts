// A carrier whose payload cannot be analysed: dynamic, another language, stdin, too deep.
import type { Detector, DetectorMeta } from './types.ts';
import { finding } from './util.ts';

const meta: DetectorMeta = {
  id: 'opaque-payload',
  family: 'carrier',
  title: 'Unanalysable payload',
  rationale: 'The command runs code the gate cannot read (another language, a script file, a variable), so a human must.',
  behaviour: 'ask',
  examples: {
    bad: ['python3 -c "import os; os.remove(\'x\')"', 'node -e "require(\'fs\').rmSync(\'x\')"', 'bash script.sh', 'sh -c "$X"', 'eval "$CMD"', "awk '{ system($0) }' cmds.txt", "sed 's/x/rm -rf y/e' f"],
    good: ['bash -c "ls -la"', "awk '{print $1}' file", 'python3 --version', "sed -n '1p' f", 'echo ls | bash'],
  },
};

export const opaquePayload: Detector = {
  meta,
  concerns: { effects: ['code'] },
  check(inv) {
    const o = inv.opaque;
    if (!o || o.reason === 'network') return [];
    const what = o.reason === 'language' ? `${o.language ?? 'another'} code` : o.reason === 'depth' ? 'a payload nested too deep' : o.reason === 'stdin' ? 'input it reads at run time' : 'a payload known only at run time';
    return [finding(meta, inv, `${o.carrier} runs ${what}`)];
  },
};
