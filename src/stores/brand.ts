import { create } from 'zustand';
import type { PlatformId } from '../../contract/http';
import { getBrand, type Brand } from '../brands';

interface BrandState {
  brand: Brand;
  setBrandId: (id: PlatformId) => void;
}

/** The active brand; launch sets it, and every page frame reads its colour from here. */
export const useBrandStore = create<BrandState>()((set) => ({
  brand: getBrand(1),
  setBrandId: (id) => set({ brand: getBrand(id) }),
}));
