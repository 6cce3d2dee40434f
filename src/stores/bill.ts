import { create } from 'zustand';

/**
 * The launch-time bill state (`getBill` in the brief): which business and order a shared link
 * or QR code points at, and the bill prompts' visibility.
 */
export interface BillState {
  data: Record<string, unknown>;
  url: string;
  bizId: string;
  orderId: string;
  countShow: boolean;
  firstShow: boolean;
  code: string;
  setBill: (patch: Partial<Omit<BillState, 'setBill' | 'reset'>>) => void;
  reset: () => void;
}

const initialBill = {
  data: {},
  url: '',
  bizId: '',
  orderId: '',
  countShow: false,
  firstShow: true,
  code: '',
};

export const useBillStore = create<BillState>()((set) => ({
  ...initialBill,
  setBill: (patch) => set(patch),
  reset: () => set({ ...initialBill, data: {} }),
}));
