import { Image } from '@tarojs/components';
import type { PictureProps } from './types';

export type { PictureProps } from './types';

/**
 * Taro's Image with a text alternative where each target reads one: the mini-programs read the
 * image's aria-label. (H5 has its own, index.h5.tsx.)
 */
export function Picture({ alt, primary: _primary, ...props }: PictureProps) {
  return <Image {...props} aria-label={alt || undefined} />;
}
