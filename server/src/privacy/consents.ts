/**
 * Consents per user and brand: what is still to agree to, recording agreement, withdrawal, and
 * the guard the sensitive steps call before they touch the data the consent covers.
 */
import {
  CONSENT_KINDS,
  type ConsentBody,
  type ConsentKind,
  type ConsentState,
} from '../../../contract/api/privacy.ts';
import { ResultCode } from '../../../contract/http.ts';
import type { Db } from '../db/index.ts';
import { ApiError, badRequest, namedIn } from '../plugins/errors.ts';
import { POLICY_VERSIONS, consentTerm } from './policies.ts';
import './schema.ts';

/** Every kind with the current version and where this user stands on this brand. */
export async function consentStates(
  db: Db,
  userId: number,
  platform: number,
): Promise<ConsentState[]> {
  const rows = await db
    .selectFrom('consents')
    .select(['kind', 'policy_version', 'granted_at', 'withdrawn_at'])
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .orderBy('granted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return CONSENT_KINDS.map((kind) => {
    const current = POLICY_VERSIONS[kind];
    const latest = rows.find((row) => row.kind === kind);
    const live = latest && latest.withdrawn_at === null ? latest : undefined;
    const pending = live?.policy_version !== current;
    return {
      kind,
      currentVersion: current,
      agreedVersion: live?.policy_version ?? null,
      agreedAt: live ? live.granted_at.toISOString() : null,
      pending,
      updated: pending && live !== undefined,
    };
  });
}

/**
 * Records the consents the user gave, each at the version they were shown. A version that is not
 * the current one is refused as a whole (nothing written): the client showed an outdated text.
 */
export async function recordConsents(
  db: Db,
  input: { userId: number; platform: number; ip: string; now: Date } & ConsentBody,
): Promise<void> {
  const kinds = new Set<ConsentKind>();
  for (const { kind, version } of input.consents) {
    if (kinds.has(kind)) throw badRequest(`consents 重复：${kind}`);
    kinds.add(kind);
    if (version !== POLICY_VERSIONS[kind]) {
      const title = namedIn([consentTerm(kind)]);
      throw new ApiError(
        ResultCode.BAD_REQUEST,
        `${title.text}已更新，请阅读最新版本后再同意`,
        400,
        { title: title.keys },
      );
    }
  }
  await db.transaction().execute(async (trx) => {
    for (const { kind, version } of input.consents) {
      // Agreeing again after a withdrawal re-opens the same version's row.
      await trx
        .insertInto('consents')
        .values({
          user_id: input.userId,
          platform: input.platform,
          kind,
          policy_version: version,
          channel: input.channel,
          ip: input.ip,
          granted_at: input.now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'platform', 'kind', 'policy_version']).doUpdateSet({
            channel: input.channel,
            ip: input.ip,
            granted_at: input.now,
            withdrawn_at: null,
          }),
        )
        .execute();
    }
  });
}

/** Withdraws a consent: later steps that need it ask again. Returns whether one was live. */
export async function withdrawConsent(
  db: Db,
  input: { userId: number; platform: number; kind: ConsentKind; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('consents')
    .set({ withdrawn_at: input.now })
    .where('user_id', '=', input.userId)
    .where('platform', '=', input.platform)
    .where('kind', '=', input.kind)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Refuses (403, CONSENT_REQUIRED) unless the user agreed on this brand to the current version of
 * every named kind. Called before any data the consent covers is read, sent or stored.
 */
export async function requireConsent(
  db: Db,
  userId: number,
  platform: number,
  kinds: readonly ConsentKind[],
): Promise<void> {
  const rows = await db
    .selectFrom('consents')
    .select('kind')
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .where('kind', 'in', kinds)
    .where('withdrawn_at', 'is', null)
    .where((eb) =>
      eb.or(
        kinds.map((kind) =>
          eb.and([eb('kind', '=', kind), eb('policy_version', '=', POLICY_VERSIONS[kind])]),
        ),
      ),
    )
    .execute();
  const missing = kinds.filter((kind) => !rows.some((row) => row.kind === kind));
  if (missing.length > 0) {
    const titles = namedIn(missing.map(consentTerm));
    throw new ApiError(ResultCode.CONSENT_REQUIRED, `请先阅读并同意${titles.text}`, 403, {
      titles: titles.keys,
    });
  }
}

/**
 * Development and browser tests only (the /dev routes): the privacy-policy agreements of the
 * user with `mobile` become ones to an older version, as when a new version is published, so
 * the app must ask again. False when no user has that mobile.
 */
export async function outdatePrivacyConsent(db: Db, mobile: string): Promise<boolean> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  if (!user) return false;
  await db
    .updateTable('consents')
    .set({ policy_version: '2000-01-01' })
    .where('user_id', '=', user.id)
    .where('kind', '=', 'privacy_policy')
    .execute();
  return true;
}
