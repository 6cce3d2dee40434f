/**
 * Consent steps for browser journeys: every consent agreed through the API (for journeys that
 * set a user up without the screens), and the app's consent prompt answered on screen.
 */
import type { Page } from 'playwright-core';
import { POLICY_VERSIONS } from '../../server/src/privacy/policies';

/** The body of POST /api/privacy/consents that agrees to the current version of everything. */
export function agreeAllBody(channel: 'h5' | 'weapp' | 'alipay' = 'h5'): {
  channel: 'h5' | 'weapp' | 'alipay';
  consents: { kind: string; version: string }[];
} {
  return {
    channel,
    consents: Object.entries(POLICY_VERSIONS).map(([kind, version]) => ({ kind, version })),
  };
}

/**
 * A verification step's consent card, when it asks (for `consent`): agree, and wait for the step
 * behind it.
 */
export async function agreeConsentGate(
  page: Page,
  then: string,
  consent = '《个人敏感信息（身份证件与人脸）处理授权》',
): Promise<void> {
  const gate = page.locator('.consent-gate:visible');
  const step = page.getByText(then).first();
  await Promise.race([gate.waitFor(), step.waitFor()]);
  if (await gate.isVisible()) {
    await gate.getByText(consent).waitFor();
    await gate.locator('.form-submit', { hasText: '同意并继续' }).click();
  }
  await step.waitFor();
}
