// The modes, as data (contract §3 and §6b). The engine, the lab's expectation derivation, the
// hook's client mapping and the site all read this one table. `auto` is the sixth row.
import type { ModeName } from '../types.ts';

/**
 * What a mode does with each kind of result that reaches the mode step. `judge`: the Strix
 * guarded reviewer (JUDGE_PRESET) settles it before the mode step; what it leaves unsettled asks.
 */
export type Outcome = 'allow' | 'deny' | 'ask' | 'allowIfWorkspaceEdit' | 'judge';

export interface ModeRow {
  mode: ModeName;
  title: string;
  summary: string;
  deny: Outcome;
  allowReadOnly: Outcome;
  /** An allow for an action with effects (granted by an allow rule). */
  allowEffects: Outcome;
  /** An ordinary ask, or a passthrough. */
  ask: Outcome;
  /** A bypass-immune ask. */
  askImmune: Outcome;
  /** Whether a tool-wide allow rule (step 6) may allow an action with effects. */
  toolAllowEffects: boolean;
  /**
   * Whether Claude Code shows a person the prompt for a hook's `ask` in this mode (measured by
   * test/e2e, docs/hook.md). Where it does not, the hook answers an immune ask as deny (§6b).
   */
  clientShowsAsk: boolean;
}

export const MODES: readonly ModeRow[] = [
  {
    mode: 'default',
    title: 'Default (manual)',
    summary: 'Reads run; everything else asks a human.',
    deny: 'deny',
    allowReadOnly: 'allow',
    allowEffects: 'allow',
    ask: 'ask',
    askImmune: 'ask',
    toolAllowEffects: true,
    clientShowsAsk: true,
  },
  {
    mode: 'acceptEdits',
    title: 'Accept edits',
    summary: 'File edits inside the workspace run without a prompt.',
    deny: 'deny',
    allowReadOnly: 'allow',
    allowEffects: 'allow',
    ask: 'allowIfWorkspaceEdit',
    askImmune: 'ask',
    toolAllowEffects: true,
    clientShowsAsk: true,
  },
  {
    mode: 'plan',
    title: 'Plan',
    summary: 'The read-only world: nothing with effects runs, and nobody is asked.',
    deny: 'deny',
    allowReadOnly: 'allow',
    allowEffects: 'deny',
    ask: 'deny',
    askImmune: 'deny',
    toolAllowEffects: false,
    clientShowsAsk: true,
  },
  {
    mode: 'bypassPermissions',
    title: 'Bypass permissions',
    summary: 'Everything runs, except deny and the bypass-immune safety asks.',
    deny: 'deny',
    allowReadOnly: 'allow',
    allowEffects: 'allow',
    ask: 'allow',
    askImmune: 'ask',
    toolAllowEffects: true,
    // The client drops a hook's ask when its own checks also ask, and then allows.
    clientShowsAsk: false,
  },
  {
    mode: 'dontAsk',
    title: "Don't ask",
    summary: 'Only what is pre-approved runs; every would-be prompt is a deny.',
    deny: 'deny',
    allowReadOnly: 'allow',
    allowEffects: 'allow',
    ask: 'deny',
    askImmune: 'deny',
    toolAllowEffects: true,
    clientShowsAsk: true,
  },
  {
    mode: 'auto',
    title: 'Auto',
    summary: 'A reviewer settles ordinary asks; what it cannot settle, and every immune ask, needs a person.',
    deny: 'deny',
    allowReadOnly: 'allow',
    allowEffects: 'allow',
    ask: 'judge',
    askImmune: 'ask',
    toolAllowEffects: true,
    // The client's own classifier, not a person, answers many asks in auto mode.
    clientShowsAsk: false,
  },
];

export const MODE_NAMES: readonly ModeName[] = MODES.map((m) => m.mode);

export function modeRow(mode: string): ModeRow | undefined {
  for (const m of MODES) if (m.mode === mode) return m;
  return undefined;
}

/** The row a result falls in before the mode step. */
export type ResultClass = 'deny' | 'allowReadOnly' | 'allowEffects' | 'ask' | 'askImmune';

/** Apply a mode to a result class: the final behaviour (and whether it still asks). */
export function applyMode(
  row: ModeRow,
  cls: ResultClass,
  workspaceEdit: boolean,
): 'allow' | 'deny' | 'ask' {
  const out = row[cls];
  if (out === 'allowIfWorkspaceEdit') return workspaceEdit ? 'allow' : 'ask';
  // The judge had its say before the mode step: an ask that reaches here is one it left unsettled.
  if (out === 'judge') return 'ask';
  return out;
}

/** Does the mode step of this row ever look at a result's workspaceEdit flag? */
export function readsWorkspaceEdit(row: ModeRow): boolean {
  const w = 'allowIfWorkspaceEdit';
  return row.deny === w || row.allowReadOnly === w || row.allowEffects === w || row.ask === w || row.askImmune === w;
}

/** Strix safety presets mapped onto the modes (contract §3). */
export const PRESETS = Object.freeze({
  off: Object.freeze({ mode: 'bypassPermissions', judge: false, summary: 'Autonomous: everything but deny and immune asks runs.' }),
  guarded: Object.freeze({ mode: 'default', judge: true, summary: 'Ambiguous calls go to a judge that allows or blocks.' }),
  observe: Object.freeze({ mode: 'plan', judge: false, summary: 'Passive: only read-only actions run.' }),
} as const satisfies Record<string, { mode: ModeName; judge: boolean; summary: string }>);

export type PresetName = keyof typeof PRESETS;

/** The preset whose reviewer a mode's `judge` outcome consults. */
export const JUDGE_PRESET: PresetName = 'guarded';
