// `lab corpus add`: append one case to a family file atomically (temp file + rename), leaving
// every existing byte, comment and case order as it was; then lint it and show the engine's
// decision in every mode.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { Document, isSeq, isMap, parseDocument } from 'yaml';
import type { Node as YamlNode } from 'yaml';
import { MODES } from '../../engine/index.ts';
import type { EngineOptions } from '../../engine/index.ts';
import { writeFileAtomic as writeAtomic } from '../fsutil.ts';
import { CaseSchema, loadCorpus, loadFamilyText, formatLintError, KEBAB } from './schema.ts';
import type { CaseInput, LintError, LoadedCase } from './schema.ts';
import { lintCorpus } from './lint.ts';
import { LockError, withLock } from './lock.ts';
import type { LintOptions } from './lint.ts';
import { EngineCache, runCase, describe } from './run.ts';
import type { ModeResult } from './run.ts';
import type { ModeRowLike } from './expect.ts';

export interface AddOptions {
  corpusDir: string;
  family: string;
  case: CaseInput;
  /** A comment line written above the case (without the `#`). */
  comment?: string;
  rootDir?: string;
  lint?: LintOptions;
  modes?: readonly ModeRowLike[];
  engineOptions?: EngineOptions;
  /** Keep the case in the file even when lint fails (default: roll back). */
  keepOnError?: boolean;
}

export interface AddResult {
  ok: boolean;
  written: boolean;
  file: string;
  id: string;
  line: number;
  errors: LintError[];
  decisions: ModeResult[];
  output: string;
}

const FIELD_ORDER = [
  'id', 'tool', 'command', 'repeat', 'input', 'effect', 'expect', 'immune', 'allowedBy', 'workspaceEdit', 'modes',
  'policy', 'profile', 'detectors', 'notDetectors', 'source', 'tags',
];
const FLOW_FIELDS = new Set(['input', 'modes', 'detectors', 'notDetectors', 'tags', 'repeat']);

/** The YAML text of one case as a sequence item, keys in the corpus's usual order. */
export function renderCase(c: CaseInput): string {
  const raw = c as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const k of FIELD_ORDER) if (raw[k] !== undefined) ordered[k] = raw[k];
  for (const k of Object.keys(raw)) if (!(k in ordered) && raw[k] !== undefined) ordered[k] = raw[k];
  const doc = new Document([ordered]);
  const item = (doc.contents as unknown as { items: YamlNode[] }).items[0];
  if (isMap(item))
    for (const pair of item.items) {
      const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
      const v = pair.value as YamlNode | null;
      if (FLOW_FIELDS.has(key) && v && (isSeq(v) || isMap(v))) v.flow = true;
    }
  return doc.toString({ lineWidth: 0 });
}

function familyFile(dir: string, family: string): string {
  for (const ext of ['.yaml', '.yml']) if (existsSync(join(dir, family + ext))) return join(dir, family + ext);
  return join(dir, family + '.yaml');
}

/** The new file text: the old text untouched, plus the case at the end. */
export function appendCaseText(oldText: string, c: CaseInput, comment?: string): string {
  const item = renderCase(c);
  const sep = oldText.length === 0 ? '' : oldText.endsWith('\n') ? '' : '\n';
  const note = comment ? `# ${comment.replace(/\n/g, ' ')}\n` : '';
  const appended = oldText + sep + note + item;
  // The plain append is right for a block sequence; check it, else fall back to the Document API.
  const before = loadFamilyText('x.yaml', oldText);
  const after = loadFamilyText('x.yaml', appended);
  const last = after.cases[after.cases.length - 1];
  if (after.errors.length === 0 && after.cases.length === before.cases.length + 1 && last?.case.id === c.id) return appended;
  const doc = parseDocument(oldText);
  if (!isSeq(doc.contents)) doc.contents = doc.createNode([]) as typeof doc.contents;
  (doc.contents as unknown as { items: unknown[] }).items.push(doc.createNode(c));
  return doc.toString({ lineWidth: 0 });
}

/** The lock every corpus writer takes (ids are unique across families, so one per corpus). */
export function corpusLock(corpusDir: string): string {
  return join(corpusDir, '.lab-corpus.lock');
}

/**
 * Append a case, lint it, and run it through the engine in every mode. Under the corpus lock:
 * the file is read, appended and (when lint fails) rolled back by one writer at a time, so
 * parallel adds never drop each other's cases.
 */
