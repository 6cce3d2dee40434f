/**
 * Product constants in one place (brief section 9). Screens and platform code import these rather
 * than repeating the numbers, so a change is made once.
 */

/** H5 responsive root font size: the 375 px design is 23.4375 rem wide; wider screens stop at 960. */
export const H5_BASE_WIDTH = 375;
export const H5_MAX_DEVICE_WIDTH = 960;
export const H5_REM_DIVISOR = 23.4375;

/** Root font size in px for a viewport width (rem = 16 px at the 375 px base width). */
export function rootFontSize(viewportWidth: number): number {
  const width = Number.isFinite(viewportWidth) && viewportWidth > 0 ? viewportWidth : H5_BASE_WIDTH;
  return Math.min(width, H5_MAX_DEVICE_WIDTH) / H5_REM_DIVISOR;
}

export const LONG_PRESS_MS = 350;
/** A long press is cancelled once the finger moves further than this from where it started. */
export const LONG_PRESS_MOVE_TOLERANCE_PX = 10;
export const REACH_BOTTOM_THROTTLE_MS = 350;
export const RESIZE_THROTTLE_MS = 50;
export const VIDEO_CONTROLS_HIDE_MS = 3000;
export const IMAGE_PREVIEW_MIN_ZOOM = 1;
export const IMAGE_PREVIEW_MAX_ZOOM = 4;

/** Stacking order of the overlay layers. */
export const Z_INDEX = {
  toast: 10090,
  popup: 10075,
  mask: 10070,
  navbar: 980,
} as const;

/** Async page loading: show the spinner only after this delay, give up after the timeout. */
export const ASYNC_PAGE_LOADING_DELAY_MS = 200;
export const ASYNC_PAGE_TIMEOUT_MS = 60000;
/** i18n keys of the async page failure messages (texts in src/i18n). */
export const ASYNC_PAGE_ERROR_KEY = 'asyncPage.loadFailed';
export const ASYNC_PAGE_TIMEOUT_KEY = 'asyncPage.timeout';

/** Network: every request, upload and download gives up after this long. */
export const NETWORK_TIMEOUT_MS = 60000;
/** The generic request helper shows its loading text only when a call takes longer than this. */
export const REQUEST_LOADING_DELAY_MS = 800;
/** GETs retry a dropped connection at most this many times, waiting longer each time. */
export const GET_MAX_RETRIES = 2;
export const RETRY_BACKOFF_MS = [300, 900] as const;

export const TOAST_DURATION_MS = 1500;
/** The helper variant used for server messages: longer, and without an icon. */
export const MESSAGE_TOAST_DURATION_MS = 2000;

/** Default length of an SMS verification code. */
export const CODE_LENGTH = 6;

/** Where a rejected session sends the user. */
export const LOGIN_PAGE = '/pages/loginNew/loginNew';
/** The embedded page that shows web content (contracts, external jumps). */
export const WEB_VIEW_PAGE = '/pages/webView/webView';
