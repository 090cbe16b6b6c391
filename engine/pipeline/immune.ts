// Immune profiles (contract §6): which safety asks survive bypassPermissions.
import type { SafetyClass } from '../types.ts';
import type { ImmuneProfile } from './policy.ts';

export const IMMUNE_PROFILES: Record<ImmuneProfile, { title: string; classes: ReadonlySet<SafetyClass> }> = {
  strict: {
    title: 'strict (Claude Code 2.1.78–2.1.125, plus fail-closed analysis)',
    classes: new Set<SafetyClass>(['criticalRemoval', 'protectedWrite', 'gateConfigWrite', 'credentialRead', 'unanalysable']),
  },
  'cc-2.1.126': {
    title: 'cc-2.1.126 (only critical-path removals, and writes to the gate\'s own configuration, stay immune)',
    classes: new Set<SafetyClass>(['criticalRemoval', 'gateConfigWrite']),
  },
};

export function isImmune(profile: ImmuneProfile, safety: SafetyClass | undefined): boolean {
  return safety !== undefined && IMMUNE_PROFILES[profile].classes.has(safety);
}
