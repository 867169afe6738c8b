import { useCallback, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTagsViewStore, type TagView } from '@/stores/tagsView';
import { lastViewTarget, scrollToTag } from './tagsLogic';
import { TagsContextMenu, type TagAction } from './TagsContextMenu';

/** The bar of visited pages; the current one in the theme colour, pinned ones without ×. */
export function TagsView() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const views = useTagsViewStore((s) => s.visitedViews);
  const scroller = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ left: number; top: number; view: TagView } | null>(null);

  const activeIndex = views.findIndex((v) => v.path === pathname);

  // Keep the current tag (and the edges of its neighbours) in view.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || activeIndex < 0) return;
    const tags = Array.from(el.querySelectorAll<HTMLElement>('.pdz-tag')).map((t) => ({ left: t.offsetLeft, width: t.offsetWidth }));
    el.scrollLeft = scrollToTag({ containerWidth: el.offsetWidth, scrollLeft: el.scrollLeft, scrollWidth: el.scrollWidth, tags, active: activeIndex });
  }, [activeIndex, views.length]);

  // A vertical wheel scrolls the bar sideways.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (Math.abs(e.deltaY) <= Math.abs(e.deltaX)) return;
      e.preventDefault();
      el.scrollLeft += e.deltaY;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const isActive = (v: TagView) => v.path === pathname;

  const closeSelected = (view: TagView) => {
    const store = useTagsViewStore.getState();
    store.delView(view);
    if (isActive(view)) {
      const { to, replace } = lastViewTarget(useTagsViewStore.getState().visitedViews, view);
      navigate(to, { replace });
    }
  };

  const onAction = (action: TagAction, view: TagView) => {
    const store = useTagsViewStore.getState();
    setMenu(null);
    if (action === 'refresh') {
      store.delCachedView(view);
      navigate('/redirect' + view.fullPath, { replace: true });
    } else if (action === 'close') {
      closeSelected(view);
    } else if (action === 'closeOthers') {
      if (!isActive(view)) navigate(view.fullPath);
      store.delOthersViews(view);
    } else {
      store.delAllViews();
      const remaining = useTagsViewStore.getState().visitedViews;
      // Staying on a pinned tab needs no navigation; otherwise go to the last remaining tab.
      if (remaining.some((v) => v.path === pathname)) return;
      const { to, replace } = lastViewTarget(remaining, view);
      navigate(to, { replace });
    }
  };

  const openMenu = (e: MouseEvent, view: TagView) => {
    e.preventDefault();
    const box = wrapper.current?.getBoundingClientRect();
    const maxLeft = (box?.width ?? window.innerWidth) - 105 - 4;
    const left = Math.min(e.clientX - (box?.left ?? 0) + 15, maxLeft);
    setMenu({ left, top: e.clientY - (box?.top ?? 0), view });
  };

  const closeMenu = useCallback(() => setMenu(null), []);

  return (
    <div className="pdz-tags-view" ref={wrapper}>
      <div className="pdz-tags-scroll" ref={scroller}>
        {views.map((v) => (
          <span
            key={v.path}
            className={`pdz-tag${isActive(v) ? ' is-active' : ''}`}
            role="link"
            tabIndex={0}
            title={v.title}
            onClick={() => navigate(v.fullPath)}
            onKeyDown={(e) => e.key === 'Enter' && navigate(v.fullPath)}
            onMouseUp={(e) => e.button === 1 && !v.affix && closeSelected(v)}
            onContextMenu={(e) => openMenu(e, v)}
          >
            {v.title}
            {!v.affix && (
              <CloseOutlined
                className="pdz-tag-close"
                aria-label={`关闭${v.title}`}
                onClick={(e) => {
                  e.stopPropagation();
                  closeSelected(v);
                }}
              />
            )}
          </span>
        ))}
      </div>
      {menu && <TagsContextMenu left={menu.left} top={menu.top} closable={!menu.view.affix} onAction={(a) => onAction(a, menu.view)} onClose={closeMenu} />}
    </div>
  );
}
