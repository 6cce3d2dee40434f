/**
 * H5: Taro's previewImage is a swiper whose zoom stops at 3× and pulls the swiper element into
 * the page; the product screen draws its own viewer (zoom 1-4), so there is nothing to open here.
 */
export function previewImages(_urls: string[], _current: number): Promise<boolean> {
  return Promise.resolve(false);
}
