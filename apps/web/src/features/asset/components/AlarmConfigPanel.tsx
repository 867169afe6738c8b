import { useMemo, useState } from 'react';
import { Badge, Button, Col, Empty, Flex, Input, Row, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PERMS, type AlarmConfigInfo, type AlarmRuleRow, type EquipmentRow } from '@pdz/contracts';
import { Auth, usePerm } from '@/access/Auth';
import { feedback } from '@/app/feedback';
import { confirmAction } from '@/components/crud';
import { alarmConfigKeyOf, applyAlarmTemplate, saveAlarmConfig, useAlarmConfig } from '../api/alarm-config';
import { pointKeyOf } from '../api/point';
import { AlarmRuleEditor } from './AlarmRuleEditor';
import { describeRule, ruleTypeLabel, ruleTypesFor, type AlarmSaveRequest, type AlarmTarget } from './alarmRules';
import { PointKindTag } from './PointTags';

/** The equipment itself is target "equipment"; a point is its id. */
type TargetKey = 'equipment' | number;

interface TargetItem extends AlarmTarget {
  key: TargetKey;
  pointKey: string | null;
  rules: AlarmRuleRow[];
}

export function alarmTargets(info: AlarmConfigInfo): TargetItem[] {
  return [
    { key: 'equipment', pointId: null, pointKey: null, name: '设备通讯', kind: null, unit: null, rules: info.equipmentRules },
    ...info.points.map((p) => ({ key: p.pointId, pointId: p.pointId, pointKey: p.pointKey, name: p.name, kind: p.kind, unit: p.unit, rules: p.rules })),
  ];
}

/**
 * 告警配置: targets on the left (the equipment's communication, then each point with its rule
 * count), the chosen target's rules on the right. Saving replaces that target's set atomically.
 */
export function AlarmConfigPanel({ equipment }: { equipment: EquipmentRow }) {
  const qc = useQueryClient();
  const info = useAlarmConfig(equipment.id);
  const editable = usePerm([PERMS.alarmConfig.edit]);
  const [active, setActive] = useState<TargetKey>('equipment');
  const [dirty, setDirty] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [onlyConfigured, setOnlyConfigured] = useState(false);

  const targets = useMemo(() => (info.data ? alarmTargets(info.data) : []), [info.data]);
  const shown = targets.filter((t) => {
    if (t.kind === 'yk') return false;
    if (onlyConfigured && !t.rules.length) return false;
    const k = keyword.trim().toLowerCase();
    return !k || t.name.toLowerCase().includes(k) || (t.pointKey ?? '').toLowerCase().includes(k);
  });
  const target = targets.find((t) => t.key === active) ?? targets[0];
  const total = targets.reduce((n, t) => n + t.rules.length, 0);

  async function afterChange(next: AlarmConfigInfo) {
    qc.setQueryData(alarmConfigKeyOf(equipment.id), next);
    // The point table shows each point's rule count.
    await qc.invalidateQueries({ queryKey: pointKeyOf(equipment.id) });
  }

  const save = async (body: AlarmSaveRequest) => {
    const next = await saveAlarmConfig(body);
    await afterChange(next);
    feedback.message.success('保存成功');
  };

  function choose(key: TargetKey) {
    if (key === active) return;
    if (!dirty) {
      setActive(key);
      return;
    }
    confirmAction({
      content: '当前告警规则的修改尚未保存，切换后将丢失，是否继续？',
      okText: '放弃修改',
      onOk: () => {
        setDirty(false);
        setActive(key);
      },
    });
  }

  if (info.isLoading || !target) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          共 {total} 条告警规则。越限告警配置在遥测、遥脉测点上，变位告警配置在遥信测点上，通讯中断配置在设备上。
        </Typography.Text>
        <Auth perms={[PERMS.alarmConfig.edit]}>
          <Tooltip title="按设备类型的推荐值（电压 ±7%、温度、烟感、门磁等）生成规则，覆盖相关对象现有的规则">
            <Button
              icon={<ThunderboltOutlined />}
              onClick={() =>
                confirmAction({
                  content: `是否按推荐模板重新生成设备“${equipment.name}”的告警规则？模板涉及的设备和测点，其现有规则将被替换。`,
                  onOk: async () => {
                    const next = await applyAlarmTemplate(equipment.id);
                    setDirty(false);
                    await afterChange(next);
                  },
                })
              }
            >
              应用推荐模板
            </Button>
          </Tooltip>
        </Auth>
      </Flex>
      <Row gutter={[16, 12]}>
        <Col xs={24} md={8} lg={7}>
          <Space orientation="vertical" size={8} style={{ width: '100%' }}>
            <Input.Search allowClear placeholder="搜索测点" onSearch={setKeyword} onChange={(e) => !e.target.value && setKeyword('')} />
            <Flex justify="space-between">
              <Typography.Text type="secondary">{shown.length} 个对象</Typography.Text>
              <Typography.Link onClick={() => setOnlyConfigured((v) => !v)}>{onlyConfigured ? '显示全部' : '只看已配置'}</Typography.Link>
            </Flex>
            <div role="listbox" aria-label="告警对象" style={{ maxHeight: 520, overflow: 'auto', border: '1px solid var(--ant-color-border-secondary)', borderRadius: 8 }}>
              {shown.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的对象" />}
              {shown.map((t) => {
                const selected = t.key === target.key;
                return (
                  <div
                    key={String(t.key)}
                    role="option"
                    aria-selected={selected}
                    tabIndex={0}
                    onClick={() => choose(t.key)}
                    onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && choose(t.key)}
                    style={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 8,
                      padding: '8px 12px',
                      cursor: 'pointer',
                      borderBottom: '1px solid var(--ant-color-split)',
                      background: selected ? 'var(--ant-color-primary-bg)' : undefined,
                    }}
                  >
                    {t.kind ? <PointKindTag kind={t.kind} /> : <Tag>设备</Tag>}
                    <div style={{ flex: 1, minWidth: 0 }}>
                      <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: selected ? 'var(--ant-color-primary)' : undefined }}>{t.name}</div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {t.pointKey ?? '通讯中断'}
                        {t.unit ? ` · ${t.unit}` : ''}
                      </Typography.Text>
                    </div>
                    <Badge count={t.rules.length} showZero={false} color={t.rules.some((r) => r.enabled) ? 'blue' : 'gray'} />
                  </div>
                );
              })}
            </div>
          </Space>
        </Col>
        <Col xs={24} md={16} lg={17}>
          <Flex align="baseline" gap={8} wrap style={{ marginBottom: 12 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {target.pointId === null ? `设备“${equipment.name}”` : `${target.name}（${target.pointKey}）`}
            </Typography.Title>
            <Typography.Text type="secondary">
              {target.pointId === null ? '通讯中断告警' : ruleTypesFor(target.kind).length ? `可配置：${ruleTypesFor(target.kind).map(ruleTypeLabel).join('、')}` : ''}
              {target.unit ? `，单位 ${target.unit}` : ''}
            </Typography.Text>
          </Flex>
          {target.rules.length > 0 && (
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              已保存：{target.rules.map((r) => describeRule(r, target.unit)).join('；')}
            </Typography.Paragraph>
          )}
          <AlarmRuleEditor
            key={`${String(target.key)}-${info.dataUpdatedAt}`}
            equipmentId={equipment.id}
            target={target}
            saved={target.rules}
            editable={editable}
            onSave={save}
            onDirtyChange={setDirty}
          />
        </Col>
      </Row>
    </>
  );
}
