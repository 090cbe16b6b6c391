// Provenance: where a tool result's content came from. Only external content is screened.

export type Provenance = 'internal' | 'workspace' | 'external';

export interface ProvenanceMeta {
  /** A read of a handle shared from another scope (another member, room or session). */
  sharedFromOtherScope?: boolean;
  /** The result can carry other members' content (e.g. a shared cron list). */
  otherMembers?: boolean;
  /** Human label of the source (a URL, a path, a server name) for the quarantine stub. */
  label?: string;
}

/** Bookkeeping tools: their results are the agent's own state. */
export const INTERNAL_TOOLS = new Set([
  'TodoWrite', 'TodoRead', 'ExitPlanMode', 'EnterPlanMode', 'Edit', 'MultiEdit', 'Write', 'NotebookEdit',
  'goals', 'goal_create', 'goal_update', 'goal_list', 'cron_create', 'cron_update', 'cron_delete',
  'cron_list', 'cron_get', 'background_start', 'background_kill', 'finish_silently', 'write', 'publish', 'share',
]);
/** Tools whose internal results may carry other members' content when shared. */
const SHARED_INTERNAL = new Set(['cron_list', 'cron_get']);
/** Reads of the agent's own workspace. */
export const WORKSPACE_TOOLS = new Set(['Read', 'read', 'Glob', 'Grep', 'LS', 'NotebookRead']);
/** Named here for documentation: everything not listed above is external anyway. */
export const EXTERNAL_TOOLS = new Set([
  'WebFetch', 'WebSearch', 'Bash', 'execute', 'background', 'BashOutput', 'background_output',
  'credential_exec', 'surface_read', 'memory', 'history', 'cron_runs', 'room_exec', 'Task',
]);

/** Unknown tools fail closed to external. */
export function classifyProvenance(tool: string, meta?: ProvenanceMeta): Provenance {
  if (meta?.sharedFromOtherScope) return 'external';
  if (INTERNAL_TOOLS.has(tool)) return SHARED_INTERNAL.has(tool) && meta?.otherMembers ? 'external' : 'internal';
  if (WORKSPACE_TOOLS.has(tool)) return meta?.otherMembers ? 'external' : 'workspace';
  return 'external';
}
