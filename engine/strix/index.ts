// Strix safety presets and deterministic rules (seed 000).
import { PRESETS, type PresetName } from '../pipeline/modes.ts';

export type { PresetName };

/** The contract's mapping of Strix presets onto the modes, plus whether the judge reviews (one table). */
export const presets = PRESETS;

export {
  strixRules,
  strixVerdict,
  isReadOnlyInvocation,
  LOADER_ENV,
  WRAPPERS,
  type StrixPreset,
  type StrixState,
  type StrixVerdict,
} from './rules.ts';
export {
  recordBrowserCall,
  browserFindings,
  browserReadOnly,
  parseBrowser,
  initialBrowserState,
  BROWSER_OVERRIDE_ENV,
  type BrowserState,
  type BrowserCommand,
} from './browser.ts';
export { inScope, normalizeHost } from './scope.ts';
export { readClosure, sha256, MAX_CLOSURE_FILES, MAX_CLOSURE_BYTES, MAX_MODULE_BYTES, type Closure, type ClosureFile, type ClosureIssue, type Entry } from './closure.ts';
export { scanModule, type ModuleScan, type ImportRef } from './python.ts';
export { scriptRun, isPython, type ScriptRun } from './interp.ts';
