import { definePage } from '@/components/page-frame';
import { ContractStep } from '@/features/verification/ContractStep';

export default definePage('pages/contractPreview/contractPreview', ContractStep);
