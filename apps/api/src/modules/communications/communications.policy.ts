import { policyTable } from '../../lib/authorize.ts';
import { type EventAccess, eventConsolePolicies } from '../events/events.policy.ts';

/*
 * Who may word, send and follow an event's mails: its organizers (event admins, chairs of the whole event) and
 * platform admins. Other members of the event (reviewers, track chairs) get 403; people outside it 404, even on a
 * public event, so they learn nothing about its mail.
 *
 * The event's outbox shows every mail of the event, including who was asked to review which paper: organizers see
 * the event's reviewers and assignments anyway, so the outbox tells them nothing new. A chair with a conflict of
 * interest on one paper still sees that paper's assignment mails here (the reviewers panel shows them too).
 *
 * Every action reads the events module's 'event.sendMail', which the event's `send_mail` ability reads too.
 */
const forOrganizers = eventConsolePolicies['event.sendMail'];

export const communicationsPolicies = policyTable<EventAccess>()({
  'mail.manageTemplates': forOrganizers,
  'mail.send': forOrganizers,
  'mail.remindReviewers': forOrganizers,
  'mail.viewOutbox': forOrganizers,
  'mail.resend': forOrganizers,
});
export type CommunicationsAction = keyof typeof communicationsPolicies;
