// Static paths: what each file really holds decides its class, and look-alikes that hold no
// secret and run no code stay ordinary. Facts come from each tool's documentation.
import { describe, expect, it } from 'vitest';
import { classifyPath, credentialReason, protectedReason, type PathClass, type PathContext } from '../../engine/paths/index.ts';

const ctx: PathContext = { cwd: '/w/proj', home: '/home/ana', workspace: ['/w/proj'] };
const classes = (p: string, c: PathContext = ctx) => [...classifyPath(p, c).classes].sort();
const has = (p: string, k: PathClass, c: PathContext = ctx) => classifyPath(p, c).classes.has(k);

describe('credential reads', () => {
  it.each([
    ['~/.ssh/id_rsa', 'OpenSSH private key'],
    ['~/.ssh/id_ed25519_work', 'a renamed private key next to its .pub'],
    ['~/.ssh/deploy_key', 'a custom-named key in ~/.ssh (ssh -i reads it)'],
    ['~/.ssh/config', 'host aliases, users, IdentityFile and ProxyCommand lines'],
    ['/home/bob/.ssh/id_ecdsa', "another user's key"],
    ['/Users/carol/.aws/credentials', 'aws_secret_access_key (macOS home)'],
    ['/var/root/.netrc', 'macOS root home: machine/login/password lines'],
    ['~/.aws/sso/cache/abc.json', 'AWS SSO access tokens'],
    ['~/.config/gcloud/application_default_credentials.json', 'gcloud ADC refresh token'],
    ['~/.config/gcloud/legacy_credentials/a@b/adc.json', 'gcloud per-account credentials'],
    ['~/.azure/msal_token_cache.json', 'Azure CLI token cache'],
    ['~/.kube/config', 'cluster client certificates and tokens'],
    ['~/.kube/prod.yaml', 'another kubeconfig in the same folder'],
    ['~/.docker/config.json', 'registry auths (base64 user:password)'],
    ['~/.gnupg/private-keys-v1.d/AB12.key', 'GnuPG secret key'],
    ['~/.netrc', 'machine/login/password'],
    ['~/.pgpass', 'hostname:port:db:user:password'],
    ['~/.git-credentials', 'https://user:token@host (credential.helper store)'],
    ['~/.config/gh/hosts.yml', 'gh oauth_token'],
    ['~/.npmrc', '//registry.npmjs.org/:_authToken='],
    ['~/.pypirc', 'PyPI password / API token'],
    ['~/.cargo/credentials.toml', 'crates.io token'],
    ['~/.cargo/credentials', 'crates.io token (older name)'],
    ['~/.terraform.d/credentials.tfrc.json', 'Terraform Cloud API token'],
    ['~/.vault-token', 'HashiCorp Vault token'],
    ['~/.password-store/email/gmail.gpg', 'pass entry'],
    ['~/.claude/.credentials.json', 'Claude Code OAuth tokens (Linux)'],
    ['~/.codex/auth.json', 'Codex CLI API key / tokens'],
    ['~/.gemini/oauth_creds.json', 'Gemini CLI OAuth tokens'],
    ['~/.config/op/config', '1Password CLI account and session data'],
    ['~/.config/github-copilot/apps.json', 'Copilot OAuth token'],
    ['~/.config/somecli/auth.json', 'a CLI auth file under ~/.config/<tool>/'],
    ['~/.mozilla/firefox/x.default/logins.json', 'Firefox saved passwords'],
    ['~/.config/google-chrome/Default/Cookies', 'Chrome session cookies'],
    ['~/Library/Application Support/Google/Chrome/Default/Login Data', 'Chrome saved passwords (macOS)'],
    ['~/.local/share/keyrings/login.keyring', 'GNOME keyring'],
    ['~/Library/Keychains/login.keychain-db', 'macOS login keychain'],
    ['~/.SSH/ID_RSA', 'macOS file systems ignore case'],
  ])('%s (%s)', (p) => {
    expect(has(p, 'credential')).toBe(true);
  });

  it.each([
    ['/w/proj/certs/server.pem', 'PEM private key'],
    ['/w/proj/tls/site.key', 'TLS private key'],
    ['/w/proj/signing.p12', 'PKCS#12 bundle'],
    ['/w/proj/android/release.jks', 'Java keystore'],
    ['/w/proj/vault.kdbx', 'KeePass database'],
    ['/w/proj/.env', 'dotenv secrets'],
    ['/w/proj/.env.production', 'dotenv secrets'],
    ['/w/proj/.env.local', 'dotenv secrets'],
    ['/w/proj/config/secrets.yaml', 'secrets file'],
    ['/w/proj/client_secret_123.json', 'OAuth client secret'],
    ['/w/proj/db-credentials.json', 'credentials file'],
    ['/w/proj/infra/terraform.tfstate', 'Terraform state holds resource secrets'],
    ['/w/proj/infra/terraform.tfstate.backup', 'Terraform state backup'],
    ['/w/proj/service-account-prod.json', 'GCP service-account key'],
    ['/w/proj/keys/id_rsa', 'an SSH key outside ~/.ssh'],
    ['/etc/shadow', 'password hashes'],
    ['/etc/gshadow', 'group password hashes'],
    ['/etc/shadow-', 'the backup passwd(8) keeps'],
    ['/etc/gshadow-', 'the backup'],
    ['/etc/shadow.bak', 'a manual backup'],
    ['/var/backups/shadow.bak', "Debian's daily backup"],
    ['/etc/sudoers', 'sudo rules'],
    ['/etc/sudoers.d/90-cloud-init-users', 'sudo rules'],
    ['/etc/ssh/ssh_host_ed25519_key', 'SSH host private key'],
    ['/proc/1/environ', 'the environment of process 1'],
    ['/proc/self/environ', 'our own environment (tokens passed as env)'],
    ['/proc/self/mem', 'process memory'],
    ['/dev/mem', 'physical memory'],
    ['/var/run/secrets/kubernetes.io/serviceaccount/token', 'k8s service-account token'],
    ['/run/secrets/db_password', 'docker swarm / compose secret'],
    ['/private/etc/sudoers', 'macOS /etc is /private/etc'],
  ])('%s (%s)', (p) => {
    expect(has(p, 'credential')).toBe(true);
  });

  it.each([
    ['/w/proj/.env.example', 'a template with placeholder values'],
    ['/w/proj/.env.sample', 'a template'],
    ['/w/proj/.env.template', 'a template'],
    ['/w/proj/src/keyboard.ts', 'source code'],
    ['/w/proj/docs/ssh.md', 'documentation about ssh'],
    ['/w/proj/src/secrets.ts', 'code that handles secrets'],
    ['/w/proj/engine/detectors/credential-read.ts', 'a detector about credentials'],
    ['/w/proj/test/password-reset.test.ts', 'a test'],
    ['/w/proj/docs/credentials.md', 'documentation'],
    ['/w/proj/models/tokenizer.json', 'an ML tokenizer vocabulary'],
    ['/home/ana/.ssh/id_rsa.pub', 'a public key'],
    ['/home/ana/.ssh/known_hosts', 'host fingerprints'],
    ['/root/.ssh/authorized_keys', 'public keys allowed to log in (a write is protected, a read exposes nothing)'],
    ['/etc/ssh/ssh_host_rsa_key.pub', 'a public host key'],
    ['/etc/passwd', 'world-readable account list, no hashes'],
    ['/etc/hosts', 'host names'],
    ['/w/proj/src/keys.ts', 'source code'],
    ['/w/proj/ssh/README', 'a folder named ssh (not .ssh)'],
    ['/w/proj/package.json', 'a manifest'],
  ])('%s is not a credential (%s)', (p) => {
    expect(has(p, 'credential')).toBe(false);
  });

  it('gives a reason per class, class reasons before notes on the spelling', () => {
    const i = classifyPath('~root/.aws/credentials', ctx);
    expect(i.why?.credential).toBe('AWS credentials');
    expect(i.why?.outside).toBe('outside the workspace');
    expect(i.reasons[0]).toBe('AWS credentials');
    expect(i.reasons.at(-1)).toBe('~root is /root');
  });

  it('gives a reason that names the store', () => {
    expect(credentialReason('/home/ana/.aws/credentials', '/home/ana')).toBe('AWS credentials');
    expect(credentialReason('/w/proj/README.md', '/home/ana')).toBeNull();
  });
});

