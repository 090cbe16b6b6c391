// Secret redaction: the one pass every output goes through (audit export, explain, the hook's
// reason, lab decide, regress JSON and JUnit). Hand-written scans, no backtracking regex.
// What counts as a secret:
//   - shapes: private key blocks, JWTs, known token prefixes (ghp_, xoxb-, sk_live_, AIza …), AWS key ids;
//   - a value named like a secret: NAME=value, NAME: value, "NAME": "value", --name value,
//     compound-name value (aws_secret_access_key X), where NAME reads as password, token, secret,
//     key, credential, session … in any case style (PGPASSWORD, MYSQL_PWD, _authToken, apiKey);
//   - URL credentials (user:password@, a token as the user) and query values named like secrets;
//   - Authorization schemes (Bearer, Basic, Token) and attached passwords (mysql -pSECRET, curl -u user:pass).

export const REDACTED = '[REDACTED]';

/** A name that contains one of these is a secret's name. */
const NAME_WORDS = ['password', 'passwd', 'passphrase', 'secret', 'token', 'credential', 'apikey', 'privatekey', 'accesskey', 'signature', 'cookie'];
/** A name with one of these as a whole part (split at _ - . and camelCase) is a secret's name. */
const NAME_PARTS = new Set(['key', 'pass', 'pwd', 'pw', 'auth', 'sig', 'session', 'sessionid', 'sid', 'jwt', 'dsn', 'otp', 'pin']);
/** Names that look like secrets but are not (the shell's working directory). */
const NOT_SECRET = new Set(['pwd', 'oldpwd', 'key', 'auth', 'session', 'pin', 'sid']);
const TOKEN_PREFIXES = [
  'ghp_', 'gho_', 'ghs_', 'ghu_', 'ghr_', 'github_pat_', 'glpat-', 'gldt-', 'glrt-', 'xoxb-', 'xoxp-', 'xoxa-', 'xoxs-', 'xoxe-', 'xoxr-',
  'xoxe.', 'xapp-', 'sk-', 'sk_live_', 'sk_test_', 'rk_live_', 'rk_test_', 'pk_live_', 'whsec_', 'AIza', 'ya29.', 'npm_', 'hf_', 'pypi-',
  'shpat_', 'shpss_', 'SG.', 'dop_v1_', 'doo_v1_', 'glc_', 'hvs.', 'hvb.', 'sq0atp-', 'sq0csp-', 'EAAC', 'AccountKey=',
];
const AWS_PREFIXES = ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA', 'ANPA', 'ANVA', 'AIPA', 'ABIA', 'ACCA'];
/** Programs whose `-pVALUE` (attached) is a password. */
const ATTACHED_P = ['mysql', 'mariadb', 'mysqldump', 'mysqladmin', 'mysqlimport', 'mysqlshow', 'mysqlcheck'];
/** Programs whose `-p VALUE` is a password. */
const SPACED_P = ['sshpass', 'docker login', 'podman login', 'buildah login', 'helm registry login', 'oras login'];

const isLower = (c: string | undefined) => c !== undefined && c >= 'a' && c <= 'z';
const isUpper = (c: string | undefined) => c !== undefined && c >= 'A' && c <= 'Z';
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';
const isAlnum = (c: string | undefined) => isLower(c) || isUpper(c) || isDigit(c);
const isWordChar = (c: string | undefined) => isAlnum(c) || c === '_';
/** Characters of a variable, key or flag name. */
const isNameChar = (c: string | undefined) => isAlnum(c) || c === '_' || c === '-' || c === '.';
/** Characters of a token-shaped run (base64, base64url, hex, prefixes). */
const isTokenChar = (c: string | undefined) => isAlnum(c) || (c !== undefined && '_-+/=.~'.includes(c));
const isSpace = (c: string | undefined) => c === ' ' || c === '\t';
/** Can a value start here (not a flag, a dash, punctuation or the end)? */
const startsValue = (c: string | undefined) => isAlnum(c) || c === '"' || c === "'" || c === '$' || c === '/' || c === '+' || c === ' ' || c === '\t';
/** Where an unquoted value ends. */
const endsValue = (c: string) => ' \t\r\n"\'`,;&|<>)}]'.includes(c);

