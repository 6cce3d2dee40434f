import { definePage } from '@/components/page-frame';
import { CommonProblems } from '@/features/service/CommonProblems';

export default definePage('pages/commonProblem/commonProblem', CommonProblems);
