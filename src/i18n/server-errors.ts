/**
 * The server's failures in the user's language. A failure envelope carries `reason`, a stable
 * code of contract/errors.ts, and the `params` of its message; the served dictionaries hold each
 * code's text as `serverError.<code>`. In Simplified Chinese the server's `msg` is that text
 * already, so only the generic codes' texts are compiled in, in the shared area (the
 * mini-programs' main package has a size budget). The server's own `msg` stays when the dictionary has no text for the code
 * (a newer server) or when a generic code comes with other words (a bank's), so a translation
 * never hides something the server said.
 */
import type { Envelope } from '../../contract/http';
import { sharedMessages } from '../../contract/i18n/zh-Hans/shared';
import { DEFAULT_LANGUAGE, getLanguage, interpolate, languagePack, type Language } from './index';

/**
 * The message's parts with those that name catalogue terms (`envelope.terms`: checks, documents)
 * named in the language of `messages`; a part keeps the server's words when a term is unknown.
 */
function partsIn(
  language: Language,
  messages: Readonly<Record<string, string>>,
  envelope: Envelope<unknown>,
): Record<string, string> | undefined {
  if (!envelope.terms || !envelope.params) return envelope.params;
  const parts = { ...envelope.params };
  const separator = language.startsWith('zh') ? '、' : ', ';
  for (const [part, keys] of Object.entries(envelope.terms)) {
    const names = keys.map((key) => messages[key]);
    if (part in parts && names.every((name) => name !== undefined)) {
      parts[part] = names.join(separator);
    }
  }
  return parts;
}

/** The envelope with `msg` in the current language when the server's failure has a known code. */
export function localiseFailure<T>(envelope: Envelope<T>): Envelope<T> {
  const language = getLanguage();
  if (!envelope.reason || language === DEFAULT_LANGUAGE) return envelope;
  const key = `serverError.${envelope.reason}`;
  const messages = languagePack(language)?.messages;
  const text = messages?.[key];
  if (!messages || text === undefined) return envelope;
  // Generic codes: translated only when msg is the code's own text, filled in.
  const generic = (sharedMessages as Readonly<Record<string, string>>)[key];
  if (generic !== undefined && interpolate(generic, envelope.params) !== envelope.msg)
    return envelope;
  return { ...envelope, msg: interpolate(text, partsIn(language, messages, envelope)) };
}
