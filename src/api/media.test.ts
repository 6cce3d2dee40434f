import { catalogWebpUrl, mediaUrl } from './media';

/** As a mini-program build stamps it (scripts/mini-network.ts). */
const ORIGIN = 'https://api.example-brand.test';

afterEach(() => {
  delete process.env.TARO_APP_API_BASE;
});

describe('pictures from the API on the mini-programs (issue 32)', () => {
  beforeEach(() => {
    process.env.TARO_APP_API_BASE = ORIGIN;
  });

  it('are absolute URLs on the API origin, and so are their WebP twins', () => {
    const cover = mediaUrl('/assets/goods/iphone-16-cover.png');
    expect(cover).toBe(`${ORIGIN}/assets/goods/iphone-16-cover.png`);
    expect(catalogWebpUrl(cover)).toBe(`${ORIGIN}/assets/goods/iphone-16-cover.webp`);
  });

  it('keep a URL the server already made absolute (a CDN), with no twin of ours', () => {
    const cdn = 'https://cdn.example.com/assets/goods/a.png';
    expect(mediaUrl(cdn)).toBe(cdn);
    expect(catalogWebpUrl(cdn)).toBeUndefined();
  });

  it('draw nothing for no picture', () => {
    expect(mediaUrl('')).toBe('');
  });
});

it('stay same-origin paths on H5, which has no API origin', () => {
  expect(mediaUrl('/assets/goods/a.png')).toBe('/assets/goods/a.png');
  expect(catalogWebpUrl('/assets/goods/a.png')).toBe('/assets/goods/a.webp');
});
