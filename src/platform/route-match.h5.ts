import { match as compiledMatch } from 'path-to-regexp';

/**
 * NOTE(h5): `path-to-regexp`'s `match` as Taro's router (through universal-router) calls it, with a
 * fast path for the paths every page has: a literal path such as `/pages/myOrder/myOrder`.
 * universal-router tries the pages in app.config's order and compiles each one it passes into a
 * case-insensitive regular expression on first use, so opening the 25th page compiled 25 of them
 * (~8 ms of its start on a desktop, four times that on a phone). A literal path needs no regular
 * expression: this compares the strings, with the same results (route-match.test.ts checks them
 * against path-to-regexp's). Any other path, or option, goes to path-to-regexp.
 * config/index.ts gives universal-router this module in place of the package.
 */

type MatchOptions = Parameters<typeof compiledMatch>[1];
export type Match = ReturnType<typeof compiledMatch>;

/** What path-to-regexp's lexer reads as plain text: no parameters, modifiers or groups. */
const LITERAL_PATH = /^[\w\-./~]*$/;
const DELIMITERS = '/#?';

export function match(
  path: Parameters<typeof compiledMatch>[0],
  options: MatchOptions = {},
): Match {
  const { end = true, strict = false, sensitive = false, start, endsWith, delimiter } = options;
  const literal =
    typeof path === 'string' &&
    LITERAL_PATH.test(path) &&
    start === undefined &&
    endsWith === undefined &&
    delimiter === undefined;
  if (!literal) return compiledMatch(path, options);

  const fold = (text: string) => (sensitive ? text : text.toLowerCase());
  const wanted = fold(path);
  const isDelimiter = (char: string | undefined) => char !== undefined && DELIMITERS.includes(char);
  const endsDelimited = path === '' || isDelimiter(path[path.length - 1]);
  return (pathname: string) => {
    if (!fold(pathname).startsWith(wanted)) return false;
    const next = pathname[path.length];
    let matched: string;
    if (next === undefined) {
      // The whole pathname is the path.
      matched = pathname;
    } else if (end) {
      // `^path[/#?]?$`: one trailing delimiter at most (none when strict).
      if (strict || !isDelimiter(next) || pathname.length !== path.length + 1) return false;
      matched = pathname;
    } else if (isDelimiter(next)) {
      // A trailing delimiter is taken only when it ends the pathname (and not when strict).
      const last = !strict && path.length + 1 === pathname.length;
      matched = pathname.slice(0, path.length + (last ? 1 : 0));
    } else if (endsDelimited) {
      matched = pathname.slice(0, path.length);
    } else {
      return false;
    }
    return { path: matched, index: 0, params: {} };
  };
}

export * from 'path-to-regexp';
