import { Image, type ImageProps } from '@tarojs/components';

export interface PictureProps extends Omit<ImageProps, 'ariaLabel' | 'imgProps' | 'nativeProps'> {
  /**
   * What the picture shows, for screen readers. '' for a picture that a caption or the link
   * around it already names (a goods card's cover beside the goods name).
   */
  alt: string;
}

/**
 * Taro's Image with a text alternative where each target reads one. On H5 the Image is a box
 * around an `img`: the alt goes on the `img`, since a label on the box is not the picture's.
 * The mini-programs read the image's aria-label. (H5's Image lazy-loads with the browser's own
 * `loading="lazy"`: platform/taro-components.h5.tsx.)
 */
export function Picture({ alt, ...props }: PictureProps) {
  if (process.env.TARO_ENV === 'h5') return <Image {...props} imgProps={{ alt }} />;
  return <Image {...props} aria-label={alt || undefined} />;
}
