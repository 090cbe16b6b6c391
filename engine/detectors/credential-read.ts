// Reading private keys, cloud credentials, tokens and .env files → immune ask.
import type { Detector, DetectorMeta, DetectContext } from './types.ts';
import type { Finding } from '../types.ts';
import type { Word } from '../shell/types.ts';
import { credentialReason } from '../paths/index.ts';
import { ctxFor, finding, homeForm, text } from './util.ts';

const meta: DetectorMeta = {
  id: 'credential-read',
  family: 'protected',
  title: 'Credential read',
  rationale: 'Private keys, tokens and secrets read into an agent session can leak through its output or the network.',
  behaviour: 'ask',
  safety: 'credentialRead',
  examples: {
    bad: ['cat ~/.ssh/id_rsa', 'base64 < ~/.aws/credentials', 'grep TOKEN .env', 'head -n 5 .env.production', 'cp ~/.kube/config /tmp/k', 'cat /proc/self/environ', 'cat ~/.ssh/*'],
    good: ['cat .env.example', 'cat ~/.ssh/id_rsa.pub', 'ls ~/.ssh', 'ssh -i ~/.ssh/id_ed25519 host uptime', 'cat README.md'],
  },
};

/** Programs whose path arguments are not read for content. */
const NOT_READERS = new Set(['ls', 'stat', 'rm', 'rmdir', 'touch', 'mkdir', 'chmod', 'chown', 'chgrp', 'test', '[', 'realpath', 'readlink', 'basename', 'dirname', 'du', 'echo', 'printf', 'which', 'type', 'cd', 'mv', 'ln', 'find', 'fd', 'tree', 'file', 'ssh-add', 'ssh-keygen']);
const KEY_OPTION = new Set(['-i', '-F', '--identity', '-k']);
const CRED_DIRS = ['.ssh', '.aws', '.gnupg', '.config/gcloud', '.kube', '.docker', '.azure'];

/** Substrings one of which every credential path's spelling must contain (cheap pre-filter). */
const MARKERS = ['.ssh', '.env', '.aws', 'netrc', 'credential', '.npmrc', '.pypirc', 'gh/', 'hosts.yml', '.docker', '.kube', 'gcloud', '.azure', '.gnupg', 'shadow', 'environ', 'sudoers', '.pem', '.key', '.p12', '.pfx', '_key', 'id_', '$', '*', '?', '['];

/** Markers by their first character code (all are ASCII): one pass over the text. */
const BY_FIRST: (string[] | undefined)[] = [];
for (const m of MARKERS) (BY_FIRST[m.charCodeAt(0)] ??= []).push(m);

function suspicious(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    const ms = c < 128 ? BY_FIRST[c] : undefined;
    if (ms) for (const m of ms) if (t.startsWith(m, i)) return true;
  }
  return false;
}

/** The cwd's verdict, for the last cwd seen (a pure function of the string). */
let lastCwd: string | null = null;
let lastCwdSuspicious = false;
function cwdSuspicious(ctx: DetectContext): boolean {
  if (ctx.cwd !== lastCwd) {
    lastCwdSuspicious = suspicious(ctx.cwd);
    lastCwd = ctx.cwd;
  }
  return lastCwdSuspicious;
}

function reason(w: Word, ctx: DetectContext): string | null {
  let t = text(w);
  if (!suspicious(t) && !cwdSuspicious(ctx)) return null;
  const at = t.indexOf('@');
  if (at >= 0 && (at === 0 || t[at - 1] === '=')) t = t.slice(at + 1); // -d @file, -F x=@file
  const eq = t.indexOf('=');
  if (w.static && eq > 0 && t.startsWith('-')) t = t.slice(eq + 1); // --file=path
  let abs: string | null = null;
  if (w.static) abs = ctx.resolve(t);
  else if (!w.static && t === w.approx) abs = homeForm(t, ctx);
  if (abs !== null) return credentialReason(abs, ctx.home);
  // globs: a glob in a credential directory, or `.env*`
  const gp = w.globPrefix ?? (w.approx.startsWith('$HOME/') ? ctx.home + w.approx.slice(5) : undefined);
  if (gp === undefined) return null;
  const dir = gp.lastIndexOf('/') >= 0 ? ctx.resolve(gp.slice(0, gp.lastIndexOf('/') + 1)) : ctx.cwd;
  const base = gp.slice(gp.lastIndexOf('/') + 1);
  for (const d of CRED_DIRS) {
    const full = ctx.home + '/' + d;
    if (dir === full || dir.startsWith(full + '/')) return `files in ~/${d}`;
  }
  if (base.startsWith('.env')) return 'environment secrets files';
  if (base === '' && (dir === ctx.home + '/.ssh')) return 'SSH keys';
  return null;
}

export const credentialRead: Detector = {
  meta,
  check(inv, ctx0) {
    const ctx = ctxFor(inv, ctx0);
    const out: Finding[] = [];
    for (const r of inv.redirects) {
      if ((r.op === '<' || r.op === '<>') ) {
        const why = reason(r.target, ctx);
        if (why) out.push(finding(meta, inv, `reads ${why} (${text(r.target)})`, r.target));
      }
    }
    if (!inv.program.static || NOT_READERS.has(inv.name)) return out;
    const args = inv.args;
    for (let i = 0; i < args.length; i++) {
      const w = args[i];
      if (w.static && KEY_OPTION.has(w.value ?? '') && (inv.name === 'ssh' || inv.name === 'scp' || inv.name === 'sftp' || inv.name === 'rsync' || inv.name === 'git')) {
        i++;
        continue;
      }
      const why = reason(w, ctx);
      if (why) out.push(finding(meta, inv, `${inv.name} reads ${why} (${text(w)})`, w));
    }
    return out;
  },
};
