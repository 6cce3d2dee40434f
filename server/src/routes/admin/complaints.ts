/**
 * The complaints and feedback queue of the console (`/admin/api`): list with filters, assign and
 * change state, reply. The guard checks session, CSRF, `complaints.handle` and the complaint's
 * brand before any body is read; each change is audited (admin/complaints.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ComplaintIdParams,
  ComplaintReply,
  ListComplaintsQuery,
  ListComplaintsReply,
  ReplyComplaintBody,
  UpdateComplaintBody,
} from '../../../../contract/admin/complaints.ts';
import { listDeskComplaints, replyComplaint, updateComplaint } from '../../admin/complaints.ts';
import { staffOf } from '../../admin/guard.ts';
import { ok } from '../../plugins/errors.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

export function complaintRoutes(app: AdminScope): void {
  const deps = app.deps;
  const tags = ['complaints'];

  app.get(
    '/complaints',
    {
      config: { access: 'complaints.handle' },
      schema: {
        operationId: 'listComplaints',
        tags,
        querystring: ListComplaintsQuery,
        response: { 200: ListComplaintsReply },
      },
    },
    async (request) => ok(await listDeskComplaints(deps.db, staffOf(request), request.query)),
  );

  app.post(
    '/complaints/:id',
    {
      config: { access: 'complaints.handle', target: 'complaint' },
      schema: {
        operationId: 'updateComplaint',
        tags,
        params: ComplaintIdParams,
        body: UpdateComplaintBody,
        response: { 200: ComplaintReply },
      },
    },
    async (request) =>
      ok(await updateComplaint(deps, staffOf(request), request.params.id, request.body)),
  );

  app.post(
    '/complaints/:id/reply',
    {
      config: { access: 'complaints.handle', target: 'complaint' },
      schema: {
        operationId: 'replyComplaint',
        tags,
        params: ComplaintIdParams,
        body: ReplyComplaintBody,
        response: { 200: ComplaintReply },
      },
    },
    async (request) =>
      ok(await replyComplaint(deps, staffOf(request), request.params.id, request.body)),
  );
}
