import { parseDwid, type AssetLevelType, type AssetPathItem, type AssetSearchHit, type AssetTreeNode } from '@pdz/contracts';

/**
 * The asset tree as the page holds it: every node loaded so far by its dwid, and the loaded
 * children of each parent (ROOT for the customers). Lazy loading adds to it; nothing is ever
 * fetched twice unless a change makes a parent's children stale. Pure, so it is tested alone.
 */
export const ROOT = '';

export interface SiteTreeState {
  nodes: Map<string, AssetTreeNode>;
  /** Parent dwid (ROOT for the top) → its children's dwids, in the server's order. */
  children: Map<string, string[]>;
}

export const emptyTree = (): SiteTreeState => ({ nodes: new Map(), children: new Map() });

/**
 * Record `list` as the complete children of `parent`. Nodes that arrive with nested `children`
 * (initData may answer a few levels at once) record those too. Children that the parent no
 * longer has (moved or removed) are forgotten with everything loaded under them.
 */
export function setChildren(state: SiteTreeState, parent: string, list: AssetTreeNode[]): SiteTreeState {
  const nodes = new Map(state.nodes);
  const children = new Map(state.children);
  const keep = new Set(list.map((n) => n.dwid));
  for (const old of children.get(parent) ?? []) if (!keep.has(old)) forget(nodes, children, old);
  const put = (p: string, items: AssetTreeNode[]) => {
    children.set(p, items.map((n) => n.dwid));
    for (const n of items) {
      const { children: nested, ...rest } = n;
      nodes.set(n.dwid, { ...rest, parentId: p === ROOT ? rest.parentId : p });
      if (nested) put(n.dwid, nested);
    }
  };
  put(parent, list);
  return { nodes, children };
}

function forget(nodes: Map<string, AssetTreeNode>, children: Map<string, string[]>, dwid: string) {
  for (const c of children.get(dwid) ?? []) forget(nodes, children, c);
  children.delete(dwid);
  nodes.delete(dwid);
}

/** Replace one node's own fields (after an edit), keeping its loaded children. */
export function patchNode(state: SiteTreeState, node: AssetTreeNode): SiteTreeState {
  if (!state.nodes.has(node.dwid)) return state;
  const nodes = new Map(state.nodes);
  const { children: _c, ...rest } = node;
  nodes.set(node.dwid, { ...state.nodes.get(node.dwid)!, ...rest });
  return { nodes, children: state.children };
}

/** Forget the children of these parents so the next expand (or an explicit reload) fetches them anew. */
export function dropChildren(state: SiteTreeState, parents: string[]): SiteTreeState {
  const nodes = new Map(state.nodes);
  const children = new Map(state.children);
  for (const p of parents) {
    for (const c of children.get(p) ?? []) forget(nodes, children, c);
    children.delete(p);
  }
  return { nodes, children };
}

/** antd Tree's node: the dwid is the key; `isLeaf` tells antd whether to offer an expand arrow. */
export interface SiteDataNode {
  key: string;
  title: string;
  isLeaf: boolean;
  node: AssetTreeNode;
  children?: SiteDataNode[];
}

/** The antd tree data of everything loaded, from the top (or from `parent`). */
export function toDataNodes(state: SiteTreeState, parent: string = ROOT): SiteDataNode[] {
  return (state.children.get(parent) ?? []).flatMap((dwid) => {
    const node = state.nodes.get(dwid);
    if (!node) return [];
    const loaded = state.children.get(dwid);
    const out: SiteDataNode = { key: dwid, title: node.name, isLeaf: loaded ? loaded.length === 0 : !node.hasChildren, node };
    if (loaded && loaded.length) out.children = toDataNodes(state, dwid);
    return [out];
  });
}

/** Keys whose children are loaded (antd's `loadedKeys`, so it does not ask again). */
export function loadedKeys(state: SiteTreeState): string[] {
  return [...state.children.keys()].filter((k) => k !== ROOT);
}

