/**
 * A goods description (rich text the console saved, sanitised by the server: catalog-rules.ts
 * sanitizeDescription) as RichText nodes. The storefront does not trust it a second time as
 * markup: it is read into nodes of the same short list of tags, with only an image's address
 * (http(s), or the catalogue's own /assets/) and its alt kept; anything else (a script, a
 * handler, a style, a tag not on the list) leaves at most its text. Nodes, not an HTML string,
 * so the mini-programs and H5 draw the same thing and H5 never sets innerHTML.
 */
import { DESCRIPTION_TAGS } from '@contract/catalog/description';

export interface RichTextNode {
  type: 'text';
  text: string;
}
export interface RichElementNode {
  name: string;
  attrs: Record<string, string>;
  children: RichNode[];
}
export type RichNode = RichTextNode | RichElementNode;

/** The tags the server lets through; `a` is drawn as text (a mini-program's link goes nowhere). */
const TAGS: ReadonlySet<string> = new Set(DESCRIPTION_TAGS);
const VOID = new Set(['br', 'img']);
/** Tags whose content is not text to show. */
const DROP_CONTENT = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object']);
/** Deeper nesting than this is flattened into its parent. */
const MAX_DEPTH = 16;

/** Inline, because a mini-program's RichText does not see the page's classes everywhere. */
const STYLES: Record<string, string> = {
  img: 'max-width:100%;height:auto;display:block;margin:8px 0;',
  table: 'border-collapse:collapse;width:100%;',
  th: 'border:1px solid #e5e6eb;padding:4px;',
  td: 'border:1px solid #e5e6eb;padding:4px;',
  blockquote: 'margin:8px 0;padding-left:8px;border-left:3px solid #e5e6eb;color:#666;',
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[body.toLowerCase()] ?? whole;
  });
}

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  const pattern = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    attributes[match[1].toLowerCase()] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/**
 * `html` as nodes. `imageUrl` turns a kept image address into the one to load (the catalogue's
 * /assets/ paths go through mediaUrl); `escapeText`: the mini-programs read entities in a text
 * node, so a literal `&` must be sent as `&amp;` there (H5 shows text as it is).
 */
export function descriptionNodes(
  html: string,
  imageUrl: (src: string) => string,
  escapeText = false,
): RichNode[] {
  const root: RichElementNode = { name: 'div', attrs: {}, children: [] };
  const stack: RichElementNode[] = [root];
  let dropping: string | null = null;
  const top = () => stack[stack.length - 1];
  const tokens =
    /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:"[^"]*"|'[^']*'|[^>"'])*)>|([^<]+|<)/g;
  for (const [whole, closing, rawName, rawAttributes, text] of html.matchAll(tokens)) {
    if (whole.startsWith('<!--')) continue;
    const name = rawName?.toLowerCase();
    if (dropping !== null) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (text !== undefined) {
      const decoded = decodeEntities(text);
      if (decoded === '') continue;
      top().children.push({
        type: 'text',
        text: escapeText ? decoded.replace(/&/g, '&amp;') : decoded,
      });
      continue;
    }
    if (!name) continue;
    if (DROP_CONTENT.has(name)) {
      if (!closing && !/\/\s*$/.test(rawAttributes ?? '')) dropping = name;
      continue;
    }
    if (!TAGS.has(name)) continue;
    const drawn = name === 'a' ? 'span' : name;
    if (closing) {
      // Close up to the nearest open element of this name; a stray closing tag is ignored.
      const at = stack.map((node) => node.name).lastIndexOf(drawn);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs: Record<string, string> = {};
    if (STYLES[drawn]) attrs.style = STYLES[drawn];
    if (drawn === 'img') {
      const given = attributesOf(rawAttributes ?? '');
      const src = given.src ?? '';
      // The server allows http(s) only; the catalogue's own pictures are site paths.
      if (!/^https?:\/\//i.test(src) && !/^\/assets\/[^\s]*$/.test(src)) continue;
      attrs.src = imageUrl(src);
      if (given.alt) attrs.alt = given.alt;
    }
    const element: RichElementNode = { name: drawn, attrs, children: [] };
    if (VOID.has(drawn)) {
      top().children.push(element);
      continue;
    }
    if (stack.length > MAX_DEPTH) continue;
    top().children.push(element);
    stack.push(element);
  }
  return root.children;
}

/** Whether the nodes show anything: some text other than spaces, or a picture. */
export function hasContent(nodes: readonly RichNode[]): boolean {
  return nodes.some((node) =>
    'type' in node ? node.text.trim() !== '' : node.name === 'img' || hasContent(node.children),
  );
}
