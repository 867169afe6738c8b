import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_MODEL_POINTS, modelPointInput, type EquipmentModelDetail } from '@pdz/contracts';
import { confirmAction } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import type { ModelPointValues } from '../api/model';
import { droppedPoints, modelPointsToForm, newModelPoint, toModelPointsRequest, type ModelPointForm } from './modelPoints';
import { POINT_KIND_OPTIONS, POINT_RATIO_OPTIONS } from './PointTags';

const P = modelPointInput.shape;

/**
 * The standard point set of a custom model as an editable table. 保存 replaces the whole set;
 * equipment created earlier keeps its own points (the set is the template for new equipment).
 */
export function ModelPointsEditor({ model, onSave, onCancel }: { model: EquipmentModelDetail; onSave: (points: ModelPointValues[]) => Promise<unknown>; onCancel: () => void }) {
  const [form] = Form.useForm<{ points: ModelPointForm[] }>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setProblem(null);
    let rows: ModelPointForm[];
    try {
      rows = (await form.validateFields()).points ?? [];
    } catch {
      setProblem('请先修正表格中标红的内容');
      return;
    }
    const r = toModelPointsRequest(model.id, rows);
    if (!r.ok) {
      setProblem(r.message);
      return;
    }
    const run = async () => {
      setBusy(true);
      try {
        await onSave(r.points);
      } catch {
        // Shown by the HTTP client.
      } finally {
        setBusy(false);
      }
    };
    const dropped = droppedPoints(model.points, rows);
    if (dropped.length) {
      const names = dropped.slice(0, 5).map((p) => `“${p.name}”`).join('、');
      confirmAction({
        content: `保存后将从型号中删除测点${names}${dropped.length > 5 ? ` 等 ${dropped.length} 个` : ''}。已创建的设备保留各自的测点，不受影响。是否继续？`,
        danger: true,
        onOk: run,
      });
    } else await run();
  }

  return (
    <Form form={form} name={`model-points-${model.id}`} initialValues={{ points: modelPointsToForm(model.points) }} onValuesChange={() => setProblem(null)}>
      <Form.List name="points">
        {(fields, { add, remove }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              dataSource={fields}
              pagination={false}
              scroll={{ x: 900, y: 480 }}
              locale={{ emptyText: '暂无测点，点击下方“新增测点”' }}
              columns={[
                {
                  key: 'pointKey',
                  title: <Required>标识</Required>,
                  width: 130,
                  render: (_v, f) => (
                    <Form.Item
                      name={[f.name, 'pointKey']}
                      rules={[
                        ...schemaRules(P.pointKey, { required: '测点标识' }),
                        {
                          // The same key twice would clash in raw tags: say so on the row itself.
                          validator: async (_r, v: string | undefined) => {
                            const key = v?.trim();
                            const rows: ModelPointForm[] = form.getFieldValue('points') ?? [];
                            if (key && rows.filter((r) => r.pointKey?.trim() === key).length > 1) throw new Error(`测点标识“${key}”重复`);
                          },
                        },
                      ]}
                      style={{ margin: 0 }}
                    >
                      <Input placeholder="如 Ua" maxLength={32} aria-label="测点标识" />
                    </Form.Item>
                  ),
                },
                {
                  key: 'name',
                  title: <Required>名称</Required>,
                  width: 160,
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'name']} rules={schemaRules(P.name, { required: '测点名称' })} style={{ margin: 0 }}>
                      <Input placeholder="如 A相电压" maxLength={64} aria-label="测点名称" />
                    </Form.Item>
                  ),
                },
                {
                  key: 'kind',
                  title: <Required>类型</Required>,
                  width: 96,
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'kind']} rules={[{ required: true, message: '请选择测点类型' }]} style={{ margin: 0 }}>
                      <Select options={POINT_KIND_OPTIONS} aria-label="测点类型" />
                    </Form.Item>
                  ),
                },
                {
                  key: 'unit',
                  title: '单位',
                  width: 80,
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'unit']} rules={schemaRules(P.unit)} style={{ margin: 0 }}>
                      <Input placeholder="V" maxLength={16} aria-label="单位" />
                    </Form.Item>
                  ),
                },
                {
                  key: 'precision',
                  title: '小数位',
                  width: 80,
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'precision']} rules={schemaRules(P.precision.unwrap())} style={{ margin: 0 }}>
                      <InputNumber min={0} max={6} precision={0} style={{ width: '100%' }} aria-label="小数位数" />
                    </Form.Item>
                  ),
                },
                {
                  key: 'ratio',
                  title: '变比',
                  width: 110,
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'ratio']} style={{ margin: 0 }}>
                      <Select options={POINT_RATIO_OPTIONS} aria-label="变比换算" />
                    </Form.Item>
                  ),
                },
                {
                  key: 'isTag',
                  title: '实时标签',
                  width: 80,
                  align: 'center',
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'isTag']} valuePropName="checked" style={{ margin: 0 }}>
                      <Switch size="small" aria-label="实时标签" />
                    </Form.Item>
                  ),
                },
                {
                  key: 'orderNum',
                  title: '顺序',
                  width: 80,
                  render: (_v, f) => (
                    <Form.Item name={[f.name, 'orderNum']} rules={schemaRules(P.orderNum.unwrap())} style={{ margin: 0 }}>
                      <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} aria-label="显示顺序" />
                    </Form.Item>
                  ),
                },
                {
                  key: 'remove',
                  title: '',
                  width: 48,
                  fixed: 'right',
                  render: (_v, f) => <Button type="text" danger size="small" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="删除该测点" />,
                },
              ]}
            />
            {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} />}
            <Flex justify="space-between" wrap gap={8} style={{ marginTop: 12 }}>
              <Space>
                <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_MODEL_POINTS} onClick={() => add(newModelPoint(form.getFieldValue('points') ?? []))}>
                  新增测点
                </Button>
                <Typography.Text type="secondary">
                  {fields.length} / {MAX_MODEL_POINTS}
                </Typography.Text>
              </Space>
              <Space>
                <Button onClick={onCancel}>取消</Button>
                <Button type="primary" loading={busy} onClick={() => void submit()}>
                  保存测点
                </Button>
              </Space>
            </Flex>
          </>
        )}
      </Form.List>
    </Form>
  );
}

function Required({ children }: { children: string }) {
  return (
    <span>
      <span style={{ color: 'var(--ant-color-error)', marginInlineEnd: 4 }}>*</span>
      {children}
    </span>
  );
}
