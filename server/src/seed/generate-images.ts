/**
 * Draws the catalogue's pictures as SVG and renders them to small palette PNGs under
 * server/assets/: one per goods and colour, one icon per category, the home banners and the two
 * detail pictures. The output is committed; run this again only when catalog-data.ts changes:
 *
 *   npx tsx server/src/seed/generate-images.ts
 *
 * Needs `sharp` (a devDependency) and a CJK font for the Chinese captions
 * (`apt-get install fonts-wqy-microhei`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { webpPath } from '../../../contract/media.ts';
import { BANNERS, CATEGORIES, GOODS, type DeviceShape } from './catalog-data.ts';

const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');
const FONT = "'WenQuanYi Micro Hei', 'Noto Sans CJK SC', sans-serif";
const MAX_BYTES = 200 * 1024;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A lighter or darker version of a #rrggbb colour (amount -1..1). */
function shade(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const mixed = channels.map((value) =>
    Math.round(amount >= 0 ? value + (255 - value) * amount : value * (1 + amount)),
  );
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

/** The device outline, drawn in a 400×400 box centred at (200, 200). */
function deviceSvg(shape: DeviceShape, color: string): string {
  const dark = shade(color, -0.35);
  const light = shade(color, 0.35);
  const glass = '#1b1d22';
  const screen = `url(#screen)`;
  switch (shape) {
    case 'phone':
      return `<rect x="130" y="40" width="140" height="290" rx="26" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <rect x="140" y="52" width="120" height="266" rx="18" fill="${screen}"/>
        <rect x="182" y="60" width="36" height="10" rx="5" fill="${glass}"/>`;
    case 'tablet':
      return `<rect x="60" y="70" width="280" height="220" rx="22" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <rect x="74" y="84" width="252" height="192" rx="10" fill="${screen}"/>`;
    case 'laptop':
      return `<rect x="80" y="70" width="240" height="160" rx="12" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <rect x="92" y="82" width="216" height="136" rx="4" fill="${screen}"/>
        <path d="M50 240 H350 L330 270 H70 Z" fill="${light}" stroke="${dark}" stroke-width="4"/>
        <rect x="175" y="244" width="50" height="8" rx="4" fill="${dark}"/>`;
    case 'camera':
      return `<rect x="70" y="110" width="260" height="170" rx="20" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <rect x="110" y="86" width="80" height="30" rx="6" fill="${dark}"/>
        <circle cx="210" cy="195" r="68" fill="${dark}"/>
        <circle cx="210" cy="195" r="50" fill="${glass}"/>
        <circle cx="195" cy="180" r="14" fill="#ffffff" opacity="0.35"/>
        <rect x="270" y="124" width="36" height="16" rx="4" fill="${light}"/>`;
    case 'console':
      return `<rect x="40" y="120" width="320" height="150" rx="40" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <rect x="118" y="134" width="164" height="122" rx="8" fill="${screen}"/>
        <circle cx="78" cy="170" r="16" fill="${dark}"/><circle cx="78" cy="222" r="8" fill="${dark}"/>
        <circle cx="322" cy="170" r="8" fill="${dark}"/><circle cx="322" cy="222" r="16" fill="${dark}"/>`;
    case 'drone':
      return `<g stroke="${dark}" stroke-width="14" stroke-linecap="round">
          <line x1="120" y1="130" x2="280" y2="270"/><line x1="280" y1="130" x2="120" y2="270"/></g>
        ${[
          [110, 120],
          [290, 120],
          [110, 280],
          [290, 280],
        ]
          .map(
            ([x, y]) =>
              `<ellipse cx="${x}" cy="${y}" rx="62" ry="14" fill="${light}" opacity="0.8"/><circle cx="${x}" cy="${y}" r="12" fill="${dark}"/>`,
          )
          .join('')}
        <rect x="150" y="160" width="100" height="80" rx="24" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <circle cx="200" cy="248" r="18" fill="${glass}"/>`;
    case 'watch':
      return `<rect x="150" y="30" width="100" height="340" rx="30" fill="${dark}"/>
        <rect x="120" y="110" width="160" height="180" rx="40" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <rect x="134" y="124" width="132" height="152" rx="30" fill="${screen}"/>
        <rect x="280" y="170" width="12" height="40" rx="6" fill="${light}"/>`;
    case 'headphones':
      return `<path d="M95 230 V190 A105 105 0 0 1 305 190 V230" fill="none" stroke="${color}" stroke-width="22" stroke-linecap="round"/>
        <rect x="70" y="210" width="70" height="110" rx="30" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <rect x="260" y="210" width="70" height="110" rx="30" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <rect x="120" y="225" width="22" height="80" rx="10" fill="${dark}"/>
        <rect x="258" y="225" width="22" height="80" rx="10" fill="${dark}"/>`;
    case 'projector':
      return `<rect x="60" y="140" width="280" height="130" rx="26" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <circle cx="130" cy="205" r="44" fill="${dark}"/><circle cx="130" cy="205" r="30" fill="${glass}"/>
        <circle cx="120" cy="195" r="8" fill="#ffffff" opacity="0.4"/>
        ${[0, 1, 2, 3, 4].map((i) => `<rect x="${210 + i * 22}" y="180" width="10" height="50" rx="5" fill="${dark}"/>`).join('')}
        <path d="M86 270 L100 300 M314 270 L300 300" stroke="${dark}" stroke-width="10" stroke-linecap="round"/>`;
    case 'vr':
      return `<path d="M70 200 Q60 130 140 130 H260 Q340 130 330 200 Q325 270 260 270 Q220 270 200 240 Q180 270 140 270 Q75 270 70 200 Z" fill="${color}" stroke="${dark}" stroke-width="4"/>
        <path d="M90 200 Q86 150 145 150 H255 Q314 150 310 200 Q306 250 258 250 Q225 250 200 222 Q175 250 142 250 Q94 250 90 200 Z" fill="${screen}"/>
        <path d="M70 190 Q30 190 36 230 M330 190 Q370 190 364 230" stroke="${dark}" stroke-width="12" fill="none" stroke-linecap="round"/>`;
  }
}

const SCREEN_GRADIENT = `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#2b3a67"/><stop offset="0.55" stop-color="#5a7bd8"/><stop offset="1" stop-color="#9ad0ec"/>
</linearGradient>`;

function goodsSvg(shape: DeviceShape, color: string, model: string, colorName: string): string {
  const size = 600;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs>${SCREEN_GRADIENT}
    <radialGradient id="bg" cx="0.5" cy="0.42" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef1f6"/></radialGradient>
  </defs>
  <rect width="${size}" height="${size}" fill="url(#bg)"/>
  <ellipse cx="300" cy="478" rx="170" ry="18" fill="#000000" opacity="0.08"/>
  <g transform="translate(100 95)">${deviceSvg(shape, color)}</g>
  <text x="300" y="530" font-family="${FONT}" font-size="34" font-weight="bold" fill="#1f2430" text-anchor="middle">${escapeXml(model)}</text>
  <text x="300" y="570" font-family="${FONT}" font-size="24" fill="#6b7280" text-anchor="middle">${escapeXml(colorName)}</text>
</svg>`;
}

function categorySvg(shape: DeviceShape): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 400 400">
  <defs>${SCREEN_GRADIENT}</defs>
  <circle cx="200" cy="200" r="196" fill="#eef3ff"/>
  <g transform="translate(40 40) scale(0.8)">${deviceSvg(shape, '#4a6cf7')}</g>
</svg>`;
}

function bannerSvg(banner: (typeof BANNERS)[number], shape: DeviceShape): string {
  const [from, to] = banner.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
  <defs>${SCREEN_GRADIENT}
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  </defs>
  <rect width="750" height="300" rx="0" fill="url(#bg)"/>
  <circle cx="640" cy="60" r="150" fill="#ffffff" opacity="0.08"/>
  <text x="48" y="130" font-family="${FONT}" font-size="48" font-weight="bold" fill="#ffffff">${escapeXml(banner.headline)}</text>
  <text x="48" y="186" font-family="${FONT}" font-size="26" fill="#ffffff" opacity="0.9">${escapeXml(banner.tagline)}</text>
  <rect x="48" y="214" width="150" height="46" rx="23" fill="#ffffff"/>
  <text x="123" y="245" font-family="${FONT}" font-size="24" fill="${from}" text-anchor="middle">立即租</text>
  <g transform="translate(500 40) scale(0.6)">${deviceSvg(shape, '#f4f5f7')}</g>
</svg>`;
}

function detailSvg(title: string, steps: readonly string[], accent: string): string {
  const width = 750;
  const stepWidth = width / steps.length;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="360" viewBox="0 0 ${width} 360">
  <rect width="${width}" height="360" fill="#ffffff"/>
  <text x="${width / 2}" y="70" font-family="${FONT}" font-size="38" font-weight="bold" fill="#1f2430" text-anchor="middle">${escapeXml(title)}</text>
  <line x1="${stepWidth / 2}" y1="170" x2="${width - stepWidth / 2}" y2="170" stroke="${shade(accent, 0.6)}" stroke-width="6"/>
  ${steps
    .map((step, i) => {
      const x = stepWidth * i + stepWidth / 2;
      return `<circle cx="${x}" cy="170" r="40" fill="${accent}"/>
      <text x="${x}" y="184" font-family="${FONT}" font-size="36" font-weight="bold" fill="#ffffff" text-anchor="middle">${i + 1}</text>
      <text x="${x}" y="260" font-family="${FONT}" font-size="26" fill="#374151" text-anchor="middle">${escapeXml(step)}</text>`;
    })
    .join('')}
</svg>`;
}

/** Lists show a goods' cover at most ~160 px wide: 320 px covers a 2x screen. */
const COVER_SIZE = 320;

/**
 * Writes the picture as a palette PNG (flat drawings compress to a few kilobytes, and every
 * mini-program shows PNG) and beside it the same picture as WebP, smaller (a quarter of the size
 * for a goods cover), which the H5 app asks for where the browser reads it (components/picture).
 */
async function writePng(relativePath: string, svg: string, width?: number): Promise<void> {
  const file = path.join(ASSETS_DIR, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const drawing = () => {
    const image = sharp(Buffer.from(svg));
    return width ? image.resize({ width }) : image;
  };
  const png = await drawing().png({ palette: true, compressionLevel: 9 }).toBuffer();
  // Lossy suits the drawings' gradients; lossless is smaller for the text-heavy detail pictures.
  const [lossy, lossless] = await Promise.all([
    drawing().webp({ quality: 80, effort: 6 }).toBuffer(),
    drawing().webp({ lossless: true, effort: 6 }).toBuffer(),
  ]);
  const webp = lossy.length <= lossless.length ? lossy : lossless;
  for (const [name, bytes] of [
    [relativePath, png],
    [webpPath(relativePath), webp],
  ] as const) {
    if (bytes.length > MAX_BYTES) throw new Error(`${name} is ${bytes.length} bytes`);
    fs.writeFileSync(path.join(ASSETS_DIR, name), bytes);
  }
}

async function main(): Promise<void> {
  let count = 0;
  for (const goods of GOODS) {
    for (const [index, color] of goods.colors.entries()) {
      await writePng(
        `goods/${goods.slug}-${index}.png`,
        goodsSvg(goods.category, color.hex, goods.model, color.name),
      );
      count += 1;
    }
    const [first] = goods.colors;
    await writePng(
      `goods/${goods.slug}-cover.png`,
      goodsSvg(goods.category, first.hex, goods.model, first.name),
      COVER_SIZE,
    );
    count += 1;
  }
  for (const category of CATEGORIES) {
    await writePng(`category/${category.key}.png`, categorySvg(category.key));
    count += 1;
  }
  const bannerShapes: Record<string, DeviceShape> = {
    'new-phone': 'phone',
    'student-laptop': 'laptop',
    'travel-camera': 'camera',
    drone: 'drone',
    'game-console': 'console',
    'credit-free': 'tablet',
  };
  for (const banner of BANNERS) {
    await writePng(
      `banner/${banner.key}.png`,
      bannerSvg(banner, bannerShapes[banner.key] ?? 'phone'),
    );
    count += 1;
  }
  await writePng(
    'detail/process.png',
    detailSvg('租赁流程', ['选择商品', '信用评估', '签约支付', '收货使用', '归还买断'], '#4a6cf7'),
  );
  await writePng(
    'detail/guarantee.png',
    detailSvg('租赁保障', ['正品保证', '顺丰包邮', '7天换新', '押金原退'], '#10b981'),
  );
  count += 2;
  console.log(`wrote ${count} images under ${ASSETS_DIR}`);
}

await main();
