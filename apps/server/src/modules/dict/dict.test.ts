import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictDetailRow, DictItem, DictTypeOption, DictTypeRow, Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createLimitedUser, type LimitedUser } from '../../../test/limited-user';

let t: TestApp;
let admin: string;
let reader: LimitedUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.adminToken;
  reader = await createLimitedUser(t, { perms: ['system:dict:list'] });
});
afterAll(async () => t?.close());

const items = (dictType: string) =>
  t.ctx.db.selectFrom('sys_dict_data').select(['dict_value', 'dict_label', 'dict_type']).where('dict_type', '=', dictType).orderBy('dict_sort').execute();
const typeCount = async () => Number((await t.ctx.db.selectFrom('sys_dict_type').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const audits = (action: string) => t.ctx.db.selectFrom('sys_audit').selectAll().where('category', '=', 'dict').where('action', '=', action).execute();

describe('selectBy', () => {
  it('answers enabled items of dict_dydj to any signed-in user', async () => {
    const nobody = await createLimitedUser(t, {});
    const res = await t.call<DictItem[]>({ method: 'GET', url: '/api/system/dict/data/selectBy?dictType=dict_dydj', token: nobody.token });
    expect(res.status).toBe(200);
    expect(res.body.data.map((i) => i.label)).toEqual(['0.4kV', '10kV', '35kV', '110kV', '220kV']);
    expect(res.body.data[1]).toEqual({ value: '10', label: '10kV', listClass: null, isDefault: false });
    expect((await t.call({ method: 'GET', url: '/api/system/dict/data/selectBy?dictType=dict_dydj' })).status).toBe(401);
    const missing = await t.call({ method: 'GET', url: '/api/system/dict/data/selectBy', token: nobody.token });
    expect([missing.status, missing.body.msg]).toEqual([400, '请输入字典类型']);
    expect((await t.call<DictItem[]>({ method: 'GET', url: '/api/system/dict/data/selectBy?dictType=nothing_here', token: nobody.token })).body.data).toEqual([]);
  });
});

describe('types', () => {
  let typeId: number;

  it('adds a type, with audit; refuses a duplicate and a bad key', async () => {
    const res = await t.call<{ id: number }>({ method: 'POST', url: '/api/system/dict/type/add', token: admin, payload: { dictName: '告警级别', dictType: 'alarm_level', remark: '1–4级' } });
    expect(res.body.code).toBe(0);
    typeId = res.body.data.id;
    expect(await audits('新增字典类型')).toHaveLength(1);
    const before = await typeCount();
    const dup = await t.call({ method: 'POST', url: '/api/system/dict/type/add', token: admin, payload: { dictName: '重复', dictType: 'alarm_level' } });
    expect([dup.status, dup.body.msg]).toEqual([409, '字典类型“alarm_level”已存在']);
    const bad = await t.call({ method: 'POST', url: '/api/system/dict/type/add', token: admin, payload: { dictName: '坏', dictType: 'Bad Key' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '字典类型只能以小写字母开头，包含小写字母、数字和下划线']);
    const noName = await t.call({ method: 'POST', url: '/api/system/dict/type/add', token: admin, payload: { dictType: 'x_y' } });
    expect([noName.status, noName.body.msg]).toEqual([400, '请输入字典名称']);
    expect(await typeCount()).toBe(before);
  });

  it('lists, reads and offers types', async () => {
    const list = await t.call<Page<DictTypeRow>>({ method: 'GET', url: '/api/system/dict/type/pageList?dictType=dydj', token: reader.token });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ dictType: 'dict_dydj', builtIn: true, itemCount: 5, enabled: true });
    const byName = await t.call<Page<DictTypeRow>>({ method: 'GET', url: `/api/system/dict/type/pageList?dictName=${encodeURIComponent('告警')}`, token: reader.token });
    expect(byName.body.data.list.map((r) => r.dictType)).toEqual(['alarm_level']);
    const one = await t.call<DictTypeRow>({ method: 'GET', url: `/api/system/dict/type/getById/${typeId}`, token: reader.token });
    expect(one.body.data).toMatchObject({ dictName: '告警级别', remark: '1–4级', itemCount: 0, builtIn: false });
    expect((await t.call({ method: 'GET', url: '/api/system/dict/type/getById/99999', token: reader.token })).status).toBe(404);
    const options = await t.call<DictTypeOption[]>({ method: 'GET', url: '/api/system/dict/type/options', token: reader.token });
    // Later migrations seed more types; ours is the newest.
    const types = options.body.data.map((o) => o.dictType);
    expect(types.slice(0, 2)).toEqual(['dict_dydj', 'sys_normal_disable']);
    expect(types.at(-1)).toBe('alarm_level');
    expect(options.body.data[0]).toEqual({ dictType: 'dict_dydj', dictName: '电压等级', enabled: true });
  });

  it('refuses readers without the permission, and callers without a token', async () => {
    const other = await createLimitedUser(t, { perms: ['system:menu:list'] });
    for (const url of ['/api/system/dict/type/pageList', '/api/system/dict/type/options', `/api/system/dict/type/getById/${typeId}`, '/api/system/dict/data/pageList?dictType=dict_dydj']) {
      expect((await t.call({ method: 'GET', url, token: other.token })).status).toBe(403);
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
    }
    const before = await typeCount();
    expect((await t.call({ method: 'POST', url: '/api/system/dict/type/add', token: reader.token, payload: { dictName: 'x', dictType: 'x_x' } })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/system/dict/type/edit', token: reader.token, payload: { id: typeId, dictName: 'x', dictType: 'x_x' } })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/system/dict/type/remove?ids=${typeId}`, token: reader.token })).status).toBe(403);
    expect(await typeCount()).toBe(before);
  });
});

describe('items', () => {
  let itemId: number;

  it('adds items; a duplicate value is refused naming the value', async () => {
    const res = await t.call<{ id: number }>({ method: 'POST', url: '/api/dictDetail', token: admin, payload: { dictType: 'alarm_level', dictLabel: '一级', dictValue: '1', dictSort: 1, listClass: 'danger', isDefault: true } });
    expect(res.body.code).toBe(0);
    itemId = res.body.data.id;
    const second = await t.call<{ id: number }>({ method: 'POST', url: '/api/dictDetail', token: admin, payload: { dictType: 'alarm_level', dictLabel: '二级', dictValue: '2', dictSort: 2, isDefault: true } });
    expect(second.body.code).toBe(0);
    // Only one default per type.
    const defaults = await t.ctx.db.selectFrom('sys_dict_data').select('dict_value').where('dict_type', '=', 'alarm_level').where('is_default', '=', 1).execute();
    expect(defaults).toEqual([{ dict_value: '2' }]);
    const dup = await t.call({ method: 'POST', url: '/api/dictDetail', token: admin, payload: { dictType: 'alarm_level', dictLabel: '又一级', dictValue: '1' } });
    expect([dup.status, dup.body.msg]).toEqual([409, '字典键值“1”已存在']);
    const noType = await t.call({ method: 'POST', url: '/api/dictDetail', token: admin, payload: { dictType: 'no_such', dictLabel: 'x', dictValue: 'x' } });
    expect([noType.status, noType.body.msg]).toEqual([400, '字典类型“no_such”不存在']);
    const noLabel = await t.call({ method: 'POST', url: '/api/dictDetail', token: admin, payload: { dictType: 'alarm_level', dictValue: '9' } });
    expect([noLabel.status, noLabel.body.msg]).toEqual([400, '请输入字典标签']);
    expect((await items('alarm_level')).map((i) => i.dict_value)).toEqual(['1', '2']);
    expect(await audits('新增字典数据')).toHaveLength(2);
  });

  it('lists items of a type, filtered by label', async () => {
    const res = await t.call<Page<DictDetailRow>>({ method: 'GET', url: '/api/system/dict/data/pageList?dictType=alarm_level', token: reader.token });
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list[0]).toMatchObject({ dictLabel: '一级', dictValue: '1', listClass: 'danger', isDefault: false, enabled: true });
    const filtered = await t.call<Page<DictDetailRow>>({ method: 'GET', url: `/api/system/dict/data/pageList?dictType=alarm_level&dictLabel=${encodeURIComponent('二')}`, token: reader.token });
    expect(filtered.body.data.list.map((d) => d.dictValue)).toEqual(['2']);
    const noType = await t.call({ method: 'GET', url: '/api/system/dict/data/pageList', token: reader.token });
    expect([noType.status, noType.body.msg]).toEqual([400, '请输入字典类型']);
    const one = await t.call<DictDetailRow>({ method: 'GET', url: `/api/system/dict/data/getById/${itemId}`, token: reader.token });
    expect(one.body.data.dictLabel).toBe('一级');
  });

  it('edits an item with PUT; a clash with another value is refused and changes nothing', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/dictDetail', token: admin, payload: { id: itemId, dictType: 'alarm_level', dictLabel: '一级告警', dictValue: '1', dictSort: 1 } });
    expect(res.body.code).toBe(0);
    const clash = await t.call({ method: 'PUT', url: '/api/dictDetail', token: admin, payload: { id: itemId, dictType: 'alarm_level', dictLabel: '一级告警', dictValue: '2' } });
    expect([clash.status, clash.body.msg]).toEqual([409, '字典键值“2”已存在']);
    expect((await items('alarm_level')).map((i) => [i.dict_value, i.dict_label])).toEqual([
      ['1', '一级告警'],
      ['2', '二级'],
    ]);
    expect((await t.call({ method: 'PUT', url: '/api/dictDetail', token: admin, payload: { id: 99999, dictType: 'alarm_level', dictLabel: 'x', dictValue: 'x' } })).status).toBe(404);
    expect((await t.call({ method: 'PUT', url: '/api/dictDetail', token: reader.token, payload: { id: itemId, dictType: 'alarm_level', dictLabel: 'x', dictValue: '1' } })).status).toBe(403);
    expect((await t.call({ method: 'PUT', url: '/api/dictDetail', payload: { id: itemId } })).status).toBe(401);
  });

  it('renaming a type renames its items in the same change', async () => {
    const typeId = (await t.ctx.db.selectFrom('sys_dict_type').select('id').where('dict_type', '=', 'alarm_level').executeTakeFirstOrThrow()).id;
    const res = await t.call({ method: 'POST', url: '/api/system/dict/type/edit', token: admin, payload: { id: typeId, dictName: '告警等级', dictType: 'alarm_grade' } });
    expect(res.body.code).toBe(0);
    expect(await items('alarm_level')).toEqual([]);
    expect((await items('alarm_grade')).map((i) => i.dict_value)).toEqual(['1', '2']);
    const audit = await audits('修改字典类型');
    expect(JSON.parse(audit[0].detail!).renamedFrom).toBe('alarm_level');
    const selected = await t.call<DictItem[]>({ method: 'GET', url: '/api/system/dict/data/selectBy?dictType=alarm_grade', token: admin });
    expect(selected.body.data.map((i) => i.value)).toEqual(['1', '2']);
  });

  it('refuses to rename a built-in type or take an existing key, changing nothing', async () => {
    const builtIn = (await t.ctx.db.selectFrom('sys_dict_type').select('id').where('dict_type', '=', 'dict_dydj').executeTakeFirstOrThrow()).id;
    const rename = await t.call({ method: 'POST', url: '/api/system/dict/type/edit', token: admin, payload: { id: builtIn, dictName: '电压等级', dictType: 'voltage' } });
    expect([rename.status, rename.body.msg]).toEqual([400, '内置字典“电压等级”的字典类型不能修改']);
    const own = (await t.ctx.db.selectFrom('sys_dict_type').select('id').where('dict_type', '=', 'alarm_grade').executeTakeFirstOrThrow()).id;
    const taken = await t.call({ method: 'POST', url: '/api/system/dict/type/edit', token: admin, payload: { id: own, dictName: 'x', dictType: 'dict_dydj' } });
    expect([taken.status, taken.body.msg]).toEqual([409, '字典类型“dict_dydj”已存在']);
    expect((await items('dict_dydj')).length).toBe(5);
    expect((await items('alarm_grade')).length).toBe(2);
    // A built-in type may still be renamed for people and disabled.
    const relabel = await t.call({ method: 'POST', url: '/api/system/dict/type/edit', token: admin, payload: { id: builtIn, dictName: '电压等级（kV）', dictType: 'dict_dydj', enabled: false } });
    expect(relabel.body.code).toBe(0);
    expect((await t.call<DictItem[]>({ method: 'GET', url: '/api/system/dict/data/selectBy?dictType=dict_dydj', token: admin })).body.data).toEqual([]);
    await t.call({ method: 'POST', url: '/api/system/dict/type/edit', token: admin, payload: { id: builtIn, dictName: '电压等级', dictType: 'dict_dydj' } });
  });

  it('deletes an item with DELETE', async () => {
    const res = await t.call({ method: 'DELETE', url: `/api/dictDetail/${itemId}`, token: admin });
    expect(res.body.code).toBe(0);
    expect((await items('alarm_grade')).map((i) => i.dict_value)).toEqual(['2']);
    expect((await t.call({ method: 'DELETE', url: `/api/dictDetail/${itemId}`, token: admin })).status).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/dictDetail/${itemId}`, token: reader.token })).status).toBe(403);
    expect(await audits('删除字典数据')).toHaveLength(1);
  });

  it('removes types with their items; built-in types are refused and nothing is removed', async () => {
    const own = (await t.ctx.db.selectFrom('sys_dict_type').select('id').where('dict_type', '=', 'alarm_grade').executeTakeFirstOrThrow()).id;
    const builtIn = (await t.ctx.db.selectFrom('sys_dict_type').select('id').where('dict_type', '=', 'dict_dydj').executeTakeFirstOrThrow()).id;
    const refused = await t.call({ method: 'GET', url: `/api/system/dict/type/remove?ids=${own},${builtIn}`, token: admin });
    expect([refused.status, refused.body.msg]).toEqual([400, '内置字典“电压等级”不能删除']);
    expect((await items('alarm_grade')).length).toBe(1);
    const empty = await t.call({ method: 'GET', url: '/api/system/dict/type/remove?ids=', token: admin });
    expect([empty.status, empty.body.msg]).toEqual([400, '请选择要操作的字典']);
    const res = await t.call({ method: 'GET', url: `/api/system/dict/type/remove?ids=${own}`, token: admin });
    expect(res.body.code).toBe(0);
    expect(await items('alarm_grade')).toEqual([]);
    expect(await t.ctx.db.selectFrom('sys_dict_type').select('id').where('id', '=', own).execute()).toEqual([]);
    expect((await audits('删除字典类型'))[0].target).toBe('alarm_grade');
  });
});
