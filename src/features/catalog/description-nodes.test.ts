/**
 * The goods description as the product page draws it: the console's rich text as nodes of the
 * server's short list of tags, its text as text, and nothing that runs.
 */
import { descriptionNodes, hasContent, type RichNode } from './description-nodes';

const url = (src: string) => (src.startsWith('/') ? `https://cdn.example.com${src}` : src);

/** The nodes' text, tags as [name]. */
function flat(nodes: readonly RichNode[]): string {
  return nodes
    .map((node) =>
      'type' in node
        ? node.text
        : `[${node.name}${node.attrs.src ? ` ${node.attrs.src}` : ''}]${flat(node.children)}[/${node.name}]`,
    )
    .join('');
}

describe('descriptionNodes', () => {
  it('keeps paragraphs, emphasis, lists and pictures', () => {
    const nodes = descriptionNodes(
      '<p>好<strong>手机</strong></p><ul><li>A15</li><li>5G</li></ul><img src="/assets/u/a.png" alt="正面">',
      url,
    );
    expect(flat(nodes)).toBe(
      '[p]好[strong]手机[/strong][/p][ul][li]A15[/li][li]5G[/li][/ul][img https://cdn.example.com/assets/u/a.png][/img]',
    );
    const image = nodes[2];
    expect('name' in image && image.attrs.alt).toBe('正面');
  });

  it('drops scripts with their content, handlers, styles and foreign schemes', () => {
    const nodes = descriptionNodes(
      '<p onclick="alert(1)" style="color:red">安全</p><script>alert(2)</script>' +
        '<img src="javascript:alert(3)"><img src="data:image/png;base64,xx"><iframe src="https://x"></iframe>' +
        '<a href="javascript:alert(4)">链接</a>',
      url,
    );
    expect(flat(nodes)).toBe('[p]安全[/p][span]链接[/span]');
    expect(JSON.stringify(nodes)).not.toMatch(/alert|onclick|javascript|color:red/);
  });

  it('shows markup-looking text as text, and entities as the characters they stand for', () => {
    expect(flat(descriptionNodes('<p>1 &lt; 2 &amp;&amp; a&lt;b &#x4e2d;</p>', url))).toBe(
      '[p]1 < 2 && a<b 中[/p]',
    );
    // The mini-programs read entities in text nodes: a literal & is sent escaped there.
    expect(flat(descriptionNodes('<p>A &amp; B</p>', url, true))).toBe('[p]A &amp; B[/p]');
  });

  it('closes what is left open and ignores stray closing tags', () => {
    expect(flat(descriptionNodes('<p>one<em>two</p></li>three', url))).toBe(
      '[p]one[em]two[/em][/p]three',
    );
  });

  it('says whether there is anything to show', () => {
    expect(hasContent(descriptionNodes('', url))).toBe(false);
    expect(hasContent(descriptionNodes('<p> </p><br>', url))).toBe(false);
    expect(hasContent(descriptionNodes('<p><img src="https://a.example/x.png"></p>', url))).toBe(
      true,
    );
    expect(hasContent(descriptionNodes('<script>x</script>', url))).toBe(false);
  });
});
