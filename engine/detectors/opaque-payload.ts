// A carrier whose payload cannot be analysed: dynamic, another language, stdin, too deep.
import type { Detector, DetectorMeta } from './types.ts';
import { effectsFor, finding } from './util.ts';

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

/** Carriers whose payload is a file to run, not inline code. */
const FILE_CARRIERS = new Set(['script', 'source']);

/** `$X`, `${X}`, `$X $Y`: text that is only parameter expansions (names, $1, $@ …). */
function onlyVariables(t: string): boolean {
  let i = 0;
  let seen = false;
  while (i < t.length) {
    const c = t[i]!;
    if (c === ' ' || c === '"') {
      i++;
      continue;
    }
    if (c !== '$') return false;
    i++;
    if (t[i] === '{') {
      const end = t.indexOf('}', i);
      if (end < 0) return false;
      const n = t.slice(i + 1, end);
      if (!isParam(n)) return false;
      i = end + 1;
    } else {
      let j = i;
      while (j < t.length && isParam(t.slice(i, j + 1))) j++;
      if (j === i) return false;
      i = j;
    }
    seen = true;
  }
  return seen;
}

function isParam(n: string): boolean {
  if (n === '@' || n === '*') return true;
  if (!n.length) return false;
  for (let k = 0; k < n.length; k++) {
    const c = n.charCodeAt(k);
    const ok = c === 95 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (!ok) return false;
  }
  return true;
}

export const opaquePayload: Detector = {
  meta,
  concerns: { effects: ['code'] },
  check(inv, ctx) {
    const o = inv.opaque;
    if (!o || o.reason === 'network') return [];
    // (`sh -n x` reads a script and runs none of it: no code effect, nothing to ask about)
    if (!effectsFor(inv, ctx).some((e) => e.kind === 'code')) return [];
    const what = o.reason === 'language' ? `${o.language ?? 'another'} code` : o.reason === 'depth' ? 'a payload nested too deep' : o.reason === 'stdin' ? 'input it reads at run time' : 'a payload known only at run time';
    // inline code that is nothing but variables (sh -c "$X", eval "$l", python3 -c "$CODE") is a
    // program chosen at run time, like a dynamic command name: an immune ask
    const unseen = o.reason === 'dynamic' && !o.assigned && !FILE_CARRIERS.has(o.carrier) && o.payload !== undefined && onlyVariables(o.payload);
    return [finding(meta, inv, `${o.carrier} runs ${what}`, undefined, unseen ? { safety: 'unanalysable' } : undefined)];
  },
};
