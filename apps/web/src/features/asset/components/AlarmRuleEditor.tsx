import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Dropdown, Empty, Flex, Form, Input, InputNumber, Row, Select, Space, Switch, Tag, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { ALARM_CHANNELS, ALARM_LEVELS, MAX_ALARM_DELAY_S, MAX_RULES_PER_TARGET, alarmRuleInput, type AlarmRuleRow, type AlarmRuleType } from '@pdz/contracts';
import { confirmAction } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { LEVEL_COLORS, MIN_COMM_DELAY_S, defaultRule, formatDelay, ruleTypeLabel, ruleTypesFor, rulesToForm, toSaveRequest, type AlarmRuleForm, type AlarmSaveRequest, type AlarmTarget } from './alarmRules';

const R = alarmRuleInput.shape;
const LEVEL_OPTIONS = ALARM_LEVELS.map((l) => ({ value: l.value, label: <Tag color={LEVEL_COLORS[l.value]} style={{ marginInlineEnd: 0 }}>{`${l.value} ${l.label}`}</Tag> }));
/** 站内消息 always goes out (the server adds it anyway), so its box is ticked and fixed. */
// Only 站内消息 carries `disabled`: an explicit false on the others would override a read-only form.
const CHANNEL_OPTIONS = ALARM_CHANNELS.map((c) => ({ value: c.value, label: c.label, ...(c.value === 'site' ? { disabled: true } : {}) }));
/** Fields of a rule share the card's first row and wrap on narrow screens. */
const FIELD = '1 1 130px';
const STATUS_VALUE_OPTIONS = [
  { value: 1, label: '1（合 / 动作）' },
  { value: 0, label: '0（分 / 复归）' },
];

interface RulesForm {
  rules: AlarmRuleForm[];
}

export interface AlarmRuleEditorProps {
  equipmentId: number;
  target: AlarmTarget;
  saved: AlarmRuleRow[];
  editable: boolean;
  onSave: (body: AlarmSaveRequest) => Promise<unknown>;
  /** Tells the panel whether there are unsaved changes (asked before switching targets). */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The rules of one target as cards. 保存 replaces the target's whole set on the server (one
 * transaction), so the form always holds the complete set; removing a card is only final on 保存,
 * which asks first when saved rules would go.
 */
export function AlarmRuleEditor({ equipmentId, target, saved, editable, onSave, onDirtyChange }: AlarmRuleEditorProps) {
  const [form] = Form.useForm<RulesForm>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const types = ruleTypesFor(target.kind);
  const unit = target.unit ?? undefined;

  async function submit() {
    setProblem(null);
    let values: RulesForm;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const r = toSaveRequest(equipmentId, target.pointId, values.rules ?? []);
    if (!r.ok) {
      setProblem(r.message);
      return;
    }
    const run = async () => {
      setBusy(true);
      try {
        await onSave(r.body);
        onDirtyChange(false);
      } catch {
        // Shown by the HTTP client; the form keeps what was typed.
      } finally {
        setBusy(false);
      }
    };
    const dropped = saved.length - r.body.rules.length;
    if (dropped > 0) {
      confirmAction({
        content: r.body.rules.length ? `保存后将删除 ${dropped} 条已有告警规则，是否继续？` : `保存后“${target.name}”将不再有任何告警规则，是否继续？`,
        danger: true,
        onOk: run,
      });
    } else await run();
  }

  if (!types.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="遥控测点不配置告警" />;
  }

  return (
    <Form<RulesForm>
      form={form}
      name={`alarm-rules-${target.pointId ?? 'equipment'}`}
      layout="vertical"
      disabled={!editable}
      initialValues={{ rules: rulesToForm(saved) }}
      onValuesChange={() => {
        setProblem(null);
        onDirtyChange(true);
      }}
    >
      <Form.List name="rules">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无告警规则" style={{ margin: '24px 0' }} />}
            {fields.map((field, index) => (
              <RuleCard key={field.key} index={index} name={field.name} types={types} unit={unit} editable={editable} onRemove={() => { remove(field.name); onDirtyChange(true); }} />
            ))}
            {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
            {editable && (
              <Flex justify="space-between" wrap gap={8}>
                {types.length > 1 ? (
                  <Dropdown
                    disabled={fields.length >= MAX_RULES_PER_TARGET}
                    menu={{ items: types.map((t) => ({ key: t, label: ruleTypeLabel(t) })), onClick: ({ key }) => { add(defaultRule(key as AlarmRuleType, target)); onDirtyChange(true); } }}
                  >
                    <Button icon={<PlusOutlined />}>新增规则</Button>
                  </Dropdown>
                ) : (
                  <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_RULES_PER_TARGET} onClick={() => { add(defaultRule(types[0], target)); onDirtyChange(true); }}>
                    新增规则
                  </Button>
                )}
                <Space>
                  <Button
                    onClick={() => {
                      form.resetFields();
                      setProblem(null);
                      onDirtyChange(false);
                    }}
                  >
                    撤销修改
                  </Button>
                  <Button type="primary" loading={busy} onClick={() => void submit()}>
                    保存
                  </Button>
                </Space>
              </Flex>
            )}
          </>
        )}
      </Form.List>
    </Form>
  );
}

