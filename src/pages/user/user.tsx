import { definePage, type PageBodyProps } from '@/components/page-frame';
import { PagePlaceholder } from '@/components/page-placeholder';
import { BrandContact } from '@/features/brand/BrandContact';

function UserBody(props: PageBodyProps) {
  return (
    <>
      <PagePlaceholder {...props} />
      <BrandContact />
    </>
  );
}

export default definePage('pages/user/user', UserBody);
