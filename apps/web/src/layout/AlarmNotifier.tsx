/**
 * Alarm pop-ups, sound and reminders on every console page (features/alarm/live). Mounted once
 * by the Layout; the mute switch beside the bell is AlarmMuteToggle.
 */
export { AlarmNotifier } from '@/features/alarm/live/AlarmNotifier';
