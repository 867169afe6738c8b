import { afterAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { message, Modal, notification } from 'antd';

// jsdom lacks matchMedia, which antd's responsive helpers read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

const macrotask = () => new Promise((r) => setTimeout(r, 10));

// Work React schedules after a file's last test (unmounts, closing dialogs, a toast's 3-second
// close) would run once jsdom is gone ("window is not defined"). Static toasts and confirms live
// in their own roots, outside the tests' cleanup, so they are closed here; then the scheduler gets
// several turns of the event loop, not one fixed wait that a loaded CI machine can outrun.
afterAll(async () => {
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  cleanup();
  for (let turn = 0; turn < 10; turn++) await macrotask();
});
