import {
  failureKindFromMessage,
  type Transport,
  type TransportResult,
  type TransportTask,
} from './transport-types';

/** The WeChat primitives this file uses, as the base library documents them. */
interface WxSuccess {
  data: unknown;
  statusCode: number;
  header?: Record<string, string>;
}
interface WxFailure {
  errMsg: string;
}
interface WxTask {
  abort(): void;
}
interface WxCallbacks {
  success?: (res: WxSuccess) => void;
  fail?: (err: WxFailure) => void;
}
export interface WxNetworkApi {
  request(
    options: {
      url: string;
      method: string;
      header: Record<string, string>;
      data?: string;
      timeout: number;
      dataType: string;
      responseType: 'text';
    } & WxCallbacks,
  ): WxTask;
  uploadFile(
    options: {
      url: string;
      filePath: string;
      name: string;
      header: Record<string, string>;
      formData: Record<string, string>;
      timeout: number;
    } & WxCallbacks,
  ): WxTask;
}

declare const wx: WxNetworkApi;

function callbacks(resolve: (result: TransportResult) => void): Required<WxCallbacks> {
  return {
    // wx hands every HTTP status to success; the request layer reads the envelope.
    success: (res) =>
      resolve({
        ok: true,
        response: { statusCode: res.statusCode, data: res.data, header: res.header },
      }),
    fail: (err) =>
      resolve({
        ok: false,
        failure: { kind: failureKindFromMessage(err?.errMsg ?? ''), message: err?.errMsg ?? '' },
      }),
  };
}

export const transport: Transport = {
  request(request): TransportTask {
    let task: WxTask | undefined;
    const result = new Promise<TransportResult>((resolve) => {
      task = wx.request({
        url: request.url,
        method: request.method,
        header: request.header,
        data: request.body,
        timeout: request.timeout,
        // Any value but 'json' leaves the body as text; the request layer parses it.
        dataType: 'text',
        responseType: 'text',
        ...callbacks(resolve),
      });
    });
    return { result, abort: () => task?.abort() };
  },

  upload(request): TransportTask {
    let task: WxTask | undefined;
    const result = new Promise<TransportResult>((resolve) => {
      task = wx.uploadFile({
        url: request.url,
        filePath: request.filePath,
        name: request.name,
        header: request.header,
        formData: request.formData,
        timeout: request.timeout,
        ...callbacks(resolve),
      });
    });
    return { result, abort: () => task?.abort() };
  },
};
