// c17 (dynamic paths): the learner's `couldReach(word, ctx)` says whether a word, whatever bash makes
// of it at run time, could name a path at or under a protected folder. The lab analyses each case's
// command and asks about every argument and redirection target; the case is `reach` when any word
// could, else `clear`.
import { analyze, type Word } from '../../engine/index.ts';
import type { CheckCase } from './check.ts';
import type { Labeller } from './seeds.ts';

export const PATHS_CTX = {
  cwd: '/home/dev/app',
  home: '/home/dev',
  protectedDirs: ['/home/dev/.ssh', '/home/dev/.aws', '/home/dev/app/.git/hooks'],
};

export interface PathWord {
  static: boolean;
  value?: string;
  approx: string;
  kinds: string[];
  params: string[];
}

function view(w: Word): PathWord {
  return { static: w.static, ...(w.value !== undefined ? { value: w.value } : {}), approx: w.approx, kinds: [...w.kinds], params: [...w.params] };
}

export function pathsLabeller(mod: Record<string, unknown>): Labeller {
  const fn = mod.couldReach;
  if (typeof fn !== 'function') throw new Error('your module must export `couldReach(word, ctx)`');
  return (c: CheckCase) => {
    const ex = analyze(c.command ?? '', { home: PATHS_CTX.home });
    if (ex.issues.length) return { label: 'bad', detail: `the command does not parse: ${ex.issues[0]!.message}` };
    const words: Word[] = [];
    for (const sc of ex.commands) {
      for (const w of sc.argv.slice(1)) words.push(...(w.braces ?? [w]));
      for (const r of sc.redirects) if (r.op !== '<<' && r.op !== '<<-' && r.op !== '<<<' && !r.op.endsWith('&')) words.push(r.target);
    }
    for (const w of words) {
      const v = (fn as (w: PathWord, ctx: typeof PATHS_CTX) => unknown)(view(w), { ...PATHS_CTX, protectedDirs: [...PATHS_CTX.protectedDirs] });
      if (typeof v !== 'boolean') return { label: 'bad', detail: `couldReach returned ${JSON.stringify(v)} (want true or false)` };
      if (v) return { label: 'reach', detail: `${JSON.stringify(w.approx)}${w.static ? '' : ` (${w.kinds.join(', ')})`} judged could reach` };
    }
    const shown = words.slice(0, 4).map((w) => `${JSON.stringify(w.approx)}${w.static ? '' : ` (${w.kinds.join(', ')})`}`).join('; ');
    return { label: 'clear', detail: `judged clear: ${shown}${words.length > 4 ? ' …' : ''}` };
  };
}
