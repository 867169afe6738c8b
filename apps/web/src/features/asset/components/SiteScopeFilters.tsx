import type { ReactElement } from 'react';
import { Form } from 'antd';
import { BaySelect, CustomerSelect, StationTreeSelect } from './SitePickers';

/** Filters a pick narrows: a new customer empties the station and bay, a new station the bay. */
const BELOW = { customerId: ['stationId', 'bayId'], stationId: ['bayId'] } as const;

/** Form.Item's control props; `id` ties the field to its label. */
interface FieldProps {
  id?: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
}

/** Sets the field (Form.Item's onChange) and empties the filters below it that are shown. */
function useNarrowing(field: keyof typeof BELOW, shown: string[], onChange: FieldProps['onChange']) {
  const form = Form.useFormInstance();
  return (v: number | undefined) => {
    onChange?.(v);
    const below = BELOW[field].filter((f) => shown.includes(f));
    if (below.length) form.setFieldsValue(Object.fromEntries(below.map((f) => [f, undefined])));
  };
}

function CustomerFilter({ id, value, onChange, shown }: FieldProps & { shown: string[] }) {
  return <CustomerSelect id={id} style={{ width: 200 }} placeholder="全部客户" value={value} onChange={useNarrowing('customerId', shown, onChange)} />;
}

function StationFilter({ id, value, onChange, shown }: FieldProps & { shown: string[] }) {
  const customerId = Form.useWatch('customerId', Form.useFormInstance()) as number | undefined;
  return <StationTreeSelect id={id} style={{ width: 220 }} placeholder="全部站点" customerId={customerId} value={value} onChange={useNarrowing('stationId', shown, onChange)} />;
}

function BayFilter({ id, value, onChange }: FieldProps) {
  const stationId = Form.useWatch('stationId', Form.useFormInstance()) as number | undefined;
  return <BaySelect id={id} stationId={stationId} style={{ width: 160 }} placeholder={stationId ? '全部间隔' : '请先选择站点'} value={value} onChange={onChange} />;
}

/**
 * The 客户 → 站点 (→ 间隔) filters of the site lists (stations, bays, cabinets, cameras,
 * gateways), for a QueryBar's form. The station list follows the chosen customer and the bay list
 * the chosen station. Returned as separate Form.Items, not one block, so that a QueryBar on a
 * phone folds them field by field like any other filter: `<QueryBar>…{siteScopeFilters({ bay: true })}…</QueryBar>`.
 */
export function siteScopeFilters({ station = true, bay = false }: { station?: boolean; bay?: boolean } = {}): ReactElement[] {
  const shown = ['customerId', ...(station ? ['stationId'] : []), ...(station && bay ? ['bayId'] : [])];
  const items = [
    <Form.Item key="customerId" name="customerId" label="客户">
      <CustomerFilter shown={shown} />
    </Form.Item>,
  ];
  if (station)
    items.push(
      <Form.Item key="stationId" name="stationId" label="站点">
        <StationFilter shown={shown} />
      </Form.Item>,
    );
  if (station && bay)
    items.push(
      <Form.Item key="bayId" name="bayId" label="间隔">
        <BayFilter />
      </Form.Item>,
    );
  return items;
}
