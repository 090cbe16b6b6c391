// Archive tools that only read in their listing and printing modes. Facts from unzip(1),
// zipinfo(1) and ar(1).

/** zipinfo only lists: every option picks a listing format, header, totals or the comment. */
const ZIPINFO_LETTERS = new Set('12smlvhMtTUzC'.split(''));

function zipinfoOptions(a: string[]): string | undefined {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === '-x') break; // the names after -x are members to leave out
    if (!x.startsWith('-') || x === '-') continue;
    const off = [...x.slice(1)].find((o) => !ZIPINFO_LETTERS.has(o));
    if (off) return `option -${off}`;
  }
  return undefined;
}

export function zipinfoProblem(a: string[]): string | undefined {
  return zipinfoOptions(a);
}

/** unzip's modes that write no file: list (-l, -v), test (-t, in memory), to standard output
 *  (-p, -c) and the comment (-z); -Z first hands the rest to zipinfo. -f, -u, -T (sets the
 *  archive's time) and plain extraction write. Modifiers allowed with them change only the
 *  display or name matching; -d, -o, -n … concern extraction and are left out. */
const UNZIP_MODES = new Set('lvtpcz'.split(''));
const UNZIP_MODIFIERS = new Set('qabCLM'.split(''));

export function unzipProblem(a: string[]): string | undefined {
  if (a[0] === '-Z') return zipinfoOptions(a.slice(1));
  let mode = false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === '-x') break;
    if (x === '-P') {
      i++; // the password
      continue;
    }
    if (!x.startsWith('-') || x === '-') continue;
    for (const o of x.slice(1)) {
      if (UNZIP_MODES.has(o)) mode = true;
      else if (!UNZIP_MODIFIERS.has(o)) return `option -${o}`;
    }
  }
  return mode ? undefined : 'extracts files';
}

/** ar's first word is one operation letter and its modifiers (a dash is optional): t lists and
 *  p prints members. Modifiers kept: v (verbose), O (offsets), P (full names). s would write an
 *  index into the archive with any operation; --plugin loads code; @file reads more options. */
const AR_MODIFIERS = new Set(['v', 'O', 'P']);

export function arProblem(a: string[]): string | undefined {
  const key = (a[0] ?? '').replace(/^-/, '');
  const ops = [...key].filter((c) => !AR_MODIFIERS.has(c));
  if (ops.length !== 1 || (ops[0] !== 't' && ops[0] !== 'p')) return `key ${a[0] ?? '(none)'}`;
  const off = a.slice(1).find((x) => x.startsWith('-') || x.startsWith('@'));
  return off ? `option ${off}` : undefined;
}
