import { definePage } from '@/components/page-frame';
import { BrandHero } from '@/features/brand/BrandHero';
import { WithIcpFooter } from '@/features/brand/IcpFooter';
import { HomeScreen } from '@/features/catalog/HomeScreen';

function HomeBody() {
  const body = (
    <>
      <BrandHero />
      <HomeScreen />
    </>
  );
  // The website's ICP filing, at its foot (mini-programs file theirs with the host).
  return process.env.TARO_ENV === 'h5' ? <WithIcpFooter>{body}</WithIcpFooter> : body;
}

export default definePage('pages/home/home', HomeBody);
