import { useCallback, useEffect, useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { ASSET_LEVEL_LABELS, type AssetLevelType, type AssetTreeNode } from '@pdz/contracts';
import { quoted } from '@/components/crud';
import { SiteAssetTree } from './SiteAssetTree';
import { MOVE_TARGETS, canMoveTo, moveBrowseLevels } from './siteTreeModel';
import { useSiteTree } from './useSiteTree';

export interface SiteMoveDialogProps {
  /** The node to move; undefined: closed. */
  node: AssetTreeNode | undefined;
  onClose: () => void;
  /** Asks for confirmation and moves; resolves when done (the dialog then closes). */
  onMove: (node: AssetTreeNode, target: AssetTreeNode) => Promise<boolean>;
}

const targetsText = (t: AssetLevelType) => MOVE_TARGETS[t].map((x) => ASSET_LEVEL_LABELS[x]).join('或');

function MoveBody({ node, target, setTarget }: { node: AssetTreeNode; target?: AssetTreeNode; setTarget: (t: AssetTreeNode | undefined) => void }) {
  // Browse only the levels that lead to a valid target; search only the valid targets.
  const tree = useSiteTree({ levels: moveBrowseLevels(node.levelType), searchLevels: MOVE_TARGETS[node.levelType] });
  const [text, setText] = useState('');
  const { setKeyword } = tree;
  useEffect(() => {
    const t = setTimeout(() => setKeyword(text), 300);
    return () => clearTimeout(t);
  }, [text, setKeyword]);
  const disabled = useCallback((n: AssetTreeNode) => !canMoveTo(node, n), [node]);

  return (
    <>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        将{ASSET_LEVEL_LABELS[node.levelType]}
        <Typography.Text strong>{quoted(node.name)}</Typography.Text>
        移动到以下{targetsText(node.levelType)}：
      </Typography.Paragraph>
      <Input.Search placeholder={`搜索${targetsText(node.levelType)}名称或编号`} allowClear value={text} onChange={(e) => setText(e.target.value)} style={{ marginBottom: 8 }} />
      <div style={{ border: '1px solid #f0f0f0', borderRadius: 6, padding: 4, minHeight: 200 }}>
        <SiteAssetTree tree={tree} height={340} selectedKey={target?.dwid} isDisabled={disabled} onSelect={(n) => setTarget(canMoveTo(node, n) ? n : undefined)} />
      </div>
      {target && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          title={
            <>
              目标：{ASSET_LEVEL_LABELS[target.levelType]}
              {quoted(target.name)}
            </>
          }
        />
      )}
    </>
  );
}

/** 移动到…: pick a valid new parent in a lazy tree (or by search); the move itself is confirmed first. */
export function SiteMoveDialog({ node, onClose, onMove }: SiteMoveDialogProps) {
  const [target, setTarget] = useState<AssetTreeNode | undefined>();
  const [busy, setBusy] = useState(false);
  const close = () => {
    setTarget(undefined);
    onClose();
  };
  return (
    <Modal
      title="移动到…"
      open={!!node}
      onCancel={close}
      okText="移动"
      cancelText="取消"
      okButtonProps={{ disabled: !target }}
      confirmLoading={busy}
      destroyOnHidden
      width={560}
      onOk={async () => {
        if (!node || !target) return;
        setBusy(true);
        try {
          if (await onMove(node, target)) close();
        } finally {
          setBusy(false);
        }
      }}
    >
      {node && <MoveBody node={node} target={target} setTarget={setTarget} />}
    </Modal>
  );
}
