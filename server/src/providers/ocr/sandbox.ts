/**
 * Sandbox OCR. It "recognises" a photo that carries a test identity, and answers "not recognised"
 * (the page then asks for manual entry) for anything else, as the real service does for a blurry
 * photo:
 * - front: the file's bytes contain `SBXID:<ID number>:<name>;` (e.g. appended after the image
 *   data), or its file name is `idcard_<ID number>_<name>.<ext>`;
 * - back: the bytes contain `SBXBACK:<YYYYMMDD>;` or the file name is `idcard_back_<YYYYMMDD>.<ext>`.
 * The sandbox does not validate what it reads: the route checks the fields like typed ones.
 * A file name containing `ocr_unavailable` makes the service fail.
 */
import { ProviderError } from '../errors.ts';
import type { IdCardSide, OcrProvider, OcrResult } from './index.ts';

const FRONT_IN_BYTES = /SBXID:([0-9]{17}[0-9Xx]):([^;:\n]{1,30});/u;
const FRONT_IN_NAME = /^idcard_([0-9]{17}[0-9Xx])_([^_.]{1,30})\.[a-z]+$/iu;
const BACK_IN_BYTES = /SBXBACK:([0-9]{8});/;
const BACK_IN_NAME = /^idcard_back_([0-9]{8})\.[a-z]+$/i;

export class SandboxOcr implements OcrProvider {
  readonly name = 'sandbox';

  async recogniseIdCard(image: Buffer, fileName: string, side: IdCardSide): Promise<OcrResult> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (fileName.includes('ocr_unavailable')) {
      throw new ProviderError('ocr', 'unavailable', 'sandbox: OCR service unavailable');
    }
    const text = image.toString('utf8');
    if (side === 'front') {
      const match = FRONT_IN_BYTES.exec(text) ?? FRONT_IN_NAME.exec(fileName);
      if (!match) return { recognised: false, side };
      return { recognised: true, side, idNo: match[1].toUpperCase(), name: match[2] };
    }
    const match = BACK_IN_BYTES.exec(text) ?? BACK_IN_NAME.exec(fileName);
    return match ? { recognised: true, side, validTo: match[1] } : { recognised: false, side };
  }
}
