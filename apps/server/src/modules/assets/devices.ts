import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { modelRoutes } from './model/model.routes';
import { equipmentRoutes } from './equipment/equipment.routes';
import { pointRoutes } from './point/point.routes';
import { rawRuleRoutes } from './rawrule/rawrule.routes';
import { capacitorRoutes } from './capacitor/capacitor.routes';
import { alarmConfigRoutes } from './alarm-config/alarm-config.routes';

/** Equipment and its data: models, equipment, measuring points, raw rules, capacitors, alarm configs. */
export async function assetDeviceRoutes(app: FastifyInstance, ctx: AppContext) {
  await modelRoutes(app, ctx);
  await equipmentRoutes(app, ctx);
  await pointRoutes(app, ctx);
  await rawRuleRoutes(app, ctx);
  await capacitorRoutes(app, ctx);
  await alarmConfigRoutes(app, ctx);
}
