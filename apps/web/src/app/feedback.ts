import { App, message as staticMessage, notification as staticNotification, Modal } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;

/**
 * Feedback usable outside React (the HTTP client). App.tsx registers the themed instances from
 * antd's <App>; until then the static ones are used.
 */
let api: AppApi | null = null;

export function registerFeedback(next: AppApi | null) {
  api = next;
}

export const feedback = {
  get message(): AppApi['message'] {
    return api?.message ?? staticMessage;
  },
  get notification(): AppApi['notification'] {
    return api?.notification ?? staticNotification;
  },
  /** Themed confirm when mounted; the static Modal.confirm before that. */
  confirm(config: Parameters<AppApi['modal']['confirm']>[0]): void {
    if (api) void api.modal.confirm(config);
    else Modal.confirm(config);
  },
};
