import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

/** The app's schema validation (app.ts): types coerced as Fastify does, unknown properties dropped. */
export const AJV_OPTIONS = {
  removeAdditional: true,
  coerceTypes: 'array',
  useDefaults: true,
  allErrors: false,
} as const;

const compile = AjvCompiler()({}, { customOptions: { ...AJV_OPTIONS, allErrors: true } }) as unknown as (route: {
  schema: unknown;
}) => ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * A route's validator that reports every failed rule, not the first: for a form of many fields
 * (the contact details) whose owner fixes them all at once. Only on signed-in routes with small
 * bodies: collecting every error of a large hostile body costs memory (Fastify's default stops at one).
 */
export const allErrorsValidator: FastifySchemaCompiler<unknown> = ({ schema }) => compile({ schema });

const strictCompile = AjvCompiler()(
  {},
  { customOptions: { ...AJV_OPTIONS, removeAdditional: false, coerceTypes: false } },
) as unknown as (route: { schema: unknown }) => ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * A route's validator that takes the body exactly as its schema says: no coercion (`null` is not
 * 0, `"0.5"` is not a number) and a field the schema does not name refused rather than dropped. For
 * small bodies whose every field matters (the focal point: issue 30).
 */
export const strictValidator: FastifySchemaCompiler<unknown> = ({ schema }) => strictCompile({ schema });