describe('protected writes', () => {
  it.each([
    ['/w/proj/.git/config', 'git configuration'],
    ['/w/proj/.git/hooks/pre-commit', 'a git hook'],
    ['/w/proj/.claude/settings.json', 'Claude Code settings'],
    ['/w/proj/.claude/commands/x.md', 'everything under .claude'],
    ['/w/proj/.vscode/settings.json', 'editor settings'],
    ['/w/proj/.idea/workspace.xml', 'IDE settings'],
    ['/w/proj/.husky/pre-push', 'a husky hook'],
    ['/w/proj/.devcontainer/devcontainer.json', 'dev container commands'],
    ['/home/ana/.config/git/config', 'global git config'],
    ['/home/ana/.ssh/authorized_keys', 'SSH login keys'],
    ['/w/proj/.gitmodules', 'submodule URLs'],
    ['/home/ana/.gitconfig', 'global git config'],
    ['/w/proj/.envrc', 'direnv runs it on cd'],
    ['/w/proj/.mcp.json', 'MCP servers the client starts'],
    ['/w/proj/CLAUDE.md', 'agent instructions'],
    ['/w/proj/AGENTS.md', 'agent instructions'],
  ])('%s (%s)', (p) => {
    expect(has(p, 'protected')).toBe(true);
  });

  it.each([
    ['/w/proj/.gatelab.yaml', 'the project policy'],
    ['/w/proj/.gatelab/rules.yaml', 'gate folder'],
    ['/w/proj/.claude/settings.local.json', 'local settings'],
    ['/home/ana/.claude/settings.json', 'user settings'],
    ['/home/ana/.claude.json', 'user state and MCP servers'],
    ['/etc/claude-code/managed-settings.json', 'managed settings (Linux)'],
    ['/Library/Application Support/ClaudeCode/managed-settings.json', 'managed settings (macOS)'],
    ['/w/proj/.claude/hooks/guard.sh', 'a hook script'],
  ])('gate configuration %s (%s) is protected in every profile', (p) => {
    expect(classes(p)).toEqual(expect.arrayContaining(['gate-config', 'protected']));
  });

  it('protects the files the hook read its policy from', () => {
    const c: PathContext = { ...ctx, gateFiles: ['/opt/gate/policy.yaml', '/srv/gate'] };
    expect(has('/opt/gate/policy.yaml', 'gate-config', c)).toBe(true);
    expect(has('/srv/gate/extra.yaml', 'gate-config', c)).toBe(true);
    expect(has('/opt/gate/other.yaml', 'gate-config', c)).toBe(false);
    expect(has('/opt/gate/policy.yaml', 'gate-config')).toBe(false);
  });

  it.each([
    ['/home/ana/.bashrc', 'bash runs it for every interactive shell'],
    ['/home/ana/.zshenv', 'zsh runs it for every shell'],
    ['/home/ana/.config/fish/config.fish', 'fish start-up'],
    ['/etc/profile.d/x.sh', 'login shells source it'],
    ['/etc/bash.bashrc', 'system bashrc'],
    ['/etc/cron.d/job', 'cron runs it'],
    ['/etc/cron.daily/job', 'run-parts runs it'],
    ['/var/spool/cron/crontabs/ana', 'a user crontab'],
    ['/etc/systemd/system/x.service', 'a system unit'],
    ['/home/ana/.config/systemd/user/x.service', 'a user unit'],
    ['/home/ana/.config/autostart/x.desktop', 'desktop autostart'],
    ['/home/ana/Library/LaunchAgents/x.plist', 'launchd agent'],
    ['/Library/LaunchDaemons/x.plist', 'launchd daemon'],
    ['/w/proj/.git/hooks/post-checkout', 'git runs it'],
    ['/w/proj/.git/config', 'core.fsmonitor, pagers, filters run code'],
    ['/etc/ld.so.preload', 'every dynamic program loads it'],
    ['/etc/rc.local', 'runs at boot'],
  ])('persistence %s (%s)', (p) => {
    expect(classes(p)).toContain('persistence');
  });

  it('persistence alone is not a protected write; the §6 files are both', () => {
    expect(classes('/etc/cron.d/job')).not.toContain('protected');
    expect(classes('/home/ana/.config/systemd/user/a.service')).not.toContain('protected');
    expect(classes('/home/ana/.bashrc')).toEqual(expect.arrayContaining(['persistence', 'protected']));
    expect(classes('/w/proj/.git/hooks/pre-commit')).toEqual(expect.arrayContaining(['persistence', 'protected']));
  });

  it.each([
    ['/w/proj/.claude/worktrees/feature/src/a.ts', 'Claude Code worktrees are ordinary checkouts'],
    ['/w/proj/src/settings.json', 'an app config outside any agent folder'],
    ['/w/proj/src/git.ts', 'source code'],
    ['/w/proj/docs/bashrc.md', 'documentation'],
    ['/w/proj/.github/workflows/ci.yml', 'CI config is reviewed in a pull request'],
    ['/tmp/x.sh', 'a temp file'],
  ])('%s is not protected (%s)', (p) => {
    expect(has(p, 'protected')).toBe(false);
  });

  it('keeps the older reason API', () => {
    expect(protectedReason('/w/proj/.git/config', '/home/ana')).toBe('.git/');
    expect(protectedReason('/w/proj/src/a.ts', '/home/ana')).toBeNull();
  });
});