/** How many nodes of each kind are loaded (for the "已加载" line under the tree). */
export function countLoaded(state: SiteTreeState): Record<AssetLevelType, number> {
  const out: Record<AssetLevelType, number> = { customer: 0, station: 0, bay: 0, cabinet: 0, equipment: 0 };
  for (const n of state.nodes.values()) out[n.levelType] += 1;
  return out;
}

/**
 * A stand-in node for an ancestor named only by a search hit's path. Its customer and station
 * come from the path above it, so the detail panel's 新增 buttons preset the right parent.
 */
function pathNode(item: AssetPathItem, parentId: string | null, level: number, above: AssetPathItem[]): AssetTreeNode {
  const parsed = parseDwid(item.dwid);
  const idOf = (t: AssetLevelType) => {
    const p = [...above, item].find((x) => x.levelType === t);
    return p ? (parseDwid(p.dwid)?.id ?? null) : null;
  };
  return {
    id: item.dwid,
    dwid: item.dwid,
    entityId: parsed?.id ?? 0,
    parentId,
    levelType: item.levelType,
    level,
    name: item.name,
    code: '',
    type: null,
    typeName: null,
    customerId: idOf('customer') ?? 0,
    stationId: idOf('station'),
    hasChildren: true,
  };
}

export interface SearchTree {
  state: SiteTreeState;
  /** Every ancestor of a match: open, so each match shows in place. */
  expandedKeys: string[];
  /** The matching nodes themselves (highlighted). */
  matchKeys: string[];
}

/**
 * The tree of search hits: each match under its ancestor path (customer first), the paths shared,
 * all ancestors open. Only the matches and their ancestors are in it; a match that has children
 * can still be opened, lazily, like in the full tree.
 */
export function searchTree(hits: AssetSearchHit[]): SearchTree {
  const nodes = new Map<string, AssetTreeNode>();
  const children = new Map<string, string[]>();
  const expanded = new Set<string>();
  const add = (parent: string, node: AssetTreeNode) => {
    const list = children.get(parent) ?? [];
    if (!list.includes(node.dwid)) children.set(parent, [...list, node.dwid]);
  };
  for (const hit of hits) {
    let parent = ROOT;
    hit.path.forEach((item, i) => {
      // A match can also be an ancestor of another match: keep its real data.
      if (!nodes.has(item.dwid)) nodes.set(item.dwid, pathNode(item, parent === ROOT ? null : parent, i + 1, hit.path.slice(0, i)));
      add(parent, nodes.get(item.dwid)!);
      expanded.add(item.dwid);
      parent = item.dwid;
    });
    const { children: _c, ...node } = hit.node;
    nodes.set(node.dwid, { ...node, parentId: parent === ROOT ? null : parent });
    add(parent, node);
  }
  const matchKeys = hits.map((h) => h.node.dwid);
  return { state: { nodes, children }, expandedKeys: [...expanded], matchKeys };
}

/**
 * Which of a node's ancestors (customer first) still need their children loaded to show the
 * node in the full tree, in the order to load them.
 */
export function ancestorsToLoad(state: SiteTreeState, path: { dwid: string }[]): string[] {
  return path.map((p) => p.dwid).filter((dwid) => !state.children.has(dwid));
}

/** The name split around case-insensitive matches of `keyword`, for highlighting. */
export function highlightParts(name: string, keyword: string): { text: string; match: boolean }[] {
  const k = keyword.trim();
  if (!k) return [{ text: name, match: false }];
  const lower = name.toLowerCase();
  const needle = k.toLowerCase();
  const out: { text: string; match: boolean }[] = [];
  let at = 0;
  for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + needle.length)) {
    if (i > at) out.push({ text: name.slice(at, i), match: false });
    out.push({ text: name.slice(i, i + needle.length), match: true });
    at = i + needle.length;
  }
  if (at < name.length) out.push({ text: name.slice(at), match: false });
  return out;
}

