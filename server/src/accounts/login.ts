/**
 * Logging in. SMS codes: 6 digits, valid 5 minutes, single use, burnt after 5 wrong tries; at
 * most one send a minute, 5 an hour and 10 a day per mobile, and a cap per client IP. All limits
 * live in the database (so several API processes share them), and each mobile's sends and checks
 * are serialised by a transaction-scoped advisory lock, so concurrent guesses cannot both win.
 * Mini-programs log in with a wallet's auth code, a phone number, or an open id bound before.
 * Every login ends in a new session token for the user on that brand.
 */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformId } from '../../../contract/http.ts';
import type { LoginForSmsBody, LoginForUniBody, MiniProgram } from '../../../contract/api/login.ts';
import type { AppDeps } from '../boot/deps.ts';
import { issueSession } from '../plugins/auth.ts';
import { tooMany } from '../plugins/errors.ts';
import { codeCheckError, consumeSmsCode, hashCode, lockKey } from './sms-codes.ts';
import { recordSentSms } from '../providers/sms/receipts.ts';
import {
  bindOpenId,
  findOrCreateUserByAlipayId,
  findOrCreateUserByMobile,
  userIdByOpenId,
} from './users.ts';

const secondsAgo = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/** The open id a mini-program login code stands for (asked of the wallet, never the client). */
export async function openIdFrom(
  deps: AppDeps,
  provider: MiniProgram,
  loginCode: string,
  platform: number,
): Promise<string> {
  return provider === 'wechat'
    ? deps.providers.wechat.openIdFromLoginCode(loginCode, platform)
    : (await deps.providers.alipay.exchangeAuthCode(loginCode, platform)).openId;
}

/** Issues the session token of a user on a brand. */
function session(deps: AppDeps, userId: number, platform: PlatformId): Promise<string> {
  return issueSession(deps.db, {
    userId,
    platform,
    now: deps.now(),
    ttlSeconds: deps.config.tokenTtlSeconds,
  });
}

/**
 * Checks the limits per mobile and per IP and stores a new code (replacing any waiting one),
 * under the mobile's and the IP's advisory locks. Returns the stored code's id.
 */
