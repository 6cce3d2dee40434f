/**
 * Feedback and uploads (server/src/service-desk/). `put-file` takes one multipart `file`; its
 * checks and storage are in uploads.ts. Files are read back only by their owner.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ComplaintBody,
  ComplaintReply,
  MyComplaintsReply,
  UploadParams,
  UploadReply,
} from '../../../../contract/api/client.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ApiError, badRequest, ok } from '../../plugins/errors.ts';
import { listOwnComplaints, submitComplaint } from '../../service-desk/complaints.ts';
import { readOwnUpload, storeUpload } from '../../service-desk/uploads.ts';

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
      const author = { userId: currentUser(request).id, platform: request.platform };
      const perDay = config.quotas.complaintsPerDay;
      return ok(await submitComplaint(db, author, request.body, app.deps.now(), perDay));
    },
  );

  // The feedback screen's "my feedback": what was sent and the merchant's reply.
  app.get(
    '/complaint/list',
    { onRequest: app.authenticate, schema: { response: { 200: MyComplaintsReply } } },
    async (request) => {
      const author = { userId: currentUser(request).id, platform: request.platform };
      return ok({ list: await listOwnComplaints(db, author) });
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
      const file = { userId, bytes, filename: part.filename };
      const { id, mime, size } = await storeUpload(
        db,
        config.uploadDir,
        file,
        app.deps.now(),
        config.quotas,
      );
      return ok({ id, url: `/api/client/file/${id}`, mime, size });
    },
  );

  app.get(
    '/file/:id',
    {
      onRequest: app.authenticate,
      schema: {
        params: UploadParams,
        response: {
          200: {
            description: 'The uploaded file, with the media type it was stored with',
            content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const upload = await readOwnUpload(
        db,
        config.uploadDir,
        currentUser(request).id,
        request.params.id,
      );
      return reply
        .header('content-type', upload.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .send(upload.bytes);
    },
  );
};

export default clientRoutes;
export const prefix = '/api/client';
