/**
 * What the sandbox identity and e-sign providers serve, and our receiver for their notifications:
 * - `/sandbox/face/:certifyId` the face page (pass / fail buttons);
 * - `/sandbox/esign/:flowId` the signing page the storefront opens in its web view (sign / refuse);
 * - `POST /notify/esign` the e-sign provider's signed callback (raw body, HMAC checked).
 * These paths are outside /api: a provider calls them, not the storefront's request layer.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Envelope } from '../../../../contract/api/envelope.ts';
import { acceptNotification } from '../../esign/service.ts';
import { escapeHtml } from '../../esign/render.ts';
import { notFound } from '../../plugins/errors.ts';
import { textReply } from '../../plugins/openapi.ts';
import { SandboxEsign } from '../../providers/esign/sandbox.ts';
import { SandboxFace } from '../../providers/face/sandbox.ts';

const SAFE_ID = /^[A-Za-z0-9]{8,64}$/;

function page(reply: FastifyReply, title: string, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'",
    )
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>body{font:15px/1.6 sans-serif;margin:16px}` +
        `table{border-collapse:collapse;width:100%}th,td{border:1px solid #ddd;padding:4px;text-align:left}` +
        `button{font-size:16px;padding:10px 24px;margin:8px}</style></head><body>${body}</body></html>`,
    );
}

const buttons = (action: string, pairs: [string, string][]) =>
  pairs
    .map(
      ([value, label]) =>
        `<form method="post" action="${action}/${value}" style="display:inline">` +
        `<button type="submit">${escapeHtml(label)}</button></form>`,
    )
    .join('');

/** Flow and certify ids in these paths open a signing or face page: keep them out of access logs. */
const QUIET = { logLevel: 'warn' } as const;

// Described for the API document only: the handlers check the ids themselves (404 when unknown).
const FlowParams = Type.Object({ flowId: Type.String() });
const FlowOutcomeParams = Type.Object({ flowId: Type.String(), outcome: Type.String() });
const FaceParams = Type.Object({ certifyId: Type.String() });
const FaceOutcomeParams = Type.Object({ certifyId: Type.String(), outcome: Type.String() });
const SANDBOX_PAGE = textReply('text/html', "The sandbox provider's page");

const kycSandboxRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  const { esign, face } = deps.providers;

  // The provider's signature covers the exact bytes: keep the body as text here.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/notify/esign',
    { ...QUIET, schema: { response: { 200: Envelope(Type.Null()) } } },
    async (request, reply) => {
      const signature = request.headers['x-esign-signature'];
      const outcome = await acceptNotification(
        deps,
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : '',
      );
      return reply.send({ code: 200, msg: outcome, data: null });
    },
  );

  if (esign instanceof SandboxEsign) {
    app.get<{ Params: { flowId: string } }>(
      '/sandbox/esign/:flowId',
      { ...QUIET, schema: { params: FlowParams, response: { 200: SANDBOX_PAGE } } },
      async (request, reply) => {
        const flow = SAFE_ID.test(request.params.flowId)
          ? esign.flow(request.params.flowId)
          : undefined;
        if (!flow) throw notFound('签署流程不存在');
        const actions =
          flow.outcome === 'pending'
            ? buttons(`/sandbox/esign/${flow.flowId}`, [
                ['sign', '同意并签署'],
                ['refuse', '拒绝签署'],
              ])
            : `<p>${flow.outcome === 'signed' ? '已签署' : '已拒绝'}</p>`;
        // flow.html was sanitised when the contract was rendered.
        return page(
          reply,
          '签署合同（沙箱）',
          `<p>签署人：${escapeHtml(flow.signer.name)} ${escapeHtml(flow.signer.idMasked)}</p>${flow.html}${actions}`,
        );
      },
    );
    app.post<{ Params: { flowId: string; outcome: string } }>(
      '/sandbox/esign/:flowId/:outcome',
      {
        ...QUIET,
        schema: { params: FlowOutcomeParams, response: { 200: SANDBOX_PAGE } },
      },
      async (request, reply) => {
        const { flowId, outcome } = request.params;
        if (!SAFE_ID.test(flowId) || !esign.flow(flowId)) throw notFound('签署流程不存在');
        if (outcome !== 'sign' && outcome !== 'refuse') throw notFound();
        esign.finish(flowId, outcome === 'sign' ? 'signed' : 'refused');
        return page(
          reply,
          '签署结果',
          `<p>${outcome === 'sign' ? '签署完成' : '已拒绝签署'}，请返回商城查看。</p>`,
        );
      },
    );
  }

  if (face instanceof SandboxFace) {
    app.get<{ Params: { certifyId: string } }>(
      '/sandbox/face/:certifyId',
      { ...QUIET, schema: { params: FaceParams, response: { 200: SANDBOX_PAGE } } },
      async (request, reply) => {
        const { certifyId } = request.params;
        if (!SAFE_ID.test(certifyId) || !face.has(certifyId)) throw notFound('认证不存在');
        return page(
          reply,
          '人脸认证（沙箱）',
          `<p>沙箱人脸认证：选择结果</p>${buttons(`/sandbox/face/${certifyId}`, [
            ['pass', '认证通过'],
            ['fail', '认证失败'],
          ])}`,
        );
      },
    );
    app.post<{ Params: { certifyId: string; outcome: string } }>(
      '/sandbox/face/:certifyId/:outcome',
      {
        ...QUIET,
        schema: { params: FaceOutcomeParams, response: { 200: SANDBOX_PAGE } },
      },
      async (request, reply) => {
        const { certifyId, outcome } = request.params;
        if (!SAFE_ID.test(certifyId) || !face.has(certifyId)) throw notFound('认证不存在');
        if (outcome !== 'pass' && outcome !== 'fail') throw notFound();
        face.finish(certifyId, outcome === 'pass' ? 'passed' : 'failed');
        return page(reply, '认证结果', '<p>已提交，请返回商城。</p>');
      },
    );
  }
};

export default kycSandboxRoutes;
export const prefix = '';
