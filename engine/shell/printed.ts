// What a print-only command writes to stdout, when every word of it is static: echo, printf with
// a plain format, cat of a here-document or here-string. null when it cannot be known.
import type { Extraction, Redirect, SimpleCommand, Word } from './types.ts';

/** printf's plain formats that print each argument followed by a separator. */
const EACH: Record<string, string> = { '%s': '', '%s\n': '\n', '%s\\n': '\n', '%s\\0': '\0', '%s ': ' ' };

function echoText(vals: string[]): string | null {
  let i = 0;
  let nl = true;
  while (i < vals.length && (vals[i] === '-n' || vals[i] === '-E' || vals[i] === '-e')) {
    if (vals[i] === '-n') nl = false;
    if (vals[i] === '-e' && vals.slice(i + 1).some((v) => v.includes('\\'))) return null;
    i++;
  }
  return vals.slice(i).join(' ') + (nl ? '\n' : '');
}

function printfText(vals: string[]): string | null {
  const fmt = vals[0];
  if (fmt === undefined || fmt.startsWith('-')) return null;
  const sep = EACH[fmt];
  if (sep !== undefined) return vals.length > 1 ? vals.slice(1).map((v) => v + sep).join('') : sep;
  if (fmt.includes('%') || vals.length > 1) return null;
  let out = '';
  for (let i = 0; i < fmt.length; i++) {
    const c = fmt[i];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = fmt[++i];
    if (n === 'n') out += '\n';
    else if (n === 't') out += '\t';
    else if (n === '\\') out += '\\';
    else if (n === '0') out += '\0';
    else return null;
  }
  return out;
}

/** The exact text `argv` (with its redirects) prints, or null. */
export function staticOutput(argv: Word[], redirects: Redirect[]): string | null {
  if (!argv.length || !argv.every((w) => w.static)) return null;
  const name = argv[0].value;
  const vals = argv.slice(1).map((w) => w.value ?? '');
  if (name === 'echo') return echoText(vals);
  if (name === 'printf') return printfText(vals);
  if (name === 'cat' && vals.length === 0) {
    const h = hereInput(redirects);
    if (h && h.word.static) return (h.word.value ?? '') + (h.herestring ? '\n' : '');
  }
  return null;
}

/** The first here-document or here-string on stdin: its word (a here-string adds a newline). */
export function hereInput(redirects: Redirect[]): { word: Word; herestring: boolean } | null {
  for (const r of redirects) {
    if (r.fd !== null && r.fd !== 0) continue;
    if (r.op === '<<<') return { word: r.target, herestring: true };
    if ((r.op === '<<' || r.op === '<<-') && r.heredoc) return { word: r.heredoc.word, herestring: false };
  }
  return null;
}

/** The commands of the pipeline stage that writes into `sc`'s stdin (none for the first stage). */
export function feedingStage(ex: Extraction, sc: SimpleCommand): SimpleCommand[] {
  const p = sc.pipe;
  if (!p || p.index === 0) return [];
  return ex.commands.filter((c) => c.pipe !== undefined && c.pipe.id === p.id && c.pipe.index === p.index - 1);
}
