/**
 * What a WeChat or Alipay client lets a mini-program reach, for the headless host
 * (e2e/mini-host.ts). The real clients call only absolute https URLs on the domains registered
 * in the app's console: WeChat's request, uploadFile and downloadFile lists (a network picture is
 * a download), Alipay's server whitelist; a port must be exactly as registered
 * (developers.weixin.qq.com/miniprogram/dev/framework/ability/network.html). A picture whose
 * src is not a URL is a file inside the package. The domains are the artifact's own, read from
 * what scripts/build.ts stamped into it (scripts/mini-network.ts), so the host judges what the
 * artifact calls, exactly as a phone would with those domains registered.
 *
 * The registered domains resolve to the test server, as a hosts-file entry would: the journeys
 * talk to the real API on loopback through the URLs a phone would use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { artifactNetwork, consoleDomains, type ConsoleList } from '../scripts/mini-network';

export type MiniTarget = 'weapp' | 'alipay';
/** What the app asks the client for: a request, or a picture to draw. */
export type Use = 'request' | 'image';

/** The console list each use is checked against. */
const LISTS: Record<MiniTarget, Record<Use, ConsoleList>> = {
  weapp: { request: 'request', image: 'downloadFile' },
  alipay: { request: 'server', image: 'server' },
};

/**
 * Files the host itself hands the app (a chosen photo): WeChat's `wxfile://` and `http://tmp/`,
 * Alipay's `https://resource/…` temp paths. They are not network URLs.
 */
const LOCAL_FILE = /^(wxfile:\/\/|http:\/\/tmp\/|https:\/\/resource\/)/;

const ABSOLUTE_HTTPS = /^https:\/\/([^/?#]+)([/?#].*)?$/i;

export interface Refusal {
  reason: string;
}

export class ClientNetwork {
  /** Registered origins per console list, as `https://host[:port]`. */
  readonly domains: Partial<Record<ConsoleList, string[]>>;
  /** Why the artifact's domains could not be read (an artifact not built by scripts/build.ts). */
  readonly unreadable: string[];

  private readonly dir: string;
  private readonly target: MiniTarget;

  constructor(dir: string, target: MiniTarget) {
    this.dir = dir;
    this.target = target;
    const read = artifactNetwork(dir);
    this.unreadable = read.problems;
    this.domains = read.network ? consoleDomains(target, read.network) : {};
  }

  private listed(use: Use): string[] {
    return this.domains[LISTS[this.target][use]] ?? [];
  }

  /**
   * Why the client would not call `url` for `use`, or undefined when it would. Pictures that
   * are package files are for `packageFile` to judge.
   */
  refusal(url: string, use: Use): Refusal | undefined {
    const match = ABSOLUTE_HTTPS.exec(url);
    if (!match) {
      if (/^http:\/\//i.test(url)) return { reason: 'http: the clients call https URLs only' };
      return { reason: 'not an absolute URL: the client has no origin to resolve it against' };
    }
    const origin = `https://${match[1]!.toLowerCase()}`;
    const list = LISTS[this.target][use];
    const allowed = this.listed(use);
    if (!allowed.includes(origin))
      return {
        reason: `${origin} is not on the ${list} domains (${allowed.join(', ') || `none${this.unreadable.length ? `: ${this.unreadable.join('; ')}` : ''}`})`,
      };
    return undefined;
  }

  /** The path and query of an allowed URL: what the test server is asked for. */
  static pathOf(url: string): string {
    const rest = ABSOLUTE_HTTPS.exec(url)?.[2] ?? '/';
    return rest.startsWith('/') ? rest : `/${rest}`;
  }

  /**
   * A picture's src that is not a network URL: a file in the package (absolute from its root, or
   * relative to the page), a data URL or a file the host handed over. Undefined for network URLs;
   * otherwise why it would not draw, or '' when it would.
   */
  packageFile(src: string, route: string): string | undefined {
    if (/^data:image\//.test(src) || LOCAL_FILE.test(src)) return '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//')) return undefined;
    const file = src.startsWith('/')
      ? path.join(this.dir, src)
      : path.join(this.dir, path.dirname(route), src);
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return '';
    return `${src} is a path inside the package, which has no such file (a relative URL is a package path to the client)`;
  }

  /** A refused request, in the platform's own words, for the app's fail callback. */
  failure(url: string, refusal: Refusal): Record<string, unknown> {
    if (this.target === 'weapp') {
      return /absolute/.test(refusal.reason)
        ? { errMsg: `request:fail invalid url "${url}"` }
        : // errno 600002: WeChat's code for a URL outside the domain lists.
          { errMsg: 'request:fail url not in domain list', errno: 600002 };
    }
    // Alipay's error 11 (无权跨域): a domain outside the whitelist.
    return { error: 11, errorMessage: `无权跨域: ${url}` };
  }
}

/**
 * The image elements of an artifact's templates: Taro draws every element through the shared
 * templates in base.wxml / base.axml, naming each kind by a short id (`nn`) and each attribute
 * by a short key (`p4`). Returns node id → the key of its src.
 */
export function imageTemplates(dir: string, target: MiniTarget): Map<string, string> {
  const file = path.join(dir, target === 'weapp' ? 'base.wxml' : 'base.axml');
  const templates = fs.readFileSync(file, 'utf8');
  const found = new Map<string, string>();
  const pattern = /<template name="tmpl_\d+_([^"]+)">\s*<image\b[^>]*?\bsrc="\{\{i\.(\w+)\}\}"/g;
  for (const [, nodeName, srcKey] of templates.matchAll(pattern)) found.set(nodeName!, srcKey!);
  return found;
}