type Range = [number, number, string];

/** Does this name (PGPASSWORD, MYSQL_PWD, _authToken, x-api-key, user.password) name a secret? */
export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  let lead = 0;
  while (lower[lead] === '-') lead++;
  if (NOT_SECRET.has(lower.slice(lead))) return false;
  const flat = lower.split('_').join('').split('-').join('').split('.').join('');
  if (NAME_WORDS.some((w) => flat.includes(w))) return true;
  // Parts: split at separators and at lower→upper (camelCase).
  let part = '';
  for (let i = 0; i <= name.length; i++) {
    const c = name[i];
    const boundary = c === undefined || c === '_' || c === '-' || c === '.' || (isUpper(c) && isLower(name[i - 1]));
    if (boundary) {
      if (part && NAME_PARTS.has(part.toLowerCase())) return true;
      part = c === undefined || c === '_' || c === '-' || c === '.' ? '' : c;
    } else part += c;
  }
  return false;
}

/** End of an unquoted or quoted value starting at `s`; the value itself excludes the quotes. */
function valueAt(text: string, s: number): [number, number] {
  let i = s;
  while (isSpace(text[i])) i++;
  const q = text[i];
  if (q === '"' || q === "'") {
    const close = text.indexOf(q, i + 1);
    const nl = text.indexOf('\n', i + 1);
    const end = close < 0 || (nl >= 0 && nl < close) ? (nl < 0 ? text.length : nl) : close;
    return [i + 1, end];
  }
  let e = i;
  while (e < text.length && !endsValue(text[e]!)) e++;
  return [i, e];
}

function push(ranges: Range[], s: number, e: number, text: string, min = 1): void {
  if (e - s >= min && !text.startsWith('[REDACTED', s)) ranges.push([s, e, REDACTED]);
}

/**
 * Replace secrets in `text`. `known`: secrets found in the call this text is about (secretsOf the
 * input); a message that echoes one out of its context (`DB_PASSWORD=<tab>X` makes bash run X,
 * and the engine names X) is redacted too. Idempotent: redacting twice changes nothing more.
 */
export function redactSecrets(text: string, known: readonly string[] = []): string {
  if (typeof text !== 'string' || text.length === 0) return text;
  return apply(text, secretRanges(text, known));
}

/** Shortest known secret worth scrubbing wherever it appears (shorter ones are too common). */
const MIN_KNOWN = 4;

function secretRanges(text: string, known: readonly string[] = []): Range[] {
  const ranges: Range[] = [];
  const lower = text.toLowerCase();
  privateKeys(text, lower, ranges);
  tokenShapes(text, ranges);
  schemes(text, lower, ranges);
  namedValues(text, ranges);
  urls(text, ranges);
  passwordFlags(text, lower, ranges);
  for (const k of known) {
    if (k.length < MIN_KNOWN) continue;
    for (let i = text.indexOf(k); i >= 0; i = text.indexOf(k, i + k.length)) push(ranges, i, i + k.length, text);
  }
  return ranges;
}

/** The secret values in `text` (what redactSecrets would replace). */
export function secretsIn(text: string): string[] {
  if (typeof text !== 'string' || !text) return [];
  const out: string[] = [];
  for (const [s, e] of secretRanges(text)) {
    const v = text.slice(s, e);
    out.push(v);
    // A key block's lines, each on its own: a message may quote one line of a command.
    if (v.includes('\n')) for (const line of v.split('\n')) if (!line.startsWith('-----') && line.trim().length >= MIN_KNOWN) out.push(line.trim());
  }
  return out;
}

/** The secret values in every string of a JSON-like value (a tool input, a list of commands). */
export function secretsOf(value: unknown, depth = 0, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(...secretsIn(value));
  else if (depth <= 64 && typeof value === 'object' && value !== null)
    for (const v of Array.isArray(value) ? value : Object.values(value)) secretsOf(v, depth + 1, out);
  return out;
}

