/** Tree helpers for tree tables, pickers and checkable permission trees. */

/** Any node; its children, if any, are in `children`. */
export type TreeLike = object;

function kids<T>(n: T): T[] {
  const c = (n as { children?: unknown }).children;
  return Array.isArray(c) ? (c as T[]) : [];
}

type Key = string | number;

/** Every node, depth first. */
export function flattenTree<T extends TreeLike>(nodes: T[] | undefined | null): T[] {
  const out: T[] = [];
  const walk = (list: T[] | undefined | null) => {
    for (const n of list ?? []) {
      out.push(n);
      walk(kids(n));
    }
  };
  walk(nodes);
  return out;
}

/**
 * Flat rows with parentId → a tree (rows whose parent is missing become roots). Rows that come
 * already nested are returned as they are.
 */
export function buildTree<T extends { id: Key; parentId: Key | null }>(rows: T[]): (T & { children?: T[] })[] {
  if (rows.some((r) => kids(r).length > 0)) return rows;
  const byId = new Map<Key, T & { children?: T[] }>();
  for (const r of rows) byId.set(r.id, { ...r });
  const roots: (T & { children?: T[] })[] = [];
  for (const r of byId.values()) {
    const parent = r.parentId !== null ? byId.get(r.parentId) : undefined;
    if (parent && parent !== r) (parent.children ??= []).push(r);
    else roots.push(r);
  }
  // An empty children array would draw an expand arrow on a leaf.
  for (const r of byId.values()) if (r.children && r.children.length === 0) delete r.children;
  return roots;
}

/** Parent and descendant lookups for a checkable tree. */
export interface TreeIndex {
  keys: Key[];
  parent: Map<Key, Key | undefined>;
  children: Map<Key, Key[]>;
}

export function indexTree<T extends TreeLike>(nodes: T[], keyOf: (n: T) => Key): TreeIndex {
  const keys: Key[] = [];
  const parent = new Map<Key, Key | undefined>();
  const children = new Map<Key, Key[]>();
  const walk = (list: T[] | undefined | null, p: Key | undefined) => {
    for (const n of list ?? []) {
      const k = keyOf(n);
      keys.push(k);
      parent.set(k, p);
      const below = kids(n);
      children.set(k, below.map(keyOf));
      walk(below, k);
    }
  };
  walk(nodes, undefined);
  return { keys, parent, children };
}

export function descendantsOf(index: TreeIndex, key: Key): Key[] {
  const out: Key[] = [];
  const stack = [...(index.children.get(key) ?? [])];
  while (stack.length) {
    const k = stack.pop()!;
    out.push(k);
    stack.push(...(index.children.get(k) ?? []));
  }
  return out;
}

export function ancestorsOf(index: TreeIndex, key: Key): Key[] {
  const out: Key[] = [];
  for (let p = index.parent.get(key); p !== undefined; p = index.parent.get(p)) out.push(p);
  return out;
}

/**
 * Ticking a node of a permission tree. With `linked` (父子联动): ticking grants the node, everything
 * below it and the path above it (a page is unreachable without its directory); unticking removes
 * the node and everything below, and any ancestor left with nothing ticked below it. Without
 * `linked`, only the node changes. Returns the new set of granted keys (order of the tree).
 */
export function toggleCheck(index: TreeIndex, granted: Key[], key: Key, checked: boolean, linked: boolean): Key[] {
  const set = new Set(granted);
  if (!linked) {
    if (checked) set.add(key);
    else set.delete(key);
  } else if (checked) {
    set.add(key);
    for (const k of descendantsOf(index, key)) set.add(k);
    for (const k of ancestorsOf(index, key)) set.add(k);
  } else {
    set.delete(key);
    for (const k of descendantsOf(index, key)) set.delete(k);
    for (const a of ancestorsOf(index, key)) {
      if (descendantsOf(index, a).some((d) => set.has(d))) break;
      set.delete(a);
    }
  }
  // Keys not in the tree (e.g. granted menus since deleted) are kept out of the result.
  return index.keys.filter((k) => set.has(k));
}

/**
 * How a granted set looks with 父子联动: a granted node whose subtree is only partly granted is
 * drawn half-ticked, so the operator sees at a glance where a grant is partial.
 */
export function displayChecks(index: TreeIndex, granted: Key[], linked: boolean): { checked: Key[]; halfChecked: Key[] } {
  const set = new Set(granted);
  if (!linked) return { checked: index.keys.filter((k) => set.has(k)), halfChecked: [] };
  const checked: Key[] = [];
  const halfChecked: Key[] = [];
  for (const k of index.keys) {
    const below = descendantsOf(index, k);
    const grantedBelow = below.filter((d) => set.has(d)).length;
    if (set.has(k) && grantedBelow === below.length) checked.push(k);
    else if (set.has(k) || grantedBelow > 0) halfChecked.push(k);
  }
  return { checked, halfChecked };
}

/** Keep the nodes matching `match` and the paths down to them (tree search). */
export function filterTree<T extends TreeLike>(nodes: T[], match: (n: T) => boolean): T[] {
  const out: T[] = [];
  for (const n of nodes) {
    const below = filterTree(kids(n), match);
    if (match(n)) out.push(n);
    else if (below.length) out.push({ ...n, children: below });
  }
  return out;
}
