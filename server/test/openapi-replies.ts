/**
 * Checks real replies against the server's own OpenAPI document (`/api/openapi.json`): the
 * operation a request reached (by method and path template), the reply declared for its status
 * (else the operation's `default`), its media type and its JSON Schema. The test helpers'
 * `request` runs every JSON reply of every server test through it, so a route whose replies
 * drift from what the document says fails the test that made the call.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

interface MediaType {
  schema?: unknown;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

// One compiler for the process: the same schemas come back for every test server.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as object);
    compiled.set(key, validate);
  }
  return validate;
}

interface Template {
  path: string;
  pattern: RegExp;
  params: number;
}

export class ReplyChecker {
  private readonly templates: Template[];

  private readonly doc: OpenApiDocument;

  constructor(doc: OpenApiDocument) {
    this.doc = doc;
    this.templates = Object.keys(doc.paths).map((template) => ({
      path: template,
      pattern: new RegExp(
        `^${template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      ),
      params: (template.match(/\{/g) ?? []).length,
    }));
  }

  /** The documented operation a request reaches, as the router picks it (static parts first). */
  operation(method: string, pathname: string): { path: string; operation: Operation } | null {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const verb = method.toLowerCase();
    const matches = this.templates
      .filter((t) => t.pattern.test(trimmed) && this.doc.paths[t.path]?.[verb])
      .sort((a, b) => a.params - b.params);
    const found = matches[0];
    return found ? { path: found.path, operation: this.doc.paths[found.path]![verb]! } : null;
  }

  /**
   * What is wrong with a JSON reply by the document, or null when it fits (or the request
   * reached no documented operation: an unknown path's 404, say).
   */
  problem(method: string, pathname: string, status: number, body: unknown): string | null {
    const found = this.operation(method, pathname);
    if (!found) return null;
    const { operation, path } = found;
    const where = `${method} ${path} (${operation.operationId ?? 'no operationId'}) ${status}`;
    const declared = operation.responses?.[String(status)] ?? operation.responses?.default;
    if (!declared) return `${where}: the document declares no such reply`;
    const media = declared.content?.['application/json'];
    if (!media?.schema) return `${where}: the document declares no JSON body for this reply`;
    const validate = validatorFor(media.schema);
    if (validate(body)) return null;
    return `${where}: the reply does not fit the document: ${ajv.errorsText(validate.errors)}`;
  }
}
