import type { LocaleMail, MailValues } from './types.ts';

const hello = (v: MailValues) => (v.has('first_name') ? `Hello ${v.text('first_name')},` : 'Hello,');

const DECISIONS: Record<string, string> = {
  accept: 'Accepted',
  accepted: 'Accepted',
  reject: 'Rejected',
  rejected: 'Rejected',
  revision: 'Revision requested',
  revision_requested: 'Revision requested',
  pending: 'Pending',
};

export const en: LocaleMail = {
  locale: 'en',
  dir: 'ltr',
  intlLocale: 'en-GB',
  linkHint: 'If the button does not work, copy this address into your browser:',
  signature: 'The Confero team',
  footer:
    'This message was sent automatically by Confero, the conference management platform. Please do not reply to it.',
  templates: {
    'auth.verify_email': (v) => ({
      subject: 'Confirm your e-mail address for Confero',
      greeting: hello(v),
      paragraphs: [
        'Thank you for creating a Confero account. Please confirm that this e-mail address belongs to you by opening the link below.',
      ],
      actions: [{ label: 'Confirm my e-mail address', url: v.text('link') }],
      closing: [
        'This link expires in 48 hours and can be used only once. If it has expired, you can ask for a new verification e-mail.',
        'If you did not create this account, you can ignore this e-mail.',
      ],
    }),

    'auth.password_reset': (v) => ({
      subject: 'Reset your Confero password',
      greeting: hello(v),
      paragraphs: [
        'We received a request to reset the password of the Confero account that uses this e-mail address. To choose a new password, open the link below.',
      ],
      actions: [{ label: 'Choose a new password', url: v.text('link') }],
      closing: [
        'This link expires in 1 hour and can be used only once.',
        'If you did not ask to reset your password, ignore this e-mail: your password stays unchanged.',
      ],
    }),

    'auth.password_changed': (v) => ({
      subject: 'Your Confero password was changed',
      greeting: hello(v),
      paragraphs: [
        'The password of your Confero account was just changed. If you made this change, there is nothing else to do.',
        'If you did not, reset your password right away with the “Forgot password” link on the sign-in page, and tell the site administrators.',
      ],
      actions: v.has('link') ? [{ label: 'Reset my password', url: v.text('link') }] : [],
    }),

    'events.approved': (v) => ({
      subject: `Your event “${v.text('event_title')}” was approved`,
      greeting: hello(v),
      paragraphs: [
        `Good news: the site administrators approved your event “${v.text('event_title')}”.`,
        'You can now add tracks, invite reviewers and open submissions from the event’s page.',
      ],
      actions: v.has('link') ? [{ label: 'Open the event', url: v.text('link') }] : [],
    }),

    'events.rejected': (v) => ({
      subject: `Your event “${v.text('event_title')}” was not approved`,
      greeting: hello(v),
      paragraphs: [`The site administrators reviewed your event “${v.text('event_title')}” and did not approve it.`],
      note: v.has('reason') ? { label: 'Reason given:', text: v.text('reason') } : undefined,
      closing: [
        'If you have questions, or would like to send a corrected request, please contact the site administrators.',
      ],
    }),

    'events.reviewer_invitation': (v) => ({
      subject: `Invitation to review for ${v.text('event_title')}`,
      greeting: hello(v),
      paragraphs: [
        v.has('inviter_name')
          ? `${v.text('inviter_name')} invites you to join the programme committee of “${v.text('event_title')}” as a reviewer.`
          : `You are invited to join the programme committee of “${v.text('event_title')}” as a reviewer.`,
        'Reviewers read a few of the submitted papers and write a structured review of each before the review deadline.',
      ],
      actions: [
        { label: 'Accept the invitation', url: v.text('accept_url') },
        { label: 'Decline the invitation', url: v.text('decline_url') },
      ],
      closing: [
        'This invitation expires in 14 days. If you accept and do not have a Confero account yet, you can create one with this e-mail address.',
      ],
    }),

    'events.invitation_declined': (v) => ({
      subject: `${v.text('reviewer_name')} declined the invitation to review for ${v.text('event_title')}`,
      greeting: hello(v),
      paragraphs: [
        `${v.text('reviewer_name')} (${v.text('reviewer_email')}) declined your invitation to review for “${v.text('event_title')}”.`,
        'You may want to invite another reviewer so that every submission receives enough reviews.',
      ],
      actions: v.has('link') ? [{ label: 'Manage the reviewers', url: v.text('link') }] : [],
    }),

    'submissions.receipt': (v) => ({
      subject: `Submission received: ${v.text('submission_title')}`,
      greeting: hello(v),
      paragraphs: [
        `We received your submission to “${v.text('event_title')}”. Please keep this e-mail as your receipt.`,
      ],
      details: [
        { label: 'Title', value: v.text('submission_title') },
        { label: 'Event', value: v.text('event_title') },
        { label: 'Received', value: v.dateTime('received_at') },
        { label: 'File fingerprint (SHA-256)', value: v.text('sha256'), monospace: true },
      ],
      actions: v.has('link') ? [{ label: 'View your submission', url: v.text('link') }] : [],
      closing: [
        'You can still edit your submission until the submission deadline. You will receive another e-mail when a decision is made.',
      ],
    }),

    'submissions.decision': (v) => ({
      subject: `Decision on your submission: ${v.text('submission_title')}`,
      greeting: hello(v),
      paragraphs: [
        `The chairs of “${v.text('event_title')}” have made a decision on your submission “${v.text('submission_title')}”.`,
      ],
      details: [{ label: 'Decision', value: DECISIONS[v.text('decision')] ?? v.text('decision') }],
      note: v.has('decision_details')
        ? { label: 'Comments from the chairs:', text: v.text('decision_details') }
        : undefined,
      actions: v.has('link') ? [{ label: 'View your submission', url: v.text('link') }] : [],
      closing: [
        'The reviews shared with authors are on the submission’s page.',
        `Thank you for submitting your work to ${v.text('event_title')}.`,
      ],
    }),

    'reviews.assigned': (v) => ({
      subject: `New review assignment: ${v.text('submission_title')}`,
      greeting: hello(v),
      paragraphs: [
        `You have been assigned to review the submission “${v.text('submission_title')}” for “${v.text('event_title')}”.`,
      ],
      details: v.has('review_deadline') ? [{ label: 'Review deadline', value: v.date('review_deadline') }] : [],
      actions: [{ label: 'Open the review', url: v.text('link') }],
      closing: ['If you have a conflict of interest with this submission, tell the chairs before you start reviewing.'],
    }),

    'reviews.unassigned': (v) => ({
      subject: `Review assignment removed: ${v.text('submission_title')}`,
      greeting: hello(v),
      paragraphs: [
        `You are no longer assigned to review the submission “${v.text('submission_title')}” for “${v.text('event_title')}”: the chairs removed this assignment.`,
        ...(v.has('draft_deleted') ? ['The draft review you had saved for this submission has been deleted.'] : []),
      ],
      actions: v.has('link') ? [{ label: 'View your reviews', url: v.text('link') }] : [],
      closing: ['You do not need to do anything. If you think this is a mistake, contact the chairs of the event.'],
    }),
  },
};
