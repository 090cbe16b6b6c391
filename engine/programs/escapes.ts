// Command languages with a way out to the shell, and the command lines that way runs:
//   gdb     `shell CMD` and `!CMD`, one command per line (-ex, -iex)
//   less    `!CMD` and `|mCMD` (a + command run at start-up)
//   make    recipes: `target: prereqs ; CMD` and tab-indented lines (--eval)
//   sqlite  `.shell CMD`, `.system CMD`, and `|CMD` as the file of .once/.output/.read/.import
//   psql    `\! CMD`, and `|CMD` as the target of \o, \g, \gx, \w; COPY … PROGRAM 'CMD'
//   mysql   `system CMD`, `\! CMD`, `pager CMD`, `\P CMD`
//   ed      `!CMD`, and `r !CMD`, `w !CMD`, `e !CMD` after an address
//   tcl     `exec CMD`, expect's `spawn CMD` and `system CMD`, `open "|CMD"` ({…} quote as '…')
// Any other language the engine has no reader for (dc, m4, lisp, rpm macros, TeX …) is read
// for the command lines its text embeds: a run of text between code punctuation whose words
// start with a known program (`esyscmd(rm -rf ~)`, `(system "rm -rf ~")`, `!rm -rf ~`). That
// over-reads, never under-reads: the program stays opaque code; this only adds what it may run.
// In every language, each absolute or home path the text names counts as read and written.
import { namesProgram } from './describe.ts';
import { basename, fields, shellQuote } from './words.ts';

/** Languages read elsewhere, fully or by their own scanner, or not text at all. */
const READ_ELSEWHERE = new Set([
  'sh', 'bash', 'python', 'javascript', 'js', 'node', 'deno', 'perl', 'ruby', 'php', 'lua', 'r', 'awk', 'sed', 'jq', 'yq', 'vim',
  'crontab', 'so', 'exe', 'python-module', 'perl-module', 'lua-module', 'java-module', 'node-options', 'sh-dir', 'powershell-base64',
]);
const SQL_DIALECT: Record<string, string> = { sqlite3: 'sqlite', sqlite: 'sqlite', psql: 'psql', mysql: 'mysql', mariadb: 'mysql' };
/** Longest code text read for embedded command lines. */
const MAX_TEXT = 20000;

/** Is text in the language read here for shell escapes (every language not read elsewhere, an unnamed one too)? */
export function hasShellEscapes(language: string | undefined): boolean {
  return !language || !READ_ELSEWHERE.has(language);
}

/** The command lines a text in the language runs (or may run) through the shell. */
export function shellEscapes(language: string | undefined, text: string, program = ''): string[] {
  if (text.length > MAX_TEXT) return [];
  const dialect = language === 'sql' ? SQL_DIALECT[unversioned(basename(program))] : language;
  const reader = dialect && Object.hasOwn(READERS, dialect) ? READERS[dialect]! : embedded;
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    reader(raw, out);
    namedPaths(raw, out);
  }
  return [...new Set(out.filter((l) => l.trim() !== ''))];
}

type Reader = (line: string, out: string[]) => void;

