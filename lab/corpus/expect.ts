// Per-mode expectations, derived from a case and the mode table (contract §3). No per-mode
// branches here: a sixth mode is one more row in MODES.
import type { Case } from './schema.ts';
import type { Outcome, ResultClass } from '../../engine/index.ts';

export type { Outcome, ResultClass };

/** The part of a mode row the derivation reads (engine/pipeline/modes.ts ModeRow). */
export interface ModeRowLike {
  mode: string;
  deny: Outcome;
  allowReadOnly: Outcome;
  allowEffects: Outcome;
  ask: Outcome;
  askImmune: Outcome;
}

export interface Expected {
  behavior: 'allow' | 'deny' | 'ask';
  /** Undefined when a `modes:` override sets only the behaviour. */
  silenced?: boolean;
  immune?: boolean;
  /** True when the answer came from the case's `modes:` override. */
  override?: boolean;
  /**
   * The row sends this ask to the judge (outcome `judge`): the judge's verdict is its own call,
   * so any behaviour the judge gave matches; without a verdict the case must still ask.
   */
  judged?: boolean;
}

/** The row of the mode table a case's default-mode answer falls in. */
export function resultClass(c: Pick<Case, 'expect' | 'immune' | 'allowedBy'>): ResultClass {
  if (c.expect === 'deny') return 'deny';
  if (c.expect === 'allow') return c.allowedBy === 'rule' ? 'allowEffects' : 'allowReadOnly';
  return c.immune ? 'askImmune' : 'ask';
}

const BEFORE: Record<ResultClass, 'allow' | 'deny' | 'ask'> = {
  deny: 'deny',
  allowReadOnly: 'allow',
  allowEffects: 'allow',
  ask: 'ask',
  askImmune: 'ask',
};

/** What a case must decide in one mode. */
export function expectedFor(c: Case, row: ModeRowLike): Expected {
  const override = c.modes?.[row.mode];
  if (override) return { behavior: override, override: true };
  const cls = resultClass(c);
  const out = row[cls];
  if (out === 'judge') return { behavior: 'ask', immune: false, judged: true };
  const behavior = out === 'allowIfWorkspaceEdit' ? (c.workspaceEdit ? 'allow' : 'ask') : out;
  const wasAsk = BEFORE[cls] === 'ask';
  return {
    behavior,
    silenced: wasAsk && behavior !== 'ask',
    immune: behavior === 'ask' && cls === 'askImmune',
  };
}

/** Expectations for every row of a mode table, keyed by mode name. */
export function deriveExpectations(c: Case, modes: readonly ModeRowLike[]): Record<string, Expected> {
  return Object.fromEntries(modes.map((row) => [row.mode, expectedFor(c, row)]));
}
