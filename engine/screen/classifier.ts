// The screen's classifier interface and a deterministic reference classifier.
// Injection is an authority problem: text that claims to override the agent's instructions,
// speaks to the agent as its operator, or asks it to hide things or move secrets. Ordinary
// documentation ("run npm install", "you must set API_KEY") is not.
import { compilePattern, type Pattern } from '../regex/index.ts';
import type { ScreenWindow } from './windows.ts';

export type ScreenVerdict = 'pass' | 'warn' | 'quarantine';

export interface ClassifierResult {
  /** 'quarantine' is the strict verdict: screening stops at the first one. */
  verdict: ScreenVerdict;
  reason: string;
}

/**
 * A classifier answers at once or with a promise (a model). screenResult takes only answers given
 * at once; screenToolResult awaits promises under a deadline it enforces itself.
 */
export interface Classifier {
  readonly name: string;
  readonly async?: boolean;
  classify(window: ScreenWindow): ClassifierResult | Promise<ClassifierResult>;
}

/** A classifier that always answers at once (the reference, a test double). */
export interface SyncClassifier extends Classifier {
  classify(window: ScreenWindow): ClassifierResult;
}

const STRICT: [string, string][] = [
  ['\\b(ignore|disregard|forget|override)\\s+(all\\s+|any\\s+)?(of\\s+)?(the\\s+|your\\s+|my\\s+)?(previous|prior|above|earlier|preceding|original|system)\\s+(instructions|prompts?|directions|rules|guidelines)', 'tells the agent to drop its instructions'],
  ['\\bif\\s+you\\s+are\\s+an?\\s+(ai|assistant|agent|llm|language\\s+model|coding\\s+agent)\\b', 'addresses an AI reader to give it orders'],
  ['\\byou\\s+are\\s+now\\s+(in\\s+)?(developer\\s+mode|dan\\b|an?\\s+unrestricted|jailbroken|no\\s+longer)', 'tries to replace the agent\'s role'],
  ['(<\\|im_start\\|>|<\\|system\\|>|<\\|endoftext\\|>|\\[/?INST\\]|<</?SYS>>)', 'carries chat-template control tokens'],
  ['\\b(do\\s+not|don\'t|never)\\s+(tell|inform|alert|notify|mention\\s+(this|it)\\s+to)\\s+the\\s+(user|human|operator)', 'asks the agent to hide something from the user'],
  ['-----BEGIN\\s+([A-Z]+\\s+)?PRIVATE\\s+KEY-----', 'contains credential material (a private key)'],
  ['\\b(AKIA|ASIA)[0-9A-Z]{16}\\b', 'contains credential material (an AWS access key)'],
  ['\\b(ghp|gho|ghs|ghu)_[A-Za-z0-9]{36}\\b', 'contains credential material (a GitHub token)'],
  ['\\b(xoxb|xoxp)-[0-9A-Za-z-]{20,}', 'contains credential material (a Slack token)'],
];

const WARN: [string, string][] = [
  ['\\b(send|post|upload|exfiltrate|forward|leak|paste)\\s+(the\\s+|your\\s+|all\\s+|any\\s+)?(api\\s*keys?|tokens?|credentials|secrets|passwords|ssh\\s+keys?|env(ironment)?\\s+variables|\\.env(\\s+file)?|id_rsa)\\s+(to|into)\\b', 'asks for secrets to be sent somewhere'],
  ['\\b(new|updated|real|true)\\s+(system\\s+)?instructions\\s*:', 'announces new instructions'],
  ['\\b(system\\s+prompt|developer\\s+message)\\b', 'mentions the system prompt'],
  ['\\b(attention|note|message|instructions?)\\s+(to|for)\\s+(the\\s+)?(ai|assistant|agent|llm|claude|chatgpt|copilot)\\b', 'addresses the agent directly'],
  ['\\bcurl\\s[^|\\n]{0,200}\\|\\s*(sudo\\s+)?(ba|z|da)?sh\\b', 'pipes a download into a shell'],
  ['[\u200B\u200C\u200D\u2060\uFEFF]', 'contains invisible characters'],
  ['<!--[^>]{0,300}\\b(assistant|agent|ai|llm)\\b', 'hides text for an AI in a comment'],
];

let compiled: { strict: [Pattern, string][]; warn: [Pattern, string][] } | null = null;
function patterns() {
  compiled ??= {
    strict: STRICT.map(([s, r]) => [compilePattern(s, { ignoreCase: !s.includes('PRIVATE') && !s.includes('AKIA') && !s.includes('ghp') && !s.includes('xoxb') }), r]),
    warn: WARN.map(([s, r]) => [compilePattern(s, { ignoreCase: true }), r]),
  };
  return compiled;
}

/** Strict signal → quarantine; two different warn signals → quarantine; one → warn. */
export const referenceClassifier: SyncClassifier = {
  name: 'reference',
  classify(w: ScreenWindow): ClassifierResult {
    const p = patterns();
    for (const [re, why] of p.strict) if (re.test(w.text)) return { verdict: 'quarantine', reason: why };
    const warns = p.warn.filter(([re]) => re.test(w.text)).map(([, why]) => why);
    if (warns.length >= 2) return { verdict: 'quarantine', reason: warns.join('; ') };
    if (warns.length === 1) return { verdict: 'warn', reason: warns[0]! };
    return { verdict: 'pass', reason: 'no instruction aimed at the agent' };
  },
};
