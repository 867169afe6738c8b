/**
 * Every permission code the server checks. Menus of type "button" (F) carry these codes; a role
 * grants them by granting the menu. `admin` (held by the built-in administrator role) passes all.
 */
export const SUPER_PERM = 'admin';
export const SUPER_ROLE_KEY = 'admin';
export const DEFAULT_ROLE = 'ROLE_SYSTEM_DEFAULT';

function crud<P extends string>(prefix: P) {
  return {
    list: `${prefix}:list`,
    query: `${prefix}:query`,
    add: `${prefix}:add`,
    edit: `${prefix}:edit`,
    remove: `${prefix}:remove`,
    export: `${prefix}:export`,
  } as const;
}

export const PERMS = {
  user: { ...crud('system:user'), resetPwd: 'system:user:resetPwd', import: 'system:user:import' },
  role: crud('system:role'),
  menu: crud('system:menu'),
  dept: crud('system:dept'),
  dict: crud('system:dict'),
  audit: { list: 'system:audit:list', export: 'system:audit:export' },
  sms: { list: 'system:sms:list' },
  config: { list: 'system:config:list', edit: 'system:config:edit' },
  notice: { add: 'system:notice:add' },
  customer: crud('asset:customer'),
  station: crud('asset:station'),
  bay: crud('asset:bay'),
  cabinet: crud('asset:cabinet'),
  camera: crud('asset:camera'),
  gateway: { ...crud('asset:gateway'), secret: 'asset:gateway:secret' },
  equipment: { ...crud('asset:equipment'), import: 'asset:equipment:import' },
  model: crud('asset:model'),
  point: crud('asset:point'),
  capacitor: crud('asset:capacitor'),
  alarmConfig: { query: 'alarm:config:query', edit: 'alarm:config:edit' },
  assetTree: { list: 'asset:tree:list', move: 'asset:tree:move' },
  telemetry: { query: 'telemetry:data:query', stats: 'telemetry:gateway:stats', link: 'telemetry:gateway:link' },
  /** Alarm events: lists (active/history), confirm, export, statistics. */
  alarm: { list: 'alarm:event:list', confirm: 'alarm:event:confirm', export: 'alarm:event:export', stats: 'alarm:stats:list' },
  /** Notification channels (SMTP, SMS, webhook) and their delivery records. */
  notify: { list: 'alarm:notify:list', edit: 'alarm:notify:edit' },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type PermCode = Leaves<typeof PERMS>;

export const ALL_PERMS: string[] = Object.values(PERMS).flatMap((group) => Object.values(group));
