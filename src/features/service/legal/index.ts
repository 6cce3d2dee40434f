/** The legal texts, each built for the active brand's company. */
export { privacyPolicy } from './privacy';
export { registrationAgreement } from './register';
export { rentalAgreement } from './rental';
export { serviceAgreement } from './service';
export { withholdingAgreement } from './withholding';
export type { LegalDocument, LegalParties, LegalSection } from './types';
