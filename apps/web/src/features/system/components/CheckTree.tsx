import { useMemo, useState } from 'react';
import { Checkbox, Empty, Space, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { displayChecks, flattenTree, indexTree, toggleCheck } from '@/components/crud';

export interface CheckTreeNode {
  key: number;
  title: React.ReactNode;
  disabled?: boolean;
  children?: CheckTreeNode[];
}

export interface CheckTreeProps {
  treeData: CheckTreeNode[];
  loading?: boolean;
  /** The granted ids (a Form.Item fills these in). */
  value?: number[];
  onChange?: (ids: number[]) => void;
  height?: number;
  emptyText?: string;
}

/**
 * A checkable tree for grants (a role's menus, a custom data scope's departments) with
 * 展开/折叠, 全选/全不选 and 父子联动. The value is exactly the granted ids: with linkage the
 * tree draws partial subtrees half-ticked instead of letting antd re-derive parents from
 * children, which would silently grant a whole directory when a saved role holds it.
 */
export function CheckTree({ treeData, loading, value = [], onChange, height = 320, emptyText = '暂无数据' }: CheckTreeProps) {
  const [linked, setLinked] = useState(true);
  const index = useMemo(() => indexTree(treeData, (n) => n.key), [treeData]);
  const parents = useMemo(() => flattenTree(treeData).filter((n) => n.children?.length).map((n) => n.key), [treeData]);
  // First look: the top level open, so the operator sees the modules without a wall of buttons.
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  const expandedKeys = expanded ?? treeData.filter((n) => n.children?.length).map((n) => n.key);
  const allKeys = index.keys as number[];
  const checks = displayChecks(index, value, linked);
  const allChecked = allKeys.length > 0 && allKeys.every((k) => value.includes(k));

  if (loading) return <Spin style={{ display: 'block', padding: 24 }} />;
  return (
    <div className="check-tree">
      <Space wrap size={[16, 4]} style={{ marginBottom: 6 }}>
        <Checkbox checked={expandedKeys.length > 0 && expandedKeys.length >= parents.length} onChange={(e) => setExpanded(e.target.checked ? parents : [])}>
          展开/折叠
        </Checkbox>
        <Checkbox
          checked={allChecked}
          indeterminate={!allChecked && value.length > 0}
          onChange={(e) => onChange?.(e.target.checked ? allKeys : [])}
        >
          全选/全不选
        </Checkbox>
        <Checkbox checked={linked} onChange={(e) => setLinked(e.target.checked)}>
          父子联动
        </Checkbox>
      </Space>
      <div style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 4, padding: 4 }}>
        {treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        ) : (
          <Tree
            checkable
            checkStrictly
            selectable={false}
            height={height}
            treeData={treeData as DataNode[]}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys)}
            checkedKeys={checks}
            onCheck={(_keys, info) => onChange?.(toggleCheck(index, value, info.node.key as number, info.checked, linked) as number[])}
          />
        )}
      </div>
    </div>
  );
}
