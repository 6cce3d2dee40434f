import { definePage } from '@/components/page-frame';
import { AddressForm } from '@/features/address/AddressForm';

export default definePage('pages/shipToAddress/shipToAddress', AddressForm);
