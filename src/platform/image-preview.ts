import Taro from '@tarojs/taro';

/**
 * Full-screen image preview on the mini-programs: the platform's own viewer (pinch zoom, swipe).
 * Resolves true when it opened; the H5 variant resolves false so the screen draws its own.
 */
export function previewImages(urls: string[], current: number): Promise<boolean> {
  if (urls.length === 0) return Promise.resolve(false);
  try {
    return Promise.resolve(
      Taro.previewImage({ urls, current: urls[Math.min(Math.max(current, 0), urls.length - 1)] }),
    ).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}
