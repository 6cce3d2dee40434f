/**
 * sanitize-html, loaded when rich text is first sanitised (a goods description saved in the
 * console, a contract rendered). With htmlparser2, domutils, entities and postcss it took ~0.25 s
 * of CPU to import (profile of a test server's start, 28 Nov), paid by every server process and
 * every test process although only those two paths use it.
 */
import type sanitize from 'sanitize-html';

export type SanitizeOptions = sanitize.IOptions;

export async function sanitizeHtml(html: string, options: SanitizeOptions): Promise<string> {
  const { default: sanitizeHtml } = await import('sanitize-html');
  return sanitizeHtml(html, options);
}
