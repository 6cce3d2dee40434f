/**
 * The agreements page holds the withholding agreement the withholding consent links to
 * (`?type=withholding`): its own text about deducting bills from the bound card and how to stop
 * it, not the rental agreement.
 */
import TestUtils from '@tarojs/test-utils-react';
import { Agreements } from './LegalText';

const testUtils = new TestUtils();
afterEach(() => testUtils.unmout());

describe('Agreements', () => {
  it('opens the withholding agreement on ?type=withholding', async () => {
    await testUtils.mount(() => <Agreements initial="withholding" />);
    await testUtils.queries.waitForQuerySelector('.legal__title');
    expect(document.querySelector('.legal__title')?.textContent).toBe('代扣授权协议');
    expect(document.querySelector('.legal-tabs__tab[aria-selected="true"]')?.textContent).toBe(
      '代扣授权协议',
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('扣款范围');
    expect(text).toContain('解除授权');
  });

  it('opens the rental agreement by default', async () => {
    await testUtils.mount(() => <Agreements />);
    await testUtils.queries.waitForQuerySelector('.legal__title');
    expect(document.querySelector('.legal__title')?.textContent).toBe('租赁协议');
  });
});
