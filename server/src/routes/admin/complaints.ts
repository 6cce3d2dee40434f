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
import { consoleRoute } from './route.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

export function complaintRoutes(app: AdminScope): void {
  const deps = app.deps;
  const handle = { access: 'complaints.handle', tags: ['complaints'] } as const;
  const oneComplaint = { ...handle, target: 'complaint', params: ComplaintIdParams } as const;

  consoleRoute(
    app,
    'GET',
    '/complaints',
    {
      ...handle,
      operationId: 'listComplaints',
      querystring: ListComplaintsQuery,
      reply: ListComplaintsReply,
    },
    async (request) => ok(await listDeskComplaints(deps.db, staffOf(request), request.query)),
  );

  consoleRoute(
    app,
    'POST',
    '/complaints/:id',
    {
      ...oneComplaint,
      operationId: 'updateComplaint',
      body: UpdateComplaintBody,
      reply: ComplaintReply,
    },
    async (request) =>
      ok(await updateComplaint(deps, staffOf(request), request.params.id, request.body)),
  );

  consoleRoute(
    app,
    'POST',
    '/complaints/:id/reply',
    {
      ...oneComplaint,
      operationId: 'replyComplaint',
      body: ReplyComplaintBody,
      reply: ComplaintReply,
    },
    async (request) =>
      ok(await replyComplaint(deps, staffOf(request), request.params.id, request.body)),
  );
}
