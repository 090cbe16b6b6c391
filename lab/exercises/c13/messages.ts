// c13 · Block messages and the audit log. What the agent reads when a call is blocked, and what
// the exported audit log keeps. `lab run c13` tests both functions.

/** The message the agent gets when a call is blocked. */
export function blockMessage(reason: string, guidance: string): string {
  const text = `The target blocked this request: ${reason}. ${guidance}`;
  // Keep messages short.
  return text.length > 4000 ? text.slice(0, 4000) + '...' : text;
}

/** One audit line, ready for the JSONL export. */
export function redactLine(line: string): string {
  return line.replace(/password=\S+/g, 'password=[REDACTED]');
}
