import fs from 'node:fs';
import TestUtils from '@tarojs/test-utils-react';
import { EmptyState, ErrorState } from './index';

const testUtils = new TestUtils();

afterEach(() => testUtils.unmout());

/** The picture in the state's round icon, checked to be a drawn PNG. */
function drawnIcon(): string | null | undefined {
  const src = document.querySelector('.state__icon img')?.getAttribute('src');
  if (src) expect(fs.readFileSync(src).subarray(1, 4).toString()).toBe('PNG');
  return src;
}

describe('states', () => {
  it('draws the empty state with a picture of an empty tray, not a placeholder square', async () => {
    await testUtils.mount(() => <EmptyState title="暂无订单" />);
    expect(drawnIcon()).toBe('src/assets/icons/state-empty.png');
  });

  it('draws the error state with its own picture', async () => {
    await testUtils.mount(() => <ErrorState onRetry={() => undefined} />);
    expect(drawnIcon()).toBe('src/assets/icons/state-error.png');
  });
});
