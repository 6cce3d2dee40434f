import { definePage } from '@/components/page-frame';
import { ConfirmShipment } from '@/features/aftersale/ConfirmShipment';

export default definePage('pages/confirmShipment/confirmShipment', ConfirmShipment);
