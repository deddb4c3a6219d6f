import { describe, expect, it } from 'vitest';
import { renderMail, resolveMailLocale } from './render.ts';
import { MAIL_LOCALES, MAIL_TEMPLATES, type MailData, type MailTemplate, REQUIRED_DATA } from './templates/index.ts';

const SAMPLE: Record<MailTemplate, MailData> = {
  'auth.verify_email': { first_name: 'Ada', link: 'https://confero.test/verify-email?token=abc' },
  'auth.password_reset': { first_name: 'Ada', link: 'https://confero.test/reset-password/MS1hYmM/tok' },
  'auth.password_changed': { first_name: 'Ada' },
  'events.approved': { first_name: 'Ada', event_title: 'ICML 2027', link: 'https://confero.test/events/4-abcdefgh' },
  'events.rejected': { first_name: 'Ada', event_title: 'ICML 2027', reason: 'Dates overlap.' },
  'events.reviewer_invitation': {
    first_name: 'Grace',
    event_title: 'ICML 2027',
    inviter_name: 'Ada Lovelace',
    accept_url: 'https://confero.test/api/events/invitations/accept/?token=yes',
    decline_url: 'https://confero.test/api/events/invitations/decline/?token=no',
  },
  'events.organizer_invitation': {
    first_name: 'Grace',
    event_title: 'ICML 2027',
    inviter_name: 'Ada Lovelace',
    role: 'chair',
    accept_url: 'https://confero.test/api/events/invitations/yes/accept/',
    decline_url: 'https://confero.test/api/events/invitations/no/decline/',
  },
  'events.invitation_declined': {
    first_name: 'Ada',
    event_title: 'ICML 2027',
    reviewer_name: 'Grace Hopper',
    reviewer_email: 'grace@example.org',
  },
  'events.message': {
    subject: 'News from ICML 2027',
    body: 'Dear Ada, the programme is online.',
    link: 'https://confero.test/events/4-abcdefgh',
  },
  'submissions.receipt': {
    first_name: 'Alan',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    received_at: '2026-11-21T07:24:00.000Z',
    sha256: 'a'.repeat(64),
  },
  'submissions.decision': {
    first_name: 'Alan',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    decision: 'accept',
    decision_details: 'Strong paper.\nPlease fix the typos.',
  },
  'reviews.assigned': {
    first_name: 'Grace',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    link: 'https://confero.test/reviews/7-abcdefgh',
    review_deadline: '2027-03-01',
  },
  'reviews.unassigned': {
    first_name: 'Grace',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    draft_deleted: 'yes',
    link: 'https://confero.test/reviews',
  },
  'responses.submitted': {
    first_name: 'Grace',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    link: 'https://confero.test/submissions/7-abcdefgh',
  },
  'responses.window_open': {
    first_name: 'Alan',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    closes_at: '2027-04-08 17:30 (Africa/Cairo)',
    link: 'https://confero.test/events/4-abcdefgh/submissions/7-abcdefgh/response',
  },
  'responses.closing_soon': {
    first_name: 'Alan',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    closes_at: '2027-04-08 17:30 (Africa/Cairo)',
    link: 'https://confero.test/events/4-abcdefgh/submissions/7-abcdefgh/response',
  },
  'final_versions.received': {
    first_name: 'Alan',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    version: '2',
    link: 'https://confero.test/submissions/7-abcdefgh/final-version',
  },
  'meta_reviews.completed': {
    first_name: 'Grace',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    recommendation: 'Accept',
    link: 'https://confero.test/submissions/7-abcdefgh',
  },
  'discussion.mentioned': {
    first_name: 'Grace',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    comment: 'Could you look at the proof of the second theorem?',
    link: 'https://confero.test/submissions/7-abcdefgh#discussion',
  },
  'area_chairs.papers_assigned': {
    first_name: 'Barbara',
    event_title: 'ICML 2027',
    count: 1,
    papers: '• On Computable Numbers',
    link: 'https://confero.test/area-chair',
  },
  'area_chairs.assigned': {
    first_name: 'Barbara',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    link: 'https://confero.test/area-chair',
  },
  'reviews.revisit': {
    first_name: 'Grace',
    submission_title: 'On Computable Numbers',
    event_title: 'ICML 2027',
    message: 'Could you weigh the authors’ response to your second point?',
    incomplete: 'yes',
    link: 'https://confero.test/reviews/7-abcdefgh',
  },
  'reviews.papers_assigned': {
    first_name: 'Grace',
    event_title: 'ICML 2027',
    count: 1,
    papers: '• On Computable Numbers',
    review_deadline: '2027-03-01',
    link: 'https://confero.test/reviews',
  },
};

