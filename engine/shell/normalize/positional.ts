// `sh -c 'SCRIPT' NAME ARG…`: inside SCRIPT, $0 is NAME and $1… the ARGs. Bind them in the script
// text before it is analysed, so `sh -c 'rm -rf "$1"' _ ~` is read as rm -rf ~. A dynamic ARG
// becomes an unset variable (still dynamic); unbound $N stay as written.
import type { Word } from '../types.ts';

const sq = (s: string) => "'" + s.split("'").join("'\\''") + "'";
function dq(s: string): string {
  let out = '';
  for (const c of s) out += c === '\\' || c === '"' || c === '$' || c === '`' ? '\\' + c : c;
  return out;
}

/** An unquoted expansion's value as bash uses it: split on blanks, each field globbed, nothing else re-read. */
function fields(v: string): string {
  const out: string[] = [];
  for (const f of v.split(/[ \t\n]+/)) {
    if (!f) continue;
    let t = '';
    for (const c of f) t += /[A-Za-z0-9/._+=:,@%*?[\]-]/.test(c) ? c : '\\' + c;
    out.push(t);
  }
  return out.length ? out.join(' ') : "''";
}

function value(w: Word | undefined, inDq: boolean, n: number): string | null {
  if (!w) return null;
  if (!w.static) return '${__gatelab_arg' + n + '}';
  return inDq ? dq(w.value ?? '') : fields(w.value ?? '');
}

/** SCRIPT with $0…$9, ${N}, $@ and $* replaced by the static words that follow it. */
export function bindPositional(script: string, args: Word[]): string {
  if (!args.length || !script.includes('$')) return script;
  let out = '';
  let inSq = false;
  let inDq = false;
  const all = (q: boolean) => args.slice(1).map((w, k) => value(w, q, k + 1)!).join(' ');
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (inSq) {
      out += c;
      if (c === "'") inSq = false;
      continue;
    }
    if (c === '\\') {
      out += c + (script[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === "'" && !inDq) inSq = true;
    if (c === '"') {
      if (!inDq && script.startsWith('"$@"', i)) {
        out += all(false);
        i += 3;
        continue;
      }
      inDq = !inDq;
    }
    if (c !== '$') {
      out += c;
      continue;
    }
    const d = script[i + 1] ?? '';
    let n = -1;
    let len = 0;
    if (d >= '0' && d <= '9') {
      n = d.charCodeAt(0) - 48;
      len = 2;
    } else if (d === '{') {
      const end = script.indexOf('}', i + 2);
      const inner = end < 0 ? '' : script.slice(i + 2, end);
      if (inner.length && inner.length <= 2 && [...inner].every((x) => x >= '0' && x <= '9')) {
        n = Number(inner);
        len = end - i + 1;
      }
    } else if (d === '@' || d === '*') {
      out += all(inDq);
      i++;
      continue;
    }
    const v = n >= 0 ? value(args[n], inDq, n) : null;
    if (v === null) {
      out += c;
      continue;
    }
    out += v;
    i += len - 1;
  }
  return out;
}
