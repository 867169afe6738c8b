import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';

export async function smsRoutes(_app: FastifyInstance, _ctx: AppContext) {}
