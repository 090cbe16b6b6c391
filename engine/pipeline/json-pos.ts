// Positions inside JSON text, for errors that name file:line:col. JSON.parse does the real
// parsing; this scanner runs only when an error needs a place: where the text stops being JSON,
// or where the value at a path starts. Strict RFC 8259; nesting is capped (the cap is an error).

export interface LineCol {
  line: number;
  col: number;
}

/** 1-based line and column of a character offset. */
export function lineColAt(text: string, offset: number): LineCol {
  let line = 1;
  let start = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: end - start + 1 };
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const MAX_DEPTH = 512;

const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isHex = (c: string | undefined) => isDigit(c) || (c !== undefined && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));

class Scanner {
  i = 0;
  /** Set to the start offset of the value at `target`, when found. */
  found = -1;
  constructor(
    readonly s: string,
    readonly target: readonly (string | number)[],
  ) {}

  fail(msg: string): never {
    throw new JsonSyntaxError(msg, this.i);
  }
  ws(): void {
    const s = this.s;
    while (this.i < s.length && (s[this.i] === ' ' || s[this.i] === '\t' || s[this.i] === '\n' || s[this.i] === '\r')) this.i++;
  }
  /** `onPath`: the path so far matches the target's first `depth` steps. */
  value(depth: number, onPath: boolean): void {
    this.ws();
    if (onPath && depth === this.target.length && this.found < 0) this.found = this.i;
    if (depth > MAX_DEPTH) this.fail(`nested deeper than ${MAX_DEPTH} levels`);
    const c = this.s[this.i];
    if (c === '{') return this.object(depth, onPath);
    if (c === '[') return this.array(depth, onPath);
    if (c === '"') return void this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number();
    for (const w of ['true', 'false', 'null']) {
      if (this.s.startsWith(w, this.i)) {
        this.i += w.length;
        return;
      }
    }
    this.fail(c === undefined ? 'unexpected end of JSON' : `unexpected character ${JSON.stringify(c)}`);
  }
  object(depth: number, onPath: boolean): void {
    this.i++;
    this.ws();
    if (this.s[this.i] === '}') return void this.i++;
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail('expected a double-quoted property name');
      const key = this.string();
      this.ws();
      if (this.s[this.i] !== ':') this.fail("expected ':' after a property name");
      this.i++;
      this.value(depth + 1, onPath && this.target[depth] === key);
      this.ws();
      if (this.s[this.i] === ',') {
        this.i++;
        continue;
      }
      if (this.s[this.i] === '}') return void this.i++;
      this.fail("expected ',' or '}' in an object");
    }
  }
  array(depth: number, onPath: boolean): void {
    this.i++;
    this.ws();
    if (this.s[this.i] === ']') return void this.i++;
    for (let n = 0; ; n++) {
      this.value(depth + 1, onPath && this.target[depth] === n);
      this.ws();
      if (this.s[this.i] === ',') {
        this.i++;
        continue;
      }
      if (this.s[this.i] === ']') return void this.i++;
      this.fail("expected ',' or ']' in an array");
    }
  }
  string(): string {
    const s = this.s;
    const start = ++this.i;
    let plain = true;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 34) {
        const raw = s.slice(start, this.i++);
        return plain ? raw : (JSON.parse('"' + raw + '"') as string);
      }
      if (c < 0x20) this.fail('control character in a string');
      if (c === 92) {
        plain = false;
        const e = s[this.i + 1];
        if (e === 'u') {
          for (let k = 2; k < 6; k++) if (!isHex(s[this.i + k])) this.fail('bad \\u escape');
          this.i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) this.i += 2;
        else this.fail('bad escape in a string');
      } else this.i++;
    }
    this.i = start - 1;
    this.fail('unterminated string');
  }
  digits(): void {
    const start = this.i;
    while (isDigit(this.s[this.i])) this.i++;
    if (this.i === start) this.fail('bad number');
  }
  number(): void {
    if (this.s[this.i] === '-') this.i++;
    if (this.s[this.i] === '0') this.i++;
    else this.digits();
    if (this.s[this.i] === '.') {
      this.i++;
      this.digits();
    }
    if (this.s[this.i] === 'e' || this.s[this.i] === 'E') {
      this.i++;
      if (this.s[this.i] === '+' || this.s[this.i] === '-') this.i++;
      this.digits();
    }
  }
}

/** Where `text` stops being JSON (throws JsonSyntaxError), else the start of the value at `path` (-1: absent). */
export function scanJson(text: string, path: readonly (string | number)[] = []): number {
  const sc = new Scanner(text, path);
  sc.value(0, true);
  sc.ws();
  if (sc.i < text.length) sc.fail('unexpected text after the JSON value');
  return sc.found;
}

/** The syntax error of text that JSON.parse rejected: message and place. */
export function jsonErrorAt(text: string, fallback: string): { message: string } & LineCol {
  try {
    scanJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return { message: e.message, ...lineColAt(text, e.offset) };
  }
  return { message: fallback, line: 1, col: 1 };
}

/** Line and column of the value at `path` (or of its nearest present ancestor). */
export function jsonPathAt(text: string, path: readonly (string | number)[]): LineCol {
  for (let n = path.length; n >= 0; n--) {
    try {
      const at = scanJson(text, path.slice(0, n));
      if (at >= 0) return lineColAt(text, at);
    } catch {
      break;
    }
  }
  return { line: 1, col: 1 };
}
