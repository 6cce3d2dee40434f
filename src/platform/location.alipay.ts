import { emptyLocation, type UserLocation } from './location';

export { EMPTY_LOCATION, emptyLocation, type UserLocation } from './location';

interface MyLocationResult {
  latitude?: string | number;
  longitude?: string | number;
  country?: string;
  province?: string;
  city?: string;
  district?: string;
}
export interface MyLocationApi {
  getLocation(options: {
    type: number;
    success?: (res: MyLocationResult) => void;
    fail?: (err: { error?: number; errorMessage?: string }) => void;
  }): void;
}

declare const my: MyLocationApi;

function finiteOr0(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Alipay can name the place too (type 1: country, province, city, district); never rejects. */
export function getLocation(): Promise<UserLocation> {
  return new Promise((resolve) => {
    try {
      my.getLocation({
        type: 1,
        success: (res) =>
          resolve({
            country: res.country ?? '',
            province: res.province ?? '',
            city: res.city ?? '',
            district: res.district ?? '',
            // NOTE(alipay): coordinates arrive as strings.
            latitude: finiteOr0(res.latitude),
            longitude: finiteOr0(res.longitude),
          }),
        fail: () => resolve(emptyLocation()),
      });
    } catch {
      resolve(emptyLocation());
    }
  });
}
