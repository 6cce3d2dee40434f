/**
 * Gives every failure envelope its stable code: the message is looked up in contract/errors.ts
 * (exact texts first, then templates), so the throw sites keep throwing plain messages.
 */
import { ERROR_MESSAGES, FALLBACK_REASONS, type ErrorReason } from '../../../contract/errors.ts';
import { ResultCode } from '../../../contract/http.ts';

export interface FailureEnvelope {
  code: number;
  msg: string;
  data: null;
  reason: ErrorReason;
  params?: Record<string, string>;
  terms?: Record<string, string[]>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, ErrorReason>();
const templates: { reason: ErrorReason; pattern: RegExp }[] = [];
for (const [reason, message] of Object.entries(ERROR_MESSAGES) as [ErrorReason, string][]) {
  if (!message.includes('{')) {
    exact.set(message, reason);
    continue;
  }
  const seen = new Set<string>();
  // A part named twice (UNDER_AGE's age) must read the same both times.
  const source = message
    .split(/(\{\w+\})/)
    .map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      if (!name) return escape(piece);
      if (seen.has(name)) return `\\k<${name}>`;
      seen.add(name);
      return `(?<${name}>.+?)`;
    })
    .join('');
  templates.push({ reason, pattern: new RegExp(`^${source}$`, 's') });
}

/** The stable code of a message (and its parts), or undefined when the table has no such text. */
export function reasonOf(
  msg: string,
): { reason: ErrorReason; params?: Record<string, string> } | undefined {
  const reason = exact.get(msg);
  if (reason) return { reason };
  for (const template of templates) {
    const match = template.pattern.exec(msg);
    if (match) return { reason: template.reason, params: { ...match.groups } };
  }
  return undefined;
}

/**
 * `{ code, msg, data: null, reason, params?, terms? }` for a failure with this envelope code and
 * HTTP status. `terms` (catalogue keys of what a part names) is kept only for parts the message has.
 */
export function failure(
  code: number,
  msg: string,
  status: number,
  terms?: Record<string, string[]>,
): FailureEnvelope {
  const found = reasonOf(msg);
  const reason =
    found?.reason ??
    FALLBACK_REASONS[status] ??
    (status >= 500 ? 'INTERNAL_ERROR' : FALLBACK_REASONS[ResultCode.BAD_REQUEST]!);
  if (!found?.params) return { code, msg, data: null, reason };
  const params = found.params;
  const named = Object.entries(terms ?? {}).filter(([part]) => part in params);
  return named.length > 0
    ? { code, msg, data: null, reason, params, terms: Object.fromEntries(named) }
    : { code, msg, data: null, reason, params };
}
