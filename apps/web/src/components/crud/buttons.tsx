import { useState, type ReactNode } from 'react';
import { Button, Switch, type ButtonProps } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Auth, usePerm } from '@/access/Auth';
import { downloadFile, downloadName } from '@/api/download';
import { confirmAction, confirmDelete } from './confirm';

interface PermProps {
  /** Shown only to holders of any of these (the server enforces anyway). */
  perms: string[];
}

/** 新增 (primary, with +). */
export function AddButton({ perms, children = '新增', ...rest }: PermProps & ButtonProps) {
  return (
    <Auth perms={perms}>
      <Button type="primary" icon={<PlusOutlined />} {...rest}>
        {children}
      </Button>
    </Auth>
  );
}

/**
 * 删除 for the ticked rows: disabled while nothing is ticked, asks first.
 * `what` names them for the question, e.g. describeSelection('用户', names).
 */
export function RemoveButton({
  perms,
  count,
  what,
  onConfirm,
  children = '删除',
}: PermProps & { count: number; what: string; onConfirm: () => Promise<unknown> | unknown; children?: ReactNode }) {
  return (
    <Auth perms={perms}>
      <Button danger icon={<DeleteOutlined />} disabled={count === 0} onClick={() => confirmDelete(what, onConfirm)}>
        {children}
      </Button>
    </Auth>
  );
}

/**
 * 导出: downloads the server's xlsx for the current filters (and sort, never the page), named
 * "<baseName>_<YYYYMMDDHHmmss>.xlsx" (spec §9). Errors are shown by the HTTP client.
 */
export function ExportButton({ perms, url, params, baseName, children = '导出' }: PermProps & { url: string; params: object; baseName: string; children?: ReactNode }) {
  const [busy, setBusy] = useState(false);
  return (
    <Auth perms={perms}>
      <Button
        icon={<DownloadOutlined />}
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await downloadFile(url, params, downloadName(baseName, 'xlsx'));
          } catch {
            // Already shown by the HTTP client.
          } finally {
            setBusy(false);
          }
        }}
      >
        {children}
      </Button>
    </Auth>
  );
}

/** A row action in the 操作 column: a small link-style button, hidden without the permission. */
export function RowAction({ perms, children, ...rest }: PermProps & ButtonProps) {
  return (
    <Auth perms={perms}>
      <Button type="link" size="small" style={{ paddingInline: 4 }} {...rest}>
        {children}
      </Button>
    </Auth>
  );
}

export function EditAction({ perms, onClick, children = '修改' }: PermProps & { onClick: () => void; children?: ReactNode }) {
  return (
    <RowAction perms={perms} icon={<EditOutlined />} onClick={onClick}>
      {children}
    </RowAction>
  );
}

/** 删除 in a row: asks "是否确认删除<what>？" first. */
export function DeleteAction({ perms, what, onConfirm, disabled }: PermProps & { what: string; onConfirm: () => Promise<unknown> | unknown; disabled?: boolean }) {
  return (
    <RowAction perms={perms} danger icon={<DeleteOutlined />} disabled={disabled} onClick={() => confirmDelete(what, onConfirm)}>
      删除
    </RowAction>
  );
}

/**
 * 状态 switch that asks before changing: "确认要停用用户“张三”吗？". Without the permission it
 * still shows the state, read-only.
 */
export function StatusSwitch({
  perms,
  checked,
  what,
  onChange,
  disabled,
  labels = ['正常', '停用'],
}: PermProps & { checked: boolean; what: string; onChange: (next: boolean) => Promise<unknown> | unknown; disabled?: boolean; labels?: [string, string] }) {
  const allowed = usePerm(perms);
  return (
    <Switch
      checked={checked}
      disabled={disabled || !allowed}
      checkedChildren={labels[0]}
      unCheckedChildren={labels[1]}
      onChange={(next) =>
        confirmAction({
          content: `确认要${next ? '启用' : '停用'}${what}吗？`,
          onOk: () => onChange(next),
          danger: !next,
        })
      }
    />
  );
}
