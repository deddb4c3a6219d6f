/**
 * Copies text (the chairs' submission link): the Clipboard API first, then the old way — a hidden textarea, selected,
 * and `document.execCommand('copy')` — for browsers or pages where the API is missing or refused. Resolves to whether
 * either way worked.
 */
export async function copyText(
  text: string,
  environment: { clipboard?: Pick<Clipboard, 'writeText'>; document?: Document } = {
    clipboard: typeof navigator === 'undefined' ? undefined : navigator.clipboard,
    document: typeof document === 'undefined' ? undefined : document,
  },
): Promise<boolean> {
  if (environment.clipboard?.writeText) {
    try {
      await environment.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, not a secure context): try the fallback.
    }
  }
  const doc = environment.document;
  if (!doc?.body) return false;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.insetInlineStart = '-9999px';
  area.style.opacity = '0';
  doc.body.appendChild(area);
  try {
    area.select();
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
