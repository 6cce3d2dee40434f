/** The daily channel visit report: visits per day, brand and launch channel, once per device. */
import type { Kysely } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { Database } from '../db/schema.ts';

/** Visits are counted per calendar day in China (UTC+8, no daylight saving). */
export function chinaDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * Counts one visit on `now`'s day; a device already counted that day (same brand and channel)
 * is not counted again. Whether it was counted.
 */
export async function recordVisit(
  db: Kysely<Database>,
  visit: { platform: PlatformId; channelCode: string; deviceId?: string },
  now: Date,
): Promise<boolean> {
  const day = chinaDay(now);
  const { platform, channelCode, deviceId } = visit;
  return db.transaction().execute(async (trx) => {
    if (deviceId) {
      const first = await trx
        .insertInto('uv_device')
        .values({ day, platform, channel_code: channelCode, device_id: deviceId })
        .onConflict((oc) => oc.doNothing())
        .returning('device_id')
        .executeTakeFirst();
      if (!first) return false;
    }
    await trx
      .insertInto('uv_daily')
      .values({ day, platform, channel_code: channelCode, visits: 1 })
      .onConflict((oc) =>
        oc
          .columns(['day', 'platform', 'channel_code'])
          .doUpdateSet((eb) => ({ visits: eb('uv_daily.visits', '+', 1) })),
      )
      .execute();
    return true;
  });
}
