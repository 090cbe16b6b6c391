// A classifier that is an external program (a model wrapper): one window as JSON on stdin
// (`{ source, window, text }`, the serialised window), one verdict `{ verdict, reason }` on
// stdout. The host injects the port that runs it (the same shape as the judge's); exit ≠ 0 or
// output that is not JSON gives a malformed verdict, which quarantines.
import type { JudgePort } from '../judge/types.ts';
import type { Classifier, ClassifierResult } from './classifier.ts';
import { serializeWindow } from './windows.ts';

export function commandClassifier(argv: readonly string[], port: JudgePort, timeoutMs: number): Classifier {
  return {
    name: 'command',
    async: true,
    async classify(w): Promise<ClassifierResult> {
      const res = await port({ argv, stdin: serializeWindow(w) + '\n', timeoutMs });
      if (res.code !== 0) return { verdict: 'malformed' } as unknown as ClassifierResult;
      try {
        return JSON.parse(res.stdout) as ClassifierResult;
      } catch {
        return { verdict: 'malformed' } as unknown as ClassifierResult;
      }
    },
  };
}
