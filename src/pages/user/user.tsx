import { definePage, type PageBodyProps } from '@/components/page-frame';
import { UserCentre } from '@/features/account/UserCentre';
import { BrandContact } from '@/features/brand/BrandContact';

function UserBody(props: PageBodyProps) {
  return (
    <>
      <UserCentre {...props} />
      <BrandContact />
    </>
  );
}

export default definePage('pages/user/user', UserBody);
