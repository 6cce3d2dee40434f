import { definePage, type PageBodyProps } from '@/components/page-frame';
import { PagePlaceholder } from '@/components/page-placeholder';
import { BrandHero } from '@/features/brand/BrandHero';

function HomeBody(props: PageBodyProps) {
  return (
    <>
      <BrandHero />
      <PagePlaceholder {...props} />
    </>
  );
}

export default definePage('pages/home/home', HomeBody);
