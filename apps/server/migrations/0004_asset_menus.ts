import type { Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import type { Database } from '../src/platform/db/schema';
import { crudButtons, insertDict, insertMenus, type MenuSeed } from './seed-tools';

/**
 * 资产管理 menus (menus.md, scope system) carrying every asset permission code, so roles can grant
 * them, and the dictionaries of station types, cabinet types and asset status. The lists are
 * copied here, not imported, because a shipped migration must not change with the contracts.
 */
const assetMenus: MenuSeed[] = [
  {
    name: '资产管理',
    type: 'M',
    path: '/asset',
    icon: 'cluster',
    scope: 'system',
    children: [
      { name: '资产树', type: 'C', path: 'tree', component: 'asset/tree', icon: 'apartment', perms: 'asset:tree:list',
        children: [{ name: '查询', type: 'F', perms: 'asset:tree:list' }, { name: '移动', type: 'F', perms: 'asset:tree:move' }] },
      { name: '客户', type: 'C', path: 'customers', component: 'asset/customers', icon: 'idcard', perms: 'asset:customer:list', children: crudButtons('asset:customer') },
      { name: '站点', type: 'C', path: 'stations', component: 'asset/stations', icon: 'home', perms: 'asset:station:list', children: crudButtons('asset:station') },
      { name: '柜体', type: 'C', path: 'cabinets', component: 'asset/cabinets', icon: 'database', perms: 'asset:cabinet:list', children: crudButtons('asset:cabinet') },
      { name: '间隔', type: 'C', path: 'bays', component: 'asset/bays', icon: 'partition', perms: 'asset:bay:list', children: crudButtons('asset:bay') },
      { name: '网关', type: 'C', path: 'gateways', component: 'asset/gateways', icon: 'wifi', perms: 'asset:gateway:list',
        children: crudButtons('asset:gateway', [['重置密钥', 'secret']]) },
      { name: '设备', type: 'C', path: 'equipment', component: 'asset/equipment', icon: 'dashboard', perms: 'asset:equipment:list',
        children: [
          ...crudButtons('asset:equipment', [['导入', 'import']]),
          ...crudButtons('asset:point').map((b) => ({ ...b, name: `测点${b.name}` })),
          { name: '告警配置查询', type: 'F' as const, perms: 'alarm:config:query' },
          { name: '告警配置修改', type: 'F' as const, perms: 'alarm:config:edit' },
        ] },
      { name: '设备型号', type: 'C', path: 'models', component: 'asset/models', icon: 'appstore', perms: 'asset:model:list', children: crudButtons('asset:model') },
      { name: '电容器', type: 'C', path: 'capacitors', component: 'asset/capacitors', icon: 'thunderbolt', perms: 'asset:capacitor:list', children: crudButtons('asset:capacitor') },
      { name: '摄像头', type: 'C', path: 'cameras', component: 'asset/cameras', icon: 'video-camera', perms: 'asset:camera:list', children: crudButtons('asset:camera') },
    ],
  },
];

async function dictMissing(db: Kysely<Database>, dictType: string) {
  return !(await db.selectFrom('sys_dict_type').select('id').where('dict_type', '=', dictType).executeTakeFirst());
}

export const m0004_asset_menus: AppMigration = {
  async up(raw) {
    const db = raw as Kysely<Database>;
    const present = await db.selectFrom('sys_menu').select('id').where('perms', '=', 'asset:station:list').executeTakeFirst();
    if (!present) await insertMenus(db, assetMenus);
    if (await dictMissing(db, 'dict_station_type')) {
      await insertDict(db, { dictType: 'dict_station_type', dictName: '站点类型', remark: '配电站点的类型' }, [
        ['配电站', 'station'],
        ['配电房', 'room'],
        ['箱式变电站', 'box'],
        ['开闭所', 'switching'],
      ]);
    }
    if (await dictMissing(db, 'dict_cabinet_type')) {
      await insertDict(db, { dictType: 'dict_cabinet_type', dictName: '柜体类型', remark: '开关柜/配电柜的用途' }, [
        ['进线柜', 'incoming'],
        ['出线柜', 'outgoing'],
        ['计量柜', 'metering'],
        ['PT柜', 'pt'],
        ['联络柜', 'bus_tie'],
        ['电容补偿柜', 'capacitor'],
        ['变压器柜', 'transformer'],
        ['低压开关柜', 'lv_switch'],
        ['配电箱', 'distribution'],
        ['直流屏', 'dc_panel'],
      ]);
    }
    if (await dictMissing(db, 'dict_asset_status')) {
      await insertDict(db, { dictType: 'dict_asset_status', dictName: '运行状态', remark: '站点与设备的运行状态' }, [
        ['运行', 'running'],
        ['停运', 'stopped'],
        ['检修', 'maintenance'],
      ]);
    }
  },
};
