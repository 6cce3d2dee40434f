/**
 * The app's own web origin, whose pages the web-view may always open. The mini-programs have
 * none: their web-view opens only https pages on the business domains (webViewHosts), so the
 * own-origin check is H5's alone (web-origin.h5.ts) and costs the main packages nothing.
 */
export function appOrigin(): string | undefined {
  return undefined;
}

/** Whether `url` is a page of the app's own origin: never, off H5. */
export function isOwnPage(_url: string, _origin: string | undefined): boolean {
  return false;
}
