import { definePage, type PageBodyProps } from '@/components/page-frame';
import { UserCentre } from '@/features/account/UserCentre';
import { BrandContact } from '@/features/brand/BrandContact';
import { IcpFooter } from '@/features/brand/IcpFooter';

function UserBody(props: PageBodyProps) {
  return (
    <>
      <UserCentre {...props} />
      <BrandContact />
      {process.env.TARO_ENV === 'h5' && <IcpFooter />}
    </>
  );
}

export default definePage('pages/user/user', UserBody);
