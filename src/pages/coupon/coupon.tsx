import { definePage } from '@/components/page-frame';
import { CouponCentre } from '@/features/coupon/CouponCentre';

export default definePage('pages/coupon/coupon', CouponCentre);