describe('critical paths', () => {
  it.each([
    ['/', 'the root'],
    ['/usr', 'a top-level system folder'],
    ['/etc', 'a top-level system folder'],
    ['/data', 'any top-level folder'],
    ['/usr/lib', 'system libraries'],
    ['/home/ana', 'the home'],
    ['/home/bob', 'another home'],
    ['/root', "root's home"],
    ['/Users/carol', 'a macOS home'],
    ['/w/proj', 'the workspace root'],
    ['/w', 'an ancestor of the workspace'],
    ['/w/proj/.git', 'the repository'],
    ['/w/proj/..', 'spelled with ..'],
    ['//usr//', 'spelled with //'],
  ])('%s (%s)', (p) => {
    expect(has(p, 'critical')).toBe(true);
  });

  it.each(['/w/proj/src', '/w/proj/node_modules', '/home/ana/proj/build', '/tmp/x', '/w/proj/.git/hooks/pre-commit'])('%s is not critical', (p) => {
    expect(has(p, 'critical')).toBe(false);
  });
});

describe('devices', () => {
  it.each(['/dev/sda', '/dev/sdb1', '/dev/nvme0n1', '/dev/nvme0n1p2', '/dev/mmcblk0', '/dev/disk/by-id/ata-X', '/dev/disk/by-uuid/1234', '/dev/mapper/vg-root', '/dev/dm-0', '/dev/loop0', '/dev/md0', '/dev/xvda', '/dev/vda', '/dev/hda', '/dev/mem', '/dev/kmem', '/dev/port', '/dev/disk0', '/dev/rdisk2'])(
    '%s is a device',
    (p) => {
      expect(has(p, 'device')).toBe(true);
    },
  );

  it.each(['/dev/null', '/dev/zero', '/dev/tty', '/dev/urandom', '/dev/pts/3'])('%s is harmless', (p) => {
    const i = classifyPath(p, ctx);
    expect(i.harmless).toBe(true);
    expect(i.classes.size).toBe(0);
  });

  it.each([
    ['/dev/stdout', 1],
    ['/dev/stderr', 2],
    ['/dev/stdin', 0],
    ['/dev/fd/0', 0],
    ['/dev/fd/3', 3],
    ['/proc/self/fd/1', 1],
  ])('%s is file descriptor %i', (p, fd) => {
    expect(classifyPath(p, ctx).fd).toBe(fd);
  });
});

describe('workspace boundary', () => {
  it('places relative paths against the cwd', () => {
    expect(classes('src/a.ts')).toEqual(['workspace']);
    expect(classes('../other/a.ts')).toEqual(['outside']);
    expect(classes('/tmp/a')).toEqual(['outside']);
  });
});
