import { useMemo, useState } from 'react';
import { Empty, Grid, Input, Spin, Tree } from 'antd';
import type { DeptTreeSelectNode } from '@pdz/contracts';
import { filterTree } from '@/components/crud';
import { useDeptTreeSelect } from '../api/dept';

export interface DeptTreePanelProps {
  value?: number;
  /** undefined: the same department clicked again, i.e. show every department. */
  onChange: (deptId: number | undefined) => void;
}

type Node = { key: number; title: string; children?: Node[] };

function toNodes(list: DeptTreeSelectNode[] | undefined): Node[] {
  return (list ?? []).map((d) => ({ key: d.id, title: d.label, children: d.children?.length ? toNodes(d.children) : undefined }));
}

/** The department tree beside the user list: a click filters the list to that department and below. */
export function DeptTreePanel({ value, onChange }: DeptTreePanelProps) {
  const { data, isLoading } = useDeptTreeSelect();
  const narrow = Grid.useBreakpoint().md === false;
  const [keyword, setKeyword] = useState('');
  const all = useMemo(() => toNodes(data), [data]);
  const nodes = useMemo(() => {
    const k = keyword.trim();
    return k ? filterTree(all, (n) => n.title.includes(k)) : all;
  }, [all, keyword]);

  return (
    <div>
      <Input.Search placeholder="请输入部门名称" allowClear onChange={(e) => setKeyword(e.target.value)} style={{ marginBottom: 8 }} />
      {isLoading ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? '没有匹配的部门' : '暂无部门'} />
      ) : (
        // Remounted per search, all open: department trees are shallow and matches must show.
        // Long department lists scroll inside the panel (shorter on a phone, above the list).
        <div style={{ maxHeight: narrow ? 220 : 'calc(100vh - 220px)', overflow: 'auto' }}>
          <Tree<Node>
            key={keyword}
            defaultExpandAll
            blockNode
            treeData={nodes}
            selectedKeys={value !== undefined ? [value] : []}
            onSelect={(keys) => onChange(keys.length ? Number(keys[0]) : undefined)}
          />
        </div>
      )}
    </div>
  );
}
