/**
 * Fills the `{name}` placeholders of a message text (the message tables of auth, events, submissions and reviews);
 * a placeholder without a value stays as written.
 */
export function fillMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/** The names of a message text's `{name}` placeholders, in order. */
export function placeholderNames(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/**
 * The inverse of `fillMessage`: the placeholder values read back from a filled text. 'No user found with email
 * a@b.org' against 'No user found with email {email}' gives { email: 'a@b.org' }; empty when the text does not
 * match. Clients use it to translate a server message that came with its English text only.
 */
export function readMessageParams(template: string, filled: string | undefined): Record<string, string> {
  const names = placeholderNames(template);
  if (names.length === 0 || !filled) return {};
  const pattern = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  const match = new RegExp(`^${pattern}$`, 's').exec(filled.trim());
  if (!match) return {};
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
}
