import fs from 'node:fs';
import path from 'node:path';
import { BRANDS, getBrand, parsePlatformId, resolveBrandId } from '@/brands';
import { ROUTES, splitPackages } from '@/routes';
import { BRAND_IMAGES, BRAND_IMAGE_PACKAGES } from './images';
import { BRAND_RECORDS, SERVICE_PHONES } from '../../contract/brands/records';
import {
  stampBrandRecords,
  stampIndexHtml,
  BRAND_RECORDS_PLACEHOLDER,
} from '../../scripts/brand-tokens';
import { contrastRatio } from '../../test/wcag';

describe('brand records', () => {
  it('reach the app from the page exactly as recorded', () => {
    expect(BRANDS).toEqual(BRAND_RECORDS);
  });

  it('are nine, with ids 1-9 in order', () => {
    expect(BRANDS.map((b) => b.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const brand of BRANDS) expect(getBrand(brand.id)).toBe(brand);
  });

  it('each have distinct names, companies, colours and app ids', () => {
    for (const key of [
      'platformName',
      'companyName',
      'themeColor',
      'wxAppId',
      'alipayAppId',
      'icpNumber',
    ] as const) {
      expect(new Set(BRANDS.map((b) => b[key])).size).toBe(9);
    }
    for (const brand of BRANDS) {
      expect(brand.wxAppId).toMatch(/^wx[0-9a-f]{16}$/);
      expect(brand.alipayAppId).toMatch(/^20\d{14}$/);
      expect(brand.companyName).toMatch(/有限公司$/);
      // 省简称 + ICP备 + year + serial + 号, optionally -n (a site under the filing).
      expect(brand.icpNumber).toMatch(/^[\u4e00-\u9fff]ICP备\d{8,10}号(-\d+)?$/);
    }
  });

  it('share two customer-service numbers among them', () => {
    expect(SERVICE_PHONES).toHaveLength(2);
    for (const phone of SERVICE_PHONES) {
      expect(BRANDS.filter((b) => b.userPhone === phone).length).toBeGreaterThan(1);
    }
    expect(
      BRANDS.every((b) => SERVICE_PHONES.includes(b.userPhone as (typeof SERVICE_PHONES)[number])),
    ).toBe(true);
  });

  it('have a theme colour whose RGB triple matches it and that white text can sit on (AA)', () => {
    for (const brand of BRANDS) {
      expect(brand.themeColor).toMatch(/^#[0-9A-F]{6}$/);
      const hex = brand.themeColorNumber.map((n) => n.toString(16).padStart(2, '0')).join('');
      expect(`#${hex}`.toUpperCase()).toBe(brand.themeColor);
      expect(contrastRatio(brand.themeColorNumber, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('have their login, home and return images and selected tab icons in the repository', () => {
    for (const brand of BRANDS) {
      const dir = path.join(__dirname, '..', 'assets', 'brands', String(brand.id));
      for (const image of [brand.imgUrlLogin, brand.imgUrlHome, brand.imgReturn]) {
        const file = path.join(dir, `${image}.png`);
        expect(fs.existsSync(file)).toBe(true);
        expect(fs.statSync(file).size).toBeLessThan(200 * 1024);
      }
      for (const icon of ['home', 'classify', 'service', 'user']) {
        expect(fs.existsSync(path.join(dir, 'tabbar', `${icon}-active.png`))).toBe(true);
      }
    }
  });

  it('give only brand 9 an online chat (its provider named by the server, not the record)', () => {
    expect(BRANDS.filter((b) => b.onlineChat).map((b) => b.id)).toEqual([9]);
  });
});

describe('brand images in a mini-program artifact', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).BUILD_BRAND;
  });

  it('sit outside the main package only in a subpackage the routes declare', () => {
    const roots = splitPackages(ROUTES).subPackages.map((s) => s.root);
    for (const image of BRAND_IMAGES) {
      const root = BRAND_IMAGE_PACKAGES[image];
      if (root) expect(roots).toContain(root);
    }
  });

  it("point at the artifact's own files for its brand, at the API host for the others", () => {
    (globalThis as Record<string, unknown>).BUILD_BRAND = '3';
    // The neutral file is what both mini-programs compile (tests resolve `brand-assets` to H5's).
    const { brandImageUrl } = jest.requireActual<typeof import('../platform/brand-assets')>(
      '../platform/brand-assets.ts',
    );
    expect(brandImageUrl(getBrand(3), 'home')).toBe('/assets/brands/3/home.png');
    expect(brandImageUrl(getBrand(3), 'login')).toBe('/pages/loginNew/assets/brands/3/login.png');
    expect(brandImageUrl(getBrand(3), 'return')).toBe(
      '/pages/returnApplication/assets/brands/3/return.png',
    );
    expect(brandImageUrl(getBrand(4), 'login')).toMatch(/\/static\/brands\/4\/login\.png$/);
  });
});

describe('parsePlatformId', () => {
  it.each([
    ['1', 1],
    ['9', 9],
    [' 5 ', 5],
    [7, 7],
  ])('reads %p as %p', (input, expected) => expect(parsePlatformId(input)).toBe(expected));

  it.each([
    ['0'],
    ['10'],
    ['abc'],
    [''],
    ['5.0'],
    ['05'],
    ['-1'],
    ['1e0'],
    [0],
    [10],
    [2.5],
    [NaN],
    [null],
    [undefined],
    [{}],
  ])('refuses %p', (input) => expect(parsePlatformId(input)).toBeUndefined());
});

describe('resolveBrandId', () => {
  it('prefers the launch query, then storage, then the build default, then 1', () => {
    expect(resolveBrandId({ query: '7', stored: 3, buildDefault: 5 })).toEqual({
      id: 7,
      fromQuery: true,
    });
    expect(resolveBrandId({ stored: 3, buildDefault: 5 })).toEqual({ id: 3, fromQuery: false });
    expect(resolveBrandId({ buildDefault: '5' })).toEqual({ id: 5, fromQuery: false });
    expect(resolveBrandId({})).toEqual({ id: 1, fromQuery: false });
  });

  it.each(['0', '10', 'abc', ''])('falls back past an invalid launch platform %p', (query) => {
    expect(resolveBrandId({ query, stored: 4 })).toEqual({ id: 4, fromQuery: false });
    expect(resolveBrandId({ query, stored: 'x', buildDefault: 6 })).toEqual({
      id: 6,
      fromQuery: false,
    });
    expect(resolveBrandId({ query })).toEqual({ id: 1, fromQuery: false });
  });
});

describe('writing brand records into artifacts', () => {
  const evil = BRAND_RECORDS.map((b, i) =>
    i === 0 ? { ...b, platformName: '</script><script>alert(1)</script>' } : b,
  );

  it('replaces the mini-program token in any quotes with records the code can parse', () => {
    for (const quote of ['"', "'", '`']) {
      const code = `var r=JSON.parse(${quote}${BRAND_RECORDS_PLACEHOLDER}${quote});`;
      const stamped = stampBrandRecords(code, evil);
      const parsed = new Function(`${stamped} return r;`)() as typeof BRAND_RECORDS;
      expect(parsed[0].platformName).toBe('</script><script>alert(1)</script>');
      expect(parsed).toHaveLength(9);
    }
  });

  it('rewrites index.html records without letting a value close the script element', () => {
    const html = '<head><script id="brand-records" type="application/json">[]</script></head>';
    const stamped = stampIndexHtml(html, evil);
    expect(stamped.match(/<\/script>/g)).toHaveLength(1);
    const doc = new DOMParser().parseFromString(stamped, 'text/html');
    const json = doc.getElementById('brand-records')?.textContent ?? '';
    expect(JSON.parse(json)[0].platformName).toBe('</script><script>alert(1)</script>');
    expect(() => stampIndexHtml('<head></head>', evil)).toThrow('no brand-records element');
  });
});
