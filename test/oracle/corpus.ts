// Every Bash command of the corpus (corpus/*.yaml), for the oracle. Files that do not parse are
// reported, not fatal: the corpus lint owns their errors.
import * as fs from 'node:fs';
import { parse } from 'yaml';

export interface OracleCase {
  id: string;
  file: string;
  command: string;
}

export interface CorpusLoad {
  cases: OracleCase[];
  skipped: { file: string; reason: string }[];
  /** Cases left out by tag `no-oracle` or because they are generated bombs (`repeat`). */
  excluded: number;
}

export function loadCorpusCommands(dir = new URL('../../corpus/', import.meta.url)): CorpusLoad {
  const out: CorpusLoad = { cases: [], skipped: [], excluded: 0 };
  let files: string[];
  try {
    files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml') || f.endsWith('.yml')).sort();
  } catch {
    return out;
  }
  for (const file of files) {
    let doc: unknown;
    try {
      doc = parse(fs.readFileSync(new URL(file, dir), 'utf8'));
    } catch (e) {
      out.skipped.push({ file, reason: (e as Error).message.split('\n')[0]! });
      continue;
    }
    if (!Array.isArray(doc)) {
      out.skipped.push({ file, reason: 'not a YAML sequence of cases' });
      continue;
    }
    for (const c of doc as Record<string, unknown>[]) {
      if (!c || typeof c !== 'object') continue;
      const tool = typeof c.tool === 'string' ? c.tool : 'Bash';
      if (tool !== 'Bash') continue;
      const input = c.input as Record<string, unknown> | undefined;
      const command = typeof c.command === 'string' ? c.command : typeof input?.command === 'string' ? input.command : undefined;
      const tags = Array.isArray(c.tags) ? c.tags : [];
      if (command === undefined || c.repeat !== undefined || tags.includes('no-oracle')) {
        out.excluded++;
        continue;
      }
      out.cases.push({ id: String(c.id ?? `${file}#${out.cases.length}`), file, command });
    }
  }
  return out;
}
