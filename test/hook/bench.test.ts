// The benchmark's building blocks (no timing assertions: figures live in docs/BENCHMARKS.md).
import { describe, expect, it } from 'vitest';
import { SHAPES, SIZES } from '../../lab/bench/scaling.ts';
import { quantile, summarize } from '../../lab/bench/stats.ts';
import { useRegexEngine } from '../../engine/index.ts';
import { re2Engine } from '../../lab/re2-engine.ts';
import { analyze } from '../../engine/shell/index.ts';

describe('bench helpers', () => {
  it('summarizes samples', () => {
    const s = summarize([5, 1, 4, 2, 3, 100, 6, 7, 8, 9]);
    expect(s).toMatchObject({ n: 10, median: 5, min: 1, max: 100, p90: 9, p99: 100 });
    expect(quantile([], 0.5)).toBeNaN();
  });
  it('makes every adversarial shape at (just under) each size', () => {
    useRegexEngine(re2Engine);
    for (const shape of SHAPES) {
      for (const size of SIZES.slice(0, 3)) {
        const src = shape.make(size);
        expect(src.length, shape.name).toBeLessThanOrEqual(size);
        expect(src.length, shape.name).toBeGreaterThan(size * 0.9);
      }
      // Small sizes are real shell: they parse without issues under default budgets.
      expect(analyze(shape.make(1024), { home: '/home/dev' }).issues.filter((i) => i.kind === 'parse'), shape.name).toEqual([]);
    }
  });
});
