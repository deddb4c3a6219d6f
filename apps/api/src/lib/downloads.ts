/**
 * `Content-Disposition: attachment` for a download named `fileName` (RFC 6266): the UTF-8 name, and an ASCII
 * fallback for older clients, which is the name's printable ASCII when that still names something besides its
 * extension (a title in another script leaves only `.pdf`), else `fallback`.
 */
export function attachmentDisposition(fileName: string, fallback: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  const named = /[A-Za-z0-9]/.test(ascii.replace(/\.[A-Za-z0-9]+$/, ''));
  return `attachment; filename="${named ? ascii : fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
