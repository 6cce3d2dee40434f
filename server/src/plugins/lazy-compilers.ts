/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for replies), run when a
 * route first needs them instead of all at start-up. Compiling every route's schemas took
 * 0.6-0.7 CPU-s of each server start (profile of a test server, 29 Nov: ajv and
 * fast-json-stringify the two largest package costs after the loader); a test file touches a few
 * routes and `npm start` serves a handful before anyone opens the console. A route pays its
 * compile once, on its first request. Same compilers, same options: the answers do not change.
 *
 * https://fastify.dev/docs/latest/Reference/Server/#schemacontroller
 */
import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compiled = ((...args: unknown[]) => unknown) & { errors?: unknown; schemaEnv?: unknown };
type RouteSchema = { schema: unknown; httpPart?: string };

/** A function that compiles on first call, exposing what Fastify reads off Ajv's functions. */
function compileOnFirstUse(compile: () => Compiled): Compiled {
  let compiled: Compiled | undefined;
  const get = () => (compiled ??= compile());
  const lazy = ((...args: unknown[]) => get()(...args)) as Compiled;
  // Fastify reads `schemaEnv` before calling (to let Ajv coerce a root value) and `errors`
  // after a failed validation.
  Object.defineProperty(lazy, 'schemaEnv', { get: () => get().schemaEnv });
  Object.defineProperty(lazy, 'errors', { get: () => compiled?.errors });
  return lazy;
}

/**
 * Header names arrive lower-cased; Fastify lower-cases a headers schema's keys unless the
 * compiler is a custom one, which this is (validation.js, compileSchemasForValidation).
 */
function lowerCaseHeaders(route: RouteSchema): RouteSchema {
  const schema = route.schema as { properties?: Record<string, unknown>; required?: string[] };
  if (route.httpPart !== 'headers' || typeof schema !== 'object' || schema === null) return route;
  return {
    ...route,
    schema: {
      ...schema,
      ...(schema.properties && {
        properties: Object.fromEntries(
          Object.entries(schema.properties).map(([key, value]) => [key.toLowerCase(), value]),
        ),
      }),
      ...(schema.required && { required: schema.required.map((key) => key.toLowerCase()) }),
    },
  };
}

type Factory = (...args: unknown[]) => (route: RouteSchema) => Compiled;

export function lazySchemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  const buildValidator = (ValidatorSelector as unknown as () => Factory)();
  const buildSerializer = (SerializerSelector as unknown as () => Factory)();
  return {
    compilersFactory: {
      buildValidator: (...factoryArgs: unknown[]) => {
        const compile = buildValidator(...factoryArgs);
        return (route: RouteSchema) => compileOnFirstUse(() => compile(lowerCaseHeaders(route)));
      },
      buildSerializer: (...factoryArgs: unknown[]) => {
        const compile = buildSerializer(...factoryArgs);
        return (route: RouteSchema) => compileOnFirstUse(() => compile(route));
      },
    },
  } as NonNullable<FastifyServerOptions['schemaController']>;
}
