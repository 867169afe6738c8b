import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { assetCoreRoutes } from './core';
import { assetDeviceRoutes } from './devices';

/** The asset registry: sites and their structure (core), equipment and its data (devices). */
export async function assetRoutes(app: FastifyInstance, ctx: AppContext) {
  await assetCoreRoutes(app, ctx);
  await assetDeviceRoutes(app, ctx);
}
