// c19 · Through the client. What should the hook answer Claude Code for this decision?
import type { Decision, ModeRow } from '../../../engine/index.ts';

/**
 * The hook's answer for one engine decision. `row` is the mode table's row of `d.mode` (see
 * docs/pipeline.md, "Modes", and docs/hook.md, "Through the client"). Return a decision: its
 * `behavior` is what the client receives, its `message` the reason the model and the person see.
 */
export function forClient(d: Decision, row: ModeRow): Decision {
  void row;
  // The decision is passed on unchanged, whatever the client will do with it.
  return d;
}
