// Clients with a read-only corner: curl on file:// URLs, pip's listings, yarn config get.
// Facts from curl(1), pip's command reference (pip list/show/freeze/config) and python(1).

/** curl options that neither write a file (-o, -O, -D, -c, --trace …), upload (-T, -d, -F),
 *  nor read more options (-K, and -w's %output{} writes). A word that is no option is a URL. */
const CURL_LETTERS = new Set('sSfLvqkgN'.split(''));
const CURL_LONG = new Set(['--silent', '--show-error', '--fail', '--location', '--verbose', '--globoff', '--no-buffer', '--insecure', '--compressed']);
const CURL_VALUE = new Set(['-r', '--range', '-m', '--max-time']);

export function curlProblem(a: string[]): string | undefined {
  let urls = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    if (CURL_VALUE.has(x)) {
      i++;
      continue;
    }
    if (x.startsWith('--')) {
      if (!CURL_LONG.has(x)) return `option ${x}`;
    } else if (x.startsWith('-') && x !== '-') {
      const off = [...x.slice(1)].find((o) => !CURL_LETTERS.has(o));
      if (off) return `option -${off}`;
    } else {
      // The scheme is case-insensitive; a URL without one is fetched over HTTP.
      if (!/^file:\/\//i.test(x)) return `fetches ${x}`;
      urls++;
    }
  }
  return urls > 0 ? undefined : 'no file:// URL';
}

/** pip subcommands that print installed packages or settings. pip list may also check once a
 *  week whether pip is current (a cache file, like npm's logs); -o/-u ask the index. */
const PIP_GLOBAL = /^(-q+|-v+|--quiet|--verbose|--isolated|--no-color|--disable-pip-version-check|--no-input)$/;
const PIP_SUB: Record<string, RegExp> = {
  list: /^(-l|--local|--user|--format(=\w+)?|--not-required|-e|--editable|--exclude-editable|--include-editable)$/,
  freeze: /^(-l|--local|--user|--all|--exclude-editable)$/,
  show: /^(-f|--files|-v|--verbose)$/,
};
const PIP_CONFIG = new Set(['list', 'get', 'debug']);
const PIP_CONFIG_FLAGS = /^(--global|--user|--site)$/;

export function pipProblem(a: string[]): string | undefined {
  if (a.length === 1 && ['--version', '-V', '--help', '-h'].includes(a[0]!)) return undefined;
  const i = a.findIndex((x) => !x.startsWith('-'));
  const globals = i < 0 ? a : a.slice(0, i);
  const off = globals.find((x) => !PIP_GLOBAL.test(x));
  if (off) return `option ${off}`;
  if (i < 0) return 'no subcommand';
  const sub = a[i]!;
  const rest = a.slice(i + 1);
  const flags = rest.filter((x) => x.startsWith('-'));
  if (sub === 'config') {
    const action = rest.find((x) => !x.startsWith('-'));
    if (!action || !PIP_CONFIG.has(action)) return `pip config ${action ?? ''}`.trim();
    const bad = flags.find((x) => !PIP_CONFIG_FLAGS.test(x) && !PIP_GLOBAL.test(x));
    return bad ? `option ${bad}` : undefined;
  }
  const allowed = PIP_SUB[sub];
  if (!allowed) return `pip ${sub}`;
  // --format takes its value as the next word (json, columns, freeze): a bare word, no option.
  const bad = flags.find((x) => !allowed.test(x) && !PIP_GLOBAL.test(x));
  return bad ? `option ${bad}` : undefined;
}

/** python -m pip: -m puts the current folder first on sys.path, so a pip.py or pip/ there runs
 *  instead of the installed pip. Only -I (isolated) or -P (safe path, 3.11+) leave it out. */
const PY_FLAGS = /^-[IPEsBqu]+$/;

export function runsPipModule(a: string[]): boolean {
  const m = a.indexOf('-m');
  return m >= 0 && (a[m + 1] === 'pip' || a[m + 1] === 'pip3');
}

export function pythonPipProblem(a: string[]): string | undefined {
  const m = a.indexOf('-m');
  const before = a.slice(0, m);
  const off = before.find((x) => !PY_FLAGS.test(x));
  if (off) return `option ${off}`;
  if (!before.some((x) => /[IP]/.test(x))) return 'python -m imports pip from the current folder first';
  return pipProblem(a.slice(m + 2));
}

/** yarn config get KEY prints one setting (yarn 1 and berry alike). */
export function yarnProblem(a: string[]): string | undefined {
  const words = a.filter((x) => x !== '--json');
  return words.length === 3 && words[0] === 'config' && words[1] === 'get' && !words[2]!.startsWith('-') ? undefined : `yarn ${a[0] ?? ''}`.trim();
}