describe('every template', () => {
  it('exists in English and Arabic', () => {
    expect(Object.keys(MAIL_LOCALES).sort()).toEqual(['ar', 'en']);
    for (const locale of Object.values(MAIL_LOCALES)) {
      expect(Object.keys(locale.templates).sort()).toEqual([...MAIL_TEMPLATES].sort());
    }
  });

  it.each(MAIL_TEMPLATES)('%s renders a subject, a text body and an HTML body in both languages', (template) => {
    const en = renderMail(template, 'en', SAMPLE[template]);
    const ar = renderMail(template, 'ar', SAMPLE[template]);
    expect(en.locale).toBe('en');
    expect(ar.locale).toBe('ar');
    for (const mail of [en, ar]) {
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).toContain(`<title>${mail.subject.replaceAll('&', '&amp;')}</title>`);
      // Every value the template needs reaches both bodies.
      for (const key of REQUIRED_DATA[template]) {
        const value = String(SAMPLE[template][key]);
        if (key === 'received_at' || key === 'decision') continue; // shown formatted
        if (key === 'role') continue; // chooses the words (an invitation's role)
        if (key === 'subject') {
          expect(mail.subject).toBe(value); // a chair's mail: the subject is the data's
          continue;
        }
        expect(mail.text).toContain(value);
        expect(mail.html).toContain(value.replaceAll('&', '&amp;'));
      }
    }
    expect(en.html).toContain('<html lang="en" dir="ltr">');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('<div dir="rtl"');
    // A chair's mail arrives worded in the recipient's language; every other template is worded by the catalogue.
    if (template !== 'events.message') {
      expect(ar.subject).toMatch(/[\u0600-\u06FF]/);
      expect(en.subject).not.toMatch(/[\u0600-\u06FF]/);
    }
    expect(ar.text).not.toBe(en.text);
  });
});

