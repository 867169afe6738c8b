import { useMemo, useState } from 'react';
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { PERMS, type AlarmRow } from '@pdz/contracts';
import { CrudPage, CrudTable, ExportButton, QueryBar, useCrudList, type RangeField } from '@/components/crud';
import { ALARM_EVENTS_KEY, ALARM_EXPORT_URL, fetchAlarms, type AlarmListParams } from '../api';
import { useAlarmColumns } from '../components/alarmColumns';
import { alarmFilterItems, type AlarmFilterValues } from '../components/AlarmFilterItems';
import { ConfirmAlarmModal } from '../components/ConfirmAlarmModal';
import { dayRangePresets, lastDays } from '../components/rangePresets';

type Filters = AlarmFilterValues & { range?: [Dayjs, Dayjs] | null };
const RANGES: Record<string, RangeField> = { range: { from: 'from', to: 'to', unit: 'day' } };
const NEWEST_FIRST = { orderBy: 'raisedAt', order: 'desc' } as const;
const DEFAULT_HIDDEN = ['customerName', 'ruleType', 'pointName'];

/** 历史告警: every alarm raised in a period (the last 7 days by default), with export. */
export default function AlarmHistoryPage() {
  // Fixed per visit: 重置 goes back to the 7 days that ended today when the page was opened.
  const [initial] = useState<Filters>(() => ({ range: lastDays(7) }));
  const list = useCrudList<AlarmRow, Filters>(ALARM_EVENTS_KEY, (p) => fetchAlarms(p as AlarmListParams), initial, { sort: NEWEST_FIRST, ranges: RANGES, pageSize: 20 });
  const { columns, confirming, setConfirming } = useAlarmColumns();
  const [form] = Form.useForm<Filters>();
  const customerId = Form.useWatch('customerId', form);
  const [showSearch, setShowSearch] = useState(true);
  const presets = useMemo(dayRangePresets, []);

  return (
    <CrudPage>
      <QueryBar<Filters> form={form} initialValues={initial} hidden={!showSearch} collapsedCount={2} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item key="range" name="range" label="告警时间">
          <DatePicker.RangePicker presets={presets} allowClear={false} style={{ width: 260 }} />
        </Form.Item>
        {alarmFilterItems(form, customerId)}
      </QueryBar>
      <CrudTable<AlarmRow>
        pageKey="alarm/history"
        defaultHidden={DEFAULT_HIDDEN}
        columns={columns}
        state={list}
        onToggleSearch={() => setShowSearch((s) => !s)}
        locale={{ emptyText: '该时间段内没有告警' }}
        toolbar={<ExportButton perms={[PERMS.alarm.export]} url={ALARM_EXPORT_URL} params={list.exportParams} baseName="历史告警" />}
      />
      <ConfirmAlarmModal alarms={confirming} onClose={() => setConfirming(null)} />
    </CrudPage>
  );
}
