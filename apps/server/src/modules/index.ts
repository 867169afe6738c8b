import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { authRoutes } from './auth/auth.routes';
import { fileRoutes } from './files/files.routes';

/** Every domain module registers its routes here, in one visible list. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  await authRoutes(app, ctx);
  await fileRoutes(app, ctx);
}
