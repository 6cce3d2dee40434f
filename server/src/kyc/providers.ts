/**
 * The verification providers (OCR, face, credit, e-sign, bank card), one set per app. They live
 * beside `Providers` rather than in it until `providers/index.ts` lists them (see README); routes
 * and tests reach them through `kycProviders(app.deps)`.
 */
import type { AppDeps } from '../deps.ts';
import { createBankCardProvider, type BankCardProvider } from '../providers/bank-card/index.ts';
import { createCreditProvider, type CreditProvider } from '../providers/credit/index.ts';
import { createEsignProvider, type EsignProvider } from '../providers/esign/index.ts';
import { createFaceProvider, type FaceProvider } from '../providers/face/index.ts';
import { createOcrProvider, type OcrProvider } from '../providers/ocr/index.ts';

export interface KycProviders {
  ocr: OcrProvider;
  face: FaceProvider;
  credit: CreditProvider;
  esign: EsignProvider;
  bankCard: BankCardProvider;
}

const byApp = new WeakMap<AppDeps, KycProviders>();

export function kycProviders(deps: AppDeps): KycProviders {
  let providers = byApp.get(deps);
  if (!providers) {
    providers = {
      ocr: createOcrProvider(),
      face: createFaceProvider(),
      credit: createCreditProvider(),
      esign: createEsignProvider(),
      bankCard: createBankCardProvider(),
    };
    byApp.set(deps, providers);
  }
  return providers;
}