describe('wording', () => {
  it('says the verification link expires in 48 hours and the reset link in 1 hour', () => {
    expect(renderMail('auth.verify_email', 'en', SAMPLE['auth.verify_email']).text).toContain('expires in 48 hours');
    expect(renderMail('auth.verify_email', 'ar', SAMPLE['auth.verify_email']).text).toContain('48 ساعة');
    expect(renderMail('auth.password_reset', 'en', SAMPLE['auth.password_reset']).text).toContain('expires in 1 hour');
    expect(renderMail('auth.password_reset', 'ar', SAMPLE['auth.password_reset']).text).toContain('ساعة واحدة');
  });

  it('gives the invitation accept and decline links and its 14-day expiry', () => {
    const data = SAMPLE['events.reviewer_invitation'];
    const mail = renderMail('events.reviewer_invitation', 'en', data);
    expect(mail.subject).toBe('Invitation to review for ICML 2027');
    expect(mail.text).toContain('Ada Lovelace invites you');
    expect(mail.text).toContain('expires in 14 days');
    expect(mail.html).toContain(`href="${data.accept_url}"`);
    expect(mail.html).toContain(`href="${data.decline_url}"`);
    expect(mail.html).toContain('>Accept the invitation</a>');
    expect(mail.html).toContain('>Decline the invitation</a>');
    const ar = renderMail('events.reviewer_invitation', 'ar', data);
    expect(ar.text).toContain('14 يومًا');
    expect(ar.html).toContain('>قبول الدعوة</a>');
  });

  it('puts title, event, received time and SHA-256 in the receipt', () => {
    const mail = renderMail('submissions.receipt', 'en', SAMPLE['submissions.receipt']);
    expect(mail.subject).toBe('Submission received: On Computable Numbers');
    expect(mail.text).toContain('Title: On Computable Numbers');
    expect(mail.text).toContain('Event: ICML 2027');
    expect(mail.text).toContain('Received: 21 November 2026 at 07:24 UTC');
    expect(mail.text).toContain(`File fingerprint (SHA-256): ${'a'.repeat(64)}`);
  });

  it('names the decision and quotes the decision details', () => {
    const mail = renderMail('submissions.decision', 'en', SAMPLE['submissions.decision']);
    expect(mail.text).toContain('Decision: Accepted');
    expect(mail.text).toContain('Comments from the chairs:\nStrong paper.\nPlease fix the typos.');
    expect(mail.html).toContain('Strong paper.<br>Please fix the typos.');
    const ar = renderMail('submissions.decision', 'ar', { ...SAMPLE['submissions.decision'], decision: 'revision' });
    expect(ar.text).toContain('القرار: مطلوب تعديلها');
    const other = renderMail('submissions.decision', 'en', {
      ...SAMPLE['submissions.decision'],
      decision: 'desk_reject',
    });
    expect(other.text).toContain('Decision: desk_reject');
  });

  it('names the event when approved or rejected', () => {
    expect(renderMail('events.approved', 'en', SAMPLE['events.approved']).subject).toBe(
      'Your event “ICML 2027” was approved',
    );
    const rejected = renderMail('events.rejected', 'en', SAMPLE['events.rejected']);
    expect(rejected.subject).toBe('Your event “ICML 2027” was not approved');
    expect(rejected.text).toContain('Reason given:\nDates overlap.');
  });

  it('links the assigned review and gives its deadline', () => {
    const mail = renderMail('reviews.assigned', 'en', SAMPLE['reviews.assigned']);
    expect(mail.text).toContain('review the submission “On Computable Numbers” for “ICML 2027”');
    expect(mail.text).toContain('Review deadline: 1 March 2027');
    expect(mail.html).toContain('href="https://confero.test/reviews/7-abcdefgh"');
  });

  it('tells a reviewer the assignment was removed, and that their draft went with it only when it did', () => {
    const withDraft = renderMail('reviews.unassigned', 'en', SAMPLE['reviews.unassigned']);
    expect(withDraft.subject).toBe('Review assignment removed: On Computable Numbers');
    expect(withDraft.text).toContain(
      'You are no longer assigned to review the submission “On Computable Numbers” for “ICML 2027”',
    );
    expect(withDraft.text).toContain('The draft review you had saved for this submission has been deleted.');
    expect(withDraft.html).toContain('href="https://confero.test/reviews"');
    const { draft_deleted: _, ...untouched } = SAMPLE['reviews.unassigned'];
    expect(renderMail('reviews.unassigned', 'en', untouched).text).not.toContain('draft');
    const arabic = renderMail('reviews.unassigned', 'ar', SAMPLE['reviews.unassigned']);
    expect(arabic.subject).toBe('إلغاء مهمة مراجعة: On Computable Numbers');
    expect(arabic.text).toContain('حُذفت مسودة المراجعة');
    expect(renderMail('reviews.unassigned', 'ar', untouched).text).not.toContain('مسودة');
  });

  it('tells an area chair which paper they chair, and invites one in their words', () => {
    const mail = renderMail('area_chairs.assigned', 'en', SAMPLE['area_chairs.assigned']);
    expect(mail.subject).toBe('You are the area chair of “On Computable Numbers”');
    expect(mail.html).toContain('href="https://confero.test/area-chair"');
    expect(renderMail('area_chairs.assigned', 'ar', SAMPLE['area_chairs.assigned']).subject).toBe(
      'أنت رئيس مجال «On Computable Numbers»',
    );
    const invitation = renderMail('events.organizer_invitation', 'en', {
      ...SAMPLE['events.organizer_invitation'],
      role: 'area_chair',
    });
    expect(invitation.subject).toBe('Invitation to be an area chair of ICML 2027');
    expect(invitation.text).toContain('Area chairs lead the papers');
  });

  it('quotes the message asking a reviewer to revisit, and asks to complete a review not submitted', () => {
    const mail = renderMail('reviews.revisit', 'en', SAMPLE['reviews.revisit']);
    expect(mail.subject).toBe('Please revisit your review of “On Computable Numbers”');
    expect(mail.text).toContain('Message:\nCould you weigh the authors’ response to your second point?');
    expect(mail.text).toContain('please complete it');
    const { incomplete: _, ...completed } = SAMPLE['reviews.revisit'];
    expect(renderMail('reviews.revisit', 'en', completed).text).not.toContain('please complete');
    expect(renderMail('reviews.revisit', 'ar', SAMPLE['reviews.revisit']).text).toContain('يُرجى إكمالها');
  });

  it('lists the papers an automatic assignment gave an area chair, one a line, in both languages', () => {
    const papers = {
      ...SAMPLE['area_chairs.papers_assigned'],
      count: 2,
      papers: '• On Computable Numbers\n• A Mathematical Theory of Communication',
    };
    const mail = renderMail('area_chairs.papers_assigned', 'en', papers);
    expect(mail.subject).toBe('Papers to chair for “ICML 2027”');
    expect(mail.text).toContain(
      'Your new papers (2)\n• On Computable Numbers\n• A Mathematical Theory of Communication',
    );
    expect(mail.html).toContain('href="https://confero.test/area-chair"');
    const arabic = renderMail('area_chairs.papers_assigned', 'ar', papers);
    expect(arabic.subject).toBe('أوراق تترأس مجالها في «ICML 2027»');
    expect(arabic.text).toContain('أوراقك الجديدة (2)');
  });

  it('lists the papers an automatic assignment gave a reviewer, with the deadline, in both languages', () => {
    const papers = {
      ...SAMPLE['reviews.papers_assigned'],
      count: 2,
      papers: '• On Computable Numbers\n• A Mathematical Theory of Communication',
    };
    const mail = renderMail('reviews.papers_assigned', 'en', papers);
    expect(mail.subject).toBe('Papers to review for “ICML 2027”');
    expect(mail.text).toContain('The chairs of “ICML 2027” applied an automatic assignment');
    expect(mail.text).toContain('Review deadline: 1 March 2027');
    expect(mail.text).toContain(
      'Your new papers (2)\n• On Computable Numbers\n• A Mathematical Theory of Communication',
    );
    expect(mail.text).toContain('If you have a conflict of interest with one of these submissions');
    expect(mail.html).toContain('href="https://confero.test/reviews"');
    expect(mail.html).toContain('>Open your reviews</a>');
    const arabic = renderMail('reviews.papers_assigned', 'ar', papers);
    expect(arabic.subject).toBe('أوراق لمراجعتها في «ICML 2027»');
    expect(arabic.text).toContain('أوراقك الجديدة (2)\n• On Computable Numbers');
    expect(arabic.text).toContain('الموعد النهائي للمراجعة: ');
    expect(arabic.text).toContain('تضارب مصالح');
    expect(arabic.html).toContain('>فتح مراجعاتك</a>');
    const undated = { ...papers, review_deadline: undefined };
    expect(renderMail('reviews.papers_assigned', 'en', undated).text).not.toContain('Review deadline');
  });

  it("lays a chair's text out as its own paragraphs, without the common greeting, escaped, with the link as a button", () => {
    const mail = renderMail('events.message', 'ar', {
      subject: 'تذكير',
      body: 'عزيزتي <Ada>،\n\nالسطر الأول\nالسطر الثاني\n \n\nشكرًا',
      link: 'https://confero.test/reviews',
    });
    expect(mail.text.startsWith('عزيزتي <Ada>،\n\nالسطر الأول\nالسطر الثاني\n\nشكرًا\n\n')).toBe(true);
    expect(mail.text).not.toContain('مرحبًا');
    expect(mail.html).toContain('عزيزتي &lt;Ada&gt;،</p>');
    expect(mail.html).toContain('السطر الأول<br>السطر الثاني</p>');
    expect(mail.html).toContain('href="https://confero.test/reviews"');
    const plain = renderMail('events.message', 'en', { subject: 'Hi', body: 'Text only.' });
    expect(plain.html).not.toContain('href=');
  });

  it('greets by first name, or plainly without one', () => {
    expect(renderMail('auth.password_changed', 'en', { first_name: 'Ada' }).text).toMatch(/^Hello Ada,\n/);
    expect(renderMail('auth.password_changed', 'en', {}).text).toMatch(/^Hello,\n/);
    expect(renderMail('auth.password_changed', 'ar', { first_name: 'Ada' }).text).toMatch(/^مرحبًا Ada،\n/);
  });
});

