import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the zod schemas of every route (app.swagger()), browsable at /api/docs
 * outside production, or in production with API_DOCS=1.
 */
export const apiDocs = fp<{ browsable: boolean }>(async (app, { browsable }) => {
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
  if (browsable) await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
