import { useEffect, type ReactNode } from 'react';
import { CloseCircleOutlined, CloseOutlined, ColumnWidthOutlined, ReloadOutlined } from '@ant-design/icons';

/** Spec §9 context menu width. */
export const CONTEXT_MENU_WIDTH = 105;

export type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

interface Props {
  left: number;
  top: number;
  /** 关闭当前 is left out for pinned tabs. */
  closable: boolean;
  onAction(action: TagAction): void;
  onClose(): void;
}

/** The right-click menu of a tab; any click elsewhere (or Escape) closes it. */
export function TagsContextMenu({ left, top, closable, onAction, onClose }: Props) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('click', onClose);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClose);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const item = (action: TagAction, icon: ReactNode, text: string) => (
    <li role="menuitem" tabIndex={-1} onClick={() => onAction(action)}>
      {icon}
      <span>{text}</span>
    </li>
  );

  return (
    <ul className="pdz-contextmenu" role="menu" style={{ left, top, width: CONTEXT_MENU_WIDTH }}>
      {item('refresh', <ReloadOutlined />, '刷新页面')}
      {closable && item('close', <CloseOutlined />, '关闭当前')}
      {item('closeOthers', <ColumnWidthOutlined />, '关闭其他')}
      {item('closeAll', <CloseCircleOutlined />, '全部关闭')}
    </ul>
  );
}