function privateKeys(text: string, lower: string, ranges: Range[]): void {
  for (let i = lower.indexOf('-----begin'); i >= 0; i = lower.indexOf('-----begin', i + 1)) {
    const headEnd = lower.indexOf('-----', i + 10);
    if (headEnd < 0 || !lower.slice(i, headEnd).includes('private key')) continue;
    const end = lower.indexOf('-----end', headEnd);
    const close = end < 0 ? -1 : lower.indexOf('-----', end + 8);
    const stop = close < 0 ? text.length : close + 5;
    ranges.push([i, stop, '[REDACTED PRIVATE KEY]']);
    i = stop - 1;
  }
}

/** Known prefixes, AWS key ids and JWTs, wherever a run of token characters starts after a non-alphanumeric. */
function tokenShapes(text: string, ranges: Range[]): void {
  for (let i = 0; i < text.length; i++) {
    if (!isAlnum(text[i]) || isAlnum(text[i - 1])) continue;
    let j = i;
    while (j < text.length && isTokenChar(text[j])) j++;
    // A run may end in punctuation that belongs to the sentence.
    while (j > i && '.=-~'.includes(text[j - 1]!) && !text.slice(i, j).startsWith('SG.')) {
      if (text[j - 1] === '=' && isTokenChar(text[j - 2])) break; // base64 padding
      j--;
    }
    const run = text.slice(i, j);
    const aws = AWS_PREFIXES.find((p) => run.startsWith(p));
    if (aws && run.length >= 16 && [...run.slice(0, 20)].every((c) => isUpper(c) || isDigit(c))) push(ranges, i, i + Math.min(run.length, 20), text);
    else if (TOKEN_PREFIXES.some((p) => run.startsWith(p) && run.length >= p.length + 12)) push(ranges, i, j, text);
    else if (run.startsWith('eyJ') && run.split('.').length >= 3 && run.length > 20) push(ranges, i, j, text);
  }
}

/** Authorization: Bearer / Basic / Token / Digest <value>. */
function schemes(text: string, lower: string, ranges: Range[]): void {
  for (const scheme of ['bearer', 'basic', 'token', 'digest', 'apikey']) {
    for (let i = lower.indexOf(scheme); i >= 0; i = lower.indexOf(scheme, i + 1)) {
      if (isWordChar(text[i - 1]) || !isSpace(text[i + scheme.length])) continue;
      let s = i + scheme.length;
      while (isSpace(text[s])) s++;
      let e = s;
      while (e < text.length && isTokenChar(text[e])) e++;
      // `token ` in prose ("the token count") has a short word after it.
      if (e - s >= 8) push(ranges, s, e, text);
    }
  }
}

/** NAME=value, NAME: value, "NAME": "value", --name value, compound.name value. */
function namedValues(text: string, ranges: Range[]): void {
  for (let i = 0; i < text.length; ) {
    if (!isNameChar(text[i]) || isNameChar(text[i - 1])) {
      i++;
      continue;
    }
    let e = i;
    while (isNameChar(text[e])) e++;
    const raw = text.slice(i, e);
    const dashes = raw.startsWith('--') ? 2 : 0;
    const name = raw.slice(dashes);
    // In a URL query (?key=…, &sig=…) even a short name is a credential's.
    const query = text[i - 1] === '?' || text[i - 1] === '&';
    if (!name || !(isSecretName(name) || (query && NAME_PARTS.has(name.toLowerCase())))) {
      i = e;
      continue;
    }
    let s = e;
    if ((text[s] === '"' || text[s] === "'") && text[i - 1] === text[s]) s++; // "name": …
    while (isSpace(text[s])) s++;
    const sep = text[s];
    // `name: value`, except a lower-case hyphenated id (a detector id such as credential-read:).
    const colon = sep === ':' && text[s + 1] !== '/' && !(name.includes('-') && name === name.toLowerCase()) && startsValue(text[s + 1]) && !counted(name, text, s + 1);
    if (sep === '=' || colon) {
      const [vs, ve] = valueAt(text, s + 1);
      push(ranges, vs, ve, text);
    } else if (isSpace(text[e]) && (dashes || (isCompound(name) && text[i - 1] !== '/'))) {
      // --password X, aws_secret_access_key X, user.password X: the next word (not a path:
      // `grep oauth_token /h/.config` searches for the name).
      const [vs, ve] = valueAt(text, e);
      const c = text[vs];
      if (isAlnum(c) || c === '$' || text[vs - 1] === '"' || text[vs - 1] === "'") push(ranges, vs, ve, text, 3);
    }
    i = e;
  }
}

