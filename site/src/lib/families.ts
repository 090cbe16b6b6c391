// Short descriptions of the detector families (site copy).
export const FAMILY_TEXT: Record<string, string> = {
  destructive: 'Commands that destroy data or systems.',
  network: 'Downloads that run, uploads that leak, listeners that open.',
  git: 'History rewrites and remote changes that cannot be taken back.',
  protected: 'Writes to configuration that runs code later.',
  persistence: 'Changes that survive the session: shells, cron, services.',
  privilege: 'Becoming someone with more rights.',
  env: 'Environment variables that change what code loads.',
  obfuscation: 'Commands written to hide what they do.',
  carrier: 'Commands that run other code the gate cannot see.',
};
