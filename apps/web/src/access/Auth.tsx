import type { ReactNode } from 'react';
import { useSessionStore } from '@/stores/session';
import { hasPerm } from './hasPerm';

/** The permission directive as a hook: any-of, `admin` passes. */
export function usePerm(perms: string[]): boolean {
  const userPerms = useSessionStore((s) => s.perms);
  return hasPerm(userPerms, perms);
}

/** Renders children only for holders of any listed permission (convenience; the server enforces). */
export function Auth({ perms, children }: { perms: string[]; children: ReactNode }) {
  return usePerm(perms) ? <>{children}</> : null;
}
