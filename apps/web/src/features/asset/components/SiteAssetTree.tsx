import { memo, useMemo, type Ref } from 'react';
import { Badge, Empty, Spin, Tree, type GetRef } from 'antd';
import type { AssetTreeNode } from '@pdz/contracts';
import { LevelIcon } from './SiteIcons';
import { MOVE_TARGETS, canMoveTo, countLabel, highlightParts, loadedKeys, toDataNodes, type SiteDataNode } from './siteTreeModel';
import type { SiteTree } from './useSiteTree';

export type SiteTreeRef = GetRef<typeof Tree<SiteDataNode>>;

export interface SiteAssetTreeProps {
  tree: SiteTree;
  /** Fixed height in px: the tree renders only the rows in view (virtual list). */
  height: number;
  selectedKey?: string;
  onSelect?: (node: AssetTreeNode) => void;
  /** Nodes that cannot be chosen (greyed), e.g. invalid move targets. */
  isDisabled?: (node: AssetTreeNode) => boolean;
  /** Drag-and-drop moves: called with the dragged node and the node it was dropped onto. */
  onDropMove?: (node: AssetTreeNode, target: AssetTreeNode) => void;
  treeRef?: Ref<SiteTreeRef>;
  emptyText?: string;
}

function Marked({ parts }: { parts: { text: string; match: boolean }[] }) {
  return parts.map((p, i) =>
    p.match ? (
      <mark key={i} style={{ padding: 0, background: '#ffe58f', color: 'inherit' }}>
        {p.text}
      </mark>
    ) : (
      <span key={i}>{p.text}</span>
    ),
  );
}

/**
 * Name with the search keyword marked, the count after it, a dot for equipment online state. A
 * node found by its code (the name does not hold the keyword) shows the code, marked, after the
 * name: otherwise nothing would tell it from the ancestors shown around it.
 */
const NodeTitle = memo(function NodeTitle({ node, keyword, match }: { node: AssetTreeNode; keyword: string; match: boolean }) {
  const count = countLabel(node);
  const parts = match ? highlightParts(node.name, keyword) : [{ text: node.name, match: false }];
  const codeParts = match && !parts.some((p) => p.match) && node.code ? highlightParts(node.code, keyword) : null;
  return (
    <span className="site-tree-title" title={[node.name, node.code, node.typeName].filter(Boolean).join(' · ')}>
      <LevelIcon levelType={node.levelType} style={{ marginRight: 6 }} />
      <Marked parts={parts} />
      {codeParts?.some((p) => p.match) && (
        <span className="site-tree-code" style={{ marginLeft: 6, color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
          <Marked parts={codeParts} />
        </span>
      )}
      {node.levelType === 'equipment' && node.online !== undefined && (
        <Badge status={node.online ? 'success' : 'default'} style={{ marginLeft: 6 }} aria-label={node.online ? '在线' : '离线'} />
      )}
      {count && <span style={{ marginLeft: 6, color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{count}</span>}
    </span>
  );
});

/**
 * The asset tree: lazy (children load when a node opens), virtual (only the rows in view are in
 * the DOM, so 10,000 loaded nodes scroll as smoothly as 100), with per-kind icons and counts,
 * search matches marked, and drag-and-drop moves limited to what the hierarchy allows.
 */
export function SiteAssetTree({ tree, height, selectedKey, onSelect, isDisabled, onDropMove, treeRef, emptyText = '暂无资产' }: SiteAssetTreeProps) {
  const data = useMemo(() => {
    const nodes = toDataNodes(tree.tree);
    if (!isDisabled) return nodes;
    const mark = (list: SiteDataNode[]): SiteDataNode[] =>
      list.map((n) => ({ ...n, disabled: false, selectable: !isDisabled(n.node), children: n.children ? mark(n.children) : undefined }));
    return mark(nodes);
  }, [tree.tree, isDisabled]);
  const loaded = useMemo(() => loadedKeys(tree.tree), [tree.tree]);
  const keyword = tree.searching ? tree.keyword : '';
  const parentOf = (n: AssetTreeNode) => (n.parentId ? tree.tree.nodes.get(n.parentId) : undefined);

  if ((tree.rootsLoading && !tree.searching && data.length === 0) || (tree.searchLoading && data.length === 0)) {
    return <Spin style={{ display: 'block', padding: 48 }} />;
  }
  if (data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tree.searching ? '没有匹配的节点' : emptyText} style={{ padding: 24 }} />;
  }

  return (
    <Tree<SiteDataNode>
      ref={treeRef}
      blockNode
      virtual
      height={height}
      treeData={data}
      loadData={(n) => tree.loadChildren(n.key)}
      loadedKeys={loaded}
      expandedKeys={tree.expandedKeys}
      onExpand={(keys) => tree.setExpandedKeys(keys.map(String))}
      selectedKeys={selectedKey ? [selectedKey] : []}
      onSelect={(_keys, info) => onSelect?.(info.node.node)}
      titleRender={(n) => (
        <span style={isDisabled?.(n.node) ? { color: 'rgba(0,0,0,0.35)' } : undefined}>
          <NodeTitle node={n.node} keyword={keyword} match={tree.matchKeys.has(n.key)} />
        </span>
      )}
      draggable={onDropMove ? { icon: false, nodeDraggable: (n) => MOVE_TARGETS[(n as SiteDataNode).node.levelType].length > 0 } : false}
      // Onto a node: into it. Between nodes: into their parent (rc-tree's gap). Only where the
      // hierarchy allows; the confirmation then names the target, so the gesture is never a guess.
      allowDrop={({ dragNode, dropNode, dropPosition }) => {
        const target = dropPosition === 0 ? dropNode.node : parentOf(dropNode.node);
        return !!target && canMoveTo(dragNode.node, target);
      }}
      onDrop={(info) => {
        const dragged = (info.dragNode as unknown as SiteDataNode).node;
        const over = (info.node as unknown as SiteDataNode).node;
        const target = info.dropToGap ? parentOf(over) : over;
        if (target && canMoveTo(dragged, target)) onDropMove?.(dragged, target);
      }}
    />
  );
}
