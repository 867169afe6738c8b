import { useMemo, useState } from 'react';
import { Button, Flex, Input, Segmented, Space, Switch, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ApiOutlined, DeleteOutlined } from '@ant-design/icons';
import { PERMS, type EquipmentRow, type PointKind, type PointRow } from '@pdz/contracts';
import { Auth, usePerm } from '@/access/Auth';
import { feedback } from '@/app/feedback';
import { confirmAction, useCrudMutation } from '@/components/crud';
import { useQueryClient } from '@tanstack/react-query';
import { EQUIPMENT_KEY } from '../api/equipment';
import { ALARM_CONFIG_KEY } from '../api/alarm-config';
import { editPoint, pointKeyOf, removePoints, setRealTimeTags, usePoints } from '../api/point';
import { RULE_KEY, saveRule } from '../api/rule';
import { bulkBindPlan, nextTagIds, pointEditRequest, pointRemoval } from './pointEdits';
import { PointFormModal } from './PointFormModal';
import { PointRuleModal } from './PointRuleModal';
import { PointKindTag, pointRatioLabel } from './PointTags';

const KIND_FILTER = [
  { value: 'all', label: '全部' },
  { value: 'yc', label: '遥测' },
  { value: 'yx', label: '遥信' },
  { value: 'ym', label: '遥脉' },
  { value: 'yk', label: '遥控' },
];

/** Client-side filter of one equipment's points (tens, at most a few hundred). */
export function filterPoints(points: PointRow[], kind: string, keyword: string): PointRow[] {
  const k = keyword.trim().toLowerCase();
  return points.filter((p) => (kind === 'all' || p.kind === kind) && (!k || p.pointKey.toLowerCase().includes(k) || p.name.toLowerCase().includes(k) || (p.rule?.rawTag.toLowerCase().includes(k) ?? false)));
}

/**
 * 测点 of one equipment: live-tag and enable switches in the table, 修改 and 原始标签 dialogs per
 * point, and removal (telling which bindings and alarms go with it).
 */
