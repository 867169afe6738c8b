import { useEffect } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Skeleton, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { confirmQuery } from '@pdz/contracts';
import { useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { formatTime } from '@/utils/date';
import { useAppStore } from '@/stores/app';
import { confirmMessage, getById, messageDetailKey, messageListKey, messagesKey, refreshBell } from '../api';
import { levelMeta, messageState, STATE_TAGS, typeLabel } from '../levels';

const noteRules = schemaRules(confirmQuery.shape.note, { required: '确认说明' });

interface Props {
  /** The open message; null closes the drawer. */
  id: number | null;
  onClose(): void;
}

/** A message's content; opening it marks it read, and an unconfirmed one can be confirmed with a note. */
export function MessageDrawer({ id, onClose }: Props) {
  const qc = useQueryClient();
  const mobile = useAppStore((s) => s.device === 'mobile');
  const [form] = Form.useForm<{ note: string }>();
  const detail = useQuery({
    queryKey: messageDetailKey(id ?? 0),
    queryFn: () => getById(id!),
    enabled: id !== null,
    staleTime: 0,
  });

  // Reading changed the row (and maybe the count): refresh the list and the bell once loaded.
  const loadedAt = detail.dataUpdatedAt;
  useEffect(() => {
    if (!loadedAt) return;
    void qc.invalidateQueries({ queryKey: messageListKey });
    void refreshBell();
  }, [loadedAt, qc]);

  useEffect(() => {
    if (id !== null) form.resetFields();
  }, [id, form]);

  const confirm = useCrudMutation(({ msgId, note }: { msgId: number; note: string }) => confirmMessage(msgId, note), {
    invalidate: [messagesKey],
    success: '已确认',
    onSuccess: () => {
      void refreshBell();
      onClose();
    },
  });

  const m = detail.data;
  const level = m ? levelMeta(m.level, m.type) : null;
  const state = m ? STATE_TAGS[messageState(m)] : null;

  return (
    <Drawer open={id !== null} onClose={onClose} size={mobile ? '100%' : 560} title={m?.title ?? '消息详情'} destroyOnHidden>
      {!m ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <Descriptions column={mobile ? 1 : 2} size="small" bordered>
            <Descriptions.Item label="级别">
              <Tag color={level!.color}>{level!.label}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="类型">{typeLabel(m.type)}</Descriptions.Item>
            <Descriptions.Item label="时间">{formatTime(m.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={state!.color}>{state!.label}</Tag>
            </Descriptions.Item>
          </Descriptions>
          <div style={{ margin: '16px 0', padding: 16, background: '#fafafa', borderRadius: 6, whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.7 }}>
            {m.content}
          </div>
          {m.confirmedAt ? (
            <Alert
              type="success"
              showIcon
              title={`${m.confirmedBy ?? ''} 于 ${formatTime(m.confirmedAt)} 确认`}
              description={m.confirmNote ? `确认说明：${m.confirmNote}` : undefined}
            />
          ) : (
            <Form form={form} layout="vertical" onFinish={({ note }) => confirm.mutate({ msgId: m.id, note: note.trim() })}>
              <Form.Item name="note" label="确认说明" rules={noteRules}>
                <Input.TextArea rows={3} maxLength={255} showCount placeholder="请输入处理情况或确认说明" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={confirm.isPending}>
                确认
              </Button>
            </Form>
          )}
        </>
      )}
    </Drawer>
  );
}
