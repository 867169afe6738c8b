import { useMemo, useRef, useState } from 'react';
import { Select, type RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import Fuse from 'fuse.js';
import { useNavigate } from 'react-router';
import { usePermissionStore } from '@/stores/permission';
import { isExternal } from '@/router/buildRoutes';
import { buildSearchPool, FUSE_OPTIONS } from './searchIndex';

/** Menu search: a magnifier that opens a search box over the permitted pages; choosing jumps. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const routes = usePermissionStore((s) => s.routes);
  const fuse = useMemo(() => new Fuse(buildSearchPool(routes), FUSE_OPTIONS), [routes]);
  const [show, setShow] = useState(false);
  const [query, setQuery] = useState('');
  const selectRef = useRef<RefSelectProps>(null);

  const options = useMemo(
    () => (query ? fuse.search(query).map(({ item }) => ({ value: item.path, label: item.title, title: item.path })) : []),
    [fuse, query],
  );

  const close = () => {
    setShow(false);
    setQuery('');
  };

  const onChoose = (path: string) => {
    close();
    selectRef.current?.blur();
    if (isExternal(path)) window.open(path, '_blank', 'noopener,noreferrer');
    else navigate(path);
  };

  return (
    <div className={`pdz-header-search${show ? ' is-show' : ''}`}>
      <button
        type="button"
        className="pdz-nav-action"
        aria-label="搜索菜单"
        title="搜索菜单"
        onClick={() => {
          setShow((s) => !s);
          setTimeout(() => selectRef.current?.focus(), 0);
        }}
      >
        <SearchOutlined />
      </button>
      {show && (
        <Select
          ref={selectRef}
          className="pdz-header-search-select"
          value={null}
          placeholder="搜索菜单"
          variant="borderless"
          showSearch={{ searchValue: query, onSearch: setQuery, filterOption: false }}
          suffixIcon={null}
          options={options}
          notFoundContent={query ? '没有匹配的菜单' : null}
          onChange={(v: string) => onChoose(v)}
          onBlur={close}
          defaultOpen
          autoFocus
          popupMatchSelectWidth={260}
        />
      )}
    </div>
  );
}
