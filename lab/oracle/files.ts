// Programs that write only the targets their operands name (dd, tee, cp) or only with an erase
// option (wipefs): read-only when no target is written. Facts from dd(1), tee(1), cp(1), wipefs(8).

const NULL_DEVICE = '/dev/null';

/** dd's operands are key=value; only of= names a file it writes (none: standard output). */
const DD_KEYS = new Set(['if', 'of', 'bs', 'ibs', 'obs', 'cbs', 'count', 'skip', 'seek', 'iseek', 'oseek', 'status', 'iflag', 'oflag', 'conv']);

export function ddProblem(a: string[]): string | undefined {
  for (const x of a) {
    const eq = x.indexOf('=');
    const key = eq < 0 ? x : x.slice(0, eq);
    if (eq < 0 || !DD_KEYS.has(key)) return `operand ${x}`;
    if (key === 'of' && x.slice(eq + 1) !== NULL_DEVICE) return `writes ${x.slice(eq + 1)}`;
  }
  return undefined;
}

/** Split argv into options and operands (after `--` all are operands). */
function operands(a: string[]): { opts: string[]; files: string[] } {
  const dd = a.indexOf('--');
  const head = dd < 0 ? a : a.slice(0, dd);
  const opts = head.filter((x) => x.startsWith('-') && x !== '-');
  const files = [...head.filter((x) => !x.startsWith('-') || x === '-'), ...(dd < 0 ? [] : a.slice(dd + 1))];
  return { opts, files };
}

/** tee writes every file operand (and standard output); /dev/null keeps nothing. */
const TEE_FLAGS = /^(-[aip]+|--append|--ignore-interrupts|--output-error(=\w+)?)$/;

export function teeProblem(a: string[]): string | undefined {
  const { opts, files } = operands(a);
  const off = opts.find((x) => !TEE_FLAGS.test(x));
  if (off) return `option ${off}`;
  const kept = files.find((f) => f !== NULL_DEVICE);
  return kept === undefined ? undefined : `writes ${kept}`;
}

/** cp SOURCE /dev/null opens the device for writing, which keeps nothing. Only options that
 *  change how the source is read: -p/-a would set the device's mode and times, -b/--backup
 *  would rename it, --remove-destination would unlink it, -t names a folder to write in.
 *  -n/--no-clobber copies nothing onto an existing target. */
const CP_FLAGS = /^(-[vLHPTn]+|--verbose|--dereference|--no-dereference|--no-target-directory|--no-clobber)$/;

export function cpProblem(a: string[]): string | undefined {
  const { opts, files } = operands(a);
  const off = opts.find((x) => !CP_FLAGS.test(x));
  if (off) return `option ${off}`;
  if (files.length !== 2) return `${files.length} operands`;
  return files[1] === NULL_DEVICE ? undefined : `writes ${files[1]}`;
}

/** wipefs lists signatures; -a/--all and -o/--offset erase them, unless -n/--no-act keeps it
 *  from writing. -b/--backup writes a copy of what it erases to $HOME: never read-only here.
 *  Only the options below are understood; -O, -t and --lock take a value. */
const WIPEFS_SHORT = new Set('afhinJpqbVtOo'.split(''));
const WIPEFS_VALUE = new Set(['t', 'O', 'o']);
const WIPEFS_LONG = new Set(['--all', '--force', '--help', '--noheadings', '--no-act', '--json', '--parsable', '--quiet', '--backup', '--version', '--types', '--output', '--offset', '--lock']);

export function wipefsProblem(a: string[]): string | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (x === '--') break;
    if (x.startsWith('--')) {
      const key = x.split('=')[0]!;
      if (!WIPEFS_LONG.has(key)) return `option ${x}`;
      seen.add(key);
      if (['--types', '--output', '--offset'].includes(key) && !x.includes('=')) i++;
    } else if (x.startsWith('-') && x !== '-') {
      for (let j = 1; j < x.length; j++) {
        const o = x[j]!;
        if (!WIPEFS_SHORT.has(o)) return `option -${o}`;
        seen.add(o);
        if (WIPEFS_VALUE.has(o)) {
          if (j === x.length - 1) i++;
          break;
        }
      }
    }
  }
  const has = (...k: string[]) => k.some((x) => seen.has(x));
  if (has('b', '--backup')) return 'a backup of what it erases';
  if (has('a', '--all', 'o', '--offset') && !has('n', '--no-act')) return 'erases signatures';
  return undefined;
}
