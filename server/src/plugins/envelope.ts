/**
 * Every reply is `{ code, msg, data }`: errors, validation failures and unknown routes included.
 * A failure also carries `reason`, its stable code from contract/errors.ts (and `params`).
 * Validation failures name the field in Chinese; server faults never show a stack to the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '../../../contract/http.ts';
import { maskMobilesIn } from '../lib/redact.ts';
import { ProviderError } from '../providers/errors.ts';
import { ApiError } from './errors.ts';
import { failure } from './error-reasons.ts';

/** The subset of an Ajv error the message needs. */
interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const CONTEXT_NAMES: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

function fieldOf(error: SchemaError, context: string | undefined): string {
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    const parent = error.instancePath.split('/').filter(Boolean);
    return [...parent, error.params.missingProperty].join('.');
  }
  const path = error.instancePath
    .split('/')
    .filter((part) => part && !/^\d+$/.test(part))
    .join('.');
  return path || CONTEXT_NAMES[context ?? ''] || '参数';
}

/** One Ajv error → a message naming the field, in Chinese. */
export function validationMessage(error: SchemaError, context: string | undefined): string {
  const field = fieldOf(error, context);
  const limit = error.params.limit;
  switch (error.keyword) {
    case 'required':
      return `缺少 ${field}`;
    case 'minLength':
      return limit === 1 ? `${field} 不能为空` : `${field} 长度不能少于 ${String(limit)}`;
    case 'maxLength':
      return `${field} 长度不能超过 ${String(limit)}`;
    case 'minItems':
      return `${field} 数量不能少于 ${String(limit)}`;
    case 'maxItems':
      return `${field} 数量不能超过 ${String(limit)}`;
    case 'additionalProperties':
      return `不支持的字段 ${String(error.params.additionalProperty)}`;
    default:
      return `${field} 格式不正确`;
  }
}

export const GENERIC_MESSAGES: Record<number, string> = {
  400: '请求格式不正确',
  401: '请先登录',
  403: '无权访问',
  404: '接口不存在',
  405: '请求方法不支持',
  406: '不可接受的请求',
  413: '请求内容过大',
  415: '不支持的请求类型',
  429: '请求过于频繁，请稍后再试',
};

/**
 * Ajv coerces "Infinity" (and "1e400") to a number and then skips the number's range check, so a
 * non-finite number can slip through validation. This names the first one, or returns undefined.
 */
export function nonFiniteField(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || '参数';
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const found = nonFiniteField(
      child,
      Array.isArray(value) ? path : path ? `${path}.${key}` : key,
    );
    if (found) return found;
  }
  return undefined;
}

function internalError(error: Error, request: FastifyRequest, reply: FastifyReply) {
  // Messages from drivers can quote values (a duplicate key's mobile, say): mask before logging.
  request.log.error(
    { err: { type: error.name, message: maskMobilesIn(error.message), stack: error.stack } },
    'request failed',
  );
  return reply.status(500).send(failure(ResultCode.INTERNAL_ERROR, '服务繁忙，请稍后再试', 500));
}

export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | ProviderError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send(failure(error.code, error.message, error.statusCode, error.terms));
    }
    if (error instanceof ProviderError) {
      request.log.warn({ provider: error.provider, kind: error.kind }, 'provider refused');
      // The provider's own throttle (Alibaba Cloud SMS counts per mobile per minute first).
      if (error.kind === 'throttled')
        return reply
          .status(429)
          .header('retry-after', '60')
          .send(failure(429, '发送过于频繁，请稍后再试', 429));
      return error.kind === 'rejected'
        ? reply.status(400).send(failure(ResultCode.BAD_REQUEST, '授权失败，请重新授权', 400))
        : reply.status(503).send(failure(503, '服务暂不可用，请稍后再试', 503));
    }
    if (!('statusCode' in error) && !('validation' in error)) {
      return internalError(error, request, reply);
    }
    if (error.validation && error.validation.length > 0) {
      const msg = validationMessage(error.validation[0] as SchemaError, error.validationContext);
      return reply.status(400).send(failure(ResultCode.BAD_REQUEST, msg, 400));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg = GENERIC_MESSAGES[status] ?? GENERIC_MESSAGES[400];
      return reply.status(status).send(failure(status, msg, status));
    }
    return internalError(error, request, reply);
  });

  app.addHook('preHandler', async (request) => {
    const field =
      nonFiniteField(request.params) ??
      nonFiniteField(request.query) ??
      nonFiniteField(request.body);
    if (field) throw new ApiError(ResultCode.BAD_REQUEST, `${field} 格式不正确`);
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send(failure(ResultCode.NOT_FOUND, '接口不存在', 404));
  });
}
