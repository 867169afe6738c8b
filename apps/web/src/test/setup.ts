import { afterAll } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom lacks matchMedia, which antd's responsive helpers read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

// React's scheduler finishes work (unmounts, closing dialogs) in a later macrotask; left for after a
// file's last test it would run once jsdom is gone ("window is not defined"). Let it drain first.
afterAll(async () => {
  cleanup();
  await new Promise((r) => setTimeout(r, 50));
});
