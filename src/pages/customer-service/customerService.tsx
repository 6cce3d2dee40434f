import { definePage, type PageBodyProps } from '@/components/page-frame';
import { PagePlaceholder } from '@/components/page-placeholder';
import { BrandContact } from '@/features/brand/BrandContact';

function CustomerServiceBody(props: PageBodyProps) {
  return (
    <>
      <BrandContact />
      <PagePlaceholder {...props} />
    </>
  );
}

export default definePage('pages/customer-service/customerService', CustomerServiceBody);
