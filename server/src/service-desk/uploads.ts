/**
 * Uploads: a file is checked by its real type (sniffed from the first bytes; the client's
 * content type and name are not trusted), counted against its owner's daily quota, stored under
 * a random name, and read back only by its owner.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { UserQuotas } from '../boot/config.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, badRequest, notFound } from '../plugins/errors.ts';
import { DAY_MS, lockUserQuota, refuseOverQuota } from './quota.ts';

/** The file's type from its leading bytes, or undefined when it is not one we accept. */
export function sniffType(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

/** A client file name kept for display only: no NUL or unpaired surrogates, at most 200 chars. */
function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is exactly what must go
  return Array.from(name.replace(/[\u0000\uD800-\uDFFF]/gu, ''))
    .slice(0, 200)
    .join('');
}

export interface StoredUpload {
  id: string;
  mime: string;
  size: number;
}

/**
 * Stores a user's file in `uploadDir`: 400 when empty, 415 when not JPG, PNG, WebP or PDF, 429
 * past the user's files or bytes of the last 24 hours (nothing written then).
 */
export async function storeUpload(
  db: Kysely<Database>,
  uploadDir: string,
  file: { userId: number; bytes: Buffer; filename: string | undefined },
  now: Date,
  quotas: Pick<UserQuotas, 'uploadsPerDay' | 'uploadBytesPerDay'>,
): Promise<StoredUpload> {
  const { bytes } = file;
  if (bytes.length === 0) throw badRequest('file 不能为空');
  const mime = sniffType(bytes);
  if (!mime) throw new ApiError(415, 'file 类型不支持，仅限 JPG、PNG、WebP、PDF', 415);
  const id = randomBytes(16).toString('hex');
  await db.transaction().execute(async (trx) => {
    await lockUserQuota(trx, 'uploads', file.userId);
    const recent = await trx
      .selectFrom('uploads')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
        eb.fn.min('created_at').as('oldest'),
      ])
      .where('user_id', '=', file.userId)
      .where('created_at', '>', new Date(now.getTime() - DAY_MS))
      .executeTakeFirstOrThrow();
    refuseOverQuota(
      recent.n >= quotas.uploadsPerDay ||
        Number(recent.bytes) + bytes.length > quotas.uploadBytesPerDay,
      '今日上传的文件已达上限，请明天再试',
      recent.oldest,
      now,
    );
    await fs.mkdir(uploadDir, { recursive: true });
    await fs.writeFile(path.join(uploadDir, id), bytes, { flag: 'wx' });
    await trx
      .insertInto('uploads')
      .values({
        id,
        user_id: file.userId,
        original_name: displayName(file.filename ?? ''),
        mime,
        size: bytes.length,
        created_at: now,
      })
      .execute();
  });
  return { id, mime, size: bytes.length };
}

/** One of the user's uploads with its bytes; 404 when it is missing or someone else's. */
export async function readOwnUpload(
  db: Kysely<Database>,
  uploadDir: string,
  userId: number,
  id: string,
): Promise<{ mime: string; bytes: Buffer }> {
  const upload = await db
    .selectFrom('uploads')
    .select(['id', 'mime'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!upload) throw notFound('文件不存在');
  const bytes = await fs.readFile(path.join(uploadDir, upload.id));
  return { mime: upload.mime, bytes };
}
