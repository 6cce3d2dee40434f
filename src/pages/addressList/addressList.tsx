import { definePage } from '@/components/page-frame';
import { AddressList } from '@/features/address/AddressList';

export default definePage('pages/addressList/addressList', AddressList);
