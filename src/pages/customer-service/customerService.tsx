import { definePage } from '@/components/page-frame';
import { BrandContact } from '@/features/brand/BrandContact';
import { CustomerService } from '@/features/service/CustomerService';

function CustomerServiceBody() {
  return (
    <>
      <BrandContact />
      <CustomerService />
    </>
  );
}

export default definePage('pages/customer-service/customerService', CustomerServiceBody);
