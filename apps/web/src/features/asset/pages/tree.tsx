import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Col, Input, Row, Space, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ASSET_LEVEL_LABELS, PERMS, type AssetTreeNode } from '@pdz/contracts';
import { feedback } from '@/app/feedback';
import { usePerm } from '@/access/Auth';
import { CrudPage, quoted } from '@/components/crud';
import { moveNode, TREE_KEY } from '../api/tree';
import { SiteAssetTree, type SiteTreeRef } from '../components/SiteAssetTree';
import { SiteNodeDetail } from '../components/SiteNodeDetail';
import { SiteMoveDialog } from '../components/SiteMoveDialog';
import { useSiteTree } from '../components/useSiteTree';
import { MOVE_CONSEQUENCE, ROOT, describeMoved } from '../components/siteTreeModel';

/** The tree fills the window below its own top, and never gets shorter than this. */
const MIN_TREE_HEIGHT = 360;

function useFillHeight(ref: React.RefObject<HTMLElement | null>, bottom: number, remeasure: unknown) {
  const [height, setHeight] = useState(520);
  useLayoutEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const mobile = window.innerWidth < 992;
      // Stacked on a phone: a tree of a comfortable size, the detail below it.
      setHeight(mobile ? 420 : Math.max(MIN_TREE_HEIGHT, Math.floor(window.innerHeight - el.getBoundingClientRect().top - bottom)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
    // `remeasure`: something above the tree appeared or went (the search result line).
  }, [ref, bottom, remeasure]);
  return height;
}

/**
 * 资产树: customer → station → bay → cabinet → equipment, loaded level by level and drawn as a
 * virtual list; server search with the matches under their paths; the chosen node's facts and
 * actions on the right; moves by drag-and-drop or 移动到…, always confirmed first.
 */
