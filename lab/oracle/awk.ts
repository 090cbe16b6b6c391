// Does an awk program only print? A small scanner of awk's own argv (the oracle's stubs never run
// awk, so `awk 'BEGIN{system("rm x")}'` shows up as one exec of awk: its program must be judged).
// An awk program is print-only when it has no system(), no pipe (`|`, `|&`: `cmd | getline`,
// `print | "cmd"`), no output redirection other than /dev/stdout, /dev/stderr or /dev/null, no
// gawk directive (`@load`, `@include`, indirect calls) and no /inet special file.

const KEYWORDS_BEFORE_REGEX = new Set(['print', 'printf', 'return', 'in', 'case', 'getline']);
const STREAMS = new Set(['/dev/stdout', '/dev/stderr', '/dev/null', '-']);

interface Scanned {
  /** The program with every string replaced by `"N"` (N indexes `strings`) and every regex by `R`. */
  code: string;
  strings: string[];
}

function scan(src: string): Scanned | string {
  let code = '';
  const strings: string[] = [];
  let i = 0;
  const lastSignificant = (): string => {
    const m = /([A-Za-z_][A-Za-z0-9_]*|\S)\s*$/.exec(code);
    return m ? m[1]! : '';
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '#') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    if (ch === '"') {
      let s = '';
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === '\\' && i + 1 < src.length) {
          s += src[i]! + src[i + 1]!;
          i += 2;
        } else s += src[i++]!;
      }
      if (i >= src.length) return 'an unterminated string';
      i++;
      code += `"${strings.length}"`;
      strings.push(s);
      continue;
    }
    if (ch === '/') {
      const prev = lastSignificant();
      const operandBefore = /^[A-Za-z0-9_$)\]]/.test(prev) && !KEYWORDS_BEFORE_REGEX.has(prev);
      if (!operandBefore) {
        i++;
        let inClass = false;
        while (i < src.length && (inClass || src[i] !== '/')) {
          if (src[i] === '\\') i++;
          else if (src[i] === '[') inClass = true;
          else if (src[i] === ']') inClass = false;
          else if (src[i] === '\n') return 'an unterminated regex';
          i++;
        }
        if (i >= src.length) return 'an unterminated regex';
        i++;
        code += 'R';
        continue;
      }
    }
    code += ch;
    i++;
  }
  return { code, strings };
}

/** Why this awk program is not print-only (null when it only reads and prints). */
export function awkProgramProblem(src: string): string | null {
  const s = scan(src);
  if (typeof s === 'string') return s;
  const { code, strings } = s;
  if (/\bsystem\s*\(/.test(code)) return 'system()';
  if (/\|&/.test(code) || /(^|[^|])\|([^|]|$)/.test(code)) return 'a pipe to or from a command';
  if (code.includes('@')) return 'a gawk directive or indirect call';
  if (strings.some((x) => x.startsWith('/inet'))) return 'a /inet network file';
  // Output redirection: an unparenthesised > or >> inside a print or printf statement.
  const re = /\bprintf?\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(code)) !== null) {
    let depth = 0;
    for (let j = m.index + m[0].length; j < code.length; j++) {
      const c = code[j]!;
      if (c === '(' || c === '[') depth++;
      else if (c === ')' || c === ']') depth--;
      else if (depth <= 0 && (c === ';' || c === '}' || c === '\n')) break;
      else if (depth === 0 && c === '>') {
        const target = /^>?\s*"(\d+)"\s*($|[;}\n])/.exec(code.slice(j + 1));
        if (target && STREAMS.has(strings[Number(target[1])]!)) break;
        return 'output redirected to a file';
      }
    }
  }
  return null;
}

/** Options of awk (POSIX and the harmless gawk ones) and whether they take a value. */
const AWK_VALUE = new Set(['-F', '-v', '-e', '--field-separator', '--assign', '--source']);
const AWK_FLAG = new Set(['-b', '-c', '-r', '-s', '-S', '-N', '-P', '--posix', '--traditional', '--sandbox', '--characters-as-bytes', '--re-interval', '--no-optimize']);

/** Why this awk argv is not read-only (null when its program only prints). */
export function awkProblem(argv: string[]): string | null {
  const programs: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    const long = a.startsWith('--') ? a.split('=')[0]! : null;
    const key = long ?? a.slice(0, 2);
    if (AWK_FLAG.has(key) && (long !== null || a.length === 2)) continue;
    if (!AWK_VALUE.has(key)) return `option ${a}`;
    const attached = long !== null ? a.includes('=') : a.length > 2;
    const value = attached ? (long !== null ? a.slice(a.indexOf('=') + 1) : a.slice(2)) : argv[++i];
    if (value === undefined) return `option ${a} without its value`;
    if (key === '-e' || key === '--source') programs.push(value);
  }
  if (programs.length === 0) {
    const p = argv[i];
    if (p === undefined) return 'no program';
    programs.push(p);
  }
  for (const p of programs) {
    const why = awkProgramProblem(p);
    if (why) return `program ${JSON.stringify(p)}: ${why}`;
  }
  return null;
}
