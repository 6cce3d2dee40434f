import Taro from '@tarojs/taro';

/** Where the user is. Names are blank where the target only reports coordinates. */
export interface UserLocation {
  country: string;
  province: string;
  city: string;
  district: string;
  latitude: number;
  longitude: number;
}

/** What a failed or refused lookup gives: blank names, coordinates 0. */
export const EMPTY_LOCATION: Readonly<UserLocation> = Object.freeze({
  country: '',
  province: '',
  city: '',
  district: '',
  latitude: 0,
  longitude: 0,
});

export function emptyLocation(): UserLocation {
  return { ...EMPTY_LOCATION };
}

function finiteOr0(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** H5 and WeChat report coordinates only; never rejects. */
export async function getLocation(): Promise<UserLocation> {
  try {
    // NOTE(h5): Taro's H5 getLocation only accepts wgs84 (the browser's system); WeChat takes it
    // too. Alipay (location.alipay.ts) reports GCJ-02, which differs by up to ~500 m in China:
    // fine for naming the region, not for drawing on a map.
    const res = await Taro.getLocation({ type: 'wgs84' });
    return {
      ...emptyLocation(),
      latitude: finiteOr0(res.latitude),
      longitude: finiteOr0(res.longitude),
    };
  } catch {
    return emptyLocation();
  }
}