/** The small figure after a node's name: 站点数 for customers, 设备数 for stations. */
export function countLabel(node: AssetTreeNode): string | null {
  if (node.levelType === 'customer' && node.stationCount !== undefined) return `${node.stationCount} 站`;
  if ((node.levelType === 'station' || node.levelType === 'cabinet' || node.levelType === 'bay') && node.equipmentCount !== undefined)
    return `${node.equipmentCount} 台`;
  return null;
}

/**
 * Move rules (contracts: assetMoveBody): cabinet → bay or station, bay → station, equipment →
 * cabinet or station, station → customer. Customers do not move.
 */
export const MOVE_TARGETS: Record<AssetLevelType, AssetLevelType[]> = {
  customer: [],
  station: ['customer'],
  bay: ['station'],
  cabinet: ['bay', 'station'],
  equipment: ['cabinet', 'station'],
};

export function canMoveTo(node: Pick<AssetTreeNode, 'levelType' | 'dwid' | 'parentId'>, target: Pick<AssetTreeNode, 'levelType' | 'dwid'>): boolean {
  return MOVE_TARGETS[node.levelType].includes(target.levelType) && target.dwid !== node.dwid && target.dwid !== node.parentId;
}

/** Kinds of node the move dialog's tree must show to reach every valid target of `levelType`. */
export function moveBrowseLevels(levelType: AssetLevelType): AssetLevelType[] {
  const targets = MOVE_TARGETS[levelType];
  if (targets.length === 0) return [];
  const order: AssetLevelType[] = ['customer', 'station', 'bay', 'cabinet'];
  const deepest = Math.max(...targets.map((t) => order.indexOf(t)));
  return order.slice(0, deepest + 1);
}

/** Where a link to a node's own screen goes (the tree shows equipment only briefly). */
export function nodeScreen(node: Pick<AssetTreeNode, 'levelType' | 'entityId'>): string {
  switch (node.levelType) {
    case 'equipment':
      return `/asset/equipment?id=${node.entityId}`;
    case 'customer':
      return `/asset/customers`;
    case 'station':
      return `/asset/stations`;
    case 'bay':
      return `/asset/bays`;
    case 'cabinet':
      return `/asset/cabinets`;
  }
}

/** The equipment a link made by nodeScreen names (`/asset/equipment?id=N`); undefined for none or junk. */
export function linkedEquipmentId(params: URLSearchParams): number | undefined {
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const MOVED_LABELS: Record<string, [string, string]> = {
  customer: ['个', '客户'],
  station: ['个', '站点'],
  bay: ['个', '间隔'],
  cabinet: ['台', '柜体'],
  equipment: ['台', '设备'],
  gateway: ['个', '网关'],
  camera: ['个', '摄像头'],
  capacitor: ['组', '电容器'],
  point: ['个', '测点'],
};

/** The server's counts of what moved along: "3 台柜体、24 台设备" (zeros left out, unknown kinds as they come). */
export function describeMoved(moved: Record<string, number> | undefined): string {
  return Object.entries(moved ?? {})
    .filter(([, n]) => n > 0)
    .map(([k, n]) => {
      const key = k.replace(/(ies)$/, 'y').replace(/s$/, '').replace(/^equipments?$/, 'equipment');
      const label = MOVED_LABELS[key];
      return label ? `${n} ${label[0]}${label[1]}` : `${n} ${k}`;
    })
    .join('、');
}

/** What goes along when a node moves, said before the operator confirms. */
export const MOVE_CONSEQUENCE: Record<AssetLevelType, string> = {
  customer: '',
  station: '站点下的间隔、柜体、设备、网关和摄像头会一起移动。',
  bay: '间隔内的柜体及其设备会一起移动。',
  cabinet: '柜体内的设备会一起移动。',
  equipment: '设备的测点和配置随设备一起移动。',
};
