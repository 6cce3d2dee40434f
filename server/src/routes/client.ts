/**
 * Feedback and uploads. `put-file` takes one multipart `file`, checks its size and its real type
 * (sniffed from the first bytes; the client's content type and name are not trusted), and stores
 * it under a random name. Files are read back only by their owner.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ComplaintBody,
  ComplaintReply,
  UploadParams,
  UploadReply,
} from '../../../contract/api/client.ts';
import { currentUser } from '../plugins/auth.ts';
import { ApiError, badRequest, notFound, ok } from '../plugins/errors.ts';

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

const clientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.deps;
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post(
    '/complaint/submit',
    {
      onRequest: app.authenticate,
      schema: { body: ComplaintBody, response: { 200: ComplaintReply } },
    },
    async (request) => {
      const { id: userId } = currentUser(request);
      const { type, content, contactMobile, images = [] } = request.body;
      if (images.length > 0) {
        const { n } = await db
          .selectFrom('uploads')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', 'in', images)
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        // Someone else's upload looks the same as a missing one.
        if (n !== images.length) throw badRequest('images 格式不正确');
      }
      const row = await db
        .insertInto('complaints')
        .values({
          user_id: userId,
          platform: request.platform,
          type,
          content,
          contact_mobile: contactMobile ?? null,
          images: JSON.stringify(images),
          created_at: app.deps.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return ok({
        id: row.id,
        type: row.type,
        content: row.content,
        contactMobile: row.contact_mobile,
        images: row.images,
        createdAt: row.created_at.toISOString(),
      });
    },
  );

  app.post(
    '/put-file',
    { onRequest: app.authenticate, schema: { response: { 200: UploadReply } } },
    async (request) => {
      const { id: userId } = currentUser(request);
      if (!request.isMultipart())
        throw new ApiError(415, '请以 multipart/form-data 上传 file', 415);
      const part = await request.file();
      if (!part || part.fieldname !== 'file') throw badRequest('缺少 file');
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw badRequest('file 不能为空');
      const mime = sniffType(bytes);
      if (!mime) throw new ApiError(415, 'file 类型不支持，仅限 JPG、PNG、WebP、PDF', 415);
      const id = randomBytes(16).toString('hex');
      await fs.mkdir(config.uploadDir, { recursive: true });
      await fs.writeFile(path.join(config.uploadDir, id), bytes, { flag: 'wx' });
      await db
        .insertInto('uploads')
        .values({
          id,
          user_id: userId,
          original_name: displayName(part.filename ?? ''),
          mime,
          size: bytes.length,
          created_at: app.deps.now(),
        })
        .execute();
      return ok({ id, url: `/api/client/file/${id}`, mime, size: bytes.length });
    },
  );

  app.get(
    '/file/:id',
    { onRequest: app.authenticate, schema: { params: UploadParams } },
    async (request, reply) => {
      const upload = await db
        .selectFrom('uploads')
        .select(['id', 'mime'])
        .where('id', '=', request.params.id)
        .where('user_id', '=', currentUser(request).id)
        .executeTakeFirst();
      if (!upload) throw notFound('文件不存在');
      const bytes = await fs.readFile(path.join(config.uploadDir, upload.id));
      return reply
        .header('content-type', upload.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .send(bytes);
    },
  );
};

export default clientRoutes;
export const prefix = '/api/client';
