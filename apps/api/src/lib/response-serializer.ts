/**
 * How answers become JSON: from the route's shared zod response schema, as before, but through
 * fast-json-stringify compiled from that schema's JSON Schema instead of zod's `safeEncode`
 * followed by `JSON.stringify` (decision 013). zod's encode checks every field of every item
 * (two uuid patterns, two date patterns and an enum per contribution) and copies the object; for
 * a page of 25 that was about a tenth of the list's CPU. The compiled function writes the same
 * JSON in one pass, and keeps what the contract guarantees at run time:
 * - only the schema's properties leave (an extra field, such as a password hash on a row, is
 *   never written, as zod's encode dropped it);
 * - the keys keep the schema's order;
 * - each value is written as its JSON type (a number as a number, `null` only where nullable).
 * Formats, patterns and enums are not re-checked on the way out: the handlers' return types are
 * the schemas' own types (the type provider), and the values come from columns with the same
 * checks. Under test (`NODE_ENV=test`) every answer is ALSO encoded by zod and the two outputs
 * must be the same text (a missing required property, a wrong enum or another key order fails),
 * so a handler that breaks the contract, or a schema the compiled function
 * writes differently, fails its test.
 *
 * A schema that has no faithful JSON Schema (a transform, a custom type) keeps zod's serializer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { pendingSession } from './pending-session.js';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The JSON Schema fast-json-stringify needs: without `pattern` and `format` (it does not check
 * them, and a `format` would make it convert values), and `anyOf: [T, null]` of a primitive as
 * `type: [T, 'null']`, so that choosing a branch needs no validator at run time.
 */
export function serializationSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializationSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    // `required` would make fast-json-stringify write required properties first: the keys keep
    // the schema's order only without it (the export's sections, an error's `details`).
    if (key === 'pattern' || key === 'format' || key === '$schema' || key === 'required') continue;
    out[key] =
      key === 'properties' || key === 'definitions' || key === '$defs'
        ? Object.fromEntries(
            Object.entries(value as JsonSchema).map(([name, s]) => [name, serializationSchema(s)]),
          )
        : serializationSchema(value);
  }
  const anyOf = out['anyOf'];
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [first, second] = anyOf as JsonSchema[];
    const nullable =
      second?.['type'] === 'null' && Object.keys(second).length === 1 ? first : undefined;
    if (nullable && typeof nullable['type'] === 'string' && PRIMITIVES.has(nullable['type'])) {
      delete out['anyOf'];
      Object.assign(out, nullable, { type: [nullable['type'], 'null'] });
      // fast-json-stringify writes `const` without checking it; with null allowed, keep only type.
      delete out['const'];
      // An `enum` it does check, when it picks the branch of an enclosing `anyOf` (a nullable
      // object holding a nullable enum): null must be one of its values, or the object matches
      // no branch and the answer fails (a loan disbursed without a recorded method did).
      if (Array.isArray(out['enum'])) out['enum'] = [...(out['enum'] as unknown[]), null];
    }
  }
  return out;
}

const compiled = new WeakMap<z.ZodType, Serialize | null>();

/** The compiled serializer of a zod schema, or null when it has no faithful JSON Schema. */
export function fastSerializer(schema: z.ZodType): Serialize | null {
  let serialize = compiled.get(schema);
  if (serialize === undefined) {
    try {
      const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
      serialize = fastJson(serializationSchema(json) as Parameters<typeof fastJson>[0]);
    } catch {
      serialize = null;
    }
    compiled.set(schema, serialize);
  }
  return serialize;
}

export function responseSerializerCompiler(
  options: { crossCheck?: boolean } = {},
): FastifySerializerCompiler<unknown> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    const schema = route.schema;
    const fast = schema instanceof z.ZodType ? fastSerializer(schema) : null;
    if (!fast) return viaZod;
    if (!options.crossCheck) return fast;
    return (data) => {
      const expected = viaZod(data);
      const written = fast(data);
      if (written !== expected) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${written} where zod wrote ${expected}`,
        );
      }
      return written;
    };
  };
}

let checkJsonText = false;
const zodOf = new WeakMap<z.ZodType, Serialize>();

/**
 * Under test, every answer `sendJsonText` sends is also parsed and encoded by zod from the route's
 * response schema, and must come out the same text (see below). The app turns it on when its
 * config says `test` (app.ts), as it does the serializer's cross-check.
 */
export function checkJsonTexts(on: boolean): void {
  checkJsonText = on;
}

/**
 * Sends an answer whose JSON the database wrote (decision 165: a member list's page as one JSON
 * value): as it is, neither parsed nor serialised again, so the route's serializer does not see
 * it. What the serializer guarantees is kept by the writer, the list's `json_build_object` of the
 * shared schema's keys in their order, and under test held to it on every answer: the text must
 * be exactly what zod's encoding of the route's 200 schema writes for its parsed value (a missing
 * or extra key, another order, `25000.00` for `25000`, a date in another format, a status the
 * schema does not know all fail the test that sent it).
 *
 * The session check of the route is made first if the page has not made it (a string answer skips
 * the route group's `preSerialization`, which would).
 */
export async function sendJsonText(
  req: FastifyRequest,
  reply: FastifyReply,
  text: string,
): Promise<void> {
  await pendingSession()?.settle(null);
  if (checkJsonText) {
    const schema = (
      req.routeOptions.schema?.response as Record<number, unknown> | undefined
    )?.[200];
    if (!(schema instanceof z.ZodType)) {
      throw new Error(`${req.method} ${req.url}: sendJsonText needs a zod 200 response schema`);
    }
    let viaZod = zodOf.get(schema);
    if (!viaZod) {
      viaZod = zodSerializerCompiler({
        schema,
        method: req.method,
        url: req.routeOptions.url ?? req.url,
        httpStatus: '200',
      });
      zodOf.set(schema, viaZod);
    }
    const expected = viaZod(JSON.parse(text));
    if (expected !== text) {
      throw new Error(
        `${req.method} ${req.url}: the database wrote ${text} where zod writes ${expected}`,
      );
    }
  }
  void reply.type('application/json; charset=utf-8').send(text);
}