function storeLoginCode(
  deps: AppDeps,
  mobile: string,
  ip: string,
  code: string,
  now: Date,
): Promise<number> {
  const { sms: limits } = deps.config;
  return deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, `sms:${mobile}`);
    await lockKey(trx, `sms-ip:${ip}`);
    // Each window's count and its oldest send: a window frees up when its oldest send leaves it,
    // which is what Retry-After tells the client.
    const counts = await trx
      .selectFrom('sms_codes')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('created_at', '>', secondsAgo(now, 60)).as('minute'),
        eb.fn.countAll<number>().filterWhere('created_at', '>', secondsAgo(now, 3600)).as('hour'),
        eb.fn.countAll<number>().as('day'),
        eb.fn
          .min('created_at')
          .filterWhere('created_at', '>', secondsAgo(now, 60))
          .as('minuteOldest'),
        eb.fn
          .min('created_at')
          .filterWhere('created_at', '>', secondsAgo(now, 3600))
          .as('hourOldest'),
        eb.fn.min('created_at').as('dayOldest'),
      ])
      .where('mobile', '=', mobile)
      .where('created_at', '>', secondsAgo(now, 86400))
      .executeTakeFirstOrThrow();
    const wait = (oldest: Date | null, windowSeconds: number) =>
      oldest ? (oldest.getTime() - now.getTime()) / 1000 + windowSeconds : windowSeconds;
    if (counts.minute >= limits.perMinute)
      throw tooMany('发送过于频繁，请 60 秒后再试', wait(counts.minuteOldest, 60));
    if (counts.hour >= limits.perHour)
      throw tooMany('发送次数过多，请 1 小时后再试', wait(counts.hourOldest, 3600));
    if (counts.day >= limits.perDay)
      throw tooMany('今日发送次数已达上限，请明天再试', wait(counts.dayOldest, 86400));
    const fromIp = await trx
      .selectFrom('sms_codes')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('ip', '=', ip)
      .where('created_at', '>', secondsAgo(now, 3600))
      .executeTakeFirstOrThrow();
    if (fromIp.n >= limits.perIpHour)
      throw tooMany('请求过于频繁，请稍后再试', wait(fromIp.oldest, 3600));
    // A new code replaces any earlier one still waiting.
    await trx
      .updateTable('sms_codes')
      .set({ burnt_at: now })
      .where('mobile', '=', mobile)
      .where('consumed_at', 'is', null)
      .where('burnt_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('sms_codes')
      .values({
        mobile,
        code_hash: hashCode(mobile, code),
        ip,
        created_at: now,
        expires_at: new Date(now.getTime() + limits.codeTtlSeconds * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * Stores a new login code within the limits (429 beyond them) and sends it by SMS. A send that
 * fails burns the code, which still counts towards the limits.
 */
export async function sendLoginCode(
  deps: AppDeps,
  input: { mobile: string; ip: string; platform: PlatformId },
  log: FastifyBaseLogger,
): Promise<void> {
  const { mobile, platform } = input;
  const now = deps.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeId = await storeLoginCode(deps, mobile, input.ip, code, now);
  try {
    const sent = await deps.providers.sms.sendLoginCode(
      mobile,
      code,
      (line) => log.info(line),
      platform,
    );
    // The code went out: a record that fails to write must not burn it.
    await recordSentSms(deps.db, deps.config.dataKey, deps.providers.sms, {
      platform,
      purpose: 'login_code',
      mobile,
      sent,
      at: now,
    }).catch((error: unknown) => log.error({ err: error }, 'sms record not written'));
  } catch (error) {
    // The send still counts towards the limits; the code itself must not work.
    await deps.db
      .updateTable('sms_codes')
      .set({ burnt_at: now })
      .where('id', '=', codeId)
      .execute();
    throw error;
  }
}

/** Logs in with an SMS code (400 when it does not check out); the mobile's user, made if new. */
export async function loginWithSmsCode(
  deps: AppDeps,
  body: LoginForSmsBody,
  platform: PlatformId,
): Promise<string> {
  const { mobile, code, channelCode } = body;
  const now = deps.now();
  const check = await deps.db
    .transaction()
    .execute((trx) => consumeSmsCode(trx, mobile, code, now, deps.config.sms.maxAttempts));
  if (check !== 'ok') throw codeCheckError(check);
  const userId = await findOrCreateUserByMobile(deps.db, mobile, channelCode, now);
  return session(deps, userId, platform);
}

/** Logs in with an Alipay auth code: the wallet user's account, its open id bound on the brand. */
export async function loginWithAlipay(
  deps: AppDeps,
  input: { code: string; channelCode?: string },
  platform: PlatformId,
): Promise<string> {
  const alipayUser = await deps.providers.alipay.exchangeAuthCode(input.code, platform);
  const now = deps.now();
  const userId = await findOrCreateUserByAlipayId(
    deps.db,
    alipayUser.userId,
    input.channelCode,
    now,
  );
  await bindOpenId(deps.db, {
    userId,
    platform,
    provider: 'alipay',
    openId: alipayUser.openId,
  });
  return session(deps, userId, platform);
}

/**
 * Logs in with the phone number a mini-program hands over; with a login code, its open id is
 * bound to the user too (for silent logins later).
 */
export async function loginWithPhoneNumber(
  deps: AppDeps,
  body: LoginForUniBody,
  platform: PlatformId,
): Promise<string> {
  const { provider, phoneCode, loginCode, channelCode } = body;
  const mobile = await (provider === 'wechat'
    ? deps.providers.wechat.phoneNumber(phoneCode, platform)
    : deps.providers.alipay.phoneNumber(phoneCode, platform));
  const openId = loginCode ? await openIdFrom(deps, provider, loginCode, platform) : undefined;
  const userId = await findOrCreateUserByMobile(deps.db, mobile, channelCode, deps.now());
  if (openId) await bindOpenId(deps.db, { userId, platform, provider, openId });
  return session(deps, userId, platform);
}

/** Silent login: a token when the login code's open id is bound to a user, null otherwise. */
export async function loginWithBoundOpenId(
  deps: AppDeps,
  input: { provider: MiniProgram; loginCode: string },
  platform: PlatformId,
): Promise<string | null> {
  const openId = await openIdFrom(deps, input.provider, input.loginCode, platform);
  const userId = await userIdByOpenId(deps.db, { platform, provider: input.provider, openId });
  return userId === undefined ? null : session(deps, userId, platform);
}
