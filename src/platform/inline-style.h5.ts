import type { CSSProperties } from 'react';

/**
 * NOTE(h5): the components are React DOM elements here, whose `style` must be an object; custom
 * properties (`--brand-color`) keep their names, other names are the CSS ones (`padding-top`),
 * turned into React's camelCase.
 */
export function inlineStyle(
  declarations: Record<string, string | number | undefined>,
): CSSProperties {
  const style: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(declarations)) {
    if (value === undefined) continue;
    const key = name.startsWith('--')
      ? name
      : name.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
    style[key] = value;
  }
  return style as CSSProperties;
}
