/**
 * Draws the storefront's bundled images from SVG and writes them as palette PNGs under
 * src/assets: the tab-bar icons (grey, plus each brand's selected variant) and each brand's
 * login, home-banner and return images. The output is committed; rerun after changing a brand:
 *   npx tsx scripts/generate-assets.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BRAND_RECORDS as BRANDS } from '../contract/brands/records';
import type { Brand } from '../contract/brands/types';
import { TAB_BAR_STYLE, TABS } from '../src/routes';

const root = path.resolve(__dirname, '..');
const assets = path.join(root, 'src/assets');
const TAB_GREY = TAB_BAR_STYLE.color;
/**
 * The gradient banners: with 64 colours the dithering noise compressed badly (28-31 KB a banner,
 * 39 dB from the unquantised drawing); 256 colours dither finely and compress to 18-19 KB at 62 dB.
 */
const BANNER_COLOURS = 256;
const FONT = "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif";

const ICONS: Record<string, string> = {
  home: 'M3 10.2 12 3l9 7.2V20a1.5 1.5 0 0 1-1.5 1.5H15v-6.5H9v6.5H4.5A1.5 1.5 0 0 1 3 20z',
  classify:
    'M4 3.5h6a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-.5.5H4a.5.5 0 0 1-.5-.5V4a.5.5 0 0 1 .5-.5zm10 0h6a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-.5.5h-6a.5.5 0 0 1-.5-.5V4a.5.5 0 0 1 .5-.5zm-10 10h6a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-.5.5H4a.5.5 0 0 1-.5-.5v-6a.5.5 0 0 1 .5-.5zm10 0h6a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-.5.5h-6a.5.5 0 0 1-.5-.5v-6a.5.5 0 0 1 .5-.5z',
  service:
    'M4 13v-1a8 8 0 0 1 16 0v1M4 13h2.5a1 1 0 0 1 1 1v4a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zm16 0h-2.5a1 1 0 0 0-1 1v4a1 1 0 0 0 1 1H19a1 1 0 0 0 1-1zm0 5a3 3 0 0 1-3 3h-3',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm-8 9a8 8 0 0 1 16 0z',
};

function iconSvg(name: string, color: string, filled: boolean): string {
  // Filled for the selected state, outlined otherwise: the change of shape, not only of colour,
  // tells which tab is active (colour-blind users).
  const paint = filled
    ? `fill="${color}" stroke="${color}" stroke-width="1.2"`
    : `fill="none" stroke="${color}" stroke-width="1.6"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="81" height="81" viewBox="0 0 24 24">
    <path d="${ICONS[name]}" ${paint} stroke-linejoin="round" stroke-linecap="round"/></svg>`;
}

/**
 * The order-status shortcuts' and the empty and error states' glyphs, outlined on a 24-unit grid
 * (drawn here rather than as CSS boxes, which read as placeholders). Grey, as the labels under
 * them: one set serves every brand and every target.
 */
export const GLYPHS: Record<string, string> = {
  // 待支付: a wallet.
  'order-unpaid':
    '<rect x="3" y="6.5" width="18" height="13" rx="2"/><path d="M6 6.5 15 3.5l1.5 3"/>' +
    '<path d="M21 11h-4.5a2 2 0 0 0 0 4H21"/><circle cx="16.8" cy="13" r=".4"/>',
  // 待审核: a clipboard under a magnifier.
  'order-review':
    '<path d="M9 4.5H6.5a1.5 1.5 0 0 0-1.5 1.5v13.5A1.5 1.5 0 0 0 6.5 21h11a1.5 1.5 0 0 0 1.5-1.5V6a1.5 1.5 0 0 0-1.5-1.5H15"/>' +
    '<rect x="9" y="3" width="6" height="3" rx="1"/><circle cx="11.5" cy="12.5" r="3"/><path d="m13.7 14.7 2.3 2.3"/>',
  // 待发货: a parcel.
  'order-ship':
    '<path d="M12 3 20.5 7.2v9.6L12 21l-8.5-4.2V7.2z"/><path d="M3.5 7.2 12 11.4l8.5-4.2M12 11.4V21M7.8 5.1l8.4 4.2"/>',
  // 待收货: a delivery van.
  'order-receive':
    '<path d="M2.5 6.5h11v10h-11z"/><path d="M13.5 9.5h4.2l2.8 3.4v3.6h-7z"/>' +
    '<circle cx="6.5" cy="17.5" r="1.8" fill="#fff"/><circle cx="16.8" cy="17.5" r="1.8" fill="#fff"/>',
  // 租用中: a phone with a clock on its screen.
  'order-renting':
    '<rect x="6" y="2.5" width="12" height="19" rx="2.5"/><path d="M10.5 18.5h3"/>' +
    '<circle cx="12" cy="10" r="3.6"/><path d="M12 8.1V10l1.4 1"/>',
  // Nothing to show: an empty tray.
  'state-empty':
    '<path d="M3 13.5 6.2 5.5h11.6l3.2 8V19a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 19z"/>' +
    '<path d="M3 13.5h5.2a3.8 3.8 0 0 0 7.6 0H21"/>',
  // Failed to load: a cloud with an exclamation mark.
  'state-error':
    '<path d="M7 18.5a4.5 4.5 0 0 1-.6-9A6 6 0 0 1 17.8 8a4.3 4.3 0 0 1-.3 8.6"/>' +
    '<path d="M12 11v4.2M12 18.2v.3"/>',
};

