import { copyText } from './ui';

/**
 * Hands the user a text document. Mini-programs have no downloads folder: the text goes to the
 * clipboard ('copied'). H5 downloads it as a file (save-file.h5.ts).
 */
export async function saveTextFile(
  _fileName: string,
  text: string,
  _mime = 'application/json',
): Promise<'downloaded' | 'copied' | 'failed'> {
  return (await copyText(text)) ? 'copied' : 'failed';
}
