import { type PlatformId } from '../../../contract/http';
import { buildBrandId, getBrand, resolveBrandId } from '../../brands';
import { restoreLanguage } from '../../i18n/load';
import { getLaunchQuery } from '../../platform/app-launch';
import { getStoredPlatform, setChannelCode, setPlatform } from '../../platform/storage';
import { applyBrandTheme } from '../../platform/theme';
import { useBillStore } from '../../stores/bill';
import { useBrandStore } from '../../stores/brand';
import { parseBizId, parseChannelCode } from './parseLaunch';

export interface LaunchResult {
  platform: PlatformId;
  channelCode?: string;
  businessId: string;
  orderId: string;
}

/**
 * Reads the launch query once at app start: picks and stores the brand, keeps the channel code
 * and the business/order ids, applies the theme, and fetches the stored language's dictionary if
 * it is not stored. (A brand's online chat loads with the customer-service page that offers it.)
 */
export function applyLaunch(launchOptions?: { query?: Record<string, unknown> }): LaunchResult {
  const query = getLaunchQuery(launchOptions);
  const { id: platform } = resolveBrandId({
    query: query.platform,
    stored: getStoredPlatform(),
    buildDefault: buildBrandId(),
  });
  // Only a valid id reaches storage: an invalid `platform` falls back and is not stored.
  setPlatform(platform);
  const channelCode = parseChannelCode(query.code);
  if (channelCode) setChannelCode(channelCode);
  const { businessId, orderId } = parseBizId(query.bizId);
  useBillStore.getState().setBill({ bizId: businessId, orderId, code: channelCode ?? '' });
  useBrandStore.getState().setBrandId(platform);
  applyBrandTheme(getBrand(platform));
  // After the brand: the dictionary request carries it.
  void restoreLanguage();
  return { platform, channelCode, businessId, orderId };
}