const READERS: Record<string, Reader> = {
  gdb(raw, out) {
    const line = raw.trim();
    const w = word(line);
    if (line.startsWith('!')) out.push(line.slice(1));
    // shell, or an abbreviation gdb accepts
    else if (w === 'shell' || w === 'she' || w === 'shel') out.push(line.slice(w.length));
  },
  less(raw, out) {
    const line = raw.trim();
    let t = line.startsWith('+') ? line.slice(1) : line;
    if (t.startsWith(':')) t = t.slice(1);
    if (t.startsWith('!')) out.push(t.slice(1));
    else if (t.startsWith('|') && t.length > 2) out.push(t.slice(2));
  },
  make(line, out) {
    // $(shell CMD) runs when make expands it, in a recipe or anywhere else
    for (let i = line.indexOf('$(shell '); i >= 0; i = line.indexOf('$(shell ', i + 1)) out.push(balanced(line, i + 8));
    if (line.startsWith('\t')) return void out.push(recipe(line.slice(1)));
    // target: prerequisites ; recipe (not a variable assignment x := y)
    const colon = line.indexOf(':');
    const semi = line.indexOf(';', colon + 1);
    if (colon > 0 && line[colon + 1] !== '=' && semi > colon) out.push(recipe(line.slice(semi + 1)));
  },
  sqlite(raw, out) {
    const line = raw.trim();
    const w = word(line);
    if (w === '.shell' || w === '.system') out.push(line.slice(w.length));
    else if (w === '.once' || w === '.output' || w === '.read' || w === '.import' || w === '.excel') pipedTo(line.slice(w.length), out);
  },
  psql(raw, out) {
    const line = raw.trim();
    for (let i = line.indexOf('\\'); i >= 0; i = line.indexOf('\\', i + 1)) {
      if (line[i + 1] === '!') return void out.push(line.slice(i + 2));
      const w = word(line.slice(i + 1));
      if (w === 'o' || w === 'out' || w === 'g' || w === 'gx' || w === 'w' || w === 'write') pipedTo(line.slice(i + 1 + w.length), out);
    }
    programClause(line, out);
  },
  mysql(raw, out) {
    const line = raw.trim();
    const w = word(line).toLowerCase();
    if (w === 'system' || w === 'pager') out.push(noSemicolon(line.slice(w.length)));
    for (let i = line.indexOf('\\'); i >= 0; i = line.indexOf('\\', i + 1)) {
      if (line[i + 1] === '!' || line[i + 1] === 'P') out.push(noSemicolon(line.slice(i + 2)));
    }
  },
  ed(raw, out) {
    const line = raw.trim();
    // an address (numbers, . $ , ; + - and 'x marks), then !, or r / w / W / e / E and !
    let i = 0;
    while (i < line.length && ADDRESS.includes(line[i]!)) i++;
    if (line[i] === "'") i += 2;
    if (line[i] === '!') return void out.push(line.slice(i + 1));
    if ('rwWeE'.includes(line[i] ?? '-')) {
      let j = i + 1;
      while (line[j] === ' ') j++;
      if (line[j] === '!') out.push(line.slice(j + 1));
    }
  },
};
READERS.red = () => {}; // restricted ed: no shell escapes
READERS.tcl = READERS.expect = (raw, out) => {
  // exec / spawn / system / open "|…": the rest of the command runs; {…} quote as '…' do
  for (const stmt of pieces(raw, ';[]')) {
    const t = stmt.trim();
    const w = word(t);
    if (w === 'exec' || w === 'spawn' || w === 'system') out.push(t.slice(w.length).trim().split('{').join("'").split('}').join("'"));
    else if (w === 'open' && t.slice(w.length).trim().startsWith('"|')) out.push(t.slice(w.length).trim().slice(2).split('"')[0]!);
  }
};
const ADDRESS = '0123456789.$,;+- \t';

/** `|CMD` as a file operand: the output goes to (or the input comes from) CMD. */
function pipedTo(rest: string, out: string[]): void {
  let t = rest.trim();
  while (t.startsWith('-')) t = t.slice(word(t).length).trim(); // .once -x, .import --csv
  if (t[0] === '"' || t[0] === "'") t = t.slice(1, t.lastIndexOf(t[0]) > 0 ? t.lastIndexOf(t[0]) : undefined);
  if (t.startsWith('|')) out.push(t.slice(1));
}

/** COPY … TO / FROM PROGRAM 'CMD' (SQL quoting: '' is a quote). */
function programClause(line: string, out: string[]): void {
  const up = line.toUpperCase();
  for (let i = up.indexOf('PROGRAM'); i >= 0; i = up.indexOf('PROGRAM', i + 1)) {
    let j = i + 7;
    while (line[j] === ' ' || line[j] === '\t') j++;
    if (line[j] !== "'") continue;
    let s = '';
    for (j++; j < line.length; j++) {
      if (line[j] === "'" && line[j + 1] === "'") (s += "'"), j++;
      else if (line[j] === "'") break;
      else s += line[j];
    }
    out.push(s);
  }
}

