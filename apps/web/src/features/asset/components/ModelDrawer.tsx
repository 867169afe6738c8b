import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Grid, Space, Spin, Table, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PERMS, type ModelPointRow, type PointKind } from '@pdz/contracts';
import { Auth } from '@/access/Auth';
import { feedback } from '@/app/feedback';
import { formatTime, orDash } from '@/components/crud';
import { MODEL_KEY, saveModelPoints, useModelDetail } from '../api/model';
import { ModelPointsEditor } from './ModelPointsEditor';
import { PointKindTag, pointRatioLabel } from './PointTags';

/** 型号详情: its facts and standard point set; custom models' sets are edited here. */
export function ModelDrawer({ id, startEditing, onClose }: { id: number | undefined; startEditing?: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const detail = useModelDetail(id);
  const screens = Grid.useBreakpoint();
  const [editing, setEditing] = useState(false);
  const m = detail.data && detail.data.id === id ? detail.data : undefined;
  const isEditing = (editing || !!startEditing) && !!m && !m.builtIn;

  async function save(points: Parameters<typeof saveModelPoints>[1]) {
    const next = await saveModelPoints(m!.id, points);
    qc.setQueryData([...MODEL_KEY, 'detail', m!.id], next);
    await qc.invalidateQueries({ queryKey: MODEL_KEY });
    feedback.message.success('测点已保存');
    setEditing(false);
    if (startEditing) onClose();
  }

  return (
    <Drawer
      open={id !== undefined}
      onClose={() => {
        setEditing(false);
        onClose();
      }}
      size={screens.lg ? 1000 : '100%'}
      destroyOnHidden
      title={
        m ? (
          <Space>
            {m.name}
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {m.code}
            </Typography.Text>
            {m.builtIn ? <Tag color="blue">内置</Tag> : <Tag>自定义</Tag>}
          </Space>
        ) : (
          '型号详情'
        )
      }
    >
      {!m ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'code', label: '型号编码', children: m.code },
              { key: 'name', label: '型号名称', children: m.name },
              { key: 'type', label: '设备类型', children: m.equipmentTypeName },
              { key: 'maker', label: '生产厂家', children: orDash(m.manufacturer) },
              { key: 'points', label: '标准测点', children: `${m.pointCount} 个` },
              { key: 'created', label: '创建时间', children: formatTime(m.createdAt) },
              { key: 'desc', label: '说明', span: 2, children: orDash(m.description) },
            ]}
          />
          {m.builtIn && <Alert type="info" showIcon title="内置型号由系统维护，只能查看。需要不同的测点时，请新增型号并选择“复制测点自”该型号。" />}
          <Flex justify="space-between" align="center">
            <Typography.Title level={5} style={{ margin: 0 }}>
              标准测点
            </Typography.Title>
            {!m.builtIn && !isEditing && (
              <Auth perms={[PERMS.model.edit]}>
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  编辑测点
                </Button>
              </Auth>
            )}
          </Flex>
          {isEditing ? (
            <>
              <Typography.Text type="secondary">修改只影响之后新增的设备；已创建的设备保留各自的测点。</Typography.Text>
              <ModelPointsEditor
                model={m}
                onSave={save}
                onCancel={() => {
                  setEditing(false);
                  if (startEditing) onClose();
                }}
              />
            </>
          ) : (
            <Table<ModelPointRow>
              size="small"
              rowKey="id"
              dataSource={m.points}
              pagination={false}
              scroll={{ x: 700 }}
              locale={{ emptyText: '暂无测点' }}
              columns={[
                { key: 'orderNum', title: '顺序', dataIndex: 'orderNum', width: 60 },
                { key: 'pointKey', title: '标识', dataIndex: 'pointKey', width: 110, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
                { key: 'name', title: '名称', dataIndex: 'name' },
                { key: 'kind', title: '类型', dataIndex: 'kind', width: 80, render: (v: PointKind) => <PointKindTag kind={v} /> },
                { key: 'unit', title: '单位', dataIndex: 'unit', width: 70, render: orDash },
                { key: 'precision', title: '小数位', dataIndex: 'precision', width: 70, align: 'right' },
                { key: 'ratio', title: '变比', dataIndex: 'ratio', width: 90, render: pointRatioLabel },
                { key: 'isTag', title: '实时标签', dataIndex: 'isTag', width: 80, align: 'center', render: (v: boolean) => (v ? <Tag color="processing">是</Tag> : '-') },
              ]}
            />
          )}
        </Space>
      )}
    </Drawer>
  );
}