describe('safety', () => {
  it('escapes data in the HTML body and keeps it verbatim in the text body', () => {
    const data = { ...SAMPLE['events.approved'], event_title: '<script>alert("x")</script> & <b>Co</b>' };
    const mail = renderMail('events.approved', 'en', data);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Co</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Co&lt;/b&gt;');
    expect(mail.text).toContain('<script>alert("x")</script> & <b>Co</b>');
  });

  it('keeps the subject on one line', () => {
    const mail = renderMail('events.approved', 'en', { ...SAMPLE['events.approved'], event_title: 'A\r\nBcc: x@y' });
    expect(mail.subject).toBe('Your event “A Bcc: x@y” was approved');
  });

  it('never turns a non-web address into a link', () => {
    const mail = renderMail('auth.verify_email', 'en', { first_name: 'A', link: 'javascript:alert(1)' });
    expect(mail.html).not.toContain('href="javascript:');
    expect(mail.html).toContain('javascript:alert(1)');
  });
});

describe('locales', () => {
  it.each([
    ['en', 'en'],
    ['ar', 'ar'],
    ['ar-EG', 'ar'],
    ['AR_sa', 'ar'],
    ['fr', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (given, expected) => {
    expect(resolveMailLocale(given)).toBe(expected);
    expect(renderMail('auth.password_changed', given, {}).locale).toBe(expected);
  });
});
