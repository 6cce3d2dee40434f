/**
 * The app's own web origin, whose pages the web-view may always open. The mini-programs have
 * none: their web-view opens only https pages on the business domains (webViewHosts).
 */
export function appOrigin(): string | undefined {
  return undefined;
}
