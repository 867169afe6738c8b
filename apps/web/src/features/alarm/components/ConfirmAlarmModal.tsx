import { Form, Input, Typography } from 'antd';
import { alarmConfirmBody, type AlarmRow } from '@pdz/contracts';
import { FormModal } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { formatTime } from '@/utils/date';
import { alarmPlace } from '../levels';
import { useConfirmAlarms } from './useConfirmAlarms';
import { AlarmLevelTag } from './AlarmTags';

const noteRules = schemaRules(alarmConfirmBody.shape.note, { required: '确认说明' });
/** How many of a batch are named in the dialog; the rest are counted. */
const NAMED = 3;

interface Props {
  /** The alarms to confirm; null (or empty) closes the dialog. */
  alarms: AlarmRow[] | null;
  onClose(): void;
  /** After a successful confirmation (e.g. to clear the selection). */
  onConfirmed?(ids: number[]): void;
}

/** 确认告警: one alarm or a batch, always with a note saying what was done about it. */
export function ConfirmAlarmModal({ alarms, onClose, onConfirmed }: Props) {
  const confirm = useConfirmAlarms(onConfirmed);
  const list = alarms ?? [];
  const open = list.length > 0;
  const single = list.length === 1 ? list[0] : null;
  return (
    <FormModal<{ note: string }>
      title={single ? '确认告警' : `批量确认告警（${list.length} 条）`}
      open={open}
      onClose={onClose}
      width={560}
      onSubmit={({ note }) => confirm.mutateAsync({ ids: list.map((a) => a.id), note: note.trim() })}
    >
      {single ? (
        <div style={{ marginBottom: 16 }}>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            <AlarmLevelTag level={single.level} />
            <Typography.Text strong>{single.title}</Typography.Text>
          </Typography.Paragraph>
          <Typography.Text type="secondary">{alarmPlace(single)}</Typography.Text>
          <br />
          <Typography.Text type="secondary">告警时间：{formatTime(single.raisedAt)}</Typography.Text>
        </div>
      ) : (
        <div style={{ marginBottom: 16 }}>
          <Typography.Text>将确认以下 {list.length} 条告警：</Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {list.slice(0, NAMED).map((a) => (
              <li key={a.id}>
                <Typography.Text ellipsis style={{ maxWidth: 460 }}>
                  {a.title}
                </Typography.Text>
              </li>
            ))}
          </ul>
          {list.length > NAMED && <Typography.Text type="secondary">另有 {list.length - NAMED} 条未列出</Typography.Text>}
        </div>
      )}
      <Form.Item name="note" label="确认说明" rules={noteRules}>
        <Input.TextArea rows={3} maxLength={255} showCount autoFocus placeholder="请输入确认说明，如现场检查结果、处理措施" />
      </Form.Item>
    </FormModal>
  );
}
