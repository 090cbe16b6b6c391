// Claude Code settings.json `permissions` → a gatelab policy (YAML text).
import { stringify } from 'yaml';
import { MODE_NAMES } from './modes.ts';

export interface ImportResult {
  yaml: string;
  warnings: string[];
}

/** Convert the `permissions` block of a Claude Code settings file. Throws on invalid JSON. */
export function importClaudeSettings(jsonText: string, source = 'settings.json'): ImportResult {
  const data = JSON.parse(jsonText) as { permissions?: Record<string, unknown> };
  const p = (data && typeof data === 'object' ? data.permissions : undefined) ?? {};
  const warnings: string[] = [];
  const list = (key: string): string[] => {
    const v = p[key];
    if (v === undefined) return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
      warnings.push(`permissions.${key} is not a list of rule strings; skipped`);
      return [];
    }
    return v as string[];
  };
  const out: Record<string, unknown> = { version: 1 };
  const mode = p.defaultMode;
  if (typeof mode === 'string') {
    if ((MODE_NAMES as readonly string[]).includes(mode)) out.mode = mode;
    else warnings.push(`defaultMode "${mode}" has no gatelab equivalent; using default`);
  }
  const dirs = list('additionalDirectories');
  if (dirs.length) out.additionalDirectories = dirs;
  out.allow = list('allow');
  out.ask = list('ask');
  out.deny = list('deny');
  for (const key of Object.keys(p)) {
    if (!['allow', 'ask', 'deny', 'defaultMode', 'additionalDirectories'].includes(key)) warnings.push(`permissions.${key} is not imported`);
  }
  const header = `# Imported from ${source} (Claude Code permissions).\n# Rules keep Claude Code's syntax; deny beats ask, ask beats allow.\n`;
  return { yaml: header + stringify(out), warnings };
}
