import { Image } from '../../platform/taro-components.h5';
import type { PictureProps } from './types';
import { catalogWebpUrl } from '../../api/media';

export type { PictureProps } from './types';

/**
 * NOTE(h5): the alt goes on the `img` (the Image is a box around it, and a label on the box is
 * not the picture's), and a catalogue picture comes as WebP where the browser reads it: about a
 * quarter of the PNG's bytes, which is most of what a goods list's first screen downloads.
 */
export function Picture({ alt, src, primary, ...props }: PictureProps) {
  // Lower-case: an HTML attribute that Preact and React both pass through as written.
  const imgProps = primary ? { alt, fetchpriority: 'high' } : { alt };
  return <Image {...props} src={src} webpSrc={catalogWebpUrl(src)} imgProps={imgProps} />;
}
