import { definePage } from '@/components/page-frame';
import { BrandHero } from '@/features/brand/BrandHero';
import { HomeScreen } from '@/features/catalog/HomeScreen';

function HomeBody() {
  return (
    <>
      <BrandHero />
      <HomeScreen />
    </>
  );
}

export default definePage('pages/home/home', HomeBody);
