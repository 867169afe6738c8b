import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * Page registry: features/<domain>/pages/<name>.tsx (or <name>/index.tsx) is the component key
 * "<domain>/<name>" that server menus refer to (menus.md).
 */
const modules = import.meta.glob<{ default: ComponentType }>(['../features/*/pages/**/*.tsx', '!**/*.test.tsx', '!**/components/**']);

export function pageKeyOf(file: string): string {
  const m = /features\/([^/]+)\/pages\/(.+)\.tsx$/.exec(file);
  if (!m) return file;
  const rest = m[2].includes('/') ? m[2].replace(/\/index$/, '') : m[2];
  return `${m[1]}/${rest}`;
}

export const pageRegistry: Record<string, Loader> = Object.fromEntries(Object.entries(modules).map(([file, load]) => [pageKeyOf(file), load]));

export function findPage(key: string | undefined): Loader | undefined {
  if (!key) return undefined;
  const clean = key.replace(/^\/+|\/+$/g, '').replace(/\.(tsx|vue)$/, '');
  return pageRegistry[clean] ?? pageRegistry[clean.replace(/\/index$/, '')];
}
