import { Col, Form, Input, InputNumber, Radio, Row, Select, Tag } from 'antd';
import { dictDetailAddBody, dictTypeAddBody, type DictDetailRow, type DictTypeRow } from '@pdz/contracts';
import { FormModal, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import {
  addDictDetail,
  addDictType,
  DICT_CACHE_KEY,
  DICT_KEY,
  editDictDetail,
  editDictType,
  useDictTypeDetail,
  type DictDetailFormValues,
  type DictTypeFormValues,
} from '../api/dict';
import { STATUS_RADIO, YES_NO_RADIO } from './common';

const T = dictTypeAddBody.shape;
const D = dictDetailAddBody.shape;

/** 回显样式: how a value shows as a tag elsewhere in the console. */
export const LIST_CLASSES: { value: string; label: string; color: string }[] = [
  { value: 'default', label: '默认', color: 'default' },
  { value: 'primary', label: '主要', color: 'processing' },
  { value: 'success', label: '成功', color: 'success' },
  { value: 'info', label: '信息', color: 'cyan' },
  { value: 'warning', label: '警告', color: 'warning' },
  { value: 'danger', label: '危险', color: 'error' },
];

export function listClassColor(listClass: string | null | undefined) {
  return LIST_CLASSES.find((c) => c.value === listClass)?.color;
}

/** 新增字典 / 修改字典 (a type). */
export function DictTypeModal({ open, record, onClose }: { open: boolean; record?: DictTypeRow; onClose: () => void }) {
  const isEdit = !!record;
  const detail = useDictTypeDetail(open && record ? record.id : undefined);
  const save = useCrudMutation((v: DictTypeFormValues & { id?: number }) => (v.id ? editDictType({ ...v, id: v.id }) : addDictType(v)), {
    invalidate: [DICT_KEY, DICT_CACHE_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
  });
  const t = isEdit ? detail.data : undefined;
  return (
    <FormModal<DictTypeFormValues>
      title={isEdit ? '修改字典' : '新增字典'}
      open={open}
      onClose={onClose}
      width={520}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={t ? { dictName: t.dictName, dictType: t.dictType, enabled: t.enabled, remark: t.remark } : { enabled: true }}
      onSubmit={(v) => save.mutateAsync({ ...v, id: t?.id })}
    >
      <Form.Item name="dictName" label="字典名称" rules={schemaRules(T.dictName, { required: '字典名称' })}>
        <Input placeholder="请输入字典名称" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="dictType"
        label="字典类型"
        rules={schemaRules(T.dictType, { required: '字典类型' })}
        extra={t?.builtIn ? '内置字典的类型不能修改' : '程序中引用字典用的标识，如 dict_alarm_level'}
      >
        <Input placeholder="请输入字典类型" maxLength={64} disabled={t?.builtIn} />
      </Form.Item>
      <Form.Item name="enabled" label="状态">
        <Radio.Group options={STATUS_RADIO} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={schemaRules(T.remark)}>
        <Input.TextArea placeholder="请输入内容" maxLength={255} rows={3} showCount />
      </Form.Item>
    </FormModal>
  );
}

/** 新增字典数据 / 修改字典数据 (an item of `dictType`). */
export function DictDetailModal({ open, dictType, record, onClose }: { open: boolean; dictType: string; record?: DictDetailRow; onClose: () => void }) {
  const isEdit = !!record;
  const save = useCrudMutation((v: DictDetailFormValues & { id?: number }) => (v.id ? editDictDetail({ ...v, id: v.id }) : addDictDetail(v)), {
    invalidate: [DICT_KEY, DICT_CACHE_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
  });
  const initialValues: Partial<DictDetailFormValues> = record
    ? { ...record, listClass: record.listClass ?? undefined }
    : { dictType, dictSort: 0, isDefault: false, enabled: true, listClass: 'default' };
  return (
    <FormModal<DictDetailFormValues>
      title={isEdit ? '修改字典数据' : '新增字典数据'}
      open={open}
      onClose={onClose}
      width={600}
      initialValues={initialValues}
      onSubmit={(v) => save.mutateAsync({ ...v, dictType: record?.dictType ?? dictType, id: record?.id })}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="dictType" label="字典类型">
            <Input disabled />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="dictLabel" label="字典标签" rules={schemaRules(D.dictLabel, { required: '字典标签' })}>
            <Input placeholder="请输入字典标签" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="dictValue" label="字典键值" rules={schemaRules(D.dictValue, { required: '字典键值' })}>
            <Input placeholder="请输入字典键值" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="dictSort" label="显示顺序" rules={schemaRules(D.dictSort, { required: '显示顺序' })}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="listClass" label="回显样式">
            <Select
              allowClear
              placeholder="请选择回显样式"
              options={LIST_CLASSES.map((c) => ({ value: c.value, label: <Tag color={c.color}>{c.label}</Tag> }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="isDefault" label="是否默认">
            <Radio.Group options={YES_NO_RADIO} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="enabled" label="状态">
            <Radio.Group options={STATUS_RADIO} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={schemaRules(D.remark)}>
            <Input.TextArea placeholder="请输入内容" maxLength={255} rows={2} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
