import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedback } from '@/app/feedback';
import { messagesKey, refreshBell } from '@/features/messages/api';
import { ALARM_KEY, confirmAlarms } from '../api';

/** What the operator reads after confirming: some may have been confirmed by someone else first. */
export function confirmedText(asked: number, confirmed: number): string {
  if (confirmed >= asked) return asked === 1 ? '告警已确认' : `已确认 ${asked} 条告警`;
  if (confirmed === 0) return asked === 1 ? '该告警已由他人确认' : '所选告警均已由他人确认';
  return `已确认 ${confirmed} 条告警，其余 ${asked - confirmed} 条已由他人确认`;
}

/**
 * Confirm alarms with a note. Confirming also confirms their site messages, so the message list
 * and the bell's count are refreshed with the alarm lists, summary and statistics.
 */
export function useConfirmAlarms(onDone?: (ids: number[]) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, note }: { ids: number[]; note: string }) => confirmAlarms(ids, note),
    onSuccess: async (result, { ids }) => {
      feedback.message.success(confirmedText(ids.length, result?.confirmed ?? ids.length));
      onDone?.(ids);
      void refreshBell();
      await Promise.all([qc.invalidateQueries({ queryKey: ALARM_KEY }), qc.invalidateQueries({ queryKey: messagesKey })]);
    },
  });
}
