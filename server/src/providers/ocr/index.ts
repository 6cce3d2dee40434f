/** ID-card OCR: a photo of the card in, the printed fields out (or "not recognised"). */

export type IdCardSide = 'front' | 'back';

export type OcrResult =
  | { recognised: true; side: 'front'; name: string; idNo: string }
  | { recognised: true; side: 'back'; validTo: string }
  | { recognised: false; side: IdCardSide };

export interface OcrProvider {
  readonly name: string;
  /** Reads one side of an ID card; rejects with ProviderError when the service fails. */
  recogniseIdCard(image: Buffer, fileName: string, side: IdCardSide): Promise<OcrResult>;
}
