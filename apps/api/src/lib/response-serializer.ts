import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/** zod writes a one-element tuple as `items: {anyOf: [x]}`; fast-json-stringify needs ajv for anyOf, not for x. */
function unwrapSingleAnyOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(unwrapSingleAnyOf);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { anyOf, ...rest } = schema as JsonSchema;
  if (Array.isArray(anyOf) && anyOf.length === 1) return unwrapSingleAnyOf({ ...rest, ...(anyOf[0] as JsonSchema) });
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) result[key] = unwrapSingleAnyOf(value);
  return result;
}

function compile(schema: z.ZodType): (data: unknown) => string {
  // OpenAPI 3.0 writes nullable values as `nullable: true`, which fast-json-stringify handles without ajv.
  const jsonSchema = z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' });
  return fastJson(unwrapSingleAnyOf(jsonSchema) as Parameters<typeof fastJson>[0]);
}

/**
 * Response bodies are written by a serializer compiled per route from the contract (the zod response schema, as
 * JSON Schema): faster than checking each response with zod, and it still writes only the contract's fields, so a
 * property a service adds never reaches the client. Each is compiled on the route's first response rather than at
 * start: compiling all of them was about a second of every restart.
 */
export function compileResponseSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compile(schema))(data);
}
