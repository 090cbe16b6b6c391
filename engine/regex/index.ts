// Every regex the engine evaluates goes through this small interface, so it always runs on a
// linear-time RE2 engine. The browser uses re2js (pure JS, the default here); Node hosts
// (the lab CLI, the hook, the tests) install the native `re2` addon with useRegexEngine().
import { RE2JS } from 're2js';

export interface Pattern {
  readonly source: string;
  test(text: string): boolean;
}

export interface RegexEngine {
  readonly name: string;
  compile(source: string, opts?: { ignoreCase?: boolean }): Pattern;
}

export const re2jsEngine: RegexEngine = {
  name: 're2js',
  compile(source, opts) {
    const re = RE2JS.compile(source, opts?.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
    return { source, test: (text) => re.matcher(text).find() };
  },
};

let current: RegexEngine = re2jsEngine;

export function useRegexEngine(engine: RegexEngine): void {
  current = engine;
}

export function regexEngine(): RegexEngine {
  return current;
}

/** Compile with the current engine. Throws a readable error on an invalid pattern. */
export function compilePattern(source: string, opts?: { ignoreCase?: boolean }): Pattern {
  return current.compile(source, opts);
}
