import {
  failureKindFromMessage,
  type Transport,
  type TransportResult,
  type TransportTask,
} from './transport-types';

/** The Alipay primitives this file uses, as the base library documents them. */
interface MySuccess {
  data: unknown;
  status?: number;
  statusCode?: number;
  headers?: Record<string, string>;
  header?: Record<string, string>;
}
interface MyFailure {
  error?: number;
  errorMessage?: string;
  /** Present with error 19 (HTTP status error) on current base libraries. */
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
}
interface MyTask {
  abort(): void;
}
interface MyCallbacks {
  success?: (res: MySuccess) => void;
  fail?: (err: MyFailure) => void;
}
export interface MyNetworkApi {
  request(
    options: {
      url: string;
      method: string;
      headers: Record<string, string>;
      data?: string;
      timeout: number;
      dataType: 'text';
    } & MyCallbacks,
  ): MyTask;
  uploadFile(
    options: {
      url: string;
      filePath: string;
      fileName: string;
      fileType: 'image' | 'video' | 'audio';
      header: Record<string, string>;
      formData: Record<string, string>;
      timeout: number;
    } & MyCallbacks,
  ): MyTask;
}

declare const my: MyNetworkApi;

/** Alipay's documented error codes for my.request / my.uploadFile. */
const MY_ERROR_TIMEOUT = 13;
const MY_ERROR_HTTP_STATUS = 19;

function callbacks(resolve: (result: TransportResult) => void): Required<MyCallbacks> {
  return {
    success: (res) =>
      resolve({
        ok: true,
        response: {
          statusCode: res.status ?? res.statusCode ?? 200,
          data: res.data,
          header: res.headers ?? res.header,
        },
      }),
    fail: (err) => {
      const message = err?.errorMessage ?? '';
      // NOTE(alipay): my.request treats any HTTP status but 2xx as a failure (error 19), where wx
      // and fetch deliver it as a reply. The server's envelope is in err.data: hand it on as the
      // reply it is, so 401 and friends reach the session logic the same way on every target.
      if (err?.error === MY_ERROR_HTTP_STATUS && typeof err.status === 'number' && err.status > 0) {
        resolve({
          ok: true,
          response: { statusCode: err.status, data: err.data ?? null, header: err.headers },
        });
        return;
      }
      const kind = err?.error === MY_ERROR_TIMEOUT ? 'timeout' : failureKindFromMessage(message);
      resolve({ ok: false, failure: { kind, message, data: err?.data } });
    },
  };
}

export const transport: Transport = {
  request(request): TransportTask {
    let task: MyTask | undefined;
    const result = new Promise<TransportResult>((resolve) => {
      task = my.request({
        url: request.url,
        method: request.method,
        // NOTE(alipay): the header option is spelt `headers` in my.request.
        headers: request.header,
        data: request.body,
        timeout: request.timeout,
        // NOTE(alipay): with dataType 'json' a non-JSON body fails with error 14 and is lost; as
        // text it reaches the request layer, which parses it.
        dataType: 'text',
        ...callbacks(resolve),
      });
    });
    return { result, abort: () => task?.abort() };
  },

  upload(request): TransportTask {
    let task: MyTask | undefined;
    const result = new Promise<TransportResult>((resolve) => {
      task = my.uploadFile({
        url: request.url,
        filePath: request.filePath,
        // NOTE(alipay): the multipart field name is `fileName`, and a fileType is required.
        fileName: request.name,
        fileType: 'image',
        header: request.header,
        formData: request.formData,
        timeout: request.timeout,
        ...callbacks(resolve),
      });
    });
    return { result, abort: () => task?.abort() };
  },
};
