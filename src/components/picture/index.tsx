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
 * The mini-programs read the image's aria-label.
 */
export function Picture({ alt, lazyLoad, ...props }: PictureProps) {
  // NOTE(h5): the browser's own lazy loading, not Taro's, which gives every picture an
  // IntersectionObserver and a re-render when it scrolls near (a long task on a list's first page).
  if (process.env.TARO_ENV === 'h5')
    return <Image {...props} imgProps={{ alt, ...(lazyLoad ? { loading: 'lazy' } : {}) }} />;
  return <Image {...props} lazyLoad={lazyLoad} aria-label={alt || undefined} />;
}
