import type { LocaleMail, MailValues } from './types.ts';

const hello = (v: MailValues) => (v.has('first_name') ? `مرحبًا ${v.text('first_name')}،` : 'مرحبًا،');

const DECISIONS: Record<string, string> = {
  accept: 'مقبولة',
  accepted: 'مقبولة',
  reject: 'مرفوضة',
  rejected: 'مرفوضة',
  revision: 'مطلوب تعديلها',
  revision_requested: 'مطلوب تعديلها',
  pending: 'قيد الانتظار',
};

export const ar: LocaleMail = {
  locale: 'ar',
  dir: 'rtl',
  intlLocale: 'ar',
  linkHint: 'إذا لم يعمل الزر، فانسخ هذا العنوان والصقه في متصفحك:',
  signature: 'فريق Confero',
  footer: 'أُرسلت هذه الرسالة تلقائيًا من Confero، منصة إدارة المؤتمرات. يُرجى عدم الرد عليها.',
  templates: {
    'auth.verify_email': (v) => ({
      subject: 'أكِّد عنوان بريدك الإلكتروني في Confero',
      greeting: hello(v),
      paragraphs: ['شكرًا لإنشائك حسابًا في Confero. يُرجى تأكيد أن عنوان البريد الإلكتروني هذا يخصّك بفتح الرابط أدناه.'],
      actions: [{ label: 'تأكيد بريدي الإلكتروني', url: v.text('link') }],
      closing: [
        'تنتهي صلاحية هذا الرابط خلال 48 ساعة، ولا يمكن استخدامه إلا مرة واحدة. إذا انتهت صلاحيته، يمكنك طلب رسالة تحقق جديدة.',
        'إذا لم تُنشئ هذا الحساب، فيمكنك تجاهل هذه الرسالة.',
      ],
    }),

    'auth.password_reset': (v) => ({
      subject: 'إعادة تعيين كلمة المرور في Confero',
      greeting: hello(v),
      paragraphs: [
        'تلقّينا طلبًا لإعادة تعيين كلمة المرور لحساب Confero الذي يستخدم عنوان البريد الإلكتروني هذا. لاختيار كلمة مرور جديدة، افتح الرابط أدناه.',
      ],
      actions: [{ label: 'اختيار كلمة مرور جديدة', url: v.text('link') }],
      closing: [
        'تنتهي صلاحية هذا الرابط خلال ساعة واحدة، ولا يمكن استخدامه إلا مرة واحدة.',
        'إذا لم تطلب إعادة تعيين كلمة المرور، فتجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.',
      ],
    }),

    'auth.password_changed': (v) => ({
      subject: 'تم تغيير كلمة مرور حسابك في Confero',
      greeting: hello(v),
      paragraphs: [
        'تم للتو تغيير كلمة مرور حسابك في Confero. إذا كنت أنت من أجرى هذا التغيير، فلا حاجة إلى أي إجراء آخر.',
        'وإن لم تكن أنت، فأعد تعيين كلمة المرور فورًا عبر رابط «نسيت كلمة المرور» في صفحة تسجيل الدخول، وأبلغ مسؤولي الموقع.',
      ],
      actions: v.has('link') ? [{ label: 'إعادة تعيين كلمة المرور', url: v.text('link') }] : [],
    }),

    'events.approved': (v) => ({
      subject: `تمت الموافقة على فعاليتك «${v.text('event_title')}»`,
      greeting: hello(v),
      paragraphs: [
        `يسعدنا إبلاغك بأن مسؤولي الموقع وافقوا على فعاليتك «${v.text('event_title')}».`,
        'يمكنك الآن إضافة المسارات ودعوة المراجعين وفتح باب تقديم الأوراق من صفحة الفعالية.',
      ],
      actions: v.has('link') ? [{ label: 'فتح الفعالية', url: v.text('link') }] : [],
    }),

    'events.rejected': (v) => ({
      subject: `لم تتم الموافقة على فعاليتك «${v.text('event_title')}»`,
      greeting: hello(v),
      paragraphs: [`راجع مسؤولو الموقع فعاليتك «${v.text('event_title')}» ولم يوافقوا عليها.`],
      note: v.has('reason') ? { label: 'السبب المذكور:', text: v.text('reason') } : undefined,
      closing: ['إذا كانت لديك أسئلة، أو رغبت في إرسال طلب مصحَّح، فيُرجى التواصل مع مسؤولي الموقع.'],
    }),

    'events.reviewer_invitation': (v) => ({
      subject: `دعوة للتحكيم في ${v.text('event_title')}`,
      greeting: hello(v),
      paragraphs: [
        v.has('inviter_name')
          ? `يدعوك ${v.text('inviter_name')} للانضمام إلى اللجنة العلمية لـ«${v.text('event_title')}» بصفتك مراجعًا.`
          : `أنت مدعو للانضمام إلى اللجنة العلمية لـ«${v.text('event_title')}» بصفتك مراجعًا.`,
        'يقرأ المراجعون عددًا من الأوراق المقدَّمة ويكتبون مراجعة منظَّمة لكل منها قبل الموعد النهائي للمراجعة.',
      ],
      actions: [
        { label: 'قبول الدعوة', url: v.text('accept_url') },
        { label: 'الاعتذار عن الدعوة', url: v.text('decline_url') },
      ],
      closing: [
        'تنتهي صلاحية هذه الدعوة خلال 14 يومًا. إذا قبلتها ولم يكن لديك حساب في Confero بعد، يمكنك إنشاء حساب بعنوان البريد الإلكتروني هذا.',
      ],
    }),

    'events.invitation_declined': (v) => ({
      subject: `اعتذر ${v.text('reviewer_name')} عن دعوة التحكيم في ${v.text('event_title')}`,
      greeting: hello(v),
      paragraphs: [
        `اعتذر ${v.text('reviewer_name')} (${v.text('reviewer_email')}) عن قبول دعوتك للتحكيم في «${v.text('event_title')}».`,
        'قد ترغب في دعوة مراجع آخر حتى تحصل كل ورقة على عدد كافٍ من المراجعات.',
      ],
      actions: v.has('link') ? [{ label: 'إدارة المراجعين', url: v.text('link') }] : [],
    }),

    'submissions.receipt': (v) => ({
      subject: `تم استلام ورقتك: ${v.text('submission_title')}`,
      greeting: hello(v),
      paragraphs: [`تلقّينا ورقتك المقدَّمة إلى «${v.text('event_title')}». يُرجى الاحتفاظ بهذه الرسالة إيصالًا للاستلام.`],
      details: [
        { label: 'العنوان', value: v.text('submission_title') },
        { label: 'الفعالية', value: v.text('event_title') },
        { label: 'وقت الاستلام', value: v.dateTime('received_at') },
        { label: 'بصمة الملف (SHA-256)', value: v.text('sha256'), monospace: true },
      ],
      actions: v.has('link') ? [{ label: 'عرض ورقتك', url: v.text('link') }] : [],
      closing: ['يمكنك تعديل ورقتك حتى الموعد النهائي للتقديم، وستصلك رسالة أخرى عند اتخاذ القرار بشأنها.'],
    }),

    'submissions.decision': (v) => ({
      subject: `القرار بشأن ورقتك: ${v.text('submission_title')}`,
      greeting: hello(v),
      paragraphs: [`اتخذ رؤساء «${v.text('event_title')}» قرارًا بشأن ورقتك «${v.text('submission_title')}».`],
      details: [{ label: 'القرار', value: DECISIONS[v.text('decision')] ?? v.text('decision') }],
      note: v.has('decision_details') ? { label: 'ملاحظات الرؤساء:', text: v.text('decision_details') } : undefined,
      actions: v.has('link') ? [{ label: 'عرض ورقتك', url: v.text('link') }] : [],
      closing: ['تجد المراجعات المتاحة للمؤلفين في صفحة الورقة.', `شكرًا لتقديمك عملك إلى «${v.text('event_title')}».`],
    }),

    'reviews.assigned': (v) => ({
      subject: `مهمة مراجعة جديدة: ${v.text('submission_title')}`,
      greeting: hello(v),
      paragraphs: [`تم تكليفك بمراجعة الورقة «${v.text('submission_title')}» المقدَّمة إلى «${v.text('event_title')}».`],
      details: v.has('review_deadline') ? [{ label: 'الموعد النهائي للمراجعة', value: v.date('review_deadline') }] : [],
      actions: [{ label: 'فتح المراجعة', url: v.text('link') }],
      closing: ['إذا كان لديك تضارب مصالح مع هذه الورقة، فأبلغ الرؤساء قبل البدء في المراجعة.'],
    }),

    'reviews.unassigned': (v) => ({
      subject: `إلغاء مهمة مراجعة: ${v.text('submission_title')}`,
      greeting: hello(v),
      paragraphs: [
        `لم تَعُد مكلَّفًا بمراجعة الورقة «${v.text('submission_title')}» المقدَّمة إلى «${v.text('event_title')}»، فقد ألغى الرؤساء هذا التكليف.`,
        ...(v.has('draft_deleted') ? ['وقد حُذفت مسودة المراجعة التي كنت قد حفظتها لهذه الورقة.'] : []),
      ],
      actions: v.has('link') ? [{ label: 'عرض مراجعاتك', url: v.text('link') }] : [],
      closing: ['لا يلزمك اتخاذ أي إجراء. وإن رأيت أن ذلك حدث عن طريق الخطأ، فتواصل مع رؤساء الفعالية.'],
    }),
  },
};