function RuleCard({ index, name, types, unit, editable, onRemove }: { index: number; name: number; types: AlarmRuleType[]; unit?: string; editable: boolean; onRemove: () => void }) {
  const form = Form.useFormInstance<RulesForm>();
  const ruleType = Form.useWatch(['rules', name, 'ruleType'], form) as AlarmRuleType | undefined;
  const delay = Form.useWatch(['rules', name, 'delayS'], form) as number | null | undefined;
  const limit = ruleType === 'upper' || ruleType === 'lower';
  return (
    <Card
      size="small"
      style={{ marginBottom: 12 }}
      title={`规则 ${index + 1}${ruleType ? ` · ${ruleTypeLabel(ruleType)}` : ''}`}
      extra={
        <Space size={12}>
          <Form.Item name={[name, 'enabled']} valuePropName="checked" noStyle>
            <Switch size="small" checkedChildren="启用" unCheckedChildren="停用" />
          </Form.Item>
          {editable && <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={onRemove} aria-label={`删除规则 ${index + 1}`} />}
        </Space>
      }
    >
      <Row gutter={12}>
        <Col flex={FIELD}>
          <Form.Item name={[name, 'ruleType']} label="告警类型" rules={[{ required: true, message: '请选择告警类型' }]}>
            <Select options={types.map((t) => ({ value: t, label: ruleTypeLabel(t) }))} disabled={!editable || types.length === 1} />
          </Form.Item>
        </Col>
        {limit && (
          <>
            <Col flex={FIELD}>
              <Form.Item name={[name, 'threshold']} label="阈值" rules={[{ required: true, message: '请输入阈值' }, ...schemaRules(R.threshold)]}>
                <InputNumber style={{ width: '100%' }} suffix={unit} placeholder={ruleType === 'upper' ? '高于此值告警' : '低于此值告警'} />
              </Form.Item>
            </Col>
            <Col flex={FIELD}>
              <Form.Item
                name={[name, 'deadband']}
                label={
                  <span>
                    回差{' '}
                    <Tooltip title="越限后需回到“阈值 ∓ 回差”以内才算恢复，避免数值在阈值附近反复告警">
                      <QuestionCircleOutlined />
                    </Tooltip>
                  </span>
                }
                rules={schemaRules(R.deadband)}
              >
                <InputNumber min={0} style={{ width: '100%' }} suffix={unit} />
              </Form.Item>
            </Col>
          </>
        )}
        {ruleType === 'status' && (
          <Col flex={FIELD}>
            <Form.Item name={[name, 'statusValue']} label="告警状态值" rules={[{ required: true, message: '请选择告警状态值' }]}>
              <Select options={STATUS_VALUE_OPTIONS} />
            </Form.Item>
          </Col>
        )}
        <Col flex={FIELD}>
          <Form.Item
            name={[name, 'delayS']}
            label={ruleType === 'comm' ? '判定时间' : '持续时间'}
            tooltip={ruleType === 'comm' ? '超过该时间没有收到数据即告警' : '持续满足条件才告警，0 为立即告警'}
            rules={[
              ...schemaRules(R.delayS),
              ...(ruleType === 'comm' ? [{ type: 'number' as const, min: MIN_COMM_DELAY_S, message: `通讯中断判定时间不能少于${MIN_COMM_DELAY_S}秒` }] : []),
            ]}
            extra={typeof delay === 'number' && delay >= 60 ? `即 ${formatDelay(delay)}` : undefined}
          >
            <InputNumber min={0} max={MAX_ALARM_DELAY_S} precision={0} style={{ width: '100%' }} suffix="秒" />
          </Form.Item>
        </Col>
        <Col flex={FIELD}>
          <Form.Item name={[name, 'level']} label="告警级别" rules={[{ required: true, message: '请选择告警级别' }]}>
            <Select options={LEVEL_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} lg={12}>
          <Form.Item name={[name, 'message']} label="告警内容" rules={schemaRules(R.message)} style={{ marginBottom: 8 }}>
            <Input placeholder="告警时显示的文字，留空则自动生成" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name={[name, 'channels']} label="通知方式" style={{ marginBottom: 8 }}>
            <Checkbox.Group options={CHANNEL_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
