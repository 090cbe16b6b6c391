// Safety presets (the Strix seed's "safety modes"): off / guarded / observe and their deterministic rules.
import { PRESETS, type PresetName } from '../pipeline/modes.ts';

export type { PresetName };

/** The contract's mapping of the presets onto the modes, plus whether the judge reviews (one table). */
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
