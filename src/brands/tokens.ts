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

/**
 * The mini-programs' network settings (scripts/mini-network.ts), stamped per brand: a brand may
 * call its own company's domain. Each stands in for the `process.env.<setting>` the app reads
 * (platform/config.ts); the build writes the brand's value as a string followed by a comment
 * naming the setting, which is how the checks read back what an artifact calls.
 */
export const NETWORK_SETTING_PLACEHOLDERS = {
  TARO_APP_API_BASE: '__RS_API_BASE__',
  TARO_APP_WEBVIEW_HOSTS: '__RS_WEBVIEW_HOSTS__',
} as const;
