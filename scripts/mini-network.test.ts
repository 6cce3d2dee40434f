import { minify } from 'terser';
import { NETWORK_SETTING_PLACEHOLDERS } from '../src/brands/tokens';
import {
  apiOriginProblem,
  consoleDomains,
  isStampedVariable,
  readStampedNetwork,
  resolveMiniNetwork,
  stampNetwork,
  type MiniNetwork,
} from './mini-network';

const network = (apiBase: string, webViewHosts = ''): MiniNetwork => ({
  TARO_APP_API_BASE: apiBase,
  TARO_APP_WEBVIEW_HOSTS: webViewHosts,
});

describe('resolveMiniNetwork', () => {
  it("takes a brand's own origin over the shared one, and the shared one for the others", () => {
    const env = {
      TARO_APP_API_BASE: 'https://api.shared.example.com',
      TARO_APP_API_BASE_3: 'https://api.brand3.example.com',
      TARO_APP_WEBVIEW_HOSTS_3: 'sign.brand3.example.com',
    };
    expect(resolveMiniNetwork(3, env)).toEqual(
      network('https://api.brand3.example.com', 'sign.brand3.example.com'),
    );
    expect(resolveMiniNetwork(4, env)).toEqual(network('https://api.shared.example.com'));
    expect(resolveMiniNetwork(4, {})).toEqual(network(''));
  });

  it('knows the variables only stamping reads', () => {
    for (const name of ['TARO_APP_API_BASE', 'TARO_APP_API_BASE_9', 'TARO_APP_WEBVIEW_HOSTS_1'])
      expect(isStampedVariable(name)).toBe(true);
    for (const name of ['TARO_APP_CLIENT_ID', 'TARO_APP_API_BASEX', 'TARO_APP_API_BASE_'])
      expect(isStampedVariable(name)).toBe(false);
  });
});

describe('stamping and reading back', () => {
  it('writes each value in place of its token in the minified code, and reads it back', async () => {
    const source = `
      const read = (f) => { try { return f(); } catch { return undefined; } };
      export const apiBase = read(() => "${NETWORK_SETTING_PLACEHOLDERS.TARO_APP_API_BASE}");
      export const hosts = read(() => '${NETWORK_SETTING_PLACEHOLDERS.TARO_APP_WEBVIEW_HOSTS}');`;
    const { code } = await minify(source, { module: true, compress: { passes: 2 } });
    const stamped = stampNetwork(code!, network('https://api.example.com', 'a.example.com'));
    expect(stamped).not.toContain('__RS_');
    expect(stamped).toContain('"https://api.example.com"/*TARO_APP_API_BASE*/');
    expect(readStampedNetwork(stamped)).toEqual({
      TARO_APP_API_BASE: ['https://api.example.com'],
      TARO_APP_WEBVIEW_HOSTS: ['a.example.com'],
    });
  });

  it('stamps an unset value as an empty string, still readable', () => {
    const stamped = stampNetwork('x("__RS_API_BASE__")', network(''));
    expect(stamped).toBe('x(""/*TARO_APP_API_BASE*/)');
    expect(readStampedNetwork(stamped)).toEqual({ TARO_APP_API_BASE: [''] });
  });

  it('keeps a value with quotes or a comment end inside its string', () => {
    const odd = 'https://x.example.com"/*";alert(1)//*/';
    const stamped = stampNetwork('x("__RS_API_BASE__")', network(odd));
    expect(readStampedNetwork(stamped)).toEqual({ TARO_APP_API_BASE: [odd] });
    // Still one valid expression.
    expect(() => new Function(stamped.replace(/^x/, 'void '))).not.toThrow();
  });
});

describe('apiOriginProblem', () => {
  it('accepts an https origin, with a port or a trailing slash', () => {
    for (const origin of [
      'https://api.example.com',
      'https://api.example.com:8443',
      'https://api.example-brand.test/',
    ])
      expect(apiOriginProblem(origin)).toBeUndefined();
  });

  it('says why an origin is refused', () => {
    expect(apiOriginProblem('')).toMatch(/^is not set: .*relative URL/);
    expect(apiOriginProblem('http://api.example.com')).toMatch(/https origins only/);
    expect(apiOriginProblem('api.example.com')).toMatch(/not a URL/);
    expect(apiOriginProblem('https://api.example.com/rental')).toMatch(/without a path/);
    expect(apiOriginProblem('https://192.168.1.20')).toMatch(/IP address or localhost/);
    expect(apiOriginProblem('https://localhost:8080')).toMatch(/IP address or localhost/);
  });
});

describe('consoleDomains', () => {
  it("lists WeChat's four lists and Alipay's two, the API's host as the web-view default", () => {
    const brand = network('https://api.example.com/');
    expect(consoleDomains('weapp', brand)).toEqual({
      request: ['https://api.example.com'],
      uploadFile: ['https://api.example.com'],
      downloadFile: ['https://api.example.com'],
      'web-view': ['https://api.example.com'],
    });
    expect(consoleDomains('alipay', brand)).toEqual({
      server: ['https://api.example.com'],
      'web-view': ['https://api.example.com'],
    });
  });

  it('lists the configured web-view hosts, and nothing for an origin that cannot be published', () => {
    expect(
      consoleDomains(
        'alipay',
        network('https://api.example.com', 'sign.example.com, pay.example.com'),
      ),
    ).toEqual({
      server: ['https://api.example.com'],
      'web-view': ['https://sign.example.com', 'https://pay.example.com'],
    });
    expect(consoleDomains('weapp', network('http://api.example.com'))).toEqual({
      request: [],
      uploadFile: [],
      downloadFile: [],
      'web-view': [],
    });
  });
});
