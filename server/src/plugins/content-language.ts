/**
 * Replies in the user's language: a request's `X-Language` (contract/http HEADER_LANGUAGE,
 * i18n/content.ts) picks the translation of the server's own texts in the reply's `data`.
 * Failures keep the Chinese `msg`: the storefront translates those by their stable reason.
 */
import type { FastifyInstance } from 'fastify';
import { contentTranslator, requestLanguage, translateDeep } from '../i18n/content.ts';

export function registerContentLanguage(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    // Caches must keep one copy per language.
    reply.header('vary', mergeVary(reply.getHeader('vary'), 'x-language'));
  });
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const translate = contentTranslator(requestLanguage(request.headers['x-language']));
    if (!translate || !payload || typeof payload !== 'object' || !('data' in payload)) {
      return payload;
    }
    return { ...payload, data: translateDeep((payload as { data: unknown }).data, translate) };
  });
}

function mergeVary(current: unknown, name: string): string {
  const names = String(current ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return names.some((part) => part.toLowerCase() === name)
    ? names.join(', ')
    : [...names, name].join(', ');
}
