// c12 · Tool-result screening by provenance. Your provenance classifier: it decides which tool
// results the screen reads before the model does. `lab run c12` uses it in place of the built-in one.
import type { Provenance } from '../../../engine/index.ts';

export interface ProvenanceMeta {
  /** A read of a handle shared from another scope (another member, room or session). */
  sharedFromOtherScope?: boolean;
  /** The result can carry other members' content. */
  otherMembers?: boolean;
  label?: string;
}

const INTERNAL = ['TodoWrite', 'Edit', 'Write'];
// "Bash runs inside the workspace, so its output is ours."
const WORKSPACE = ['Read', 'Glob', 'Grep', 'Bash'];

export function provenance(tool: string, meta: ProvenanceMeta): Provenance {
  if (INTERNAL.includes(tool)) return 'internal';
  if (WORKSPACE.includes(tool)) return 'workspace';
  if (tool === 'WebFetch') return 'external';
  // Anything else is probably local.
  return 'workspace';
}
