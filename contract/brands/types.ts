import type { PlatformId } from '../http';

/** Brand images shipped in the repository, one set per brand. */
export type BrandImage = 'login' | 'home' | 'return';

export interface Brand {
  id: PlatformId;
  platformName: string;
  companyName: string;
  /** Customer-service phone; two numbers are shared among the nine brands. */
  userPhone: string;
  /** Image names, resolved to a URL per target by `brandImageUrl`. */
  imgUrlLogin: BrandImage;
  imgUrlHome: BrandImage;
  imgReturn: BrandImage;
  wxAppId: string;
  alipayAppId: string;
  /** `#rrggbb`, applied at run time as the `--brand-color` custom property. */
  themeColor: string;
  themeColorNumber: readonly [number, number, number];
  /** Whether the login page offers one-tap phone-number login on mini-programs. */
  phoneLogin: boolean;
  /**
   * The ICP filing number (ICP备案号) of the brand's site, shown in the H5 footer and the about
   * page as the MIIT rules require, linked to beian.miit.gov.cn.
   */
  icpNumber: string;
  /**
   * Offers online customer-service chat (brand 9): the mini-programs' contact button, and on H5
   * the chat provider's script the server names (GET /api/service/chat, `CHAT_SCRIPT_URL_<id>`).
   */
  onlineChat?: boolean;
}
