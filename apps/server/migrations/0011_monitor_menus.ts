import type { Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import type { Database } from '../src/platform/db/schema';
import { insertMenus, type MenuSeed } from './seed-tools';

/**
 * The 监控中心 module's menus (menus.md, scope monitor): live monitoring, alarms, communication.
 * Codes are copied, not imported from the contracts, so the shipped migration never changes.
 * Roles that could already see the asset tree (the demo operators) get them too, so an existing
 * installation shows the new screens without a role edit.
 */
const VIEW = 'telemetry:data:query';
const monitorMenus: MenuSeed[] = [
  {
    name: '监控中心', type: 'M', path: '/monitor', icon: 'monitor', scope: 'monitor',
    children: [
      { name: '实时监控', type: 'C', path: 'realtime', component: 'monitor/realtime', icon: 'dashboard', perms: VIEW, affix: false },
      { name: '站点总览', type: 'C', path: 'stations', component: 'monitor/stations', icon: 'home', perms: VIEW },
      { name: '设备总览', type: 'C', path: 'devices', component: 'monitor/devices', icon: 'appstore', perms: VIEW },
      { name: '温湿度监测', type: 'C', path: 'climate', component: 'monitor/climate', icon: 'cloud', perms: VIEW },
      { name: '环境监测', type: 'C', path: 'environment', component: 'monitor/environment', icon: 'alert', perms: VIEW },
      { name: '设备详情', type: 'C', path: 'equipment', component: 'monitor/equipment', icon: 'line-chart', perms: VIEW, hidden: true },
    ],
  },
  {
    name: '告警中心', type: 'M', path: '/alarm', icon: 'bell', scope: 'monitor',
    children: [
      { name: '实时告警', type: 'C', path: 'active', component: 'alarm/active', icon: 'alert', perms: 'alarm:event:list',
        children: [{ name: '告警确认', type: 'F', perms: 'alarm:event:confirm' }] },
      { name: '历史告警', type: 'C', path: 'history', component: 'alarm/history', icon: 'history', perms: 'alarm:event:list',
        children: [{ name: '告警导出', type: 'F', perms: 'alarm:event:export' }] },
      { name: '告警统计', type: 'C', path: 'stats', component: 'alarm/stats', icon: 'bar-chart', perms: 'alarm:stats:list' },
      { name: '通知设置', type: 'C', path: 'notify', component: 'alarm/notify', icon: 'notification', perms: 'alarm:notify:list',
        children: [{ name: '修改', type: 'F', perms: 'alarm:notify:edit' }] },
    ],
  },
  {
    name: '通信管理', type: 'M', path: '/comm', icon: 'wifi', scope: 'monitor',
    children: [{ name: '网关状态', type: 'C', path: 'gateways', component: 'comm/gateways', icon: 'api', perms: 'telemetry:gateway:stats' }],
  },
];

/** Administrator-only screens: operators do not get them with the monitoring menus. */
const ADMIN_ONLY = new Set(['alarm:notify:list', 'alarm:notify:edit']);

async function idsBelow(db: Kysely<Database>, rootIds: number[]): Promise<{ id: number; perms: string | null }[]> {
  const all = await db.selectFrom('sys_menu').select(['id', 'parent_id', 'perms']).execute();
  const found = new Set(rootIds);
  for (let grew = true; grew; ) {
    grew = false;
    for (const m of all) {
      if (found.has(m.id) || !found.has(m.parent_id)) continue;
      found.add(m.id);
      grew = true;
    }
  }
  return all.filter((m) => found.has(m.id));
}

export const m0011_monitor_menus: AppMigration = {
  async up(raw) {
    const db = raw as Kysely<Database>;
    if (await db.selectFrom('sys_menu').select('id').where('path', '=', '/monitor').where('parent_id', '=', 0).executeTakeFirst()) return;
    await insertMenus(db, monitorMenus);
    const roots = await db.selectFrom('sys_menu').select('id').where('parent_id', '=', 0).where('path', 'in', ['/monitor', '/alarm', '/comm']).execute();
    const menus = (await idsBelow(db, roots.map((r) => r.id))).filter((m) => !m.perms || !ADMIN_ONLY.has(m.perms));
    const roles = await db
      .selectFrom('sys_role_menu as rm')
      .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
      .select('rm.role_id')
      .distinct()
      .where('m.perms', '=', 'asset:tree:list')
      .execute();
    for (const { role_id } of roles) {
      await db.insertInto('sys_role_menu').values(menus.map((m) => ({ role_id, menu_id: m.id }))).execute();
    }
  },
};
