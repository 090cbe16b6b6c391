// The corpus case format (corpus/README.md) and a loader that maps every case and field to
// file:line:column, so lint and regress can point at the exact spot.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheGet, cachePut, ROOT, sha256 } from '../cache.ts';
import { z } from 'zod';
import { parseDocument, LineCounter, isMap, isSeq, isScalar, isPair } from 'yaml';
import type { Node as YamlNode, Document } from 'yaml';

const behavior = z.enum(['allow', 'deny', 'ask']);

export const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const RepeatSchema = z
  .object({
    unit: z.string().min(1),
    times: z.number().int().min(1).max(2_000_000),
    prefix: z.string().optional(),
    suffix: z.string().optional(),
  })
  .strict();

export const CaseSchema = z
  .object({
    id: z.string().regex(KEBAB, 'id must be kebab-case (a-z, 0-9, single dashes)'),
    tool: z.string().min(1).default('Bash'),
    command: z.string().optional(),
    input: z.record(z.string(), z.unknown()).optional(),
    effect: z
      .string()
      .refine((s) => s.trim().length > 0, 'effect must not be empty')
      .refine((s) => !s.trim().includes('\n'), 'effect must be one line'),
    expect: behavior,
    immune: z.boolean().default(false),
    allowedBy: z.enum(['readOnly', 'rule']).optional(),
    workspaceEdit: z.boolean().default(false),
    modes: z.record(z.string(), behavior).optional(),
    policy: z.string().min(1).optional(),
    detectors: z.array(z.string().min(1)).default([]),
    notDetectors: z.array(z.string().min(1)).default([]),
    source: z.string().min(1),
    tags: z.array(z.string().min(1)).default([]),
    repeat: RepeatSchema.optional(),
    profile: z.enum(['strict', 'cc-2.1.126']).optional(),
    /** A known gap: the engine still gets this case wrong; one line naming the class that is not modelled yet. */
    gap: z
      .string()
      .refine((s) => s.trim().length > 0 && !s.includes('\n'), 'gap must be one non-empty line')
      .optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const bad = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const given = [c.command !== undefined, c.input !== undefined, c.repeat !== undefined].filter(Boolean).length;
    if (given === 0) bad('command', 'a case needs `command` (Bash), `input` (other tools) or `repeat`');
    if (given > 1) bad(c.command !== undefined ? 'command' : 'input', 'give only one of `command`, `input`, `repeat`');
    if (c.tool !== 'Bash' && (c.command !== undefined || c.repeat !== undefined))
      bad('command', `tool ${c.tool} takes \`input\`, not \`command\`/\`repeat\``);
    if (c.allowedBy !== undefined && c.expect !== 'allow') bad('allowedBy', '`allowedBy` only goes with `expect: allow`');
    if (c.immune && c.expect !== 'ask') bad('immune', '`immune: true` only goes with `expect: ask`');
    if (c.workspaceEdit && (c.expect !== 'ask' || c.immune))
      bad('workspaceEdit', '`workspaceEdit` only goes with an ordinary (non-immune) `expect: ask`');
    for (const d of c.detectors) if (c.notDetectors.includes(d)) bad('notDetectors', `${d} is in both lists`);
  });

export type CaseInput = z.input<typeof CaseSchema>;
export type Case = z.output<typeof CaseSchema>;

export interface LintError {
  file: string;
  line: number;
  column: number;
  /** The field the error is about (`detectors[1]`), when there is one. */
  field?: string;
  id?: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface LoadedCase {
  case: Case;
  family: string;
  file: string;
  /** 1-based position of the case's first key. */
  line: number;
  column: number;
  /** Index in the family file. */
  index: number;
  /** The Bash command after `repeat` expansion (undefined for other tools and input-only cases). */
  command?: string;
  /** 1-based position of each top-level field's value. */
  fields: Record<string, { line: number; column: number }>;
}

export function formatLintError(e: LintError): string {
  const where = `${e.file}:${e.line}:${e.column}`;
  const what = [e.id ? `[${e.id}]` : '', e.field ? `${e.field}:` : ''].filter(Boolean).join(' ');
  return `${where}: ${e.severity}: ${what ? what + ' ' : ''}${e.message}`;
}

/** The command a Bash case runs, with `repeat` expanded. */
export function caseCommand(c: Case): string | undefined {
  if (c.repeat) return (c.repeat.prefix ?? '') + c.repeat.unit.repeat(c.repeat.times) + (c.repeat.suffix ?? '');
  if (c.command !== undefined) return c.command;
  if (c.tool === 'Bash' && c.input && typeof c.input.command === 'string') return c.input.command;
  return undefined;
}

/** The family files of a corpus directory, sorted (policies/ and other folders are skipped). */
export function familyFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .sort()
    .map((f) => join(dir, f));
}

export function familyOf(file: string): string {
  return basename(file).replace(/\.ya?ml$/, '');
}

