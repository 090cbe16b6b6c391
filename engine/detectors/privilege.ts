// Privilege changes: sudo, su, doas, pkexec, setuid bits, chown root, setcap, sudoers.
import type { Detector, DetectorMeta } from './types.ts';
import type { Finding } from '../types.ts';
import { parseOptions } from '../shell/normalize/index.ts';
import { ctxFor, effectsFor, finding, TARGET_KINDS, text } from './util.ts';

const meta: DetectorMeta = {
  id: 'privilege',
  family: 'privilege',
  title: 'Privilege escalation',
  rationale: 'Root (or another user) bypasses every file permission the session relies on.',
  behaviour: 'ask',
  examples: {
    bad: ['sudo apt install jq', 'su -c whoami', 'doas ls /root', 'chmod u+s /usr/bin/find', 'chmod 4755 ./tool', 'chown root:root ./tool', 'setcap cap_setuid+ep ./py', 'echo "dev ALL=(ALL) NOPASSWD:ALL" >> /etc/sudoers'],
    good: ['chmod 755 script.sh', 'chown dev:dev file', 'echo sudo', 'grep sudo notes.md'],
  },
};

const ELEVATE = new Set(['sudo', 'su', 'doas', 'pkexec', 'runuser', 'sudoedit', 'visudo', 'setcap', 'setpriv', 'newgrp', 'sg', 'chroot', 'nsenter', 'unshare', 'capsh']);
const WRAPPED = new Set(['sudo', 'doas', 'su', 'pkexec', 'runuser']);

function setuidMode(m: string): boolean {
  if (m.length >= 4 && m.length <= 5 && /* octal */ [...m].every((c) => c >= '0' && c <= '7')) {
    const d = m.length === 5 ? m[1] : m[0];
    return d !== '0' && d !== '1';
  }
  for (const part of m.split(',')) {
    const k = indexOfOp(part);
    if (k < 0) continue;
    if (part[k] !== '-' && part.slice(k + 1).includes('s')) return true;
  }
  return false;
}

function indexOfOp(s: string): number {
  for (let i = 0; i < s.length; i++) if (s[i] === '+' || s[i] === '=' || s[i] === '-') return i;
  return -1;
}

export const privilege: Detector = {
  meta,
  concerns: { effects: ['write', 'delete', 'mode', 'owner', 'device'], programs: [...ELEVATE, 'chmod', 'chown', 'chgrp', 'install'], via: [...WRAPPED] },
  check(inv, ctx0) {
    const ctx = ctxFor(inv, ctx0);
    const out: Finding[] = [];
    for (const v of inv.via) {
      const sp = v.name.indexOf(' ');
      const head = sp < 0 ? v.name : v.name.slice(0, sp);
      if (WRAPPED.has(head)) out.push(finding(meta, inv, `runs ${inv.name || 'a command'} through ${v.name}`));
    }
    // every path it writes, deletes or changes (as writeTargets lists them) under /etc/sudoers*
    for (const e of effectsFor(inv, ctx)) {
      const abs = e.path?.abs;
      if (abs && abs.startsWith('/etc/sudoers') && TARGET_KINDS.has(e.kind)) out.push(finding(meta, inv, `${e.how} writes ${abs}`, e.path!.word));
    }
    if (!inv.program.static) return out;
    const name = inv.name;
    if (ELEVATE.has(name)) out.push(finding(meta, inv, `${name} changes privileges`));
    if (name === 'chmod') {
      const p = parseOptions(inv);
      const m = p.operands[0] ? text(p.operands[0]) : '';
      if (m && setuidMode(m)) out.push(finding(meta, inv, `chmod ${m} sets a setuid/setgid bit`, p.operands[0]));
    }
    if (name === 'chown' || name === 'chgrp') {
      const p = parseOptions(inv);
      const o = p.operands[0] ? text(p.operands[0]) : '';
      const user = o.split(':')[0].split('.')[0];
      const group = o.includes(':') ? o.slice(o.indexOf(':') + 1) : '';
      if (name === 'chown' && (user === 'root' || user === '0' || group === 'root' || group === '0' || group === 'wheel' || group === 'sudo')) out.push(finding(meta, inv, `chown ${o} hands files to root`, p.operands[0]));
      if (name === 'chgrp' && (o === 'root' || o === '0' || o === 'wheel' || o === 'sudo')) out.push(finding(meta, inv, `chgrp ${o}`, p.operands[0]));
    }
    if (name === 'install') {
      const m = inv.args.findIndex((w) => text(w) === '-m' || text(w) === '--mode');
      if (m >= 0 && inv.args[m + 1] && setuidMode(text(inv.args[m + 1]))) out.push(finding(meta, inv, 'install sets a setuid/setgid mode', inv.args[m + 1]));
    }
    return out;
  },
};
