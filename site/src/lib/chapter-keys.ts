// Constants shared by the build (scripts/prepare.ts), the browser and the tests.

/** Public salt of the per-chapter verifiers: SHA-256(salt ‖ chapter ‖ normalised code). */
export const SITE_SALT = 'gatelab-site/v1';

/** A sentence every locked chapter's body carries, so a test can prove it is never in plaintext. */
export function sentinelFor(chapter: string): string {
  return `Sentinel: chapter ${chapter} body.`;
}
