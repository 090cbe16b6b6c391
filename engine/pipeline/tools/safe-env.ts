// Env prefixes that allow rules may strip: they never change which code runs.
const SAFE = new Set([
  'LANG', 'LANGUAGE', 'TZ', 'NO_COLOR', 'FORCE_COLOR', 'TERM', 'COLORTERM', 'NODE_ENV', 'CI', 'DEBUG',
  'RUST_LOG', 'RUST_BACKTRACE', 'GOOS', 'GOARCH', 'CGO_ENABLED', 'PYTHONUNBUFFERED', 'PYTHONDONTWRITEBYTECODE',
  'COLUMNS', 'LINES', 'GIT_TERMINAL_PROMPT', 'NPM_CONFIG_COLOR', 'VERBOSE',
]);

export function isSafeEnvName(name: string): boolean {
  return SAFE.has(name) || name.startsWith('LC_');
}

/** `NAME=value` with a safe NAME. */
export function isSafeEnvAssignment(word: string): boolean {
  const eq = word.indexOf('=');
  return eq > 0 && isSafeEnvName(word.slice(0, eq));
}