export function PointTable({ equipment }: { equipment: EquipmentRow }) {
  const points = usePoints(equipment.id);
  const canEdit = usePerm([PERMS.point.edit]);
  const canTag = usePerm([PERMS.point.edit, PERMS.equipment.edit]);
  const canRemove = usePerm([PERMS.point.remove]);
  const [kind, setKind] = useState('all');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<PointRow | undefined>();
  const [binding, setBinding] = useState<PointRow | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const all = useMemo(() => points.data ?? [], [points.data]);
  const shown = useMemo(() => filterPoints(all, kind, keyword), [all, kind, keyword]);
  const key = pointKeyOf(equipment.id);

  const edit = useCrudMutation(editPoint, { invalidate: [key] });
  const tags = useCrudMutation((ids: number[]) => setRealTimeTags(equipment.id, ids), { invalidate: [key] });
  const remove = useCrudMutation((v: { ids: number[]; withRules: boolean }) => removePoints(v.ids, v.withRules), {
    invalidate: [key, EQUIPMENT_KEY, ALARM_CONFIG_KEY],
    success: '删除成功',
    onSuccess: () => setSelected([]),
  });

  async function toggle(id: string, run: () => Promise<unknown>) {
    setBusy(id);
    try {
      await run();
    } catch {
      // Shown by the HTTP client; the switch stays as the server has it.
    } finally {
      setBusy(null);
    }
  }

  const qc = useQueryClient();
  const plan = bulkBindPlan(equipment, all);
  /** One request per point, in order; the first refusal stops the run (the client shows why). */
  function bulkBind() {
    confirmAction({
      content: `将为 ${plan.length} 个未绑定的测点绑定网关“${equipment.gatewayCode}”上的原始标签“${equipment.code}.测点标识”（系数 1、偏移量 0），是否继续？`,
      onOk: async () => {
        let done = 0;
        try {
          for (const body of plan) {
            await saveRule(body);
            done++;
          }
          feedback.message.success(`已绑定 ${done} 个测点`);
        } catch {
          if (done) feedback.message.warning(`已绑定 ${done} 个测点，其余未绑定`);
        } finally {
          await Promise.all([qc.invalidateQueries({ queryKey: key }), qc.invalidateQueries({ queryKey: RULE_KEY })]);
        }
      },
    });
  }

  function confirmRemove(rows: PointRow[]) {
    const { question, withRules } = pointRemoval(rows);
    confirmAction({ content: question, danger: true, onOk: () => remove.mutateAsync({ ids: rows.map((p) => p.id), withRules }) });
  }

  const columns: TableColumnsType<PointRow> = [
    { key: 'pointKey', title: '标识', dataIndex: 'pointKey', width: 120, render: (v: string) => <Typography.Text code style={{ whiteSpace: 'nowrap' }}>{v}</Typography.Text> },
    { key: 'name', title: '名称', dataIndex: 'name', ellipsis: true },
    { key: 'kind', title: '类型', dataIndex: 'kind', width: 76, render: (v: PointKind) => <PointKindTag kind={v} /> },
    { key: 'unit', title: '单位', dataIndex: 'unit', width: 64, render: (v: string | null) => v ?? '-' },
    { key: 'precision', title: '小数位', dataIndex: 'precision', width: 70, align: 'right' },
    { key: 'ratio', title: '变比', dataIndex: 'ratio', width: 80, render: pointRatioLabel },
    {
      key: 'rule',
      title: '原始标签',
      dataIndex: 'rule',
      ellipsis: true,
      render: (_v, p) =>
        p.rule ? (
          <Tooltip title={`${p.rule.rawTag}（网关 ${p.rule.gatewayCode}），工程值 = 原始值 × ${p.rule.scale} + ${p.rule.offset}${p.rule.enabled ? '' : '，规则已停用'}`}>
            <Typography.Text type={p.rule.enabled ? undefined : 'secondary'} delete={!p.rule.enabled}>
              {p.rule.rawTag}
            </Typography.Text>
            {(p.rule.scale !== 1 || p.rule.offset !== 0) && <Typography.Text type="secondary"> ×{p.rule.scale}{p.rule.offset ? ` ${p.rule.offset > 0 ? '+' : ''}${p.rule.offset}` : ''}</Typography.Text>}
          </Tooltip>
        ) : (
          <Typography.Text type="secondary">未绑定</Typography.Text>
        ),
    },
    {
      key: 'alarms',
      title: '告警',
      dataIndex: 'alarmRuleCount',
      width: 60,
      align: 'right',
      render: (n: number) => (n ? n : <Typography.Text type="secondary">-</Typography.Text>),
    },
    {
      key: 'isTag',
      title: (
        <Tooltip title="在设备卡片和监控画面上显示">
          <span>实时标签</span>
        </Tooltip>
      ),
      dataIndex: 'isTag',
      width: 84,
      align: 'center',
      render: (v: boolean, p) => (
        <Switch
          size="small"
          checked={v}
          disabled={!canTag}
          loading={busy === `tag-${p.id}`}
          aria-label={`${p.name}实时标签`}
          onChange={(on) => void toggle(`tag-${p.id}`, () => tags.mutateAsync(nextTagIds(all, p.id, on)))}
        />
      ),
    },
    {
      key: 'enabled',
      title: '启用',
      dataIndex: 'enabled',
      width: 64,
      align: 'center',
      render: (v: boolean, p) => (
        <Switch
          size="small"
          checked={v}
          disabled={!canEdit}
          loading={busy === `en-${p.id}`}
          aria-label={`${p.name}启用`}
          onChange={(on) => void toggle(`en-${p.id}`, () => edit.mutateAsync(pointEditRequest(p, { enabled: on })))}
        />
      ),
    },
    {
      key: 'actions',
      hidden: !canEdit && !canRemove,
      title: '操作',
      width: 140,
      fixed: 'right',
      render: (_v, p) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Auth perms={[PERMS.point.edit]}>
            <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => setEditing(p)}>
              修改
            </Button>
          </Auth>
          <Auth perms={[PERMS.point.edit]}>
            <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => setBinding(p)}>
              绑定
            </Button>
          </Auth>
          <Auth perms={[PERMS.point.remove]}>
            <Button type="link" size="small" danger style={{ paddingInline: 4 }} onClick={() => confirmRemove([p])}>
              删除
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  const selectedRows = all.filter((p) => selected.includes(p.id));
  return (
    <>
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Segmented options={KIND_FILTER} value={kind} onChange={(v) => setKind(String(v))} />
          <Input.Search allowClear placeholder="标识、名称或原始标签" style={{ width: 220 }} onSearch={setKeyword} onChange={(e) => !e.target.value && setKeyword('')} />
        </Space>
        <Space wrap>
          <Typography.Text type="secondary">
            共 {all.length} 个测点，已绑定 {all.filter((p) => p.rule).length} 个，实时标签 {all.filter((p) => p.isTag).length} 个
          </Typography.Text>
          <Auth perms={[PERMS.point.edit]}>
            <Tooltip title={!equipment.gatewayId ? '设备未接入采集网关，请先在设备信息中选择网关' : plan.length ? '按“设备编号.测点标识”绑定所有未绑定的测点' : '所有测点均已绑定'}>
              <Button icon={<ApiOutlined />} disabled={!plan.length} onClick={bulkBind}>
                批量绑定
              </Button>
            </Tooltip>
          </Auth>
          <Auth perms={[PERMS.point.remove]}>
            <Button danger icon={<DeleteOutlined />} disabled={!selectedRows.length} onClick={() => confirmRemove(selectedRows)}>
              删除
            </Button>
          </Auth>
        </Space>
      </Flex>
      <Table<PointRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={shown}
        loading={points.isFetching}
        scroll={{ x: 1000 }}
        pagination={shown.length > 50 ? { pageSize: 50, showSizeChanger: false, showTotal: (t) => `共 ${t} 条` } : false}
        rowSelection={canRemove ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        locale={{ emptyText: all.length ? '没有符合条件的测点' : '该设备暂无测点' }}
      />
      <PointFormModal point={editing} onClose={() => setEditing(undefined)} />
      <PointRuleModal equipment={equipment} point={binding} onClose={() => setBinding(undefined)} />
    </>
  );
}
