import type { QueryKey } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber } from 'antd';
import { useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { BaySelect, CabinetSelect, StationTreeSelect } from './SitePickers';

/**
 * Fields and the save call the site forms (customer, station, bay, cabinet, camera, gateway)
 * share, so each picks a station, orders and annotates the same way.
 */

type Schema = Parameters<typeof schemaRules>[0];
const HALF = { xs: 24, sm: 12 } as const;
const STATION_RULES = [{ required: true, message: '请选择所属站点' }];

/** 所属站点 (required): stations grouped by the customers the operator sees. */
export function StationField({ wide }: { wide?: boolean }) {
  return (
    <Col {...(wide ? { span: 24 } : HALF)}>
      <Form.Item name="stationId" label="所属站点" rules={STATION_RULES}>
        <StationTreeSelect />
      </Form.Item>
    </Col>
  );
}

const CHILD = {
  bay: { name: 'bayId', label: '所属间隔' },
  cabinet: { name: 'cabinetId', label: '监视柜体' },
} as const;

/** Form.Item's control props; `id` ties the field to its label. */
interface Control {
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
}

/** The station picker that empties `child` when the operator picks another station. */
function NarrowingStation({ child, id, value, onChange }: Control & { child: string }) {
  const form = Form.useFormInstance();
  return (
    <StationTreeSelect
      id={id}
      value={value}
      onChange={(v) => {
        onChange?.(v);
        form.setFieldValue(child, undefined);
      }}
    />
  );
}

/** The chosen station's bays or cabinets (optional). */
function StationChild({ kind, ...control }: Control & { kind: keyof typeof CHILD }) {
  const stationId = Form.useWatch('stationId', Form.useFormInstance()) as number | undefined;
  return kind === 'bay' ? <BaySelect stationId={stationId} {...control} /> : <CabinetSelect stationId={stationId} {...control} />;
}

/** 所属站点 and, beside it, the station's 所属间隔 or 监视柜体, which belong to one station: a new station empties it. */
export function StationAndChildFields({ child }: { child: keyof typeof CHILD }) {
  const { name, label } = CHILD[child];
  return (
    <>
      <Col {...HALF}>
        <Form.Item name="stationId" label="所属站点" rules={STATION_RULES}>
          <NarrowingStation child={name} />
        </Form.Item>
      </Col>
      <Col {...HALF}>
        <Form.Item name={name} label={label}>
          <StationChild kind={child} />
        </Form.Item>
      </Col>
    </>
  );
}

/** 显示顺序 (required, 0–99999) with the contract's rule. */
export function OrderNumField({ schema }: { schema: Schema }) {
  return (
    <Col {...HALF}>
      <Form.Item name="orderNum" label="显示顺序" rules={schemaRules(schema, { required: '显示顺序' })}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
}

/** 备注 across the whole form. */
export function RemarkField({ schema, rows = 2 }: { schema: Schema; rows?: number }) {
  return (
    <Col span={24}>
      <Form.Item name="remark" label="备注" rules={schemaRules(schema)}>
        <Input.TextArea placeholder="请输入内容" maxLength={255} rows={rows} showCount />
      </Form.Item>
    </Col>
  );
}

/**
 * 新增 (add, answers the new id) or 修改 (edit, by id) from one form; invalidates `invalidate`,
 * says 新增成功 / 修改成功 and hands the id to onSaved.
 */
export function useSiteSave<B>(
  add: (body: B) => Promise<{ id: number }>,
  edit: (body: B & { id: number }) => Promise<unknown>,
  invalidate: QueryKey[],
  onSaved?: (id: number) => void,
) {
  return useCrudMutation((v: { id?: number; body: B }) => (v.id ? edit({ ...v.body, id: v.id }).then(() => v.id!) : add(v.body).then((r) => r.id)), {
    invalidate,
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
    onSuccess: (id) => onSaved?.(id),
  });
}