/** Walk a zod issue path into the YAML node tree; return the deepest node reached. */
function nodeAt(root: YamlNode, path: PropertyKey[]): { node: YamlNode; keyNode?: YamlNode } {
  let node: YamlNode = root;
  let keyNode: YamlNode | undefined;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      keyNode = pair.key as YamlNode;
      if (!pair.value) {
        node = keyNode;
        break;
      }
      node = pair.value as YamlNode;
    } else if (isSeq(node) && typeof seg === 'number' && node.items[seg]) {
      node = node.items[seg] as YamlNode;
      keyNode = undefined;
    } else break;
  }
  return { node, keyNode };
}

function fieldName(path: PropertyKey[]): string | undefined {
  if (path.length === 0) return undefined;
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

/** Parse one family file. Errors carry file:line:column and the field. */
export function loadFamilyText(file: string, text: string): { cases: LoadedCase[]; errors: LintError[] } {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false });
  const cases: LoadedCase[] = [];
  const errors: LintError[] = [];
  const pos = (offset: number) => lineCounter.linePos(offset);
  const family = familyOf(file);
  for (const e of doc.errors) {
    const p = pos(e.pos[0]);
    errors.push({ file, line: p.line, column: p.col, message: `YAML: ${e.message.split('\n')[0]}`, severity: 'error' });
  }
  if (doc.errors.length) return { cases, errors };
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return { cases, errors };
  if (!isSeq(root)) {
    const p = pos(root.range?.[0] ?? 0);
    errors.push({ file, line: p.line, column: p.col, message: 'a family file must be a YAML sequence of cases', severity: 'error' });
    return { cases, errors };
  }
  root.items.forEach((item, index) => {
    const node = item as YamlNode;
    const start = pos(node.range?.[0] ?? 0);
    if (!isMap(node)) {
      errors.push({ file, line: start.line, column: start.col, message: `case #${index + 1} is not a mapping`, severity: 'error' });
      return;
    }
    const raw = node.toJS(doc) as Record<string, unknown>;
    const id = typeof raw.id === 'string' ? raw.id : undefined;
    const parsed = CaseSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        // Unknown keys: point at the key itself.
        const keys = issue.code === 'unrecognized_keys' ? (issue as { keys: string[] }).keys : [undefined];
        for (const k of keys) {
          const path = k === undefined ? issue.path : [...issue.path, k];
          const { node: at, keyNode } = nodeAt(node, path);
          const target = k !== undefined || path.length === 0 ? (keyNode ?? at) : at;
          const p = pos(target.range?.[0] ?? node.range?.[0] ?? 0);
          const field = fieldName(path);
          const msg = k !== undefined ? 'unknown field' : issue.message;
          errors.push({ file, line: p.line, column: p.col, field, id, message: msg, severity: 'error' });
        }
      }
      return;
    }
    const c = parsed.data;
    const fields: LoadedCase['fields'] = {};
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const at = ((pair.value as YamlNode | null) ?? (pair.key as YamlNode)).range?.[0] ?? 0;
      const p = pos(at);
      fields[String(pair.key.value)] = { line: p.line, column: p.col };
    }
    const command = c.tool === 'Bash' ? caseCommand(c) : undefined;
    cases.push({ case: c, family, file, line: start.line, column: start.col, index, command, fields });
  });
  return { cases, errors };
}

/** What a parsed family file depends on besides its text: this loader and the locked packages (yaml, zod). */
let loaderKey: string | undefined;
function loaderDeps(): string {
  if (loaderKey === undefined) {
    const read = (p: string) => {
      try {
        return readFileSync(p);
      } catch {
        return '';
      }
    };
    loaderKey = sha256(sha256(read(fileURLToPath(import.meta.url))) + sha256(read(join(ROOT, 'package-lock.json'))));
  }
  return loaderKey;
}

/** loadFamilyText through the content-keyed cache (lab/cache.ts): a hit skips the YAML parse and the schema. */
export function loadFamilyCached(file: string, text: string): { cases: LoadedCase[]; errors: LintError[] } {
  const key = sha256(loaderDeps() + '\0' + text);
  const name = `corpus-family\0${file}`;
  const hit = cacheGet<{ cases: LoadedCase[]; errors: LintError[] }>(name, key);
  if (hit) return hit;
  const r = loadFamilyText(file, text);
  cachePut(name, key, r);
  return r;
}

/** Load every family file of a corpus directory (`cache`: through loadFamilyCached). */
export function loadCorpus(dir: string, opts: { cache?: boolean } = {}): { cases: LoadedCase[]; errors: LintError[] } {
  const cases: LoadedCase[] = [];
  const errors: LintError[] = [];
  for (const file of familyFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const r = opts.cache ? loadFamilyCached(file, text) : loadFamilyText(file, text);
    cases.push(...r.cases);
    errors.push(...r.errors);
  }
  return { cases, errors };
}