/**
 * `credentials.yaml:945`, `families.credentials.ask: 122`: a dotted name whose last part names no
 * secret (a file extension, a field), followed by a number, is a location or a count, not a secret.
 */
function counted(name: string, text: string, at: number): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  const last = name.slice(dot + 1).toLowerCase();
  if (!last || NAME_PARTS.has(last) || NAME_WORDS.some((w) => last.includes(w))) return false;
  let i = at;
  while (isSpace(text[i])) i++;
  const start = i;
  while (isDigit(text[i])) i++;
  return i > start && (i === text.length || !isTokenChar(text[i]) || text[i] === '.');
}

/** A name with an inner separator or camelCase (aws_secret_access_key, user.password, _authToken): not a word of prose. */
function isCompound(name: string): boolean {
  if (name.startsWith('_')) return true; // npm's _authToken, _auth
  const inner = name.slice(1, -1);
  if (inner.includes('_') || inner.includes('-')) return true;
  // user.password, but not a file name such as server.key.
  if (inner.includes('.')) return NAME_WORDS.some((w) => name.slice(name.lastIndexOf('.') + 1).toLowerCase().includes(w));
  for (let i = 1; i < name.length; i++) if (isUpper(name[i]) && isLower(name[i - 1])) return true; // camelCase
  return false;
}

/** scheme://user:password@host, scheme://TOKEN@host. */
function urls(text: string, ranges: Range[]): void {
  for (let i = text.indexOf('://'); i >= 0; i = text.indexOf('://', i + 1)) {
    let at = i + 3;
    while (at < text.length && !' \t\n/@?#"\''.includes(text[at]!)) at++;
    if (text[at] !== '@') continue;
    const colon = text.indexOf(':', i + 3);
    if (colon > 0 && colon < at) push(ranges, colon + 1, at, text);
    else if (at - (i + 3) >= 16) push(ranges, i + 3, at, text);
  }
}

/** mysql -pSECRET, sshpass -p SECRET, docker login -p SECRET, curl -u user:SECRET. */
function passwordFlags(text: string, lower: string, ranges: Range[]): void {
  const attached = ATTACHED_P.some((p) => lower.includes(p));
  const spaced = SPACED_P.some((p) => lower.includes(p));
  for (let i = text.indexOf('-'); i >= 0; i = text.indexOf('-', i + 1)) {
    if (i > 0 && !isSpace(text[i - 1]) && text[i - 1] !== '\n') continue;
    const f = text[i + 1];
    if (f === 'p' && attached && text[i + 2] !== undefined && !isSpace(text[i + 2]) && !endsValue(text[i + 2]!)) {
      const [vs, ve] = valueAt(text, i + 2);
      push(ranges, vs, ve, text);
    } else if (f === 'p' && spaced && isSpace(text[i + 2])) {
      const [vs, ve] = valueAt(text, i + 2);
      push(ranges, vs, ve, text);
    } else if ((f === 'u' && isSpace(text[i + 2])) || text.startsWith('--user ', i) || text.startsWith('--user=', i)) {
      // curl -u user:password
      const [vs, ve] = valueAt(text, i + (f === 'u' ? 2 : 7));
      const colon = text.indexOf(':', vs);
      if (colon > vs && colon < ve) push(ranges, colon + 1, ve, text);
    }
  }
}

function apply(text: string, ranges: Range[]): string {
  if (!ranges.length) return text;
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let pos = 0;
  for (const [s, e, rep] of ranges) {
    if (e <= pos) continue;
    if (s < pos) {
      pos = e; // overlaps a range already replaced
      continue;
    }
    out += text.slice(pos, s) + rep;
    pos = e;
  }
  return out + text.slice(pos);
}

/** Redact every string inside a JSON-like value (objects, arrays); other values are kept. */
export function redactDeep<T>(value: T, known: readonly string[] = [], depth = 0): T {
  if (typeof value === 'string') return redactSecrets(value, known) as T;
  if (depth > 64 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, known, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = redactDeep(v, known, depth + 1);
  return out as T;
}
