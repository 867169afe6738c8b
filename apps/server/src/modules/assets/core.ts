import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';

export async function assetCoreRoutes(_app: FastifyInstance, _ctx: AppContext) {}
