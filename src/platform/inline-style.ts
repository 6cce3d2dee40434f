/**
 * An inline style for a component's `style` prop. The mini-programs take a CSS text (custom
 * properties included, which Taro's object-to-text conversion does not keep); H5 takes an
 * object (inline-style.h5.ts), as React's DOM elements require.
 */
export function inlineStyle(declarations: Record<string, string | number | undefined>): string {
  return Object.entries(declarations)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
}
