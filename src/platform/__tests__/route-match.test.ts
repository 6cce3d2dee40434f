import { match as compiledMatch } from 'path-to-regexp';
import { match } from '../route-match.h5';

const decode = (value: string) => decodeURIComponent(value);

/** The paths Taro's router gives universal-router: the root (''), pages, and a few odd ones. */
const PATHS = [
  '',
  '/',
  '/pages/home/home',
  '/pages/myOrder/myOrder',
  '/a/',
  '/user/:id',
  '/x/:rest*',
];
const PATHNAMES = [
  '',
  '/',
  '/pages/home/home',
  '/pages/home/home/',
  '/pages/home/home#',
  '/pages/home/home?',
  '/pages/home/homes',
  '/pages/home/home/more',
  '/PAGES/Home/HOME',
  '/pages/myOrder/myorder',
  '/pages/myOrder/myOrder//',
  '/a',
  '/a/',
  '/a/b',
  '/user/7',
  '/x',
  '/xyz',
];
const OPTIONS = [
  { end: true, decode },
  { end: false, decode },
  { end: true, strict: true },
  { end: false, strict: true },
  { end: true, sensitive: true },
];

describe('route-match (H5: universal-router’s path matching without regular expressions)', () => {
  it.each(OPTIONS)('matches exactly as path-to-regexp does, with %o', (options) => {
    for (const path of PATHS) {
      const ours = match(path, options);
      const theirs = compiledMatch(path, options);
      for (const pathname of PATHNAMES) {
        const expected = theirs(pathname);
        const actual = ours(pathname);
        expect({
          path,
          pathname,
          result: actual && { ...actual, params: { ...actual.params } },
        }).toEqual({
          path,
          pathname,
          result: expected && { ...expected, params: { ...expected.params } },
        });
      }
    }
  });
});
