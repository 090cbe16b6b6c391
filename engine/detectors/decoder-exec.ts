// A decoder (base64 -d, xxd -r, rev, printf '\x…' …) feeding a shell, eval or interpreter.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import type { Extraction, SimpleCommand } from '../shell/types.ts';
import { effectiveName } from '../shell/normalize/index.ts';
import { SHELLS, INTERPRETERS } from '../shell/normalize/state.ts';

const meta: DetectorMeta = {
  id: 'decoder-exec',
  family: 'obfuscation',
  title: 'Decoded payload executed',
  rationale: 'Encoding hides the real command from the reader and from the gate.',
  behaviour: 'ask',
  examples: {
    bad: ['echo cm0gLXJmIH4= | base64 -d | bash', 'eval "$(echo cm0= | base64 --decode)"', 'xxd -r -p payload.hex | sh', 'bash -c "$(rev <<< \'~ fr- mr\')"', "printf '\\x72\\x6d' | sh", 'zcat payload.gz | bash'],
    good: ['echo aGk= | base64 -d', 'base64 -d in.b64 > out.bin', 'echo ls | bash', 'gunzip -c logs.gz | grep error'],
  },
};

const DECODERS = new Set(['base64', 'base32', 'basenc', 'xxd', 'openssl', 'rev', 'tr', 'uudecode', 'gunzip', 'zcat', 'bzcat', 'xzcat', 'unxz', 'bunzip2', 'zstdcat', 'gzip', 'xz', 'bzip2', 'zstd', 'printf', 'echo']);

function isDecoder(sc: SimpleCommand): string | null {
  const name = effectiveName(sc);
  if (!DECODERS.has(name)) return null;
  const args = sc.argv.map((w) => (w.static ? (w.value ?? '') : w.approx));
  const has = (...f: string[]) => args.some((a) => f.includes(a) || (a.startsWith('-') && !a.startsWith('--') && f.some((x) => x.length === 2 && a.includes(x[1]))));
  switch (name) {
    case 'base64':
    case 'base32':
    case 'basenc':
      return has('-d', '--decode', '-D') ? `${name} -d` : null;
    case 'xxd':
      return has('-r', '-revert') ? 'xxd -r' : null;
    case 'openssl':
      return args.includes('-d') || args.includes('-base64') || args.includes('base64') ? 'openssl decode' : null;
    case 'rev':
    case 'tr':
    case 'uudecode':
    case 'gunzip':
    case 'zcat':
    case 'bzcat':
    case 'xzcat':
    case 'unxz':
    case 'bunzip2':
    case 'zstdcat':
      return name;
    case 'gzip':
    case 'xz':
    case 'bzip2':
    case 'zstd':
      return has('-d', '--decompress') ? `${name} -d` : null;
    case 'printf':
    case 'echo': {
      const t = args.slice(1).join(' ');
      return t.includes('\\x') || t.includes('\\0') || t.includes('\\u') ? `${name} with escapes` : null;
    }
  }
  return null;
}

function isRunner(sc: SimpleCommand): boolean {
  const name = effectiveName(sc);
  return SHELLS.has(name) || INTERPRETERS.has(name) || name === 'eval' || name === 'source' || name === '.';
}

export const decoderExec: Detector = {
  meta,
  concerns: { programs: [] },
  check() {
    return [];
  },
  checkSource(_source: string, ex: Extraction) {
    const out: Finding[] = [];
    for (const c of ex.commands) {
      // Only a decoder in a pipeline or a substitution can feed a runner: look at nothing else.
      const sub = c.context.find((e) => e.kind === 'cmdsub' || e.kind === 'procsub');
      if (!c.pipe && !sub) continue;
      const dec = isDecoder(c);
      if (!dec) continue;
      let runner: SimpleCommand | undefined;
      if (c.pipe) runner = ex.commands.find((d) => d.pipe && d.pipe.id === c.pipe!.id && d.pipe.index > c.pipe!.index && isRunner(d));
      if (!runner) {
        if (sub) runner = ex.commands.find((d) => d !== c && d.argv.some((w) => w.span.start <= sub.span.start && w.span.end >= sub.span.end) && isRunner(d));
        if (!runner && sub) runner = ex.commands.find((d) => d !== c && d.redirects.some((r) => r.target.span.start <= sub.span.start && r.target.span.end >= sub.span.end) && isRunner(d));
      }
      if (runner) {
        out.push({ detector: meta.id, family: meta.family, behavior: 'ask', message: `${dec} feeds ${effectiveName(runner)}`, span: { start: c.span.start, end: Math.max(c.span.end, runner.span.end) } });
      }
    }
    return out;
  },
};
