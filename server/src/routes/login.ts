/**
 * Login. SMS codes: 6 digits, valid 5 minutes, single use, burnt after 5 wrong tries; at most one
 * send a minute, 5 an hour and 10 a day per mobile, and a cap per client IP. All limits live in
 * the database (so several API processes share them), and each mobile's sends and checks are
 * serialised by a transaction-scoped advisory lock, so concurrent guesses cannot both win.
 */
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HEADER_USER_TYPE, USER_TYPE_APP, type PlatformId } from '../../../contract/http.ts';
import {
  GetTokenForUniQuery,
  GetTokenForUniReply,
  LoginForAlipayBody,
  LoginForSmsBody,
  LoginForUniBody,
  SendCodeBody,
  SendCodeReply,
  TokenReply,
  type MiniProgram,
} from '../../../contract/api/login.ts';
import type { AppDeps } from '../deps.ts';
import { issueSession } from '../plugins/auth.ts';
import { badRequest, ok, tooMany } from '../plugins/errors.ts';
import { bindOpenId, findOrCreateUserByMobile } from '../users.ts';
import { codeCheckError, consumeSmsCode, hashCode, lockKey } from '../sms-codes.ts';
import { recordSentSms } from '../sms-receipts.ts';

const secondsAgo = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

async function openIdFrom(
  deps: AppDeps,
  provider: MiniProgram,
  loginCode: string,
  platform: number,
): Promise<string> {
  return provider === 'wechat'
    ? deps.providers.wechat.openIdFromLoginCode(loginCode, platform)
    : (await deps.providers.alipay.exchangeAuthCode(loginCode, platform)).openId;
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
    const counts = await trx
      .selectFrom('sms_codes')
      .select((eb) => [
        eb.fn.countAll<number>().filterWhere('created_at', '>', secondsAgo(now, 60)).as('minute'),
        eb.fn.countAll<number>().filterWhere('created_at', '>', secondsAgo(now, 3600)).as('hour'),
        eb.fn.countAll<number>().as('day'),
      ])
      .where('mobile', '=', mobile)
      .where('created_at', '>', secondsAgo(now, 86400))
      .executeTakeFirstOrThrow();
    if (counts.minute >= limits.perMinute) throw tooMany('发送过于频繁，请 60 秒后再试');
    if (counts.hour >= limits.perHour) throw tooMany('发送次数过多，请 1 小时后再试');
    if (counts.day >= limits.perDay) throw tooMany('今日发送次数已达上限，请明天再试');
    const fromIp = await trx
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('created_at', '>', secondsAgo(now, 3600))
      .executeTakeFirstOrThrow();
    if (fromIp.n >= limits.perIpHour) throw tooMany('请求过于频繁，请稍后再试');
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

type LoginApp = Parameters<FastifyPluginAsyncTypebox>[0];
/** Issues the session token of a user on a brand. */
type IssueToken = (userId: number, platform: PlatformId) => Promise<string>;

/** Logging in with a code sent by SMS. */
function smsLoginRoutes(app: LoginApp, session: IssueToken): void {
  const deps = app.deps;
  const { sms: limits } = deps.config;

  app.post(
    '/sendCode',
    { schema: { body: SendCodeBody, response: { 200: SendCodeReply } } },
    async (request) => {
      const { mobile } = request.body;
      const now = deps.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeId = await storeLoginCode(deps, mobile, request.ip, code, now);
      try {
        const sent = await deps.providers.sms.sendLoginCode(
          mobile,
          code,
          (line) => request.log.info(line),
          request.platform,
        );
        // The code went out: a record that fails to write must not burn it.
        await recordSentSms(deps.db, deps.config.dataKey, deps.providers.sms, {
          platform: request.platform,
          purpose: 'login_code',
          mobile,
          sent,
          at: now,
        }).catch((error: unknown) => request.log.error({ err: error }, 'sms record not written'));
      } catch (error) {
        // The send still counts towards the limits; the code itself must not work.
        await deps.db
          .updateTable('sms_codes')
          .set({ burnt_at: now })
          .where('id', '=', codeId)
          .execute();
        throw error;
      }
      return ok({ retryAfter: 60 });
    },
  );

  app.post(
    '/loginForSms',
    { schema: { body: LoginForSmsBody, response: { 200: TokenReply } } },
    async (request) => {
      const { mobile, code, channelCode } = request.body;
      const now = deps.now();
      const check = await deps.db
        .transaction()
        .execute((trx) => consumeSmsCode(trx, mobile, code, now, limits.maxAttempts));
      if (check !== 'ok') throw codeCheckError(check);
      const userId = await findOrCreateUserByMobile(deps.db, mobile, channelCode, now);
      return ok({ token: await session(userId, request.platform) });
    },
  );
}

/** Logging in from a mini-program: Alipay's auth code, the phone number, a bound open id. */
function miniProgramLoginRoutes(app: LoginApp, session: IssueToken): void {
  const deps = app.deps;

  app.post(
    '/loginForAlipay',
    { schema: { body: LoginForAlipayBody, response: { 200: TokenReply } } },
    async (request) => {
      const { code, channelCode } = request.body;
      const alipayUser = await deps.providers.alipay.exchangeAuthCode(code, request.platform);
      const now = deps.now();
      const user = await deps.db
        .insertInto('users')
        .values({
          alipay_user_id: alipayUser.userId,
          channel_code: channelCode ?? null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('alipay_user_id').doUpdateSet({ updated_at: now }))
        .returning('id')
        .executeTakeFirstOrThrow();
      await bindOpenId(deps.db, {
        userId: user.id,
        platform: request.platform,
        provider: 'alipay',
        openId: alipayUser.openId,
      });
      return ok({ token: await session(user.id, request.platform) });
    },
  );

  app.post(
    '/loginForUni',
    { schema: { body: LoginForUniBody, response: { 200: TokenReply } } },
    async (request) => {
      const { provider, phoneCode, loginCode, channelCode } = request.body;
      const mobile = await (provider === 'wechat'
        ? deps.providers.wechat.phoneNumber(phoneCode, request.platform)
        : deps.providers.alipay.phoneNumber(phoneCode, request.platform));
      const openId = loginCode
        ? await openIdFrom(deps, provider, loginCode, request.platform)
        : undefined;
      const userId = await findOrCreateUserByMobile(deps.db, mobile, channelCode, deps.now());
      if (openId)
        await bindOpenId(deps.db, { userId, platform: request.platform, provider, openId });
      return ok({ token: await session(userId, request.platform) });
    },
  );

  app.get(
    '/getTokenForUni',
    { schema: { querystring: GetTokenForUniQuery, response: { 200: GetTokenForUniReply } } },
    async (request) => {
      const { provider, loginCode } = request.query;
      const openId = await openIdFrom(deps, provider, loginCode, request.platform);
      const bound = await deps.db
        .selectFrom('user_open_ids')
        .select('user_id')
        .where('platform', '=', request.platform)
        .where('provider', '=', provider)
        .where('open_id', '=', openId)
        .executeTakeFirst();
      return ok({ token: bound ? await session(bound.user_id, request.platform) : null });
    },
  );
}

const loginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  // Per client IP, before anything else (the database limits codes per mobile besides).
  app.addHook('onRequest', app.limitLogin);
  // The storefront marks every login call with X-User-Type: app.
  app.addHook('onRequest', async (request) => {
    const userType = request.headers[HEADER_USER_TYPE.toLowerCase()];
    if (userType === undefined) throw badRequest(`缺少 ${HEADER_USER_TYPE}`);
    if (userType !== USER_TYPE_APP) throw badRequest(`${HEADER_USER_TYPE} 格式不正确`);
  });

  const session = (userId: number, platform: PlatformId) =>
    issueSession(deps.db, {
      userId,
      platform,
      now: deps.now(),
      ttlSeconds: deps.config.tokenTtlSeconds,
    });

  smsLoginRoutes(app, session);
  miniProgramLoginRoutes(app, session);
};

export default loginRoutes;
export const prefix = '/api/login';
