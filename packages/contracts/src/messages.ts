/**
 * Fills the `{name}` placeholders of a message text (the message tables of auth, events, submissions and reviews);
 * a placeholder without a value stays as written.
 */
export function fillMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}
