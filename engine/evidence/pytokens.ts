// A small Python tokenizer: enough to find imports and calls without running anything.
// Comments are dropped, strings become one token, statements end with a 'nl' token.

export interface PyToken {
  kind: 'name' | 'string' | 'op' | 'number' | 'nl';
  text: string;
  /** For strings: the literal is an f-string (its value is generated at run time). */
  fstring?: boolean;
  /** For strings: the decoded-enough body (quotes and prefix removed, escapes kept). */
  value?: string;
}

function isNameStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c > '\u007f';
}
function isNameChar(c: string): boolean {
  return isNameStart(c) || (c >= '0' && c <= '9');
}

const STRING_PREFIXES = new Set(['r', 'u', 'b', 'f', 'br', 'rb', 'fr', 'rf']);

/** Tokenize Python source. Never throws; an unterminated string runs to the end. */
export function tokenizePython(src: string): PyToken[] {
  const out: PyToken[] = [];
  let depth = 0;
  let i = 0;
  const n = src.length;
  const endStatement = () => {
    if (out.length && out[out.length - 1]!.kind !== 'nl') out.push({ kind: 'nl', text: '\n' });
  };
  while (i < n) {
    const c = src[i]!;
    if (c === '#') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '\\' && src[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '\n' || c === ';') {
      if (depth === 0 || c === ';') endStatement();
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (isNameStart(c)) {
      let j = i + 1;
      while (j < n && isNameChar(src[j]!)) j++;
      const word = src.slice(i, j);
      const q = src[j];
      if ((q === '"' || q === "'") && STRING_PREFIXES.has(word.toLowerCase())) {
        const r = readString(src, j);
        out.push({ kind: 'string', text: src.slice(i, r.end), value: r.body, fstring: word.toLowerCase().includes('f') });
        i = r.end;
        continue;
      }
      out.push({ kind: 'name', text: word });
      i = j;
      continue;
    }
    if (c === '"' || c === "'") {
      const r = readString(src, i);
      out.push({ kind: 'string', text: src.slice(i, r.end), value: r.body });
      i = r.end;
      continue;
    }
    if (c >= '0' && c <= '9') {
      let j = i + 1;
      while (j < n && (isNameChar(src[j]!) || src[j] === '.')) j++;
      out.push({ kind: 'number', text: src.slice(i, j) });
      i = j;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    // Two-character operators that matter here.
    const two = src.slice(i, i + 2);
    if (two === '+=' || two === '==' || two === '**' || two === '->' || two === ':=') {
      out.push({ kind: 'op', text: two });
      i += 2;
      continue;
    }
    out.push({ kind: 'op', text: c });
    i++;
  }
  endStatement();
  return out;
}

function readString(src: string, start: number): { end: number; body: string } {
  const q = src[start]!;
  const triple = src.slice(start, start + 3) === q.repeat(3);
  const open = triple ? 3 : 1;
  let i = start + open;
  const n = src.length;
  while (i < n) {
    const c = src[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (!triple && c === '\n') return { end: i, body: src.slice(start + open, i) };
    if (triple ? src.slice(i, i + 3) === q.repeat(3) : c === q) {
      return { end: i + open, body: src.slice(start + open, i) };
    }
    i++;
  }
  return { end: n, body: src.slice(start + open) };
}

/** Split tokens into statements (without the 'nl' tokens). */
export function statements(tokens: PyToken[]): PyToken[][] {
  const out: PyToken[][] = [];
  let cur: PyToken[] = [];
  for (const t of tokens) {
    if (t.kind === 'nl') {
      if (cur.length) out.push(cur);
      cur = [];
    } else cur.push(t);
  }
  if (cur.length) out.push(cur);
  return out;
}
