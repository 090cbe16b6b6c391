// Failure attribution: after a call, was its result blocked (by a WAF, a rate limit, a 403 …),
// an error, or fine? Counting the classes lets a planner change strategy instead of giving up.
import { compilePattern, type Pattern } from '../regex/index.ts';

export type ResultClass = 'blocked' | 'error' | 'ok';

export interface ToolResult {
  tool?: string;
  output?: unknown;
  isError?: boolean;
}

const BLOCK_SIGNS = '\\b(403|429|forbidden|waf|blocked|rate[ _-]?limit(ed)?|captcha|access denied|denied|too many requests)\\b';
let blockPattern: Pattern | null = null;

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (output === undefined || output === null) return '';
  try {
    return JSON.stringify(output);
  } catch {
    return String(output);
  }
}

export function attributeResult(result: ToolResult): ResultClass {
  blockPattern ??= compilePattern(BLOCK_SIGNS, { ignoreCase: true });
  if (blockPattern.test(outputText(result.output))) return 'blocked';
  if (result.isError) return 'error';
  return 'ok';
}

/** Per-class counts of attributed results. */
export class Attribution {
  private counts: Record<ResultClass, number> = { blocked: 0, error: 0, ok: 0 };

  record(result: ToolResult): ResultClass {
    const c = attributeResult(result);
    this.counts[c]++;
    return c;
  }

  snapshot(): Record<ResultClass, number> {
    return { ...this.counts };
  }

  /** Counts saved by snapshot() (a hook process persists them between calls); bad values count 0. */
  static restore(saved: unknown): Attribution {
    const a = new Attribution();
    const o = saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : {};
    for (const k of ['blocked', 'error', 'ok'] as const) {
      const n = o[k];
      if (typeof n === 'number' && Number.isInteger(n) && n >= 0) a.counts[k] = n;
    }
    return a;
  }
}
