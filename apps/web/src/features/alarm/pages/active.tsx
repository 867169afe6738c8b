import { useState } from 'react';
import { Button, Form } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { PERMS, type AlarmRow } from '@pdz/contracts';
import { Auth } from '@/access/Auth';
import { CrudPage, CrudTable, QueryBar, useCrudList } from '@/components/crud';
import { ALARM_EVENTS_KEY, fetchAlarms, useAlarmSummary, type AlarmListParams } from '../api';
import { useAlarmColumns } from '../components/alarmColumns';
import { alarmFilterItems, type AlarmFilterValues } from '../components/AlarmFilterItems';
import { AlarmSummaryStrip } from '../components/AlarmSummaryStrip';
import { ConfirmAlarmModal } from '../components/ConfirmAlarmModal';
import { isUnconfirmed } from '../levels';
import { useLiveAlarmList } from '../live/useLiveList';
import '../alarm.css';

type Filters = AlarmFilterValues & { active: 'true' };
const INITIAL: Filters = { active: 'true' };
const NEWEST_FIRST = { orderBy: 'raisedAt', order: 'desc' } as const;
const ACTIVE_STATES = ['active', 'recovered_unconfirmed', 'confirmed'];
const DEFAULT_HIDDEN = ['customerName', 'confirmNote', 'ruleType', 'pointName', 'confirmedAt'];

/**
 * 实时告警: every alarm not yet closed, newest first, live (new ones appear on top, confirmations
 * and recoveries change their rows in place). Confirm one or many with a note.
 */
export default function ActiveAlarmsPage() {
  const list = useCrudList<AlarmRow, Filters>(ALARM_EVENTS_KEY, (p) => fetchAlarms(p as AlarmListParams), INITIAL, { sort: NEWEST_FIRST, pageSize: 20 });
  const summary = useAlarmSummary();
  const fresh = useLiveAlarmList(list.params as AlarmListParams);
  const { columns, canConfirm, confirming, setConfirming } = useAlarmColumns();
  const [form] = Form.useForm<AlarmFilterValues>();
  const customerId = Form.useWatch('customerId', form);
  const [showSearch, setShowSearch] = useState(true);

  const selected = list.list.filter((a) => list.selectedRowKeys.includes(a.id) && isUnconfirmed(a));

  const filterByLevel = (level: number | undefined) => {
    form.setFieldsValue({ level });
    list.replaceFilters({ ...(form.getFieldsValue(true) as AlarmFilterValues), level, active: 'true' });
  };

  return (
    <CrudPage>
      <AlarmSummaryStrip summary={summary.data} level={list.filters.level} onLevel={filterByLevel} />
      <QueryBar<AlarmFilterValues> form={form} hidden={!showSearch} collapsedCount={2} onSearch={(v) => list.replaceFilters({ ...v, active: 'true' })} onReset={list.reset}>
        {alarmFilterItems(form, customerId, ACTIVE_STATES)}
      </QueryBar>
      <CrudTable<AlarmRow>
        pageKey="alarm/active"
        defaultHidden={DEFAULT_HIDDEN}
        columns={columns}
        state={list}
        selectable={canConfirm ? isUnconfirmed : false}
        onToggleSearch={() => setShowSearch((s) => !s)}
        rowClassName={(a) => (fresh.has(a.id) ? 'alarm-row-fresh' : '')}
        locale={{ emptyText: '当前没有未结束的告警' }}
        toolbar={
          <Auth perms={[PERMS.alarm.confirm]}>
            <Button type="primary" icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => setConfirming(selected)}>
              批量确认{selected.length ? `（${selected.length}）` : ''}
            </Button>
          </Auth>
        }
      />
      <ConfirmAlarmModal alarms={confirming} onClose={() => setConfirming(null)} onConfirmed={() => list.setSelectedRowKeys([])} />
    </CrudPage>
  );
}
