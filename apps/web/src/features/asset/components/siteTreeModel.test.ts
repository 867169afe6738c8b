import { describe, expect, it } from 'vitest';
import type { AssetLevelType, AssetSearchHit, AssetTreeNode } from '@pdz/contracts';
import {
  ROOT,
  ancestorsToLoad,
  canMoveTo,
  countLabel,
  countLoaded,
  describeMoved,
  dropChildren,
  emptyTree,
  highlightParts,
  linkedEquipmentId,
  loadedKeys,
  moveBrowseLevels,
  nodeScreen,
  patchNode,
  searchTree,
  setChildren,
  toDataNodes,
} from './siteTreeModel';

function n(levelType: AssetLevelType, id: number, name: string, extra: Partial<AssetTreeNode> = {}): AssetTreeNode {
  const dwid = `${levelType}_${id}`;
  return { id: dwid, dwid, entityId: id, parentId: null, levelType, level: 1, name, code: `C${id}`, type: null, typeName: null, customerId: 1, stationId: null, hasChildren: levelType !== 'equipment', ...extra };
}

describe('lazy tree state', () => {
  it('maps loaded nodes to antd nodes: dwid keys, arrows only where children may be', () => {
    let s = setChildren(emptyTree(), ROOT, [n('customer', 1, '华东'), n('customer', 2, '空客户', { hasChildren: false })]);
    let data = toDataNodes(s);
    expect(data.map((d) => [d.key, d.title, d.isLeaf])).toEqual([
      ['customer_1', '华东', false],
      ['customer_2', '空客户', true],
    ]);
    expect(data[0].children).toBeUndefined();

    s = setChildren(s, 'customer_1', [n('station', 5, '1号配电房')]);
    data = toDataNodes(s);
    expect(data[0].children?.map((d) => d.key)).toEqual(['station_5']);
    expect(s.nodes.get('station_5')?.parentId).toBe('customer_1');
    expect(loadedKeys(s)).toEqual(['customer_1']);
  });

  it('a parent whose children came back empty becomes a leaf', () => {
    const s = setChildren(setChildren(emptyTree(), ROOT, [n('customer', 1, 'A')]), 'customer_1', []);
    expect(toDataNodes(s)[0].isLeaf).toBe(true);
  });

  it('records nested children answered at once (initData with levels)', () => {
    const s = setChildren(emptyTree(), ROOT, [{ ...n('customer', 1, 'A'), children: [n('station', 2, 'S', { children: [n('bay', 3, 'B')] })] }]);
    expect(s.children.get('customer_1')).toEqual(['station_2']);
    expect(s.children.get('station_2')).toEqual(['bay_3']);
    expect(s.nodes.get('station_2')).not.toHaveProperty('children');
    expect(countLoaded(s)).toEqual({ customer: 1, station: 1, bay: 1, cabinet: 0, equipment: 0 });
  });

  it('reloading a parent forgets children that left it, with what was loaded below them', () => {
    let s = setChildren(emptyTree(), ROOT, [n('customer', 1, 'A')]);
    s = setChildren(s, 'customer_1', [n('station', 2, 'S1'), n('station', 3, 'S2')]);
    s = setChildren(s, 'station_3', [n('cabinet', 9, 'K')]);
    s = setChildren(s, 'customer_1', [n('station', 2, 'S1')]);
    expect(s.nodes.has('station_3')).toBe(false);
    expect(s.nodes.has('cabinet_9')).toBe(false);
    expect(s.children.has('station_3')).toBe(false);
  });

  it('dropChildren makes a parent load again; patchNode renames in place', () => {
    let s = setChildren(emptyTree(), ROOT, [n('customer', 1, 'A')]);
    s = setChildren(s, 'customer_1', [n('station', 2, 'S1')]);
    s = patchNode(s, n('customer', 1, 'A2'));
    expect(toDataNodes(s)[0].title).toBe('A2');
    expect(toDataNodes(s)[0].children).toHaveLength(1);
    s = dropChildren(s, ['customer_1']);
    expect(loadedKeys(s)).toEqual([]);
    expect(s.nodes.has('station_2')).toBe(false);
    expect(toDataNodes(s)[0].isLeaf).toBe(false);
  });
});

