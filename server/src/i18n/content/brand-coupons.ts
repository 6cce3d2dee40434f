import { PLATFORM_IDS } from '../../../../contract/http.ts';

/** Each brand's own coupon title (`品牌专享 N 号券`), in a language. */
export function brandCoupons(title: (brand: number) => string): Record<string, string> {
  return Object.fromEntries(PLATFORM_IDS.map((brand) => [`品牌专享 ${brand} 号券`, title(brand)]));
}
