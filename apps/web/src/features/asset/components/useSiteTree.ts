import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AssetLevelType, AssetTreeNode } from '@pdz/contracts';
import { fetchNodePath, fetchTreeChildren, fetchTreeRoots, searchTree as searchCall, TREE_KEY } from '../api/tree';
import { ROOT, ancestorsToLoad, dropChildren, emptyTree, searchTree, setChildren, type SiteTreeState } from './siteTreeModel';

export interface SiteTreeOptions {
  /** Keep only these kinds of node (the move dialog browses customers … cabinets, never equipment). */
  levels?: AssetLevelType[];
  /** Levels the server search should return (default: all). */
  searchLevels?: AssetLevelType[];
}

const keepLevels = (list: AssetTreeNode[], levels?: AssetLevelType[]) => {
  if (!levels) return list;
  const deepest = levels[levels.length - 1];
  // A node of the deepest kind shown has nothing below it in this tree.
  return list.filter((n) => levels.includes(n.levelType)).map((n) => (n.levelType === deepest ? { ...n, hasChildren: false } : n));
};

/**
 * The lazy asset tree and its search, for the tree page and the move dialog. Two trees are kept:
 * the full one (loaded level by level as the operator opens nodes) and the search result tree
 * (matches under their ancestor paths). Clearing the search returns to the full tree as it was.
 */
export function useSiteTree(opts: SiteTreeOptions = {}) {
  const { levels, searchLevels } = opts;
  const [full, setFull] = useState<SiteTreeState>(emptyTree);
  const [fullExpanded, setFullExpanded] = useState<string[]>([]);
  const [found, setFound] = useState<SiteTreeState>(emptyTree);
  const [foundExpanded, setFoundExpanded] = useState<string[]>([]);
  const [keyword, setKeyword] = useState('');
  const [rootsLoading, setRootsLoading] = useState(true);
  // What the async loaders read: the latest full tree, not the one of the render that made them.
  const fullRef = useRef(full);
  useEffect(() => {
    fullRef.current = full;
  }, [full]);

  const loadRoots = useCallback(async () => {
    setRootsLoading(true);
    try {
      const roots = await fetchTreeRoots();
      setFull((s) => setChildren(s, ROOT, keepLevels(roots, levels)));
    } catch {
      // Shown by the HTTP client; the tree stays as it was.
    } finally {
      setRootsLoading(false);
    }
    // levels is the caller's constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    void loadRoots();
  }, [loadRoots]);

  const searching = keyword.trim() !== '';
  const search = useQuery({
    queryKey: [...TREE_KEY, 'search', keyword.trim(), searchLevels ?? null],
    queryFn: () => searchCall(keyword.trim(), searchLevels),
    enabled: searching,
    staleTime: 10_000,
  });
  useEffect(() => {
    if (!search.data) return;
    const t = searchTree(search.data.list);
    setFound(t.state);
    setFoundExpanded(t.expandedKeys);
  }, [search.data]);

  /** antd's loadData: the children of one node, into whichever tree is showing. */
  const loadChildren = useCallback(
    async (dwid: string) => {
      const list = keepLevels(await fetchTreeChildren(dwid), levels);
      (searching ? setFound : setFull)((s) => setChildren(s, dwid, list));
    },
    // levels is the caller's constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searching],
  );

  /**
   * After a change: fetch these parents' children again where they were loaded (the full tree),
   * and refresh the search results. Unloaded parents are left to load when opened.
   */
  const reload = useCallback(
    async (parents: (string | null | undefined)[]) => {
      const keys = [...new Set(parents.filter((p): p is string => p !== null && p !== undefined))];
      const loaded = keys.filter((k) => (k === ROOT ? true : fullRef.current.children.has(k)));
      const results = await Promise.all(
        loaded.map(async (k) => {
          try {
            return [k, keepLevels(k === ROOT ? await fetchTreeRoots() : await fetchTreeChildren(k), levels)] as const;
          } catch {
            return [k, null] as const;
          }
        }),
      );
      setFull((s) => results.reduce((acc, [k, list]) => (list ? setChildren(acc, k, list) : dropChildren(acc, [k])), s));
      if (searching) void search.refetch();
    },
    // levels is the caller's constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searching, search.refetch],
  );

  /**
   * Show a node in the full tree: load its ancestors' children (customer first, only those not
   * loaded yet), open them. Answers the node, or null when it is gone or out of reach.
   */
  const locate = useCallback(
    async (dwid: string): Promise<AssetTreeNode | null> => {
      let path;
      try {
        path = await fetchNodePath(dwid);
      } catch {
        return null;
      }
      let state = fullRef.current;
      if (!state.children.has(ROOT)) state = setChildren(state, ROOT, keepLevels(await fetchTreeRoots(), levels));
      for (const parent of ancestorsToLoad(state, path.path)) {
        state = setChildren(state, parent, keepLevels(await fetchTreeChildren(parent), levels));
      }
      setFull(state);
      const ancestors = path.path.map((p) => p.dwid);
      setFullExpanded((e) => [...new Set([...e, ...ancestors])]);
      return state.nodes.get(dwid) ?? path.node;
    },
    // levels is the caller's constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const tree = searching ? found : full;
  const expandedKeys = searching ? foundExpanded : fullExpanded;
  const setExpandedKeys = searching ? setFoundExpanded : setFullExpanded;
  const matchKeys = useMemo(() => new Set((search.data?.list ?? []).map((h) => h.node.dwid)), [search.data]);

  return {
    tree,
    full,
    expandedKeys,
    setExpandedKeys,
    keyword,
    setKeyword,
    searching,
    searchLoading: searching && search.isFetching,
    searchTotal: search.data?.list.length ?? 0,
    searchTruncated: search.data?.truncated ?? false,
    matchKeys,
    rootsLoading,
    loadRoots,
    loadChildren,
    reload,
    locate,
  };
}

export type SiteTree = ReturnType<typeof useSiteTree>;
