// A deliberately naive gate: plain string matching, the way many first gates are written.
// Do not fix it. Your job in c14 is to find a command it allows that the reference engine does not.
export type NaiveDecision = 'allow' | 'deny' | 'ask';

const BLOCKED = ['rm -rf /', 'rm -rf ~', 'rm -rf *', 'mkfs', 'dd if=', ':(){', 'curl | sh', 'wget | sh', 'sudo ', 'chmod 777', '.ssh', '.aws', '.env'];
const READ_ONLY = ['ls', 'cat', 'echo', 'grep', 'head', 'tail', 'wc', 'pwd', 'find', 'git status', 'git log', 'git diff', 'sort', 'diff', 'tree', 'printf', 'env', 'which'];

export function naiveGate(command: string): NaiveDecision {
  const text = command.trim();
  for (const bad of BLOCKED) if (text.includes(bad)) return 'deny';
  for (const ok of READ_ONLY) if (text === ok || text.startsWith(ok + ' ')) return 'allow';
  return 'ask';
}
