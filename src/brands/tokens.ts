/**
 * Brand values reach compiled code only through these tokens, which scripts/build.ts rewrites in
 * each artifact (TOOLCHAIN.md "Brands"). Unique strings that survive minification.
 */

/** The brand a mini-program artifact is for. */
export const BRAND_PLACEHOLDER = '__RS_BUILD_BRAND__';

/** The nine brand records, as JSON text (mini-programs; H5 carries them in index.html). */
export const BRAND_RECORDS_PLACEHOLDER = '__RS_BRAND_RECORDS__';

/**
 * The tab bar's selected colour in the compiled app.json, rewritten per brand. A valid colour so
 * that an unstamped build still runs; chosen to appear nowhere else.
 */
export const BRAND_COLOR_PLACEHOLDER = '#FE0A01';
