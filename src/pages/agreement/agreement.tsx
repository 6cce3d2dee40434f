import { definePage, type PageBodyProps } from '@/components/page-frame';
import { Agreements } from '@/features/service/LegalText';

function AgreementBody({ params }: PageBodyProps) {
  return <Agreements initial={params.type} />;
}

export default definePage('pages/agreement/agreement', AgreementBody);
