/**
 * Real name, ID-card OCR, face sessions, credit score and emergency contact. Every function takes
 * the acting user and only ever reads or writes that user's rows.
 *
 * Each brand is its own company: the person's identity (one per person, one person per ID
 * number) is a brand's to see and use only once the person verified with that brand, under its
 * consents; that brand's credit query and face checks are its own (migration 0014). On another
 * brand the person submits the same identity again (the full number is never kept to reuse).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import dayjs from 'dayjs';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { isIdCard } from '../../../contract/validation/index.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { ResultCode } from '../../../contract/http.ts';
import { ApiError, badRequest, conflict, notFound } from '../plugins/errors.ts';
import type { IdCardSide } from '../providers/ocr/index.ts';
import { dayOf, isoDay } from '../orders/bills.ts';
import { keyedHash, maskIdNumber } from './crypto.ts';
import './schema.ts';

/** Chinese names: 2–20 CJK characters, with the middle dot of transliterated minority names. */
const NAME =
  /^[\u3400-\u4dbf\u4e00-\u9fff](?:[\u3400-\u4dbf\u4e00-\u9fff·•]{0,18})[\u3400-\u4dbf\u4e00-\u9fff]$/u;

export function isRealName(value: string): boolean {
  return NAME.test(value);
}

/** The person acting, on the brand they act on (`currentUser(request)` is one). */
export interface KycUser {
  id: number;
  platform: number;
}

export interface IdentityView {
  name: string;
  idNoMasked: string;
  gender: 'M' | 'F';
  source: 'ocr' | 'manual';
  credit: { score: number; passed: boolean } | null;
  verifiedAt: string;
}

