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
import { consoleDownload, consoleRoute } from './route.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

export function reportRoutes(app: AdminScope): void {
  const deps = app.deps;
  const { db } = deps;
  const reports = { access: 'reports.read', tags: ['reports'] } as const;
  const reconcile = { access: 'finance.reconcile', tags: ['reconciliation'] } as const;
  // A month of a busy merchant's lines (base64, for the file).
  const statementLimit = 8 * 1024 * 1024;

  consoleRoute(
    app,
    'GET',
    '/reports',
    { ...reports, operationId: 'getReport', querystring: ReportQuery, reply: GetReportReply },
    async (request) => ok(await buildReport(db, staffOf(request), request.query, deps.now())),
  );

  consoleDownload(
    app,
    '/reports/export',
    {
      ...reports,
      operationId: 'exportReport',
      description: 'One table of the report as a file: text/csv or an XLSX workbook.',
      querystring: ExportReportQuery,
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

  consoleRoute(
    app,
    'GET',
    '/reconciliation',
    {
      ...reconcile,
      operationId: 'listReconciliation',
      querystring: ListReconciliationQuery,
      reply: ListReconciliationReply,
    },
    async (request) => ok(await listReconciliation(db, staffOf(request), request.query)),
  );

  consoleRoute(
    app,
    'POST',
    '/reconciliation/resolve',
    {
      ...reconcile,
      operationId: 'resolveMismatch',
      body: ResolveMismatchBody,
      reply: ResolveMismatchReply,
    },
    async (request) => ok(await resolveMismatch(deps, staffOf(request), request.body)),
  );

  consoleRoute(
    app,
    'POST',
    '/reconciliation/statements',
    {
      ...reconcile,
      operationId: 'importStatement',
      bodyLimit: statementLimit,
      body: ImportStatementBody,
      reply: ImportStatementReply,
    },
    async (request) => ok(await importStatement(deps, staffOf(request), request.body)),
  );

  consoleRoute(
    app,
    'POST',
    '/reconciliation/statements/file',
    {
      ...reconcile,
      operationId: 'uploadStatement',
      bodyLimit: statementLimit,
      body: UploadStatementBody,
      reply: UploadStatementReply,
    },
    async (request) => ok(await uploadStatement(deps, staffOf(request), request.body)),
  );
}
