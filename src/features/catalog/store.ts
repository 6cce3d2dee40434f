import { create } from 'zustand';

interface CatalogState {
  /**
   * The category the classify tab opens on next. A tab page cannot take a query (switchTab drops
   * it), so the home shortcuts and banners leave the choice here.
   */
  pendingCategoryId: number | undefined;
  openCategory: (id: number) => void;
  takePendingCategory: () => number | undefined;
}

export const useCatalogStore = create<CatalogState>()((set, get) => ({
  pendingCategoryId: undefined,
  openCategory: (id) => set({ pendingCategoryId: id }),
  takePendingCategory: () => {
    const id = get().pendingCategoryId;
    if (id !== undefined) set({ pendingCategoryId: undefined });
    return id;
  },
}));