async function readOwnImage(deps: AppDeps, userId: number, fileId: string) {
  const upload = await deps.db
    .selectFrom('uploads')
    .select(['id', 'mime', 'original_name'])
    .where('id', '=', fileId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // Someone else's upload answers exactly like a missing one.
  if (!upload) throw notFound('文件不存在');
  if (!upload.mime.startsWith('image/')) throw badRequest('请上传图片');
  const bytes = await fs.readFile(path.join(deps.config.uploadDir, upload.id));
  return { upload, bytes };
}

/** The identity as this brand verified it, with this brand's credit score; null before that. */
export async function identityOf(
  db: Kysely<Database>,
  user: KycUser,
): Promise<IdentityView | null> {
  const row = await db
    .selectFrom('identities')
    .innerJoin('identity_verifications as v', (join) =>
      join.onRef('v.user_id', '=', 'identities.user_id').on('v.platform', '=', user.platform),
    )
    .leftJoin('credit_scores as c', (join) =>
      join.onRef('c.user_id', '=', 'identities.user_id').on('c.platform', '=', user.platform),
    )
    .select([
      'identities.name',
      'identities.id_masked',
      'identities.gender',
      'v.source',
      'v.created_at',
      'c.score',
      'c.passed',
    ])
    .where('identities.user_id', '=', user.id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    name: row.name,
    idNoMasked: row.id_masked,
    gender: row.gender,
    source: row.source,
    credit:
      row.score !== null && row.passed !== null ? { score: row.score, passed: row.passed } : null,
    verifiedAt: row.created_at.toISOString(),
  };
}

/** Renters must be adults (民法典 art. 17-18: a lease is a contract a minor cannot make alone). */
export const MIN_RENTER_AGE = 18;

/** Full years of age on `today` (a Beijing calendar day) for a YYYY-MM-DD birth date. */
export function ageOn(birthDate: string, today: string): number {
  return dayjs(today).diff(dayjs(birthDate), 'year');
}

/**
 * Refuses (403) a renter the identity on file shows under 18 on `now`'s Beijing day. Identities
 * verified before the age rule existed were never checked at the identity step, so placing an
 * order checks again; a user without an identity yet is checked at the identity step.
 */
export async function assertAdultRenter(
  db: Kysely<Database>,
  userId: number,
  now: Date,
): Promise<void> {
  const identity = await db
    .selectFrom('identities')
    .select('birth_date')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  refuseMinorRenter(identity?.birth_date ?? null, now);
}

/**
 * `assertAdultRenter` on a birth date already read (null: no identity on file, checked at the
 * identity step): placing reads it with the account's share lock, in one statement.
 */
export function refuseMinorRenter(birthDate: Date | null, now: Date): void {
  if (birthDate !== null && ageOn(isoDay(birthDate), dayOf(now)) < MIN_RENTER_AGE) {
    throw new ApiError(
      ResultCode.FORBIDDEN,
      `年满${MIN_RENTER_AGE}周岁才能租赁：您的实名信息显示未满${MIN_RENTER_AGE}周岁，无法下单`,
      403,
    );
  }
}

/** The birth date an 18-digit ID number carries (digits 7-14). */
export function birthDateOf(idNo: string): string {
  return `${idNo.slice(6, 10)}-${idNo.slice(10, 12)}-${idNo.slice(12, 14)}`;
}

/** The one answer to a real-name submit that cannot be accepted for a reason of someone else's. */
const IDENTITY_CHECK_FAILED = '身份信息核验未通过，请核对姓名和身份证号，或联系客服';

/**
 * Verifies the person's identity with this brand: the person's identity is recorded once (the
 * first brand), each brand records its own verification and asks the credit bureau itself, under
 * its own consents (the route checks them). Submitting the same name and ID again on a brand
 * answers what it verified; a different identity, or an ID another user holds, is refused.
 */
export async function submitIdentity(
  deps: AppDeps,
  user: KycUser,
  input: { name: string; idNo: string; source: 'ocr' | 'manual' },
  log: FastifyBaseLogger,
): Promise<IdentityView> {
  const userId = user.id;
  const idNo = input.idNo.toUpperCase();
  if (!isRealName(input.name)) throw badRequest('name 格式不正确');
  if (!isIdCard(idNo)) throw badRequest('idNo 格式不正确');
  // Before anything is stored or the credit bureau is asked: a minor's data is not processed.
  if (ageOn(birthDateOf(idNo), dayOf(deps.now())) < MIN_RENTER_AGE) {
    throw badRequest(
      `年满${MIN_RENTER_AGE}周岁才能租赁，您未满${MIN_RENTER_AGE}周岁，无法完成实名认证`,
    );
  }
  const idHash = keyedHash(deps.config.kycHashKey, 'id', idNo);
  const existing = await deps.db
    .selectFrom('identities')
    .select(['user_id', 'name', 'id_hash'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('id_hash', '=', idHash)]))
    .execute();
  const holder = existing.find((row) => row.user_id !== userId);
  if (holder) {
    // Saying "taken" would tell anyone which ID numbers are registered here: ops read the log.
    log.warn(
      { userId, heldBy: holder.user_id },
      'real-name refused: the ID number is verified on another account',
    );
    throw badRequest(IDENTITY_CHECK_FAILED);
  }
  const mine = existing.find((row) => row.user_id === userId);
  if (mine) {
    if (mine.id_hash !== idHash || mine.name !== input.name) {
      throw conflict('您已完成实名认证，不能更换身份');
    }
    // This brand verified it already.
    const view = await identityOf(deps.db, user);
    if (view) return view;
  }
  // A query of this brand's own, under its credit_query consent: never another brand's score.
  const credit = await deps.providers.credit.score({ name: input.name, idNo });
  const now = deps.now();
  const inserted = await deps.db.transaction().execute(async (trx) => {
    if (!mine) {
      const row = await trx
        .insertInto('identities')
        .values({
          user_id: userId,
          name: input.name,
          id_hash: idHash,
          id_masked: maskIdNumber(idNo),
          gender: Number(idNo[16]) % 2 === 1 ? 'M' : 'F',
          birth_date: birthDateOf(idNo),
          source: input.source,
          created_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (!row) return false;
    }
    await trx
      .insertInto('identity_verifications')
      .values({ user_id: userId, platform: user.platform, source: input.source, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'platform']).doNothing())
      .execute();
    await trx
      .insertInto('credit_scores')
      .values({
        user_id: userId,
        platform: user.platform,
        provider: deps.providers.credit.name,
        score: credit.score,
        passed: credit.passed,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'platform'])
          .doUpdateSet({ score: credit.score, passed: credit.passed }),
      )
      .execute();
    return true;
  });
  // A concurrent submit won the race: answer what it stored, or refuse what differs.
  if (!inserted) return submitIdentity(deps, user, input, log);
  const view = await identityOf(deps.db, user);
  if (!view) throw notFound();
  return view;
}

export type OcrView =
  | { ocrId: number; side: 'front'; recognised: true; name: string; idNoMasked: string }
  | { ocrId: number; side: 'back'; recognised: true; validTo: string }
  | { ocrId: number; side: IdCardSide; recognised: false };

/** Reads the fields on one of the user's uploads; unreadable or implausible → recognised: false. */
async function recognise(deps: AppDeps, userId: number, fileId: string, side: IdCardSide) {
  const { upload, bytes } = await readOwnImage(deps, userId, fileId);
  const result = await deps.providers.ocr.recogniseIdCard(bytes, upload.original_name, side);
  if (result.recognised && result.side === 'front') {
    // What the OCR read is checked like typed input; a misread is "not recognised".
    if (!isRealName(result.name) || !isIdCard(result.idNo)) return { recognised: false as const };
  }
  return result;
}

