import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the shared zod schemas, browsable at /swagger-ui. */
export async function installDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: '配电站智能监控系统 API', version: '0.1.0', description: '所有接口均返回 { code, msg, data }；code 为 0 表示成功。' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/swagger-ui' });
}
