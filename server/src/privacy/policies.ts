/**
 * The current version of every text a user agrees to, in one place. Publishing a new text means
 * changing its version here (with the text itself in the storefront's agreement pages): every
 * user is then asked again before anything that needs it (PIPL art. 14: consent is to a text the
 * user was shown; a changed purpose or scope needs consent anew).
 */
import type { ConsentKind } from '../../../contract/api/privacy.ts';

export const POLICY_VERSIONS: Readonly<Record<ConsentKind, string>> = {
  privacy_policy: '2026-11-25',
  user_agreement: '2026-11-25',
  identity_and_face: '2026-11-25',
  credit_query: '2026-11-25',
  withholding: '2026-11-25',
};

/** The catalogue key that names a consent's document to the user (messages that name one use it). */
export function consentTerm(kind: ConsentKind): `privacy.kind.${ConsentKind}` {
  return `privacy.kind.${kind}`;
}
