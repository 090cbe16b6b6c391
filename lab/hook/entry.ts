// Entry of the bundled hook. build.ts compiles this to CommonJS and embeds it in dist/hook.mjs,
// whose loader runs it through a V8 code cache. No tsx at run time.
import { useProgramIndex, useRegexEngine, re2jsEngine, type RegexEngine } from '../../engine/index.ts';
import { hookMain } from './node.ts';

/** Set by the bundler: the shipped policies/default.yaml, parsed at build time (JSON text). */
declare const __GATELAB_DEFAULT_POLICY__: string;
/** Set by the bundler: 're2' tries the native addon first, 're2js' uses only the bundled one. */
declare const __GATELAB_REGEX__: 're2js' | 're2';
/** Set by the bundler: programIndex() of this engine (JSON text). */
declare const __GATELAB_PROGRAM_INDEX__: string;

/** The native addon (faster to load than re2js's tables); re2js when it cannot load. */
function nativeRe2(): RegexEngine {
  let RE2: new (s: string, f: string) => { test(t: string): boolean };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    RE2 = require('re2');
  } catch {
    return re2jsEngine;
  }
  return {
    name: 're2',
    compile(source, opts) {
      const re = new RE2(source, opts?.ignoreCase ? 'iu' : 'u');
      return { source, test: (text) => re.test(text) };
    },
  };
}

export function main(): Promise<number> {
  useRegexEngine(__GATELAB_REGEX__ === 're2' ? nativeRe2() : re2jsEngine);
  useProgramIndex(JSON.parse(__GATELAB_PROGRAM_INDEX__) as string[]);
  return hookMain(() => ({ data: JSON.parse(__GATELAB_DEFAULT_POLICY__) as unknown, file: 'policies/default.yaml (built in)' }));
}
