/**
 * The tags a goods description may hold: the server keeps only these when the console saves one
 * (server/src/admin/catalog-rules.ts sanitizeDescription), and the storefront draws only these
 * (src/features/catalog/description-nodes.ts), so the two cannot drift apart.
 */
export const DESCRIPTION_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'blockquote',
  'span',
  'img',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;
