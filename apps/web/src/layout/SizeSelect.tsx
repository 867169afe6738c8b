import { App, Dropdown } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore, type Size } from '@/stores/app';
import { useTagsViewStore } from '@/stores/tagsView';

export const SIZE_OPTIONS: { value: Size; label: string }[] = [
  { value: 'default', label: '默认' },
  { value: 'medium', label: '中等' },
  { value: 'small', label: '小型' },
  { value: 'mini', label: '迷你' },
];

export const MSG_SIZE_SET = '布局设置成功';

/** Component size (spec §2): saved in the size cookie, then the open views are re-rendered. */
export function SizeSelect() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const size = useAppStore((s) => s.size);
  const setSize = useAppStore((s) => s.setSize);

  const choose = (next: Size) => {
    setSize(next);
    void message.success(MSG_SIZE_SET);
    useTagsViewStore.getState().delAllCachedViews();
    navigate(`/redirect${pathname}${search}${hash}`, { replace: true });
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottom"
      menu={{
        style: { minWidth: 88 },
        selectable: true,
        selectedKeys: [size],
        items: SIZE_OPTIONS.map((o) => ({ key: o.value, label: o.label, disabled: o.value === size })),
        onClick: ({ key }) => choose(key as Size),
      }}
    >
      {/* A native title: an antd tooltip would sit on top of the open dropdown. */}
      <button type="button" className="pdz-nav-action" aria-label="布局大小" title="布局大小">
        <FontSizeOutlined />
      </button>
    </Dropdown>
  );
}
