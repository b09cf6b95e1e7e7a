import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod schemas of every route, browsable at /api/docs. */
export const apiDocs = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Coop Portal API',
        description: 'Member portal API of a savings and loan cooperative. Money is in naira.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