describe('search tree', () => {
  const hit = (node: AssetTreeNode, path: [AssetLevelType, number, string][]): AssetSearchHit => ({
    node,
    path: path.map(([t, id, name]) => ({ dwid: `${t}_${id}`, levelType: t, name })),
  });

  it('puts each match under its ancestor path, shares paths, opens the ancestors', () => {
    const hits = [
      hit(n('equipment', 10, '1#电表'), [['customer', 1, 'A'], ['station', 2, 'S'], ['cabinet', 3, 'K1']]),
      hit(n('equipment', 11, '2#电表'), [['customer', 1, 'A'], ['station', 2, 'S'], ['cabinet', 4, 'K2']]),
      hit(n('station', 7, '电表间'), [['customer', 5, 'B']]),
    ];
    const t = searchTree(hits);
    const data = toDataNodes(t.state);
    expect(data.map((d) => d.key)).toEqual(['customer_1', 'customer_5']);
    expect(data[0].children![0].children!.map((d) => d.key)).toEqual(['cabinet_3', 'cabinet_4']);
    expect(data[0].children![0].children![0].children!.map((d) => d.title)).toEqual(['1#电表']);
    expect(new Set(t.expandedKeys)).toEqual(new Set(['customer_1', 'station_2', 'cabinet_3', 'cabinet_4', 'customer_5']));
    expect(t.matchKeys).toEqual(['equipment_10', 'equipment_11', 'station_7']);
    // A matching station can still be opened (lazily) to see what is inside.
    expect(data[1].children![0].isLeaf).toBe(false);
    expect(t.state.nodes.get('cabinet_3')?.entityId).toBe(3);
    // Ancestors known only by the path still know their customer and station (新增 presets).
    expect(t.state.nodes.get('cabinet_3')).toMatchObject({ customerId: 1, stationId: 2, parentId: 'station_2' });
    expect(t.state.nodes.get('station_2')).toMatchObject({ customerId: 1, stationId: 2 });
    expect(t.state.nodes.get('customer_5')).toMatchObject({ customerId: 5, stationId: null });
  });

  it('keeps a match that is also an ancestor of another match', () => {
    const t = searchTree([
      hit(n('station', 2, '电表房', { level: 2 }), [['customer', 1, 'A']]),
      hit(n('equipment', 9, '电表', { level: 3 }), [['customer', 1, 'A'], ['station', 2, '电表房']]),
    ]);
    expect(t.state.children.get('customer_1')).toEqual(['station_2']);
    expect(t.state.children.get('station_2')).toEqual(['equipment_9']);
    expect(t.state.nodes.get('station_2')?.code).toBe('C2');
  });

  it('no hits: an empty tree', () => {
    expect(toDataNodes(searchTree([]).state)).toEqual([]);
  });
});

describe('locating a node in the full tree', () => {
  it('loads only the ancestors not loaded yet, customer first', () => {
    let s = setChildren(emptyTree(), ROOT, [n('customer', 1, 'A')]);
    s = setChildren(s, 'customer_1', [n('station', 2, 'S')]);
    expect(ancestorsToLoad(s, [{ dwid: 'customer_1' }, { dwid: 'station_2' }, { dwid: 'bay_3' }])).toEqual(['station_2', 'bay_3']);
  });
});

describe('highlight and counts', () => {
  it('splits a name around every case-insensitive match', () => {
    expect(highlightParts('Meter-1 meter', 'METER')).toEqual([
      { text: 'Meter', match: true },
      { text: '-1 ', match: false },
      { text: 'meter', match: true },
    ]);
    expect(highlightParts('星湖街配电房', '配电')).toEqual([
      { text: '星湖街', match: false },
      { text: '配电', match: true },
      { text: '房', match: false },
    ]);
    expect(highlightParts('abc', '  ')).toEqual([{ text: 'abc', match: false }]);
  });

  it('counts stations of customers and equipment of stations', () => {
    expect(countLabel(n('customer', 1, 'A', { stationCount: 5 }))).toBe('5 站');
    expect(countLabel(n('station', 1, 'S', { equipmentCount: 48 }))).toBe('48 台');
    expect(countLabel(n('equipment', 1, 'E'))).toBeNull();
  });
});

describe('move rules', () => {
  it('allows only the hierarchy-keeping moves, never onto the current parent', () => {
    const cab = n('cabinet', 3, 'K', { parentId: 'bay_2' });
    expect(canMoveTo(cab, n('bay', 4, 'B2'))).toBe(true);
    expect(canMoveTo(cab, n('station', 1, 'S'))).toBe(true);
    expect(canMoveTo(cab, n('bay', 2, 'B'))).toBe(false);
    expect(canMoveTo(cab, n('customer', 1, 'A'))).toBe(false);
    expect(canMoveTo(n('equipment', 9, 'E', { parentId: 'cabinet_3' }), n('cabinet', 5, 'K2'))).toBe(true);
    expect(canMoveTo(n('equipment', 9, 'E'), n('bay', 5, 'B'))).toBe(false);
    expect(canMoveTo(n('station', 2, 'S', { parentId: 'customer_1' }), n('customer', 2, 'B'))).toBe(true);
    expect(canMoveTo(n('customer', 1, 'A'), n('customer', 2, 'B'))).toBe(false);
  });

  it('the move dialog browses down to the deepest valid target', () => {
    expect(moveBrowseLevels('station')).toEqual(['customer']);
    expect(moveBrowseLevels('bay')).toEqual(['customer', 'station']);
    expect(moveBrowseLevels('cabinet')).toEqual(['customer', 'station', 'bay']);
    expect(moveBrowseLevels('equipment')).toEqual(['customer', 'station', 'bay', 'cabinet']);
    expect(moveBrowseLevels('customer')).toEqual([]);
  });
});

describe('move summary', () => {
  it('names what moved along, leaving out zeros', () => {
    expect(describeMoved({ cabinets: 3, equipment: 24, gateways: 0 })).toBe('3 台柜体、24 台设备');
    expect(describeMoved({ bay: 1, capacitors: 2 })).toBe('1 个间隔、2 组电容器');
    expect(describeMoved({ widgets: 2 })).toBe('2 widgets');
    expect(describeMoved(undefined)).toBe('');
  });
});

describe('the equipment page link', () => {
  it('reads back the id nodeScreen put in the link, and nothing from junk', () => {
    const url = new URL(nodeScreen({ levelType: 'equipment', entityId: 42 }), 'http://x');
    expect(url.pathname).toBe('/asset/equipment');
    expect(linkedEquipmentId(url.searchParams)).toBe(42);
    for (const q of ['', 'id=', 'id=0', 'id=-3', 'id=1.5', 'id=abc', 'id=99999999999999999999']) expect(linkedEquipmentId(new URLSearchParams(q)), q).toBeUndefined();
  });
});
