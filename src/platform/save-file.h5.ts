/** NOTE(h5): a Blob and an `<a download>` save the document as a file in the browser. */
export function saveTextFile(
  fileName: string,
  text: string,
  mime = 'application/json',
): Promise<'downloaded' | 'copied' | 'failed'> {
  try {
    const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Revoked later: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return Promise.resolve('downloaded');
  } catch {
    return Promise.resolve('failed');
  }
}
