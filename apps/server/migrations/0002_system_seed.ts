import type { Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import type { Database } from '../src/platform/db/schema';
import { crudButtons, insertDict, insertMenus, type MenuSeed } from './seed-tools';

const systemMenus: MenuSeed[] = [
  {
    name: '系统管理',
    type: 'M',
    path: '/system',
    icon: 'setting',
    scope: 'system',
    children: [
      { name: '用户管理', type: 'C', path: 'user', component: 'system/users', icon: 'user', perms: 'system:user:list',
        children: crudButtons('system:user', [['重置密码', 'resetPwd'], ['导入', 'import']]) },
      { name: '角色管理', type: 'C', path: 'role', component: 'system/roles', icon: 'team', perms: 'system:role:list', children: crudButtons('system:role') },
      { name: '菜单管理', type: 'C', path: 'menu', component: 'system/menus', icon: 'menu', perms: 'system:menu:list', children: crudButtons('system:menu') },
      { name: '部门管理', type: 'C', path: 'dept', component: 'system/depts', icon: 'apartment', perms: 'system:dept:list', children: crudButtons('system:dept') },
      { name: '字典管理', type: 'C', path: 'dict', component: 'system/dicts', icon: 'book', perms: 'system:dict:list', children: crudButtons('system:dict') },
      { name: '审计日志', type: 'C', path: 'audit', component: 'system/audit', icon: 'audit', perms: 'system:audit:list',
        children: [{ name: '查询', type: 'F', perms: 'system:audit:list' }, { name: '导出', type: 'F', perms: 'system:audit:export' }] },
      { name: '短信记录', type: 'C', path: 'sms', component: 'system/sms', icon: 'message', perms: 'system:sms:list',
        children: [{ name: '查询', type: 'F', perms: 'system:sms:list' }] },
      { name: '系统设置', type: 'C', path: 'config', component: 'system/config', icon: 'tool', perms: 'system:config:list',
        children: [{ name: '查询', type: 'F', perms: 'system:config:list' }, { name: '修改', type: 'F', perms: 'system:config:edit' }, { name: '发布通知', type: 'F', perms: 'system:notice:add' }] },
    ],
  },
];

/** Root department, the administrator role, the system menus and the voltage-level dictionary. */
export const m0002_system_seed: AppMigration = {
  async up(raw) {
    const db = raw as Kysely<Database>;
    const t = Date.now();
    await db
      .insertInto('sys_dept')
      .values({ parent_id: 0, ancestors: '0', dept_name: '总部', order_num: 0, leader: null, phone: null, email: null, enabled: 1, created_at: t, updated_at: t })
      .execute();
    await db
      .insertInto('sys_role')
      .values({ role_name: '超级管理员', role_key: 'admin', order_num: 0, data_scope: 'all', enabled: 1, built_in: 1, remark: '拥有全部权限', created_at: t, updated_at: t })
      .execute();
    await insertMenus(db, systemMenus);
    await insertDict(db, { dictType: 'dict_dydj', dictName: '电压等级', remark: '配电站与设备的额定电压等级' }, [
      ['0.4kV', '0.4'],
      ['10kV', '10'],
      ['35kV', '35'],
      ['110kV', '110'],
      ['220kV', '220'],
    ]);
    await insertDict(db, { dictType: 'sys_normal_disable', dictName: '系统开关', remark: '启用/停用状态' }, [
      ['正常', '1'],
      ['停用', '0'],
    ]);
  },
};
