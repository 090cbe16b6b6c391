// The built-in detectors (engine/detectors), in registry order.
import type { Detector } from '../detectors/types.ts';
import { DETECTORS } from '../detectors/index.ts';

export function builtinDetectors(): readonly Detector[] {
  return DETECTORS;
}
