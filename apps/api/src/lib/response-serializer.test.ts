import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contributionListResponseSchema } from '@coop/shared/contributions';
import { apiErrorSchema } from '@coop/shared/http';
import {
  checkJsonTexts,
  fastSerializer,
  responseSerializerCompiler,
  sendJsonText,
  serializationSchema,
} from './response-serializer.js';

const item = {
  id: '0b6f5c1e-4a59-4d7f-9a51-6d1d7e0e1f01',
  _id: '0b6f5c1e-4a59-4d7f-9a51-6d1d7e0e1f01',
  contributionMonth: '2025-03',
  contributionDate: '2025-03-28',
  savingsAmount: 25000.5,
  shareHoldingAmount: 5000,
  totalAmount: 30000.5,
  status: 'confirmed' as const,
  disputeDate: null,
  disputeResolvedBy: null,
};
const page = {
  success: true as const,
  data: [item, { ...item, disputeDate: '2025-04-01T10:00:00.000Z', status: 'disputed' as const }],
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalItems: 2,
    hasNext: false,
    hasPrev: false,
    limit: 25,
  },
};

describe('the compiled response serializer', () => {
  it('writes the same JSON value as zod for a list page', () => {
    const serialize = fastSerializer(contributionListResponseSchema);
    expect(serialize).not.toBeNull();
    expect(JSON.parse(serialize!(page))).toEqual(
      JSON.parse(JSON.stringify(contributionListResponseSchema.encode(page))),
    );
  });

  it('never writes a property the schema does not declare', () => {
    const leaky = { ...page, data: [{ ...item, passwordHash: 'argon2id$secret', notes: 'x' }] };
    const written = fastSerializer(contributionListResponseSchema)!(leaky);
    expect(written).not.toContain('passwordHash');
    expect(written).not.toContain('notes');
  });

  it('keeps the schema order of keys, and under test fails an answer that lacks a required one', () => {
    const { totalAmount: _total, ...incomplete } = item;
    const serialize = responseSerializerCompiler({ crossCheck: true })({
      schema: contributionListResponseSchema,
      method: 'GET',
      url: '/api/v1/users/contributions',
      httpStatus: '200',
    });
    expect(Object.keys(JSON.parse(serialize(page)).data[0])).toEqual(Object.keys(item));
    expect(() => serialize({ ...page, data: [incomplete] })).toThrow(/Response doesn't match/);
  });

  it('turns a nullable primitive into a type list, so no validator runs per answer', () => {
    expect(
      serializationSchema({
        anyOf: [{ type: 'string', format: 'uuid', pattern: '^x$' }, { type: 'null' }],
      }),
    ).toEqual({
      type: ['string', 'null'],
    });
  });

  it('writes a nullable enum inside a nullable object as null (a disbursement without a recorded method)', () => {
    const schema = z.object({
      disbursement: z
        .object({ method: z.enum(['bank_transfer', 'cash']).nullable(), amount: z.number() })
        .nullable(),
    });
    const serialize = fastSerializer(schema)!;
    for (const value of [
      { disbursement: { method: null, amount: 5 } },
      { disbursement: { method: 'cash', amount: 5 } },
      { disbursement: null },
    ]) {
      expect(JSON.parse(serialize(value))).toEqual(value);
    }
  });

  it('keeps zod for a schema with no faithful JSON Schema', () => {
    expect(fastSerializer(z.string().transform((s) => s.length))).toBeNull();
  });

  it('under test, refuses an answer zod would refuse, with the same error as before', () => {
    const serialize = responseSerializerCompiler({ crossCheck: true })({
      schema: contributionListResponseSchema,
      method: 'GET',
      url: '/api/v1/users/contributions',
      httpStatus: '200',
    });
    expect(serialize(page)).toBeTypeOf('string');
    expect(() => serialize({ ...page, data: [{ ...item, status: 'lost' }] })).toThrow(
      /Response doesn't match the schema/,
    );
  });

  it('writes error bodies with their optional details', () => {
    const body = {
      success: false as const,
      error: 'Bad Request',
      message: 'Invalid',
      details: [{ field: 'limit', message: 'Too big' }],
      code: 'VALIDATION_ERROR',
      timestamp: '2025-06-15T09:00:00.000Z',
    };
    expect(JSON.parse(fastSerializer(apiErrorSchema)!(body))).toEqual(body);
  });
});

describe('an answer the database wrote (sendJsonText, decision 165)', () => {
  async function answer(text: string, check: boolean) {
    const { default: Fastify } = await import('fastify');
    const { validatorCompiler } = await import('fastify-type-provider-zod');
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ crossCheck: true }));
    app.get(
      '/page',
      { schema: { response: { 200: contributionListResponseSchema } } },
      (req, reply) => sendJsonText(req, reply, text),
    );
    checkJsonTexts(check);
    try {
      return await app.inject({ url: '/page' });
    } finally {
      checkJsonTexts(false);
      await app.close();
    }
  }

  it('sends the text as it is, as JSON, when it is what zod writes for the schema', async () => {
    const text = JSON.stringify(page);
    const res = await answer(text, true);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(text);
  });

  it.each([
    ['spaces', JSON.stringify(page, null, 1)],
    ['kobo written as 25000.50', JSON.stringify(page).replace('25000.5', '25000.50')],
    [
      'another key order',
      JSON.stringify({ ...page, data: [Object.fromEntries(Object.entries(item).reverse())] }),
    ],
    ['a key the schema lacks', JSON.stringify({ ...page, data: [{ ...item, userId: item.id }] })],
    [
      'a date in another form',
      JSON.stringify({ ...page, data: [{ ...item, disputeDate: '2025-04-01 10:00:00+00' }] }),
    ],
  ])('fails under test on %s', async (_what, text) => {
    expect((await answer(text, true)).statusCode).toBe(500);
    // Outside tests it is sent unread.
    expect((await answer(text, false)).body).toBe(text);
  });
});
