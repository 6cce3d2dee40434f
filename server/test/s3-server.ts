/**
 * A small S3-compatible server on loopback for the image store's tests: path-style PUT and GET of
 * objects kept in memory, each request's SigV4 signature checked with the SDK's own signer
 * (@smithy/signature-v4) against the keys it was started with, and the payload against its signed
 * hash. A bad signature answers 403 SignatureDoesNotMatch, a missing object 404 NoSuchKey, as S3,
 * OSS and MinIO do.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import type { SourceData } from '@smithy/types';

/** Node's SHA-256 / HMAC in the shape the signer takes. */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret ? createHmac('sha256', bytesOf(secret)) : createHash('sha256');
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

function bytesOf(data: SourceData): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface S3TestServer {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket/key` → object. */
  objects: Map<string, StoredObject>;
  /** Every request's method, path and whether its signature held. */
  requests: { method: string; path: string; signed: boolean }[];
  close(): Promise<void>;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([a-f0-9]{64})$/;

function xmlError(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/** Whether the request's signature is the one its headers, path and body make with our keys. */
async function signatureHolds(
  request: http.IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): Promise<boolean> {
  const match = AUTH.exec(String(request.headers.authorization ?? ''));
  if (!match) return false;
  const [, accessKeyId, , region, signedHeaderList, signature] = match;
  if (accessKeyId !== keys.accessKeyId || region !== keys.region) return false;
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (
    payloadHash !== 'UNSIGNED-PAYLOAD' &&
    payloadHash !== createHash('sha256').update(body).digest('hex')
  )
    return false;
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const dateMatch = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!dateMatch) return false;
  const [, y, mo, d, h, mi, s] = dateMatch;
  const signingDate = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  const url = new URL(request.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const name of signedHeaderList!.split(';')) {
    const value = request.headers[name];
    if (value === undefined) return false;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = value;
  const signer = new SignatureV4({
    credentials: { accessKeyId: keys.accessKeyId, secretAccessKey: keys.secretAccessKey },
    region: keys.region,
    service: 's3',
    sha256: NodeSha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const signed = await signer.sign(
    {
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      path: url.pathname,
      query,
      headers,
    },
    { signingDate },
  );
  const expected = /Signature=([a-f0-9]{64})/.exec(String(signed.headers.authorization))?.[1];
  return expected === signature;
}

export async function startS3TestServer(region = 'oss-cn-hangzhou'): Promise<S3TestServer> {
  // Keys made for this run only.
  const accessKeyId = `LTAI${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(24).toString('base64url');
  const objects = new Map<string, StoredObject>();
  const requests: S3TestServer['requests'] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://localhost');
        const signed = await signatureHolds(request, body, {
          accessKeyId,
          secretAccessKey,
          region,
        });
        requests.push({ method: request.method ?? '', path: url.pathname, signed });
        if (!signed) {
          response.writeHead(403, { 'content-type': 'application/xml' });
          response.end(xmlError('SignatureDoesNotMatch', 'The request signature does not match'));
          return;
        }
        const key = decodeURIComponent(url.pathname.slice(1));
        if (request.method === 'PUT') {
          objects.set(key, {
            body,
            contentType: request.headers['content-type'],
            cacheControl: request.headers['cache-control'],
          });
          response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
          response.end();
          return;
        }
        const object = request.method === 'GET' ? objects.get(key) : undefined;
        if (!object) {
          response.writeHead(404, { 'content-type': 'application/xml' });
          response.end(xmlError('NoSuchKey', 'The specified key does not exist.'));
          return;
        }
        response.writeHead(200, {
          'content-type': object.contentType ?? 'application/octet-stream',
          'content-length': String(object.body.length),
        });
        response.end(object.body);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
