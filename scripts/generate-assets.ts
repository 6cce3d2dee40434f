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
    `wrote ${TABS.length * 2 + BRANDS.length * (TABS.length + 3)} images, ${(total / 1024).toFixed(1)} KB in all`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
