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
import { DEFAULT_LANGUAGE, getLanguage, interpolate, languagePack } from './index';

/** The envelope with `msg` in the current language when the server's failure has a known code. */
export function localiseFailure<T>(envelope: Envelope<T>): Envelope<T> {
  const language = getLanguage();
  if (!envelope.reason || language === DEFAULT_LANGUAGE) return envelope;
  const key = `serverError.${envelope.reason}`;
  const text = languagePack(language)?.messages[key];
  if (text === undefined) return envelope;
  // Generic codes: translated only when msg is the code's own text, filled in.
  const generic = (sharedMessages as Readonly<Record<string, string>>)[key];
  if (generic !== undefined && interpolate(generic, envelope.params) !== envelope.msg)
    return envelope;
  return { ...envelope, msg: interpolate(text, envelope.params) };
}
