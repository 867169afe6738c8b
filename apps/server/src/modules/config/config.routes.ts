import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';

export async function configRoutes(_app: FastifyInstance, _ctx: AppContext) {}
