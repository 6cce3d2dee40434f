import queryString from 'query-string';
import lightQueryString, { parse } from '../query-string.h5';

/** What Taro's router passes (router/page.js) and what the package's defaults read. */
const QUERIES = [
  '',
  '?',
  '#',
  '&&',
  '?id=12',
  'id=12&from=home',
  '?b=2&a=1&c',
  '?tag=a&tag=b&tag=c',
  '?tag&tag=&tag=x',
  '?=empty-key&x==y',
  '?q=%E7%A7%9F%E8%B5%81+phone&bad=%E0%A4%A',
  '  ?spaced=1  ',
  '&lead=1&&trail=2&',
  '?__proto__=1&constructor=2',
  '?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1',
];

describe('query-string.h5 parse', () => {
  it.each(QUERIES)('reads %j as the package does, undecoded (the router)', (query) => {
    const ours = parse(query, { decode: false });
    const theirs = queryString.parse(query, { decode: false });
    expect(Object.entries(ours)).toEqual(Object.entries(theirs));
    expect(Object.getPrototypeOf(ours)).toBeNull();
  });

  it.each(QUERIES.filter((q) => !q.includes('%E0%A4%A')))('and decoded: %j', (query) => {
    expect(Object.entries(parse(query))).toEqual(Object.entries(queryString.parse(query)));
  });

  it('is the default export the router imports', () => {
    expect(lightQueryString.parse).toBe(parse);
    expect(parse(undefined)).toEqual({});
  });
});
