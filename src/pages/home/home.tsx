import { definePage } from '@/components/page-frame';
import { BrandHero } from '@/features/brand/BrandHero';
import { IcpFooter } from '@/features/brand/IcpFooter';
import { HomeScreen } from '@/features/catalog/HomeScreen';

function HomeBody() {
  return (
    <>
      <BrandHero />
      <HomeScreen />
      {/* The website's ICP filing, at its foot (mini-programs file theirs with the host). */}
      {process.env.TARO_ENV === 'h5' && <IcpFooter />}
    </>
  );
}

export default definePage('pages/home/home', HomeBody);
