// Entry of the bundled hook. build.ts compiles this to CommonJS and embeds it in dist/hook.mjs,
// whose loader runs it through a V8 code cache. No tsx at run time.
import { useRegexEngine, re2jsEngine } from '../../engine/index.ts';
import { hookMain } from './node.ts';

/** Set by the bundler: the shipped policies/default.yaml, parsed at build time (JSON text). */
declare const __GATELAB_DEFAULT_POLICY__: string;

export function main(): Promise<number> {
  // re2js (pure JS, inside the bundle) rather than the native re2 addon: see docs/hook.md.
  useRegexEngine(re2jsEngine);
  return hookMain(() => ({ data: JSON.parse(__GATELAB_DEFAULT_POLICY__) as unknown, file: 'policies/default.yaml (built in)' }));
}