export async function ocrIdCard(
  deps: AppDeps,
  userId: number,
  fileId: string,
  side: IdCardSide,
): Promise<OcrView> {
  const result = await recognise(deps, userId, fileId, side);
  const row = await deps.db
    .insertInto('ocr_results')
    .values({
      user_id: userId,
      upload_id: fileId,
      side,
      recognised: result.recognised,
      created_at: deps.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!result.recognised) return { ocrId: row.id, side, recognised: false };
  if (result.side === 'front') {
    return {
      ocrId: row.id,
      side: 'front',
      recognised: true,
      name: result.name,
      idNoMasked: maskIdNumber(result.idNo),
    };
  }
  return { ocrId: row.id, side: 'back', recognised: true, validTo: result.validTo };
}

/**
 * Confirms a recognised front side as the user's identity. The full ID number is read again from
 * the upload rather than kept anywhere between the two calls.
 */
export async function submitFromOcr(
  deps: AppDeps,
  user: KycUser,
  ocrId: number,
  log: FastifyBaseLogger,
): Promise<IdentityView> {
  const userId = user.id;
  const row = await deps.db
    .selectFrom('ocr_results')
    .select(['upload_id', 'side', 'recognised'])
    .where('id', '=', ocrId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('识别记录不存在');
  if (row.side !== 'front' || !row.recognised) throw badRequest('请上传可识别的身份证人像面');
  const result = await recognise(deps, userId, row.upload_id, 'front');
  if (!result.recognised || result.side !== 'front') throw badRequest('身份证无法识别，请手动填写');
  return submitIdentity(deps, user, { name: result.name, idNo: result.idNo, source: 'ocr' }, log);
}

export interface FaceView {
  certifyId: string;
  status: 'pending' | 'passed' | 'failed';
  reason: string;
}

/** A face check for this brand, of the identity this brand verified. */
export async function startFace(
  deps: AppDeps,
  user: KycUser,
): Promise<{ certifyId: string; url: string }> {
  const identity = await identityOf(deps.db, user);
  if (!identity) throw badRequest('请先完成实名认证');
  const { certifyId, url } = await deps.providers.face.start({
    name: identity.name,
    idMasked: identity.idNoMasked,
    pageBase: deps.publicBase(),
  });
  await deps.db
    .insertInto('face_sessions')
    .values({
      user_id: user.id,
      platform: user.platform,
      certify_id: certifyId,
      created_at: deps.now(),
    })
    .execute();
  return { certifyId, url };
}

/** The session's verdict: asks the provider while pending and keeps the final answer. */
export async function faceResult(
  deps: AppDeps,
  user: KycUser,
  certifyId: string | undefined,
): Promise<FaceView> {
  // Another brand's session answers like a missing one.
  let query = deps.db
    .selectFrom('face_sessions')
    .select(['id', 'certify_id', 'status', 'reason'])
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform);
  query = certifyId ? query.where('certify_id', '=', certifyId) : query.orderBy('id', 'desc');
  const session = await query.limit(1).executeTakeFirst();
  if (!session) throw notFound('人脸认证记录不存在');
  if (session.status !== 'pending') {
    return { certifyId: session.certify_id, status: session.status, reason: session.reason };
  }
  const verdict = await deps.providers.face.query(session.certify_id);
  if (verdict.outcome === 'pending') {
    return { certifyId: session.certify_id, status: 'pending', reason: '' };
  }
  await deps.db
    .updateTable('face_sessions')
    .set({ status: verdict.outcome, reason: verdict.reason, finished_at: deps.now() })
    .where('id', '=', session.id)
    .where('status', '=', 'pending')
    .execute();
  return { certifyId: session.certify_id, status: verdict.outcome, reason: verdict.reason };
}

export async function putFacePhoto(
  deps: AppDeps,
  user: KycUser,
  certifyId: string,
  fileId: string,
): Promise<FaceView> {
  const userId = user.id;
  const session = await deps.db
    .selectFrom('face_sessions')
    .select(['certify_id', 'status'])
    .where('user_id', '=', userId)
    .where('platform', '=', user.platform)
    .where('certify_id', '=', certifyId)
    .executeTakeFirst();
  if (!session) throw notFound('人脸认证记录不存在');
  if (session.status !== 'pending') throw conflict('该人脸认证已结束，请重新发起');
  const { upload, bytes } = await readOwnImage(deps, userId, fileId);
  await deps.providers.face.submitPhoto(certifyId, bytes, upload.original_name);
  return { certifyId, status: 'pending', reason: '' };
}

export interface ContactView {
  name: string;
  mobile: string;
  relation: string;
}

/**
 * The emergency contact, in the same table `/api/user/contact` writes (one contact per user,
 * never the user's own mobile).
 */
export async function saveContact(
  deps: AppDeps,
  userId: number,
  contact: ContactView,
): Promise<ContactView> {
  const own = await deps.db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (own?.mobile === contact.mobile) throw badRequest('mobile 不能是本人手机号');
  const now = deps.now();
  await deps.db
    .insertInto('emergency_contacts')
    .values({ user_id: userId, ...contact, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...contact, updated_at: now }))
    .execute();
  return contact;
}

export async function contactOf(db: Kysely<Database>, userId: number): Promise<ContactView | null> {
  const row = await db
    .selectFrom('emergency_contacts')
    .select(['name', 'mobile', 'relation'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}
