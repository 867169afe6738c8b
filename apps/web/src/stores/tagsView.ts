import { create } from 'zustand';

export interface TagView {
  path: string;
  fullPath: string;
  name: string;
  title: string;
  affix?: boolean;
  noCache?: boolean;
}

/** Spec §4 Opened tabs: visited and cached lists. */
interface TagsViewState {
  visitedViews: TagView[];
  cachedViews: string[];
  addView(view: TagView): void;
  /** Puts the affixed tabs first, in route order, without duplicating ones already open. */
  addAffixViews(views: TagView[]): void;
  delView(view: TagView): void;
  delOthersViews(view: TagView): void;
  /** Keeps the affixed tabs (spec §2). */
  delAllViews(): void;
  updateVisitedView(view: TagView): void;
  delCachedView(view: TagView): void;
  /** Forgets every cached view (a size change re-renders them all). */
  delAllCachedViews(): void;
}

export const useTagsViewStore = create<TagsViewState>((set) => ({
  visitedViews: [],
  cachedViews: [],
  addView: (view) =>
    set((s) => ({
      visitedViews: s.visitedViews.some((v) => v.path === view.path) ? s.visitedViews : [...s.visitedViews, view],
      cachedViews: view.noCache || s.cachedViews.includes(view.name) ? s.cachedViews : [...s.cachedViews, view.name],
    })),
  addAffixViews: (views) =>
    set((s) => {
      const affix = views.map((v) => ({ ...v, affix: true }));
      const rest = s.visitedViews.filter((v) => !affix.some((a) => a.path === v.path));
      return { visitedViews: [...affix, ...rest] };
    }),
  delView: (view) =>
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.path !== view.path || v.affix),
      cachedViews: s.cachedViews.filter((n) => n !== view.name),
    })),
  delOthersViews: (view) =>
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.affix || v.path === view.path),
      cachedViews: s.cachedViews.filter((n) => n === view.name),
    })),
  delAllViews: () => set((s) => ({ visitedViews: s.visitedViews.filter((v) => v.affix), cachedViews: [] })),
  updateVisitedView: (view) => set((s) => ({ visitedViews: s.visitedViews.map((v) => (v.path === view.path ? { ...v, ...view } : v)) })),
  delCachedView: (view) => set((s) => ({ cachedViews: s.cachedViews.filter((n) => n !== view.name) })),
  delAllCachedViews: () => set({ cachedViews: [] }),
}));
