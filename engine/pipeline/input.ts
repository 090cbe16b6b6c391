// Tool inputs, validated with zod. Malformed input is denied with a message naming the field.
import { z } from 'zod';

const path = () => z.string().min(1, 'must be a non-empty path');

/** Each tool's input schema, built on first use (start-up matters for the hook). */
const BUILDERS: Record<string, () => z.ZodType<Record<string, unknown>>> = {
  Bash: () =>
    z.looseObject({
      command: z.string().min(1, 'must be a non-empty command'),
      timeout: z.number().optional(),
      description: z.string().optional(),
      run_in_background: z.boolean().optional(),
    }),
  Read: () => z.looseObject({ file_path: path(), offset: z.number().optional(), limit: z.number().optional() }),
  Edit: () => z.looseObject({ file_path: path(), old_string: z.string().optional(), new_string: z.string().optional() }),
  MultiEdit: () => z.looseObject({ file_path: path() }),
  Write: () => z.looseObject({ file_path: path(), content: z.string().optional() }),
  NotebookEdit: () => z.looseObject({ notebook_path: path() }),
  Glob: () => z.looseObject({ pattern: z.string().min(1), path: path().optional() }),
  Grep: () => z.looseObject({ pattern: z.string().min(1), path: path().optional(), glob: z.string().optional() }),
  WebFetch: () => z.looseObject({ url: z.string().min(1), prompt: z.string().optional() }),
  WebSearch: () => z.looseObject({ query: z.string().min(1) }),
};
const built = new Map<string, z.ZodType<Record<string, unknown>>>();

/** The zod schema of a tool's input, or undefined for tools without one. */
export function inputSchema(tool: string): z.ZodType<Record<string, unknown>> | undefined {
  if (!Object.hasOwn(BUILDERS, tool)) return undefined;
  let s = built.get(tool);
  if (!s) built.set(tool, (s = BUILDERS[tool]!()));
  return s;
}

/** Tools with no input checks of their own: they ask unless a rule settles them. */
export const GENERIC_TOOLS = new Set([
  'Agent',
  'Task',
  'TodoWrite',
  'WebSearch',
  'TaskOutput',
  'TaskStop',
  'ExitPlanMode',
  'AskUserQuestion',
  'SlashCommand',
  'Skill',
  'write_stdin',
]);

export function isKnownTool(tool: string): boolean {
  return Object.hasOwn(BUILDERS, tool) || GENERIC_TOOLS.has(tool) || isMcpTool(tool);
}

export function isMcpTool(tool: string): boolean {
  if (!tool.startsWith('mcp__')) return false;
  const sep = tool.indexOf('__', 5);
  return sep > 5 && sep + 2 < tool.length;
}

export type Validated = { ok: true; input: Record<string, unknown> } | { ok: false; message: string };

export function validateInput(tool: string, input: unknown): Validated {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, message: `${tool}: input must be an object` };
  }
  if (tool === 'Bash' && bareCommand(input)) return { ok: true, input: input as Record<string, unknown> };
  const schema = inputSchema(tool);
  if (!schema) return { ok: true, input: input as Record<string, unknown> };
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, input: r.data };
  const issue = r.error.issues[0]!;
  const field = issue.path.join('.') || '(input)';
  return { ok: false, message: `${tool}: field "${field}" ${issue.message}` };
}

/** Fast path: a plain Bash input that zod would accept as it is. Anything else goes through zod. */
function bareCommand(input: object): boolean {
  if (Object.getPrototypeOf(input) !== Object.prototype) return false;
  const o = input as Record<string, unknown>;
  if (typeof o.command !== 'string' || o.command.length === 0) return false;
  return optional(o, 'timeout', 'number') && optional(o, 'description', 'string') && optional(o, 'run_in_background', 'boolean');
}

function optional(o: Record<string, unknown>, k: string, type: string): boolean {
  return !Object.hasOwn(o, k) || o[k] === undefined || typeof o[k] === type;
}

/**
 * The context's folders must be absolute: a relative or empty cwd would be read as `/` and make
 * the workspace the whole disk. Returns the input error, or null.
 */
export function contextError(ctx: { cwd?: unknown; home?: unknown }): string | null {
  return folderError('cwd', ctx.cwd) ?? folderError('home', ctx.home);
}

function folderError(key: string, v: unknown): string | null {
  if (typeof v === 'string' && v.startsWith('/')) return null;
  return `context: field "${key}" must be an absolute path (got ${typeof v === 'string' ? JSON.stringify(v.slice(0, 80)) : typeof v})`;
}
