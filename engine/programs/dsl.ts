// The compact spec language. Options: groups separated by spaces, names in a group by `|`
// (one character = short option, longer = long option; the canonical name is the first long one).
//   `:` required value, `::` optional attached value, `:?` the next word if any, `:2` two values; the role follows the colon:
//   `o|output:write`, `e|expression:code.sed`, `C|directory:cwd`, `d|data:net.out` (role.detail).
//   Leading marks: `?` help/version (info), `!` an effect no role expresses, `%` reaches the network,
//   `^` makes the operation recursive, `>` ends the options (python -c). A trailing `@name` names a destructive effect.
// Operands: tokens `role[.detail][?*+]`, matched left to right (`read*`, `code.awk read*`, `read+ dest`);
//   `argv` = the rest is a command to run; `line` = one shell command line; `lines` = the rest joined.
import { fields } from './words.ts';
import type { ArgRole, CommandSpec, Grammar, OperandToken, OptionDef, ProgramSpec } from './types.ts';

const ROLES: Record<string, ArgRole> = {
  read: 'read', write: 'write', append: 'append', delete: 'delete', mode: 'mode', owner: 'owner',
  argv: 'exec-argv', line: 'exec-line', lines: 'exec-line', code: 'code', codefile: 'code-file', net: 'network',
  config: 'config', dir: 'dir-target', cwd: 'cwd', env: 'env', none: 'none', '': 'none',
  network: 'network', 'code-file': 'code-file', 'exec-line': 'exec-line', 'exec-argv': 'exec-argv', 'dir-target': 'dir-target',
};

function role(text: string, where: string): { role: ArgRole; language?: string; direction?: 'in' | 'out' | 'both'; create?: 'truncate' | 'append' | 'create' } {
  const dot = text.indexOf('.');
  const base = dot < 0 ? text : text.slice(0, dot);
  const detail = dot < 0 ? undefined : text.slice(dot + 1);
  const r = ROLES[base];
  if (!r) throw new Error(`programs dsl: unknown role ${JSON.stringify(base)} in ${where}`);
  const out: ReturnType<typeof role> = { role: r };
  if (r === 'network') out.direction = (detail as 'in' | 'out' | 'both') ?? 'both';
  else if (r === 'write') out.create = (detail as 'truncate' | 'create') ?? 'truncate';
  else if (r === 'append') out.create = 'append';
  else if (detail) out.language = detail;
  return out;
}

export interface GrammarOpts {
  posix?: boolean;
  exact?: boolean;
  singleDash?: boolean;
}

// Identical option strings (git's diff and log options, npm's common ones) share one grammar.
const CACHE = new Map<string, Grammar>();

export function grammar(defs: string, o: GrammarOpts = {}): Grammar {
  const key = `${o.posix ? 1 : 0}${o.exact ? 1 : 0}${o.singleDash ? 1 : 0}${defs}`;
  let g = CACHE.get(key);
  if (!g) {
    g = build(defs, o);
    CACHE.set(key, g);
  }
  return g;
}

function build(defs: string, o: GrammarOpts): Grammar {
  const g: Grammar = { short: new Map(), long: new Map(), longNames: [], posix: !!o.posix, exact: !!o.exact, singleDash: !!o.singleDash, all: [] };
  for (let group of fields(defs)) {
    if (!group) continue;
    if (group[0] === '#') {
      g.numeric = group.slice(1);
      continue;
    }
    const def = optionDef('', 0, 'none');
    for (;;) {
      const c = group[0];
      if (c === '?') def.info = true;
      else if (c === '!') def.effect = true;
      else if (c === '%') def.network = true;
      else if (c === '^') def.recursive = true;
      else if (c === '>') def.stop = true;
      else break;
      group = group.slice(1);
    }
    const at = group.lastIndexOf('@');
    if (at > 0) {
      def.destructive = group.slice(at + 1);
      group = group.slice(0, at);
    }
    const colon = group.indexOf(':', 1);
    let names = group;
    if (colon > 0) {
      names = group.slice(0, colon);
      let rest = group.slice(colon);
      if (rest.startsWith('::')) {
        def.arg = 2;
        rest = rest.slice(2);
      } else if (rest.startsWith(':?')) {
        def.arg = 4;
        rest = rest.slice(2);
      } else if (rest.startsWith(':2')) {
        def.arg = 3;
        rest = rest.slice(2);
      } else {
        def.arg = 1;
        rest = rest.slice(1);
      }
      Object.assign(def, role(rest, group));
    }
    const list = names.split('|');
    for (const n of list) if (!n || (n.length > 1 && '?!%^>'.includes(n[0]))) throw new Error(`programs dsl: bad option name ${JSON.stringify(n)} in ${group}`);
    def.canon = list.find((n) => n.length > 1) ?? list[0];
    g.all.push(def);
    for (const n of list) {
      if (n.length === 1) g.short.set(n, def);
      else {
        g.long.set(n, def);
        g.longNames.push(n);
      }
    }
  }
  return g;
}

/** An option definition with every field present, so all of them share one shape. */
export function optionDef(canon: string, arg: OptionDef['arg'], r: ArgRole): OptionDef {
  return { canon, arg, role: r, language: undefined, direction: undefined, create: undefined, info: undefined, effect: undefined, network: undefined, recursive: undefined, destructive: undefined, stop: undefined };
}

