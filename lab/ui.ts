// Terminal output helpers: colour only on a TTY and never with NO_COLOR.
const useColor = !process.env.NO_COLOR && process.stdout.isTTY === true;

const wrap = (code: string) => (s: string) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : s);
export const c = {
  bold: wrap('1'),
  dim: wrap('2'),
  red: wrap('31'),
  green: wrap('32'),
  yellow: wrap('33'),
  blue: wrap('34'),
  cyan: wrap('36'),
};

export function colorBehavior(b: string): string {
  if (b === 'allow') return c.green(b);
  if (b === 'deny') return c.red(b);
  if (b === 'ask') return c.yellow(b);
  return c.dim(b);
}

/** Exit codes every verb shares (documented in the README). */
export const EXIT = { ok: 0, fail: 1, usage: 2, internal: 3 } as const;

export class UsageError extends Error {}

/** Minimal flag parser: --flag, --flag value, --flag=value, -f; `--` ends flags. */
export function parseArgs(argv: string[], valued: readonly string[]): { flags: Record<string, string | true>; rest: string[] } {
  const flags: Record<string, string | true> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      rest.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
      if (eq > 0) flags[name] = a.slice(eq + 1);
      else if (valued.includes(name)) {
        const v = argv[++i];
        if (v === undefined) throw new UsageError(`--${name} needs a value`);
        flags[name] = v;
      } else flags[name] = true;
    } else if (a.startsWith('-') && a.length === 2 && valued.includes(a.slice(1))) {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      flags[a.slice(1)] = v;
    } else if (a.startsWith('-') && a.length > 1) {
      // A short flag (or `-rf` meant for a command that belongs after `--`): the verb checks it.
      flags[a.slice(1)] = true;
    } else rest.push(a);
  }
  return { flags, rest };
}
