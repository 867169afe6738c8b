import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { authRoutes } from './auth/auth.routes';
import { fileRoutes } from './files/files.routes';
import { userRoutes } from './user/user.routes';
import { roleRoutes } from './role/role.routes';
import { deptRoutes } from './dept/dept.routes';
import { menuRoutes } from './menu/menu.routes';
import { dictRoutes } from './dict/dict.routes';
import { auditRoutes } from './audit/audit.routes';
import { smsRoutes } from './sms/sms.routes';
import { messageRoutes } from './message/message.routes';
import { configRoutes } from './config/config.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { assetRoutes } from './assets/index';
import { monitorRoutes } from './monitor/index';

/** Every domain module registers its routes here, in one visible list. */
export async function registerModules(app: FastifyInstance, ctx: AppContext) {
  await authRoutes(app, ctx);
  await fileRoutes(app, ctx);
  await userRoutes(app, ctx);
  await roleRoutes(app, ctx);
  await deptRoutes(app, ctx);
  await menuRoutes(app, ctx);
  await dictRoutes(app, ctx);
  await auditRoutes(app, ctx);
  await smsRoutes(app, ctx);
  await messageRoutes(app, ctx);
  await configRoutes(app, ctx);
  await dashboardRoutes(app, ctx);
  await assetRoutes(app, ctx);
  await monitorRoutes(app, ctx);
}
