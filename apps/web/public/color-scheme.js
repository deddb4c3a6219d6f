// Sets the colour scheme before the first paint, so a dark-mode system shows no light flash: the choice stored by
// Mantine's colour-scheme manager if any, else the system setting. A file, not an inline script, because the
// Content-Security-Policy allows scripts from the site's own origin only.
(() => {
  let scheme = 'light';
  try {
    const stored = window.localStorage.getItem('mantine-color-scheme-value');
    if (stored === 'light' || stored === 'dark') scheme = stored;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // Storage blocked: the system setting alone decides.
    if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
