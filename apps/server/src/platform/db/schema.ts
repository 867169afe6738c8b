import type { Generated } from 'kysely';
import type { AssetTables } from './schema-assets';

/**
 * Table types of the relational model. Booleans are stored as 0/1 integers and times as epoch
 * milliseconds so the same SQL runs on SQLite and PostgreSQL.
 */
export interface Database extends AssetTables {
  sys_dept: DeptTable;
  sys_user: UserTable;
  sys_role: RoleTable;
  sys_menu: MenuTable;
  sys_user_role: { user_id: number; role_id: number };
  sys_role_menu: { role_id: number; menu_id: number };
  sys_role_dept: { role_id: number; dept_id: number };
  sys_session: SessionTable;
  sys_login_failure: { id: Generated<number>; user_name: string; ip: string | null; ts: number };
  sys_login_lock: { user_name: string; locked_until: number };
  sys_dict_type: DictTypeTable;
  sys_dict_data: DictDataTable;
  sys_audit: AuditTable;
  sys_sms_outbox: SmsOutboxTable;
  sys_sms_code: SmsCodeTable;
  sys_file: FileTable;
  sys_message: MessageTable;
  sys_message_user: MessageUserTable;
  sys_config: { key: string; value: string; updated_at: number };
  alarm_event: AlarmEventTable;
  alarm_pending: { rule_id: number; since: number; value: number | null };
  alarm_pref: { user_id: number; sound_muted: number; updated_at: number };
  notify_delivery: NotifyDeliveryTable;
}

/** Alarm events (migration 0012). */
export interface AlarmEventTable {
  id: Generated<number>;
  customer_id: number;
  station_id: number;
  equipment_id: number;
  point_id: number | null;
  rule_id: number | null;
  rule_type: string;
  level: number;
  title: string;
  value: number | null;
  threshold: number | null;
  raised_at: number;
  confirmed_at: number | null;
  confirmed_by: string | null;
  confirmed_by_id: number | null;
  confirm_note: string | null;
  recovered_at: number | null;
  recovered_value: number | null;
  closed: number;
  message_id: number | null;
  created_at: number;
}

export interface DeptTable {
  id: Generated<number>;
  parent_id: number;
  ancestors: string;
  dept_name: string;
  order_num: number;
  leader: string | null;
  phone: string | null;
  email: string | null;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface UserTable {
  id: Generated<number>;
  user_name: string;
  nick_name: string | null;
  password_hash: string;
  dept_id: number | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  remark: string | null;
  logo: string | null;
  min_logo: string | null;
  enabled: number;
  built_in: number;
  landing_path: string | null;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
  last_login_ip: string | null;
  created_by: number | null;
}

export interface RoleTable {
  id: Generated<number>;
  role_name: string;
  role_key: string;
  order_num: number;
  data_scope: string;
  enabled: number;
  built_in: number;
  remark: string | null;
  created_at: number;
  updated_at: number;
}

export interface MenuTable {
  id: Generated<number>;
  parent_id: number;
  menu_name: string;
  menu_type: string;
  path: string | null;
  component: string | null;
  perms: string | null;
  icon: string | null;
  order_num: number;
  hidden: number;
  affix: number;
  keep_alive: number;
  is_frame: number;
  menu_scope: string;
  enabled: number;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  token_hash: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
  module: string | null;
}

export interface DictTypeTable {
  id: Generated<number>;
  dict_name: string;
  dict_type: string;
  enabled: number;
  built_in: number;
  remark: string | null;
  created_at: number;
  updated_at: number;
}

export interface DictDataTable {
  id: Generated<number>;
  dict_type: string;
  dict_label: string;
  dict_value: string;
  dict_sort: number;
  list_class: string | null;
  is_default: number;
  enabled: number;
  remark: string | null;
  created_at: number;
  updated_at: number;
}

export interface AuditTable {
  id: Generated<number>;
  ts: number;
  user_id: number | null;
  user_name: string | null;
  category: string;
  action: string;
  target: string | null;
  detail: string | null;
  ip: string | null;
  ok: number;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  content: string;
  provider: string;
  status: string;
  error: string | null;
  ip: string | null;
  created_at: number;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  attempts: number;
  ip: string | null;
  /** Set by validPhoneCode: a one-time ticket (hashed) that resetPwd spends. */
  ticket_hash: string | null;
}

export interface FileTable {
  id: Generated<number>;
  stored_name: string;
  original_name: string;
  mime: string;
  size: number;
  kind: string;
  created_by: number | null;
  created_at: number;
}

export interface MessageTable {
  id: Generated<number>;
  type: string;
  level: number;
  title: string;
  content: string;
  source_key: string | null;
  created_at: number;
  created_by: number | null;
}

/** Per-recipient state: read and confirmed are personal for notices. */
export interface MessageUserTable {
  message_id: number;
  user_id: number;
  read_at: number | null;
  confirmed_at: number | null;
  confirm_note: string | null;
}

/** One alarm notification on one channel to one recipient (migration 0013); also the send queue. */
export interface NotifyDeliveryTable {
  id: Generated<number>;
  alarm_id: number | null;
  channel: string;
  recipient: string;
  payload: string;
  status: string;
  attempts: number;
  error: string | null;
  created_at: number;
  sent_at: number | null;
  next_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
}
