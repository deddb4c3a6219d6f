import type { MailContent, MailTemplate, MailValues } from './types.ts';

/**
 * A template's text `name` in the mail's locale (`packages/i18n/locales/{en,ar}/mail.json`,
 * `templates.<template>.<name>`), its `{{placeholders}}` filled from the mail's data.
 */
export type Say = (name: string) => string;

/**
 * A template's content apart from the greeting, which every mail shares; a layout that returns its own `greeting`
 * replaces it ('' for none: a chair's text writes its own).
 */
export type MailLayout = (
  v: MailValues,
  say: Say,
  decision: (value: string) => string,
) => Omit<MailContent, 'greeting'> & { greeting?: string };

/**
 * Which blocks each mail has, in which order, and on which data they depend; the words are the catalogue's, so
 * every locale has every template.
 */
export const MAIL_LAYOUTS: Record<MailTemplate, MailLayout> = {
  'auth.verify_email': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    actions: [{ label: say('confirm'), url: v.text('link') }],
    closing: [say('expiry'), say('notYou')],
  }),

  'auth.password_reset': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    actions: [{ label: say('choose'), url: v.text('link') }],
    closing: [say('expiry'), say('notYou')],
  }),

  'auth.password_changed': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro'), say('notYou')],
    actions: v.has('link') ? [{ label: say('reset'), url: v.text('link') }] : [],
  }),

  'events.approved': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro'), say('next')],
    actions: v.has('link') ? [{ label: say('open'), url: v.text('link') }] : [],
  }),

  'events.rejected': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    note: v.has('reason') ? { label: say('reasonLabel'), text: v.text('reason') } : undefined,
    closing: [say('contact')],
  }),

  'events.reviewer_invitation': (v, say) => ({
    subject: say('subject'),
    paragraphs: [v.has('inviter_name') ? say('introFrom') : say('intro'), say('role')],
    actions: [
      { label: say('accept'), url: v.text('accept_url') },
      { label: say('decline'), url: v.text('decline_url') },
    ],
    closing: [say('expiry')],
  }),

  /**
   * A chair's, an area chair's or an event admin's invitation: the role (`chair`, `area_chair`, else event admin)
   * chooses the words.
   */
  'events.organizer_invitation': (v, say) => {
    const role = v.text('role') === 'chair' ? 'Chair' : v.text('role') === 'area_chair' ? 'AreaChair' : 'EventAdmin';
    return {
      subject: say(`subject${role}`),
      paragraphs: [v.has('inviter_name') ? say(`introFrom${role}`) : say(`intro${role}`), say(`role${role}`)],
      actions: [
        { label: say('accept'), url: v.text('accept_url') },
        { label: say('decline'), url: v.text('decline_url') },
      ],
      closing: [say('expiry')],
    };
  },

  'events.invitation_declined': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro'), say('next')],
    actions: v.has('link') ? [{ label: say('manage'), url: v.text('link') }] : [],
  }),

  /**
   * A mail an event's chairs wrote (`modules/communications`): subject and body arrive filled in, as plain text; the
   * body's blank lines separate its paragraphs, and it carries its own greeting.
   */
  'events.message': (v, say) => ({
    subject: v.text('subject'),
    greeting: '',
    paragraphs: v
      .text('body')
      .split(/\r?\n[ \t]*\r?\n/)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph !== ''),
    actions: v.has('link') ? [{ label: say('open'), url: v.text('link') }] : [],
  }),

  'submissions.receipt': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    details: [
      { label: say('titleLabel'), value: v.text('submission_title') },
      { label: say('eventLabel'), value: v.text('event_title') },
      { label: say('receivedLabel'), value: v.dateTime('received_at') },
      { label: say('fingerprintLabel'), value: v.text('sha256'), monospace: true },
    ],
    actions: v.has('link') ? [{ label: say('view'), url: v.text('link') }] : [],
    closing: [say('edit')],
  }),

  'submissions.decision': (v, say, decision) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    details: [{ label: say('decisionLabel'), value: decision(v.text('decision')) }],
    note: v.has('decision_details') ? { label: say('commentsLabel'), text: v.text('decision_details') } : undefined,
    actions: v.has('link') ? [{ label: say('view'), url: v.text('link') }] : [],
    closing: [say('reviews'), say('thanks')],
  }),

  'reviews.assigned': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    details: v.has('review_deadline') ? [{ label: say('deadlineLabel'), value: v.date('review_deadline') }] : [],
    actions: [{ label: say('open'), url: v.text('link') }],
    closing: [say('conflict')],
  }),

  'reviews.unassigned': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro'), ...(v.has('draft_deleted') ? [say('draftDeleted')] : [])],
    actions: v.has('link') ? [{ label: say('view'), url: v.text('link') }] : [],
    closing: [say('nothingToDo')],
  }),

  'responses.submitted': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    actions: [{ label: say('open'), url: v.text('link') }],
    closing: [say('update')],
  }),

  /** `closes_at` is the window's end as the event states it: a wall-clock time with its zone. */
  'responses.window_open': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    details: [{ label: say('closesLabel'), value: v.text('closes_at') }],
    actions: [{ label: say('open'), url: v.text('link') }],
    closing: [say('limit')],
  }),

  'responses.closing_soon': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    details: [{ label: say('closesLabel'), value: v.text('closes_at') }],
    actions: [{ label: say('open'), url: v.text('link') }],
    closing: [say('draft')],
  }),

  'final_versions.received': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    details: [{ label: say('versionLabel'), value: v.text('version') }],
    actions: [{ label: say('open'), url: v.text('link') }],
    closing: [say('change')],
  }),

  'discussion.mentioned': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    note: v.has('comment') ? { label: say('commentLabel'), text: v.text('comment') } : undefined,
    actions: [{ label: say('open'), url: v.text('link') }],
    closing: [say('confidential')],
  }),

  /** To a paper's committee: its meta-review is completed; the recommendation named, never the area chair's text. */
  'meta_reviews.completed': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro'), say('recommendation')],
    actions: [{ label: say('open'), url: v.text('link') }],
  }),

  /** To an area chair, once per automatic assignment applied: the papers they now chair, one a line. */
  'area_chairs.papers_assigned': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    note: { label: say('papersLabel'), text: v.text('papers') },
    actions: [{ label: say('open'), url: v.text('link') }],
    closing: [say('conflict')],
  }),

  /** To a reviewer, once per automatic assignment applied: the papers they now review, one a line. */
  'reviews.papers_assigned': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    details: v.has('review_deadline') ? [{ label: say('deadlineLabel'), value: v.date('review_deadline') }] : [],
    note: { label: say('papersLabel'), text: v.text('papers') },
    actions: [{ label: say('open'), url: v.text('link') }],
    closing: [say('conflict')],
  }),

  'area_chairs.assigned': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro')],
    actions: [{ label: say('open'), url: v.text('link') }],
    closing: [say('conflict')],
  }),

  /** The message is the asker's own text, quoted; a review not submitted yet is asked to be completed. */
  'reviews.revisit': (v, say) => ({
    subject: say('subject'),
    paragraphs: [say('intro'), ...(v.has('incomplete') ? [say('complete')] : [])],
    note: { label: say('messageLabel'), text: v.text('message') },
    actions: [{ label: say('open'), url: v.text('link') }],
  }),
};
