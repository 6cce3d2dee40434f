/**
 * The console's reports and reconciliation (issue 38): `GET /reports` (getReport), `GET
 * /reports/export` (exportReport, a CSV or XLSX file), `GET /reconciliation` (listReconciliation),
 * `POST /reconciliation/resolve` (resolveMismatch), `POST /reconciliation/statements`
 * (importStatement) and `POST /reconciliation/statements/file` (uploadStatement: the provider's
 * file itself, a dry run or an import). Reports: any role, for the account's brands; reconciliation: finance and
 * owner. The guard answers 401/403 before any query or body is validated.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ExportReportQuery,
  GetReportReply,
  ImportStatementBody,
  ImportStatementReply,
  ListReconciliationQuery,
  ListReconciliationReply,
  ReportQuery,
  ResolveMismatchBody,
  ResolveMismatchReply,
  UploadStatementBody,
  UploadStatementReply,
} from '../../../../contract/admin/reports.ts';
import { staffOf } from '../../admin/guard.ts';
import { exportReport } from '../../admin/report-export.ts';
import { buildReport } from '../../admin/reports.ts';
import {
  importStatement,
  listReconciliation,
  resolveMismatch,
  uploadStatement,
} from '../../admin/reconciliation.ts';
import { ok } from '../../plugins/errors.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

export function reportRoutes(app: AdminScope): void {
  const deps = app.deps;
  const { db } = deps;

  app.get(
    '/reports',
    {
      config: { access: 'reports.read' },
      schema: {
        operationId: 'getReport',
        tags: ['reports'],
        querystring: ReportQuery,
        response: { 200: GetReportReply },
      },
    },
    async (request) => ok(await buildReport(db, staffOf(request), request.query, deps.now())),
  );

  app.get(
    '/reports/export',
    {
      config: { access: 'reports.read' },
      schema: {
        operationId: 'exportReport',
        tags: ['reports'],
        description: 'One table of the report as a file: text/csv or an XLSX workbook.',
        querystring: ExportReportQuery,
      },
    },
    async (request, reply) => {
      const { table, format, ...query } = request.query;
      const report = await buildReport(db, staffOf(request), query, deps.now());
      const file = await exportReport(report, table, format);
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
      reply.header('cache-control', 'no-store');
      return reply.send(file.body);
    },
  );

  app.get(
    '/reconciliation',
    {
      config: { access: 'finance.reconcile' },
      schema: {
        operationId: 'listReconciliation',
        tags: ['reconciliation'],
        querystring: ListReconciliationQuery,
        response: { 200: ListReconciliationReply },
      },
    },
    async (request) => ok(await listReconciliation(db, staffOf(request), request.query)),
  );

  app.post(
    '/reconciliation/resolve',
    {
      config: { access: 'finance.reconcile' },
      schema: {
        operationId: 'resolveMismatch',
        tags: ['reconciliation'],
        body: ResolveMismatchBody,
        response: { 200: ResolveMismatchReply },
      },
    },
    async (request) => ok(await resolveMismatch(deps, staffOf(request), request.body)),
  );

  app.post(
    '/reconciliation/statements',
    {
      config: { access: 'finance.reconcile' },
      // A month of a busy merchant's lines.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        operationId: 'importStatement',
        tags: ['reconciliation'],
        body: ImportStatementBody,
        response: { 200: ImportStatementReply },
      },
    },
    async (request) => ok(await importStatement(deps, staffOf(request), request.body)),
  );

  app.post(
    '/reconciliation/statements/file',
    {
      config: { access: 'finance.reconcile' },
      // A month of a busy merchant's lines, base64.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        operationId: 'uploadStatement',
        tags: ['reconciliation'],
        body: UploadStatementBody,
        response: { 200: UploadStatementReply },
      },
    },
    async (request) => ok(await uploadStatement(deps, staffOf(request), request.body)),
  );
}
