import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePermissionStore } from '@/stores/permission';
import { useTagsViewStore } from '@/stores/tagsView';
import { affixViews, viewOf } from './tagsLogic';

/** Affixed tabs first, then every visited page with its title from the route index. */
export function useTagsSync() {
  const { pathname, search } = useLocation();
  const index = usePermissionStore((s) => s.index);

  useEffect(() => {
    useTagsViewStore.getState().addAffixViews(affixViews(index));
  }, [index]);

  useEffect(() => {
    const view = viewOf(index, pathname, search);
    if (!view) return;
    const store = useTagsViewStore.getState();
    store.addView(view);
    // Same page, other query: the tab keeps its place and remembers the new query.
    store.updateVisitedView(view);
  }, [index, pathname, search]);
}
