/** Read and clear access to cookies; injected into the API client so it can run without a DOM in tests. */
export type CookieAccess = {
  get(name: string): string | undefined;
  remove(name: string): void;
};

/** The browser's readable cookies (httpOnly ones are invisible here and cleared by the server). */
export const documentCookies: CookieAccess = {
  get(name) {
    for (const part of document.cookie.split(';')) {
      const index = part.indexOf('=');
      if (index < 0) continue;
      if (part.slice(0, index).trim() === name) {
        const value = part.slice(index + 1).trim();
        try {
          return decodeURIComponent(value);
        } catch {
          return value;
        }
      }
    }
    return undefined;
  },
  remove(name) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser.
    document.cookie = `${name}=; Max-Age=0; path=/; SameSite=Lax`;
  },
};
