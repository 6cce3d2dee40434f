import type { ImageProps } from '@tarojs/components';

export interface PictureProps extends Omit<ImageProps, 'ariaLabel' | 'imgProps' | 'nativeProps'> {
  /**
   * What the picture shows, for screen readers. '' for a picture that a caption or the link
   * around it already names (a goods card's cover beside the goods name).
   */
  alt: string;
  /**
   * The picture the page is judged loaded by (the first goods of a list, a product's first
   * picture): the browser fetches it ahead of the others (H5: fetchpriority="high").
   */
  primary?: boolean;
}
