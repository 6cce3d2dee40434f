/**
 * Tokens compiled into the mini-program output in place of brand values, rewritten per brand in
 * each artifact copy by scripts/build.ts. They must be unique strings that survive minification.
 */
export const BRAND_PLACEHOLDER = '__RS_BUILD_BRAND__';

/**
 * The tab bar's selected colour in the compiled app.json, rewritten per brand. A valid colour so
 * that a plain single-target build still runs; chosen to appear nowhere else.
 */
export const BRAND_COLOR_PLACEHOLDER = '#FE0A01';
