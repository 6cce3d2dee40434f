/**
 * The server's failures in the user's language. A failure envelope carries `reason`, a stable
 * code of contract/errors.ts, and the `params` of its message; the catalogues hold each code's
 * text as `serverError.<code>`. The server's own `msg` stays when the code is unknown here (a
 * newer server) or when `msg` is not that code's text (a generic code over a bank's own words),
 * so a translation never hides something the server said.
 */
import type { Envelope } from '../../contract/http';
import { DEFAULT_LANGUAGE, t, translate, type MessageKey } from './index';
import { zhHans } from '../../contract/i18n/zh-Hans';

function serverErrorKey(reason: string | undefined): MessageKey | undefined {
  const key = `serverError.${reason ?? ''}`;
  return reason && Object.prototype.hasOwnProperty.call(zhHans, key)
    ? (key as MessageKey)
    : undefined;
}

/** The envelope with `msg` in the current language when the server's failure has a known code. */
export function localiseFailure<T>(envelope: Envelope<T>): Envelope<T> {
  const key = serverErrorKey(envelope.reason);
  if (!key) return envelope;
  // The code's own text, filled in, is what the server said: anything else is more specific.
  if (translate(DEFAULT_LANGUAGE, key, envelope.params) !== envelope.msg) return envelope;
  const msg = t(key, envelope.params);
  return msg === envelope.msg ? envelope : { ...envelope, msg };
}
