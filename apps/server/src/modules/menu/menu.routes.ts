import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';

export async function menuRoutes(_app: FastifyInstance, _ctx: AppContext) {}