export const GLYPH_COLOR = TAB_GREY;

function glyphSvg(body: string, color: string, size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24">
    <g fill="none" stroke="${color}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">${body}</g></svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function bannerSvg(
  brand: Brand,
  width: number,
  height: number,
  title: string,
  lines: string[],
): string {
  const [r, g, b] = brand.themeColorNumber;
  const light = `rgb(${Math.min(255, r + 60)},${Math.min(255, g + 60)},${Math.min(255, b + 60)})`;
  const text = lines
    .map(
      (line, i) =>
        `<text x="48" y="${150 + i * 46}" font-size="30" fill="#fff" font-family="${FONT}">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${brand.themeColor}"/><stop offset="1" stop-color="${light}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width - 120}" cy="${height / 2}" r="${height / 2.6}" fill="#fff" opacity="0.12"/>
    <rect x="${width - 190}" y="${height / 2 - 95}" width="110" height="190" rx="18" fill="#fff" opacity="0.9"/>
    <rect x="${width - 180}" y="${height / 2 - 80}" width="90" height="150" rx="6" fill="${brand.themeColor}" opacity="0.35"/>
    <text x="48" y="96" font-size="48" font-weight="bold" fill="#fff" font-family="${FONT}">${escapeXml(title)}</text>
    ${text}
  </svg>`;
}

function returnSvg(brand: Brand): string {
  const steps = ['申请归还', '寄回商品', '检测验机', '押金解冻'];
  const items = steps
    .map((step, i) => {
      const x = 95 + i * 187;
      const arrow =
        i < steps.length - 1
          ? `<path d="M${x + 62} 150h60m-12-10 12 10-12 10" stroke="${brand.themeColor}" stroke-width="4" fill="none"/>`
          : '';
      return `<circle cx="${x}" cy="150" r="44" fill="${brand.themeColor}"/>
        <text x="${x}" y="164" font-size="40" fill="#fff" text-anchor="middle" font-family="${FONT}">${i + 1}</text>
        <text x="${x}" y="240" font-size="26" fill="#333" text-anchor="middle" font-family="${FONT}">${step}</text>${arrow}`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300">
    <rect width="100%" height="100%" fill="#fff"/>
    <text x="375" y="60" font-size="32" font-weight="bold" fill="#333" text-anchor="middle" font-family="${FONT}">归还流程</text>
    ${items}</svg>`;
}

async function writePng(svg: string, file: string, colours = 64): Promise<number> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const info = await sharp(Buffer.from(svg))
    .png({ palette: true, colours, compressionLevel: 9, effort: 10 })
    .toFile(file);
  return info.size;
}

async function main(): Promise<void> {
  let total = 0;
  for (const tab of TABS) {
    total += await writePng(
      iconSvg(tab.icon, TAB_GREY, false),
      path.join(assets, 'tabbar', `${tab.icon}.png`),
      16,
    );
    // The compiled default is brand 1's; each artifact and the H5 app switch to their brand's.
    total += await writePng(
      iconSvg(tab.icon, BRANDS[0].themeColor, true),
      path.join(assets, 'tabbar', `${tab.icon}-active.png`),
      16,
    );
  }
  for (const [name, body] of Object.entries(GLYPHS)) {
    // 2x their size on screen (28 px for the order shortcuts, 40 px for the states), in 8 greys:
    // the user page is in the mini-programs' main package, where each byte counts.
    const size = name.startsWith('state-') ? 80 : 56;
    total += await writePng(
      glyphSvg(body, GLYPH_COLOR, size),
      path.join(assets, 'icons', `${name}.png`),
      8,
    );
  }
  for (const brand of BRANDS) {
    const dir = path.join(assets, 'brands', String(brand.id));
    for (const tab of TABS) {
      total += await writePng(
        iconSvg(tab.icon, brand.themeColor, true),
        path.join(dir, 'tabbar', `${tab.icon}-active.png`),
        16,
      );
    }
    total += await writePng(
      bannerSvg(brand, 750, 320, brand.platformName, [
        '新机免押 · 按月付租',
        '到期可归还、续租或买断',
      ]),
      path.join(dir, 'home.png'),
      BANNER_COLOURS,
    );
    total += await writePng(
      bannerSvg(brand, 750, 420, `欢迎来到${brand.platformName}`, [
        '登录后查看订单与账单',
        '信用免押，先用后付',
      ]),
      path.join(dir, 'login.png'),
      BANNER_COLOURS,
    );
    total += await writePng(returnSvg(brand), path.join(dir, 'return.png'));
  }
  console.log(
    `wrote ${TABS.length * 2 + Object.keys(GLYPHS).length + BRANDS.length * (TABS.length + 3)} images, ${(total / 1024).toFixed(1)} KB in all`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
