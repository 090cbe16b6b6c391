// A sed script scanner: w / W write files, r / R read files, e and s///e run commands, s///w writes.
// Anything it cannot follow counts as an effect (fail closed).

export interface SedScan {
  /** Only edits the stream: no file reads or writes and no command execution. */
  harmless: boolean;
  writes: string[];
  reads: string[];
  exec: boolean;
  /** `e COMMAND`: the static command lines. */
  lines: string[];
  /** Could not follow the script. */
  unclear: boolean;
}

const SIMPLE = new Set('=dDgGhHlnNpPxzF'.split(''));

export function scanSed(src: string): SedScan {
  const r: SedScan = { harmless: true, writes: [], reads: [], exec: false, lines: [], unclear: false };
  let i = 0;
  const n = src.length;
  const ws = () => {
    while (i < n && (src[i] === ' ' || src[i] === '\t')) i++;
  };
  const toEol = () => {
    const s = i;
    while (i < n && src[i] !== '\n') i++;
    return src.slice(s, i).trim();
  };
  /** Skip a delimited part starting after the delimiter; returns false if unterminated. */
  const part = (d: string) => {
    while (i < n && src[i] !== d) {
      if (src[i] === '\\') i++;
      else if (src[i] === '\n' && d !== '\n') return false;
      i++;
    }
    if (i >= n) return false;
    i++;
    return true;
  };
  const address = () => {
    ws();
    if (src[i] === '/' || src[i] === '\\') {
      const d = src[i] === '\\' ? src[i + 1] : '/';
      i += src[i] === '\\' ? 2 : 1;
      if (!part(d)) return false;
      while (src[i] === 'I' || src[i] === 'M') i++;
    } else if (src[i] === '$') i++;
    else while (i < n && ((src[i] >= '0' && src[i] <= '9') || src[i] === '~' || src[i] === '+')) i++;
    return true;
  };
  while (i < n) {
    ws();
    const c0 = src[i];
    if (c0 === ';' || c0 === '\n' || c0 === '}' || c0 === '{') {
      i++;
      continue;
    }
    if (c0 === '#') {
      toEol();
      continue;
    }
    if (!address()) return unclear(r);
    ws();
    if (src[i] === ',') {
      i++;
      if (!address()) return unclear(r);
    }
    ws();
    while (src[i] === '!') {
      i++;
      ws();
    }
    const c = src[i++];
    if (c === undefined) break;
    if (c === '{' || c === '}') continue;
    if (SIMPLE.has(c)) continue;
    if (c === 'q' || c === 'Q' || c === 'L' || c === 'l') {
      ws();
      while (i < n && src[i] >= '0' && src[i] <= '9') i++;
      continue;
    }
    if (c === 'b' || c === 't' || c === 'T' || c === ':' || c === 'v') {
      while (i < n && src[i] !== ';' && src[i] !== '\n' && src[i] !== '}') i++;
      continue;
    }
    if (c === 'a' || c === 'i' || c === 'c') {
      toEol();
      continue;
    }
    if (c === 'r' || c === 'R') {
      r.reads.push(toEol());
      r.harmless = false;
      continue;
    }
    if (c === 'w' || c === 'W') {
      const file = toEol();
      // GNU sed writes /dev/stdout and /dev/stderr as streams, not files
      if (file !== '/dev/stdout' && file !== '/dev/stderr') {
        r.writes.push(file);
        r.harmless = false;
      }
      continue;
    }
    if (c === 'e') {
      r.exec = true;
      r.harmless = false;
      const line = toEol();
      if (line) r.lines.push(line);
      continue;
    }
    if (c === 's' || c === 'y') {
      const d = src[i++];
      if (d === undefined || d === '\n' || d === '\\') return unclear(r);
      if (!part(d) || !part(d)) return unclear(r);
      if (c === 'y') continue;
      while (i < n) {
        const f = src[i];
        if (f === 'g' || f === 'p' || f === 'i' || f === 'I' || f === 'm' || f === 'M' || (f >= '0' && f <= '9')) i++;
        else if (f === 'e') {
          r.exec = true;
          r.harmless = false;
          i++;
        } else if (f === 'w') {
          i++;
          const file = toEol();
          if (file !== '/dev/stdout' && file !== '/dev/stderr') {
            r.writes.push(file);
            r.harmless = false;
          }
        } else break;
      }
      continue;
    }
    return unclear(r);
  }
  return r;
}

function unclear(r: SedScan): SedScan {
  r.unclear = true;
  r.harmless = false;
  return r;
}
