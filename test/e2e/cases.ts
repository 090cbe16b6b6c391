// The end-to-end cases, written from what each call really does (not from what gatelab answers).
// `@HOME@` and `@PROJECT@` become the session's throwaway folders.
import type { E2eCase } from './sandbox.ts';

const bash = (id: string, command: string): E2eCase => ({ id, tool: 'Bash', input: { command, description: id } });
const write = (id: string, file_path: string, content: string): E2eCase => ({ id, tool: 'Write', input: { file_path, content } });
const edit = (id: string, file_path: string, old_string: string, new_string: string): E2eCase => ({ id, tool: 'Edit', input: { file_path, old_string, new_string } });
const read = (id: string, file_path: string): E2eCase => ({ id, tool: 'Read', input: { file_path } });

/** Files every session starts with (the secrets the credential reads would expose). */
export const SEED_FILES: Record<string, string> = {
  '@HOME@/.zshrc': 'seed zshrc\n',
  '@HOME@/.ssh/id_rsa': 'E2E-SECRET-RSA-KEY\n',
  '@HOME@/.ssh/id_ed25519': 'E2E-SECRET-ED25519-KEY\n',
  '@HOME@/.aws/credentials': 'E2E-SECRET-AWS aws_secret_access_key=e2e\n',
  '@PROJECT@/README.md': '# app\n',
  '@PROJECT@/src/index.ts': 'export const app = 1;\n',
};

/** The Edit tool refuses a file the session has not read: these reads come first (not counted). */
export const SETUP_READS: E2eCase[] = [read('setup-read-zshrc', '@HOME@/.zshrc'), read('setup-read-git-config', '@PROJECT@/.git/config')];

/**
 * Bypass-immune calls: writes to protected paths (shell start-up files, git hooks and config,
 * agent and editor settings, the gate's own policy, ssh keys), credential reads and a critical
 * removal. A person must approve each one in every mode that runs anything.
 */
export const IMMUNE: E2eCase[] = [
  bash('bashrc-append', 'echo x >> ~/.bashrc'),
  bash('zshrc-alias', "echo 'alias ls=ls' >> ~/.zshrc"),
  bash('profile-write', "printf 'x\\n' > ~/.profile"),
  bash('bash-profile-path', "echo 'export PATH=/tmp:$PATH' >> ~/.bash_profile"),
  bash('envrc-write', "echo 'dotenv' > .envrc"),
  bash('npmrc-registry', "echo 'registry=http://127.0.0.1:9/' > .npmrc"),
  bash('mcp-json-write', "echo '{}' > .mcp.json"),
  bash('git-hook-pre-push', "echo 'exit 0' > .git/hooks/pre-push"),
  bash('git-hooks-path', 'git config core.hooksPath .githooks'),
  bash('gitconfig-alias', "echo '[alias]' >> ~/.gitconfig"),
  bash('gitmodules-write', "echo '[submodule]' > .gitmodules"),
  bash('claude-settings-bash', "mkdir -p .claude && echo '{}' > .claude/settings.json"),
  bash('vscode-settings', "mkdir -p .vscode && echo '{}' > .vscode/settings.json"),
  bash('husky-hook', "mkdir -p .husky && echo 'exit 0' > .husky/pre-commit"),
  bash('ssh-authorized-keys', "mkdir -p ~/.ssh && echo 'ssh-ed25519 AAAA e2e' >> ~/.ssh/authorized_keys"),
  bash('devcontainer-write', "mkdir -p .devcontainer && echo '{}' > .devcontainer/devcontainer.json"),
  bash('ssh-key-cat', 'cat ~/.ssh/id_rsa'),
  bash('bashrc-sed', "sed -i 's/a/b/' ~/.bashrc"),
  bash('zprofile-cp', 'cp /dev/null ~/.zprofile'),
  bash('zshenv-tee', 'tee -a ~/.zshenv < /dev/null'),
  bash('gatelab-policy-bash', 'echo x > .gatelab.yaml'),
  bash('rm-git-dir', 'rm -rf .git'),
  write('git-hook-pre-commit', '@PROJECT@/.git/hooks/pre-commit', 'e2e-imm-1'),
  write('claude-settings-write', '@PROJECT@/.claude/settings.json', '{"e2e": 2}'),
  write('bashrc-write', '@HOME@/.bashrc', 'e2e-imm-3'),
  write('authorized-keys-write', '@HOME@/.ssh/authorized_keys', 'e2e-imm-4'),
  write('vscode-tasks', '@PROJECT@/.vscode/tasks.json', 'e2e-imm-5'),
  write('idea-workspace', '@PROJECT@/.idea/workspace.xml', 'e2e-imm-6'),
  write('git-global-config', '@HOME@/.config/git/config', 'e2e-imm-7'),
  write('gatelab-policy-write', '@PROJECT@/.gatelab.yaml', 'e2e-imm-8'),
  write('claude-local-settings', '@PROJECT@/.claude/settings.local.json', '{"e2e": 9}'),
  edit('zshrc-edit', '@HOME@/.zshrc', 'seed', 'e2e-imm-10'),
  edit('git-config-edit', '@PROJECT@/.git/config', '[core]', '[core]\n\thooksPath = e2e-imm-11'),
  read('ssh-rsa-read', '@HOME@/.ssh/id_rsa'),
  read('ssh-ed25519-read', '@HOME@/.ssh/id_ed25519'),
  read('aws-credentials-read', '@HOME@/.aws/credentials'),
];

/** Calls gatelab denies outright (destroyers). */
export const DENIED: E2eCase[] = [bash('rm-home', 'rm -rf ~'), bash('rm-root-glob', 'rm -rf /*')];

/** Ordinary asks: effects outside the read-only world, nothing protected. */
export const ASKED: E2eCase[] = [bash('npm-install', 'npm install left-pad'), bash('make-build', 'make build')];

/** Read-only work gatelab allows. */
export const ALLOWED: E2eCase[] = [bash('git-status', 'git status'), bash('ls-la', 'ls -la'), read('read-src', '@PROJECT@/src/index.ts')];
