// Claude Code settings.json `permissions` → gatelab policy data (the hook) or YAML text (`lab
// policy import`). All or nothing: a file that is not JSON, a `permissions` that is not an object,
// a list that is not a list of strings, is a PolicyError naming file:line:col. Nothing is skipped.
import { stringify } from 'yaml';
import { MODE_NAMES } from './modes.ts';
import { PolicyError, MAX_POLICY_CHARS } from './policy.ts';
import { jsonErrorAt, jsonPathAt, type LineCol } from './json-pos.ts';

export interface ImportResult {
  yaml: string;
  warnings: string[];
}

const LISTS = ['additionalDirectories', 'allow', 'ask', 'deny'] as const;
const KNOWN = new Set<string>([...LISTS, 'defaultMode']);

export interface ClaudePermissions {
  /** Policy data: version, the three rule lists, additionalDirectories (and mode, if asked). */
  data: Record<string, unknown>;
  warnings: string[];
  /** Place of a policy-data path in the JSON text (rule errors point at the rule). */
  locate: (path: readonly PropertyKey[]) => LineCol;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Read and validate the `permissions` of a Claude Code settings file. Throws PolicyError. */
export function claudePermissions(jsonText: string, file: string, opts: { mode?: boolean } = {}): ClaudePermissions {
  const err = (msg: string, path: readonly (string | number)[], field: string) => {
    const at = jsonPathAt(jsonText, path);
    return new PolicyError(msg, file, at.line, at.col, field);
  };
  if (jsonText.length > MAX_POLICY_CHARS) throw new PolicyError(`larger than ${MAX_POLICY_CHARS} characters`, file, 1, 1, '');
  const text = jsonText.charCodeAt(0) === 0xfeff ? jsonText.slice(1) : jsonText;
  if (!text.trim()) throw new PolicyError('empty file: expected a JSON object', file, 1, 1, '');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const at = jsonErrorAt(text, (e as Error).message);
    throw new PolicyError(`not valid JSON: ${at.message}`, file, at.line, at.col, '');
  }
  if (!isObject(raw)) throw new PolicyError('expected a JSON object', file, 1, 1, '');
  const warnings: string[] = [];
  const data: Record<string, unknown> = { version: 1 };
  const locate = (path: readonly PropertyKey[]) => jsonPathAt(text, ['permissions', ...(path as (string | number)[])]);
  const p = raw.permissions;
  if (p === undefined) return { data, warnings, locate };
  if (!isObject(p)) throw err('must be an object', ['permissions'], 'permissions');
  for (const key of LISTS) {
    const v = p[key];
    if (v === undefined) continue;
    if (!Array.isArray(v)) throw err('must be a list of strings', ['permissions', key], `permissions.${key}`);
    const bad = v.findIndex((x) => typeof x !== 'string');
    if (bad >= 0) throw err(`must be a string, not ${v[bad] === null ? 'null' : Array.isArray(v[bad]) ? 'a list' : typeof v[bad]}`, ['permissions', key, bad], `permissions.${key}.${bad}`);
    data[key] = v;
  }
  const mode = p.defaultMode;
  if (mode !== undefined && opts.mode) {
    if (typeof mode === 'string' && (MODE_NAMES as readonly string[]).includes(mode)) data.mode = mode;
    else warnings.push(`defaultMode ${JSON.stringify(mode)} has no gatelab equivalent; using default`);
  }
  for (const key of Object.keys(p)) if (!KNOWN.has(key)) warnings.push(`permissions.${key} is not imported`);
  return { data, warnings, locate };
}

/** Convert the `permissions` block of a Claude Code settings file. Throws PolicyError. */
export function importClaudeSettings(jsonText: string, source = 'settings.json'): ImportResult {
  const { data, warnings } = claudePermissions(jsonText, source, { mode: true });
  const out: Record<string, unknown> = { version: 1 };
  if (data.mode) out.mode = data.mode;
  if ((data.additionalDirectories as string[] | undefined)?.length) out.additionalDirectories = data.additionalDirectories;
  for (const k of ['allow', 'ask', 'deny']) out[k] = data[k] ?? [];
  const header = `# Imported from ${source} (Claude Code permissions).\n# Rules keep Claude Code's syntax; deny beats ask, ask beats allow.\n`;
  return { yaml: header + stringify(out), warnings };
}