export default function AssetTreePage() {
  const tree = useSiteTree();
  const qc = useQueryClient();
  const canMove = usePerm([PERMS.assetTree.move]);
  const [params, setParams] = useSearchParams();
  const [selectedKey, setSelectedKey] = useState<string | undefined>();
  const [snapshot, setSnapshot] = useState<AssetTreeNode | undefined>();
  const [moving, setMoving] = useState<AssetTreeNode | undefined>();
  const [scrollTo, setScrollTo] = useState<string | undefined>();
  const boxRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<SiteTreeRef>(null);
  const [text, setText] = useState('');
  const height = useFillHeight(boxRef, 40, text.trim() !== '');
  const { setKeyword, locate, reload } = tree;

  // Search as the operator types, once they pause.
  useEffect(() => {
    const t = setTimeout(() => setKeyword(text), 350);
    return () => clearTimeout(t);
  }, [text, setKeyword]);

  // The selected node as the tree now has it (renamed, moved), else as it was picked.
  const selected = (selectedKey && tree.tree.nodes.get(selectedKey)) || (selectedKey && tree.full.nodes.get(selectedKey)) || snapshot;

  const select = useCallback((n: AssetTreeNode | undefined) => {
    setSelectedKey(n?.dwid);
    setSnapshot(n);
  }, []);

  const showInFullTree = useCallback(
    async (dwid: string) => {
      const n = await locate(dwid);
      if (!n) {
        feedback.message.warning('该节点不存在或您无权访问');
        return;
      }
      select(n);
      setScrollTo(dwid);
    },
    [locate, select],
  );

  // Scroll once the located node is rendered in the (virtual) list.
  useEffect(() => {
    if (!scrollTo || tree.searching || !tree.full.nodes.has(scrollTo)) return;
    const t = setTimeout(() => {
      treeRef.current?.scrollTo({ key: scrollTo, align: 'top', offset: 48 });
      setScrollTo(undefined);
    }, 0);
    return () => clearTimeout(t);
  }, [scrollTo, tree.searching, tree.full]);

  // ?dwid=station_3 (links from other screens): open the tree at that node.
  const initial = useRef(params.get('dwid'));
  useEffect(() => {
    const dwid = initial.current;
    if (!dwid) return;
    initial.current = null;
    void showInFullTree(dwid);
    setParams({}, { replace: true });
  }, [showInFullTree, setParams]);

  const clearSearch = () => {
    setText('');
    setKeyword('');
    // The node chosen among the results stays chosen, now in its place in the full tree.
    if (selectedKey && tree.searching) void showInFullTree(selectedKey);
  };

  /** Confirm, move, say what moved along, reload both places and show the node where it went. */
  const confirmMove = (node: AssetTreeNode, target: AssetTreeNode) =>
    new Promise<boolean>((resolve) => {
      const what = `${ASSET_LEVEL_LABELS[node.levelType]}${quoted(node.name)}`;
      feedback.confirm({
        title: '确认移动',
        content: (
          <>
            确认将{what}移动到{ASSET_LEVEL_LABELS[target.levelType]}
            {quoted(target.name)}下吗？
            {MOVE_CONSEQUENCE[node.levelType] && <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.55)' }}>{MOVE_CONSEQUENCE[node.levelType]}</div>}
          </>
        ),
        okText: '移动',
        cancelText: '取消',
        onCancel: () => resolve(false),
        onOk: async () => {
          try {
            const r = await moveNode(node.dwid, target.dwid);
            const along = describeMoved(r.moved);
            feedback.message.success(along ? `移动成功，共移动 ${along}` : '移动成功');
            const oldParent = node.parentId ?? ROOT;
            const oldGrand = tree.full.nodes.get(oldParent)?.parentId ?? ROOT;
            await reload([ROOT, oldParent, oldGrand, target.dwid, target.parentId ?? ROOT]);
            void qc.invalidateQueries({ queryKey: ['asset'] });
            await showInFullTree(node.dwid);
            resolve(true);
          } catch {
            // The server's refusal (e.g. 目标站点属于其他客户) is shown by the HTTP client.
            resolve(false);
          }
        },
      });
    });

  const summary = useMemo(() => {
    const roots = (tree.full.children.get(ROOT) ?? []).map((k) => tree.full.nodes.get(k)).filter((n): n is AssetTreeNode => !!n);
    const stations = roots.reduce((a, n) => a + (n.stationCount ?? 0), 0);
    const equipment = roots.reduce((a, n) => a + (n.equipmentCount ?? 0), 0);
    const parts = [`${roots.length} 个客户`, `${stations} 个站点`];
    if (roots.some((n) => n.equipmentCount !== undefined)) parts.push(`${equipment} 台设备`);
    return parts.join(' · ');
  }, [tree.full]);

  return (
    <Row gutter={[12, 12]} className="asset-tree-page">
      <Col xs={24} lg={10} xl={8}>
        <CrudPage>
          <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
            <Typography.Text type="secondary" data-testid="tree-summary">
              {summary}
            </Typography.Text>
            <Tooltip title="刷新">
              <Button
                shape="circle"
                size="small"
                icon={<ReloadOutlined />}
                aria-label="刷新"
                onClick={() => {
                  void reload([ROOT, ...tree.full.children.keys()]);
                  void qc.invalidateQueries({ queryKey: TREE_KEY });
                }}
              />
            </Tooltip>
          </Space>
          <Input.Search
            placeholder="搜索名称或编号"
            allowClear
            value={text}
            loading={tree.searchLoading}
            onChange={(e) => (e.target.value ? setText(e.target.value) : clearSearch())}
            onSearch={(v) => setKeyword(v)}
            style={{ marginBottom: 8 }}
          />
          {text.trim() !== '' && (
            <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 4 }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {tree.searchLoading || !tree.searching
                  ? '正在搜索…'
                  : tree.searchTotal === 0
                    ? ''
                    : tree.searchTruncated
                    ? `匹配的节点较多，仅显示前 ${tree.searchTotal} 个，请输入更具体的关键字`
                    : `找到 ${tree.searchTotal} 个匹配的节点`}
              </Typography.Text>
              <Button type="link" size="small" onClick={clearSearch} style={{ padding: 0 }}>
                返回完整树
              </Button>
            </Space>
          )}
          <div ref={boxRef} style={{ height }}>
            <SiteAssetTree
              tree={tree}
              height={height}
              treeRef={treeRef}
              selectedKey={selectedKey}
              onSelect={(n) => select(n)}
              onDropMove={canMove ? (n, target) => void confirmMove(n, target) : undefined}
              emptyText="暂无资产，请先在“客户”中新增客户"
            />
          </div>
        </CrudPage>
      </Col>
      <Col xs={24} lg={14} xl={16}>
        <SiteNodeDetail
          node={selected}
          onEdited={(n) => void reload([n.parentId ?? ROOT])}
          onAdded={(n) => {
            void reload([n.dwid, n.parentId ?? ROOT]);
            tree.setExpandedKeys([...new Set([...tree.expandedKeys, n.dwid])]);
          }}
          onRemoved={(n) => {
            select(undefined);
            const parent = n.parentId ?? ROOT;
            void reload([parent, tree.full.nodes.get(parent)?.parentId ?? ROOT, ROOT]);
          }}
          onMove={(n) => setMoving(n)}
          onLocate={tree.searching ? () => clearSearch() : undefined}
        />
      </Col>
      <SiteMoveDialog node={moving} onClose={() => setMoving(undefined)} onMove={confirmMove} />
    </Row>
  );
}
