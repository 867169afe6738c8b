import type { DeptUserTreeNode } from '@pdz/contracts';

/** The users among the picked tree nodes: a picked department stands for every user below it. */
export function pickedUserIds(nodes: DeptUserTreeNode[] | undefined, picked: string[]): number[] {
  const set = new Set(picked);
  const out = new Set<number>();
  const walk = (list: DeptUserTreeNode[] | undefined, inside: boolean) => {
    for (const n of list ?? []) {
      const on = inside || set.has(n.id);
      if (n.type === 'user' && on) out.add(n.entityId);
      walk(n.children, on);
    }
  };
  walk(nodes, false);
  return [...out];
}
