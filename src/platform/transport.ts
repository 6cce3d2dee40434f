import Taro from '@tarojs/taro';
import {
  failureKindFromMessage,
  type Transport,
  type TransportResult,
  type TransportTask,
} from './transport-types';

/**
 * The default transport, used on H5: Taro.request (fetch) and Taro.uploadFile (XMLHttpRequest).
 * The mini-programs use `transport.weapp.ts` / `transport.alipay.ts` instead.
 */

function errorMessage(error: unknown): string {
  if (error && typeof error === 'object') {
    const { errMsg, message, name } = error as {
      errMsg?: unknown;
      message?: unknown;
      name?: unknown;
    };
    if (name === 'AbortError') return 'abort';
    if (typeof errMsg === 'string' && errMsg) return errMsg;
    if (typeof message === 'string') return message;
  }
  return String(error);
}

function settle(
  task: Promise<{ statusCode: number; data: unknown; header?: Record<string, string> }>,
): Promise<TransportResult> {
  return task.then(
    (res) => ({
      ok: true as const,
      response: { statusCode: res.statusCode, data: res.data, header: res.header },
    }),
    (error: unknown) => {
      const message = errorMessage(error);
      return { ok: false as const, failure: { kind: failureKindFromMessage(message), message } };
    },
  );
}

export const transport: Transport = {
  request(request): TransportTask {
    const task = Taro.request<string>({
      url: request.url,
      method: request.method,
      header: request.header,
      data: request.body,
      timeout: request.timeout,
      // Text, parsed by the request layer: a non-JSON body must reach the caller, not throw.
      dataType: 'text',
      responseType: 'text',
    });
    return { result: settle(task), abort: () => task.abort() };
  },

  upload(request): TransportTask {
    const task = Taro.uploadFile({
      url: request.url,
      filePath: request.filePath,
      name: request.name,
      header: request.header,
      formData: request.formData,
      timeout: request.timeout,
    });
    return { result: settle(task), abort: () => task.abort() };
  },
};