export function operands(text: string): OperandToken[] {
  const out: OperandToken[] = [];
  for (let t of fields(text)) {
    if (!t) continue;
    let count: OperandToken['count'] = '';
    const last = t[t.length - 1];
    if (last === '?' || last === '*' || last === '+') {
      count = last;
      t = t.slice(0, -1);
    }
    if (t === 'dest') {
      out.push({ role: 'write', count, dest: true });
      continue;
    }
    const r = role(t, text);
    const base = t.split('.')[0];
    if (base === 'argv' || base === 'lines') count = '*';
    out.push(base === 'lines' ? { ...r, count, join: true } : { ...r, count });
  }
  return out;
}

export interface Extra extends GrammarOpts, Partial<Omit<CommandSpec, 'grammar' | 'operands' | 'alt' | 'subs' | 'startsShell'>> {
  /** With no command, a shell reading stdin: `true`, or only with these options (`'shell|login'`). */
  startsShell?: true | string;
  /** Operand layouts by option: `{ 'in-place,expression|in-place,file': 'write*' }`. */
  alt?: [string, string][];
  subs?: Record<string, CommandSpec>;
  /** Subcommand aliases: `{ i: 'install', rm: 'uninstall' }`. */
  alias?: Record<string, string>;
}

// Specs are data, never written after they are made: identical operand layouts share one token
// list, and a spec without alternative layouts shares one empty list.
const OPERANDS = new Map<string, OperandToken[]>();
const NO_ALT: CommandSpec['alt'] = Object.freeze([]) as unknown as CommandSpec['alt'];

function sharedOperands(text: string): OperandToken[] {
  let t = OPERANDS.get(text);
  if (!t) {
    t = operands(text);
    OPERANDS.set(text, t);
  }
  return t;
}

/** One command (or subcommand) spec. `pure` defaults to false: say `pure: true` for viewers. */
export function cmd(opts: string, ops = 'read*', x: Extra = {}): CommandSpec {
  const { posix, exact, singleDash, alt, subs, alias, startsShell, ...rest } = x;
  const toks = sharedOperands(ops);
  // a command run from the operands keeps its own options: stop at the first operand
  const stop = posix ?? toks.some((t) => t.role === 'exec-argv');
  const c = Object.assign(Object.create(LAZY) as CommandSpec, {
    pure: false,
    ...rest,
    operands: toks,
    alt: alt ? alt.map(([when, o]) => ({ when: when.split('|').map((a) => a.split(',')), operands: sharedOperands(o) })) : NO_ALT,
    ...(startsShell ? { startsShell: startsShell === true ? [] : startsShell.split('|').map((a) => a.split(',')) } : {}),
  });
  PENDING.set(c, { defs: opts, bits: (stop ? POSIX : 0) | (exact ? EXACT : 0) | (singleDash ? SINGLE_DASH : 0) });
  if (subs) c.subs = new Map(Object.entries(subs));
  if (alias) c.aliases = new Map(Object.entries(alias));
  return c;
}

/**
 * The grammar is built on first use: the table holds a thousand programs and an invocation
 * needs one, so loading the engine stays cheap. Until then a spec's option text waits in
 * PENDING and `grammar` is a getter on the specs' shared prototype (no closure per spec).
 */
const PENDING = new WeakMap<CommandSpec, { defs: string; bits: number }>();
const POSIX = 1;
const EXACT = 2;
const SINGLE_DASH = 4;
const NEGATABLE = 8;

const LAZY: object = Object.create(Object.prototype, {
  grammar: {
    configurable: true,
    get(this: CommandSpec): Grammar {
      const p = PENDING.get(this)!;
      const g = grammar(p.defs, { posix: (p.bits & POSIX) !== 0, exact: (p.bits & EXACT) !== 0, singleDash: (p.bits & SINGLE_DASH) !== 0 });
      PENDING.delete(this);
      return settle(this, p.bits & NEGATABLE ? { ...g, negatable: true } : g);
    },
  },
});

/** The built grammar as a plain property of the spec from then on. */
function settle(c: CommandSpec, g: Grammar): Grammar {
  Object.defineProperty(c, 'grammar', { value: g, writable: true, enumerable: true, configurable: true });
  return g;
}

/** Every long flag also has a `--no-` form (git's parse-options), without building the grammar now. */
export function negatable(c: CommandSpec): void {
  const p = PENDING.get(c);
  if (p) p.bits |= NEGATABLE;
  else c.grammar = { ...c.grammar, negatable: true };
  if (c.subs) for (const s of c.subs.values()) negatable(s);
}

/** A program: `names` separated by `|`. */
export function prog(family: string, names: string, opts: string, ops = 'read*', x: Extra = {}): ProgramSpec {
  const c = cmd(opts, ops, x) as ProgramSpec;
  c.names = names.split('|');
  c.family = family;
  return c;
}

/** A viewer: effects-free unless an option or argument says otherwise. */
export function viewer(family: string, names: string, opts: string, ops = 'read*', x: Extra = {}): ProgramSpec {
  return prog(family, names, opts, ops, { pure: true, writesStdout: true, ...x });
}

/** GNU's --help / --version. */
export const HV = '?help ?version';
