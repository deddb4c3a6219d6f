import { MAIL_SINK_URL } from './env.ts';

/** A message as the mail sink gives it back. */
export type SinkMail = { to: string; subject: string; text: string; html: string; received_at: string };

/** Every message the sink received for an address, oldest first. */
export async function mailsTo(address: string): Promise<SinkMail[]> {
  const response = await fetch(`${MAIL_SINK_URL}/messages?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
  return (await response.json()) as SinkMail[];
}

/**
 * Waits for the newest mail to an address whose subject matches, among those after the first `skip` ones
 * (the app queues mails and a job delivers them within seconds).
 */
export async function waitForMail(
  address: string,
  options: { subject: RegExp; skip?: number; timeoutMs?: number },
): Promise<SinkMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const found = (await mailsTo(address))
      .slice(options.skip ?? 0)
      .filter((mail) => options.subject.test(mail.subject));
    const newest = found.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${address} with a subject matching ${options.subject} arrived`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The first link in a mail's text whose path starts with `pathPrefix`, as a same-origin path with its query. */
export function linkIn(mail: SinkMail, pathPrefix: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    const url = new URL(match[0].replace(/[.,;:!?]+$/, ''));
    if (url.pathname.startsWith(pathPrefix)) return `${url.pathname}${url.search}`;
  }
  throw new Error(`the mail "${mail.subject}" has no link to ${pathPrefix}:\n${mail.text}`);
}
