/**
 * What the request layer needs from a target's HTTP primitive. Each target's transport
 * (`transport.ts` for H5 through Taro, `transport.weapp.ts`, `transport.alipay.ts`) maps its
 * native call onto this, so the request layer above behaves the same everywhere.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export interface TransportRequest {
  url: string;
  method: HttpMethod;
  header: Record<string, string>;
  /** Already encoded (JSON or form); undefined for GET. */
  body?: string;
  timeout: number;
}

export interface UploadTransportRequest {
  url: string;
  header: Record<string, string>;
  filePath: string;
  /** The multipart field name of the file. */
  name: string;
  formData: Record<string, string>;
  timeout: number;
}

/** A reply from the server, whatever its HTTP status. `data` is the raw body (text or parsed). */
export interface TransportResponse {
  statusCode: number;
  data: unknown;
  header?: Record<string, string>;
}

export type TransportFailureKind = 'timeout' | 'network' | 'abort';

export interface TransportFailure {
  kind: TransportFailureKind;
  message: string;
  /** Whatever part of a reply arrived before the failure. */
  data?: unknown;
}

export type TransportResult =
  { ok: true; response: TransportResponse } | { ok: false; failure: TransportFailure };

export interface TransportTask {
  /** Settles once, never rejects. */
  result: Promise<TransportResult>;
  abort(): void;
}

export interface Transport {
  request(request: TransportRequest): TransportTask;
  upload(request: UploadTransportRequest): TransportTask;
}

/** Classify a mini-program style `errMsg` ("request:fail timeout", "uploadFile:fail abort"). */
export function failureKindFromMessage(message: string): TransportFailureKind {
  if (/time\s*d?\s*out|超时/i.test(message)) return 'timeout';
  if (/abort/i.test(message)) return 'abort';
  return 'network';
}
