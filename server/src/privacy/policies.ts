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

/** How each consent is named to the user (the 403 message names what is missing). */
export const CONSENT_TITLES: Readonly<Record<ConsentKind, string>> = {
  privacy_policy: '《隐私政策》',
  user_agreement: '《用户协议》',
  identity_and_face: '《个人敏感信息（身份证件与人脸）处理授权》',
  credit_query: '《征信查询授权书》',
  withholding: '《代扣授权协议》',
};
