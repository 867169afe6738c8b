import { Col, Form, Input, Row, Select } from 'antd';
import { EQUIPMENT_TYPES, modelAddBody, type EquipmentModelRow } from '@pdz/contracts';
import { FormModal, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addModel, editModel, fetchModel, MODEL_KEY, useModelOptions, type ModelFormValues } from '../api/model';
import { copyModelPoints, toModelPoint } from './modelPoints';

const F = modelAddBody.shape;
const TYPE_OPTIONS = EQUIPMENT_TYPES.map((t) => ({ value: t.value, label: t.label }));

interface ModelFields extends ModelFormValues {
  /** 新增 only: start from another model's standard point set. */
  copyFrom?: number;
}

/** 新增型号 / 修改型号 (custom models; built-in ones are read-only). */
export function ModelFormModal({ open, record, onClose, onAdded }: { open: boolean; record?: EquipmentModelRow; onClose: () => void; onAdded?: (id: number) => void }) {
  const isEdit = !!record;
  const models = useModelOptions(open && !isEdit);
  const save = useCrudMutation(
    async (v: ModelFields & { id?: number }) => {
      const { copyFrom, id, ...fields } = v;
      if (id) return editModel({ ...fields, id });
      const points = copyFrom ? copyModelPoints((await fetchModel(copyFrom)).points).map(toModelPoint) : [];
      return addModel({ ...fields, points });
    },
    {
      invalidate: [MODEL_KEY],
      success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
      onSuccess: (r, v) => {
        if (!v.id) onAdded?.((r as { id: number }).id);
      },
    },
  );
  const trim = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);
  return (
    <FormModal<ModelFields>
      title={isEdit ? '修改型号' : '新增型号'}
      open={open}
      onClose={onClose}
      width={720}
      initialValues={record ? { code: record.code, name: record.name, equipmentType: record.equipmentType, manufacturer: record.manufacturer, description: record.description } : {}}
      onSubmit={(v) => save.mutateAsync({ ...v, code: v.code.trim(), name: v.name.trim(), manufacturer: trim(v.manufacturer), description: trim(v.description), id: record?.id })}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label="型号编码" rules={schemaRules(F.code, { required: '型号编码' })} extra="字母、数字、_ 和 -，全局唯一">
            <Input placeholder="如 PM-5560" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="型号名称" rules={schemaRules(F.name, { required: '型号名称' })}>
            <Input placeholder="请输入型号名称" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="equipmentType" label="设备类型" rules={schemaRules(F.equipmentType, { required: '设备类型', select: true })} extra={isEdit ? '已有设备使用该型号时不能修改' : undefined}>
            <Select options={TYPE_OPTIONS} placeholder="请选择设备类型" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="manufacturer" label="生产厂家" rules={schemaRules(F.manufacturer)}>
            <Input placeholder="请输入生产厂家" maxLength={100} />
          </Form.Item>
        </Col>
        {!isEdit && (
          <Col span={24}>
            <Form.Item name="copyFrom" label="复制测点自" extra="以已有型号的标准测点为起点，保存后可在详情中增删修改；留空则从空白开始">
              <Select
                allowClear
                placeholder="不复制"
                loading={models.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={(models.data ?? []).map((m) => ({ value: m.id, label: `${m.name}（${m.code}）· ${m.pointCount} 个测点` }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col span={24}>
          <Form.Item name="description" label="说明" rules={schemaRules(F.description)}>
            <Input.TextArea placeholder="通讯规约、适用场合等" maxLength={500} rows={3} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
