import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;
type Serializer = ReturnType<ReturnType<BuildSerializer>>;

/**
 * Fastify's own compilers, made once per process instead of once per app. An app compiles every
 * route's schemas as it starts (Ajv validators, fast-json-stringify serializers): most of a start's
 * CPU (about 0.6 s of 0.75 s, measured). The schemas are module constants, the same objects in
 * every app a process builds, so one Ajv (which keeps what it compiled, by schema object) and one
 * serializer per schema object serve them all. A production process builds one app and sees no
 * difference; a test process builds dozens.
 *
 * The validator is @fastify/ajv-compiler as Fastify makes it itself (a pool of Ajv instances by
 * options). Given as a factory of ours, Fastify treats it as custom and no longer lower-cases a
 * `headers` schema's property names before compiling it: every headers schema of the app names its
 * headers in lower case (tests/unit/schema-compilers.test.ts checks).
 */
const buildValidator = AjvCompiler() as CompilersFactory['buildValidator'];

const serializerFactory = SerializerSelector();
const serializers = new Map<string, WeakMap<object, Serializer>>();
const buildSerializer: BuildSerializer = (externalSchemas, options) => {
  const compile = serializerFactory(externalSchemas, options);
  const key = JSON.stringify([externalSchemas ?? null, options ?? null]);
  let kept = serializers.get(key);
  if (!kept) serializers.set(key, (kept = new WeakMap()));
  const cache = kept;
  return (route) => {
    const schema = route.schema as unknown;
    if (typeof schema !== 'object' || schema === null) return compile(route);
    let serializer = cache.get(schema);
    if (!serializer) cache.set(schema, (serializer = compile(route)));
    return serializer;
  };
};

export const schemaCompilers: CompilersFactory = { buildValidator, buildSerializer };
