import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AlarmPrefs } from '@pdz/contracts';
import { feedback } from '@/app/feedback';
import { ALARM_PREFS_KEY, savePrefs, useAlarmPrefs } from '../api';

/**
 * The user's alarm-sound switch, stored on the server (per user, every browser). The switch turns
 * at once; a failed save puts it back (the HTTP client has said why).
 */
export function useAlarmMute(enabled = true) {
  const qc = useQueryClient();
  const prefs = useAlarmPrefs(enabled);
  const save = useMutation({
    mutationFn: (soundMuted: boolean) => savePrefs({ soundMuted }),
    onMutate: async (soundMuted) => {
      await qc.cancelQueries({ queryKey: ALARM_PREFS_KEY });
      const before = qc.getQueryData<AlarmPrefs>(ALARM_PREFS_KEY);
      qc.setQueryData<AlarmPrefs>(ALARM_PREFS_KEY, { ...before, soundMuted });
      return { before };
    },
    onError: (_e, _v, ctx) => qc.setQueryData(ALARM_PREFS_KEY, ctx?.before),
    onSuccess: (saved, soundMuted) => {
      qc.setQueryData<AlarmPrefs>(ALARM_PREFS_KEY, saved ?? { soundMuted });
      feedback.message.success(soundMuted ? '告警声音已关闭' : '告警声音已开启');
    },
  });
  return {
    muted: prefs.data?.soundMuted ?? false,
    loaded: prefs.isSuccess,
    setMuted: (m: boolean) => save.mutate(m),
    saving: save.isPending,
  };
}
