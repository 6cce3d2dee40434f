import { installRootFontSize } from '../viewport.h5';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('H5 root font size', () => {
  test('follows the viewport width, capped at 960, and updates on resize', () => {
    const setWidth = (width: number) =>
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
    setWidth(375);
    // As Taro's inline script left it in landscape (it takes the smaller side).
    document.documentElement.style.fontSize = '10px';
    const stop = installRootFontSize();
    // Checked on the next frame, not while the app starts.
    expect(document.documentElement.style.fontSize).toBe('10px');
    jest.advanceTimersByTime(16);
    expect(document.documentElement.style.fontSize).toBe('16px');
    setWidth(750);
    window.dispatchEvent(new Event('resize'));
    jest.advanceTimersByTime(50);
    expect(document.documentElement.style.fontSize).toBe('32px');
    setWidth(1920);
    window.dispatchEvent(new Event('resize'));
    jest.advanceTimersByTime(50);
    expect(document.documentElement.style.fontSize).toBe('40.96px');
    stop();
    setWidth(375);
    window.dispatchEvent(new Event('resize'));
    jest.advanceTimersByTime(50);
    expect(document.documentElement.style.fontSize).toBe('40.96px');
  });
});
