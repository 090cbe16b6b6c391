// c16 · Monotone verdicts. Fold the verdicts one call collected into one.
export type Verdict = 'deny' | 'immune' | 'ask' | 'passthrough' | 'allow';

export function combine(verdicts: Verdict[]): Verdict {
  // The first check with an opinion decides (the way a chain of early returns does).
  for (const v of verdicts) if (v !== 'passthrough') return v;
  return 'passthrough';
}
