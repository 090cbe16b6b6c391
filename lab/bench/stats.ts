// Small statistics helpers for the benchmark (times in microseconds unless named otherwise).
export interface Summary {
  n: number;
  median: number;
  p90: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samples: readonly number[]): Summary {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return { n: s.length, median: quantile(s, 0.5), p90: quantile(s, 0.9), p99: quantile(s, 0.99), min: s[0] ?? NaN, max: s[s.length - 1] ?? NaN, mean };
}

/** Round for display: 3 significant digits. */
export function fmt(x: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

/**
 * Untimed warm-up passes until the JIT has settled: at least `min` passes, then until a pass is
 * no more than 3 % faster than the best before it, at most `max`. `pass(p)` runs pass p and
 * returns its time. The same rule for every row of the bench. Returns the pass times.
 */
export function settle(pass: (p: number) => number, min: number, max: number): number[] {
  const times: number[] = [];
  for (let p = 0; p < max; p++) {
    const dt = pass(p);
    const best = times.length ? Math.min(...times) : Infinity;
    times.push(dt);
    if (times.length >= min && dt > best * 0.97) break;
  }
  return times;
}
