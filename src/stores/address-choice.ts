import { create } from 'zustand';
import type { Address } from '../../contract/api/address';

/**
 * The address list's choose mode (`/pages/addressList/addressList?mode=choose`): the list puts
 * the tapped address here and goes back; the opener (the confirm-order page) reads it when it
 * shows again with `takeChosenAddress()`, which also clears it so it is used once.
 */
interface AddressChoiceState {
  chosen: Address | undefined;
  choose(address: Address): void;
}

export const useAddressChoice = create<AddressChoiceState>((set) => ({
  chosen: undefined,
  choose: (address) => set({ chosen: address }),
}));

/** The address the user just chose in the list, once; undefined when none was chosen. */
export function takeChosenAddress(): Address | undefined {
  const { chosen } = useAddressChoice.getState();
  if (chosen) useAddressChoice.setState({ chosen: undefined });
  return chosen;
}
