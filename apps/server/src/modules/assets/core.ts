import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { customerRoutes } from './customer/customer.routes';
import { stationRoutes } from './station/station.routes';
import { bayRoutes } from './bay/bay.routes';
import { cabinetRoutes } from './cabinet/cabinet.routes';
import { cameraRoutes } from './camera/camera.routes';
import { gatewayRoutes } from './gateway/gateway.routes';
import { treeRoutes } from './tree/tree.routes';

/** Sites and their structure: customers, stations, bays, cabinets, cameras, gateways, the asset tree and moves. */
export async function assetCoreRoutes(app: FastifyInstance, ctx: AppContext) {
  await customerRoutes(app, ctx);
  await stationRoutes(app, ctx);
  await bayRoutes(app, ctx);
  await cabinetRoutes(app, ctx);
  await cameraRoutes(app, ctx);
  await gatewayRoutes(app, ctx);
  await treeRoutes(app, ctx);
}
