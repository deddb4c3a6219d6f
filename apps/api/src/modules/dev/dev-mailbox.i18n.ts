/** The dev mailbox's own words, in the two interface languages. */
export const MAILBOX_STRINGS = {
  en: {
    dir: 'ltr',
    title: 'Dev mailbox',
    intro:
      'Every e-mail the platform queues is kept here. Without SMTP_URL nothing is delivered, so open the links from here. This page does not exist in production.',
    recipient: 'Recipient',
    filter: 'Filter',
    showAll: 'Show all',
    count: (n: number) => (n === 1 ? '1 message' : `${n} messages`),
    empty: 'No e-mail yet.',
    created: 'Queued',
    sent: 'Sent',
    to: 'To',
    subject: 'Subject',
    template: 'Template',
    locale: 'Language',
    status: 'Status',
    transport: 'Transport',
    attempts: 'Attempts',
    lastError: 'Last error',
    statuses: { queued: 'queued', sent: 'sent', failed: 'failed' } as Record<string, string>,
    back: '← Back to the mailbox',
    plainText: 'Plain-text version',
    language: 'العربية',
  },
  ar: {
    dir: 'rtl',
    title: 'صندوق بريد التطوير',
    intro:
      'تُحفظ هنا كل رسالة بريد إلكتروني تضعها المنصة في قائمة الإرسال. من دون SMTP_URL لا تُسلَّم أي رسالة، لذا افتح الروابط من هنا. هذه الصفحة غير موجودة في بيئة الإنتاج.',
    recipient: 'المستلم',
    filter: 'تصفية',
    showAll: 'عرض الكل',
    count: (n: number) => (n === 1 ? 'رسالة واحدة' : `عدد الرسائل: ${n}`),
    empty: 'لا توجد رسائل بعد.',
    created: 'وقت الإدراج',
    sent: 'وقت الإرسال',
    to: 'إلى',
    subject: 'الموضوع',
    template: 'القالب',
    locale: 'اللغة',
    status: 'الحالة',
    transport: 'وسيلة الإرسال',
    attempts: 'المحاولات',
    lastError: 'آخر خطأ',
    statuses: { queued: 'في الانتظار', sent: 'أُرسلت', failed: 'فشلت' } as Record<string, string>,
    back: '→ العودة إلى صندوق البريد',
    plainText: 'النسخة النصية',
    language: 'English',
  },
} as const;

export type MailboxLanguage = keyof typeof MAILBOX_STRINGS;

/** `?lang=` first, then the browser's Accept-Language, then English. */
export function pickMailboxLanguage(lang: string | undefined, acceptLanguage: string | undefined): MailboxLanguage {
  if (lang === 'ar' || lang === 'en') return lang;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('ar') ? 'ar' : 'en';
}