export async function addCase(opts: AddOptions): Promise<AddResult> {
  const family = familyFile(opts.corpusDir, opts.family);
  try {
    return await withLock(corpusLock(opts.corpusDir), () => addLocked(opts));
  } catch (e) {
    if (!(e instanceof LockError)) throw e;
    const id = String((opts.case as { id?: unknown }).id ?? '');
    return { ok: false, written: false, file: family, id, line: 0, errors: [], decisions: [], output: `not added: ${e.message}\n` };
  }
}

async function addLocked(opts: AddOptions): Promise<AddResult> {
  const file = familyFile(opts.corpusDir, opts.family);
  const id = String((opts.case as { id?: unknown }).id ?? '');
  const out: string[] = [];
  const fail = (errors: LintError[]): AddResult => ({
    ok: false, written: false, file, id, line: 0, errors, decisions: [],
    output: errors.map(formatLintError).join('\n') + '\nnot added\n',
  });
  const err = (message: string, field?: string): LintError => ({ file, line: 1, column: 1, field, id, message, severity: 'error' });

  if (!KEBAB.test(opts.family)) return fail([err(`family must be kebab-case: ${opts.family}`)]);
  const parsed = CaseSchema.safeParse(opts.case);
  if (!parsed.success) return fail(parsed.error.issues.map((i) => err(i.message, i.path.map(String).join('.') || undefined)));
  const existing = loadCorpus(opts.corpusDir);
  const dup = existing.cases.find((lc) => lc.case.id === id);
  if (dup) return fail([err(`duplicate id (already at ${dup.file}:${dup.line})`, 'id')]);
  const created = !existsSync(file);
  const oldText = created ? `# ${opts.family}\n` : readFileSync(file, 'utf8');
  const fileErrors = loadFamilyText(file, oldText).errors;
  if (fileErrors.length) return fail(fileErrors);

  const newText = appendCaseText(oldText, opts.case, opts.comment);
  writeAtomic(file, newText);
  const errors = (await lintCorpus(opts.corpusDir, { rootDir: opts.rootDir, ...opts.lint, onlyIds: [id] })).filter((e) => e.id === id || e.file === file);
  const hard = errors.filter((e) => e.severity === 'error');
  let written = true;
  if (hard.length && !opts.keepOnError) {
    // Roll back only this case: the file as it is now, minus what this add appended.
    const now = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (now === newText) {
      if (created) rmSync(file, { force: true });
      else writeAtomic(file, oldText);
    } else {
      const rest = loadFamilyText(file, now).cases.filter((lc) => lc.case.id !== id);
      if (rest.length === 0 && created) rmSync(file, { force: true });
      else writeAtomic(file, removeCaseText(now, id) ?? now);
    }
    written = false;
  }

  const loaded = loadFamilyText(file, appendCaseText(oldText, opts.case, opts.comment)).cases.find((lc) => lc.case.id === id);
  const lc: LoadedCase | undefined = loaded && { ...loaded, file };
  let decisions: ModeResult[] = [];
  if (lc) {
    const root = opts.rootDir ?? dirname(resolve(opts.corpusDir));
    const r = runCase(lc, opts.modes ?? (MODES as readonly ModeRowLike[]), new EngineCache(root, opts.engineOptions));
    decisions = r.modes;
    out.push(written ? `added ${id} to ${file}:${lc.line}` : `not added: ${id} fails lint (file restored)`);
    out.push(...errors.map(formatLintError));
    out.push('', 'mode'.padEnd(20) + 'expected'.padEnd(24) + 'engine');
    for (const m of r.modes)
      out.push(m.mode.padEnd(20) + describe(m.expected).padEnd(24) + describe(m.actual) + (m.decisionOk ? '' : '   ✗'));
    if (r.missing.length) out.push(`missing detectors: ${r.missing.join(', ')}`);
    if (r.unexpected.length) out.push(`unexpected detectors: ${r.unexpected.join(', ')}`);
  }
  return {
    ok: written && hard.length === 0,
    written,
    file,
    id,
    line: lc?.line ?? 0,
    errors,
    decisions,
    output: out.join('\n') + '\n',
  };
}

/** The file text without the case `id` (through the YAML document), or null if it is not there. */
export function removeCaseText(text: string, id: string): string | null {
  const doc = parseDocument(text);
  if (!isSeq(doc.contents)) return null;
  const items = (doc.contents as unknown as { items: unknown[] }).items;
  const i = items.findIndex((it) => isMap(it) && (it as { get(k: string): unknown }).get('id') === id);
  if (i < 0) return null;
  items.splice(i, 1);
  return doc.toString({ lineWidth: 0 });
}