/** Characters that end a path named in code text. */
const PATH_END = new Set([...'"\'`(){}[],;<>|=\t !']);

/** Each absolute or home path the text names may be read and written (`fopen("/x", "w")`,
 *  `\\input{~/x}`, `$(file >/x,…)`): `cat -- PATH` and `: >> PATH`. */
function namedPaths(line: string, out: string[]): void {
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    const home = c === '~' && line[i + 1] === '/';
    if (c !== '/' && !home) continue;
    const before = line[i - 1];
    // not a URL's //host, a division or a path's inner slash
    if (before !== undefined && ((!PATH_END.has(before) && before !== '\\') || before === '!')) continue;
    if (!home && (line[i + 1] === '/' || line[i + 1] === undefined || PATH_END.has(line[i + 1]!))) continue;
    let j = i + 1;
    while (j < line.length && !PATH_END.has(line[j]!)) j++;
    const p = line.slice(home ? i + 2 : i, j);
    if (p.length > 1) {
      const path = home ? `~/${shellQuote(p)}` : shellQuote(p);
      out.push(`cat -- ${path}`, `: >> ${path}`);
    }
    i = j;
  }
}

/** Code punctuation no command word holds: the text between is read for a command line. */
const CUT = '"\'`(){}[]!,\\';

/** Runs of text whose words start with a known program, from that word to the run's end. */
function embedded(line: string, out: string[]): void {
  for (const run of pieces(line, CUT)) if (run) commandRun(run, out);
}

function commandRun(run: string, out: string[]): void {
  const words = fields(run);
  // a run that starts with a path runs that file (`!/tmp/x`, `esyscmd(./x.sh)`)
  const first = words[0];
  if (first !== undefined && (first[0] === '/' || first.startsWith('./') || first.startsWith('../'))) return void out.push(run.slice(run.indexOf(first)));
  for (let k = 0; k + 1 < words.length; k++) {
    const p = words[k]!;
    if (namesProgram(p)) {
      out.push(run.slice(run.indexOf(p)));
      return;
    }
  }
}

/** psql15, mysql8.0: the program without a version suffix. */
function unversioned(name: string): string {
  let e = name.length;
  while (e > 0 && ((name[e - 1]! >= '0' && name[e - 1]! <= '9') || name[e - 1] === '.')) e--;
  return name.slice(0, e);
}

/** A mysql client command ends at `;` (its statement delimiter). */
function noSemicolon(s: string): string {
  const t = s.trimEnd();
  return t.endsWith(';') ? t.slice(0, -1) : t;
}

/** The text from `from` to the parenthesis that closes the one before it. */
function balanced(line: string, from: number): string {
  let depth = 1;
  for (let i = from; i < line.length; i++) {
    if (line[i] === '(') depth++;
    else if (line[i] === ')' && --depth === 0) return line.slice(from, i);
  }
  return line.slice(from);
}

/** `text` cut at any of the characters in `at`. */
function pieces(text: string, at: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && !at.includes(text[i]!)) continue;
    out.push(text.slice(start, i));
    start = i + 1;
  }
  return out;
}

function word(line: string): string {
  let i = 0;
  while (i < line.length && line[i] !== ' ' && line[i] !== '\t') i++;
  return line.slice(0, i);
}

/** A recipe line as the shell gets it: `@`, `-`, `+` prefixes dropped, `$$` is `$`. */
function recipe(r: string): string {
  let s = r.trimStart();
  while (s.startsWith('@') || s.startsWith('-') || s.startsWith('+')) s = s.slice(1);
  return s.split('$$').join('$');
}
