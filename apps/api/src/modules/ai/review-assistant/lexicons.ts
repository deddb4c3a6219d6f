import { normalizeArabic, phraseKeys, wordKey } from './text.ts';

/*
 * The word lists the local review assistant reads, in English and Arabic. Each is written as people write and folded
 * once, at load, to the comparable form of `text.ts` (`wordKey`), so "Convincing", "convincingly" and "المقنعة" meet
 * their entries. Edit these lists, not the checks, to change what the assistant notices.
 */

const keysOf = (list: string): Set<string> => new Set(list.split(/\s+/).filter(Boolean).map(wordKey));
const phrasesOf = (list: readonly string[]): string[][] => list.map(phraseKeys).filter((keys) => keys.length > 0);

/**
 * The vocabulary every review uses whatever the paper (its generic words): a sentence made only of these and stop
 * words says nothing about the paper it reviews.
 */
export const GENERIC_REVIEW_WORDS = keysOf(
  'paper papers work works author authors approach approaches method methods methodology result results experiment ' +
    'experiments experimental evaluation evaluations contribution contributions problem problems idea ideas writing ' +
    'written write presentation presented present clear clearly unclear interesting novel novelty new original ' +
    'originality related literature prior previous existing state art baseline baselines analysis analyses data ' +
    'dataset datasets model models technique techniques quality overall well good great nice strong weak poor solid ' +
    'sound soundness convincing unconvincing motivation motivated motivate relevant relevance important significant ' +
    'significance impact field area topic community research researchers study studies section readers reader text ' +
    'organized organised structure structured easy hard difficult follow understand understanding discussion ' +
    'limitation limitations detail details detailed thorough comprehensive complete incomplete lacking lack lacks ' +
    'missing needs need improve improved improvement improvements better worse enough sufficient insufficient ' +
    'limited contribution conference venue publication accept acceptance reject rejection recommend work overall ' +
    'thing things part parts aspect aspects point points way ways lot bit rather quite somewhat really very much ' +
    'more less some many few claims claim proposed propose proposes shows show shown demonstrate demonstrates ' +
    'technical technically rigour rigor rigorous justification justify justified supported support evidence ' +
    'language grammar typos typo english proofreading figures tables references citations cited explanation explain ' +
    'explained description described describe framework system systems application applications performance ' +
    'effective effectiveness efficient efficiency simple simplicity complex complexity solution solutions task tasks ' +
    'setting settings setup design designed scope contribution main key major minor issue issues concern concerns ' +
    'problematic weakness weaknesses strength strengths advantage advantages disadvantage benefit benefits valuable ' +
    'value useful usefulness practical theoretical theory empirical empirically novel incremental small large ' +
    'enjoyed like liked nice excellent outstanding impressive solid promising reasonable reasonably appropriate ' +
    'adequate inadequate better best unclear vague generic broad narrow general future direction directions ' +
    'ورقه ورقة بحث البحث عمل العمل مولف المولفين المولفون الباحث الباحثين نتيجه نتايج النتايج طريقه الطريقه ' +
    'منهجيه المنهجيه تجربه تجارب التجارب تقييم التقييم اسهام الاسهام مساهمه المساهمه مشكله المشكله فكره الفكره ' +
    'كتابه الكتابه عرض العرض واضح واضحه غامض جيد جيده ممتاز ممتازه قوي قويه ضعيف ضعيفه مهم مهمه جديد جديده ' +
    'اصيل اصاله مجال المجال موضوع الموضوع دراسه الدراسه تحليل التحليل بيانات البيانات نموذج النموذج ادبيات ' +
    'الادبيات سابقه السابقه اعمال الاعمال قسم مقنع مقنعه كاف كافيه نقص ينقص يفتقر تفتقر تحسين افضل اكثر اقل ' +
    'عام عامه تنظيم منظم منظمه لغه اللغه اخطاء قراءه القراء فهم يفهم مفهوم شامل شامله محدود محدوده ' +
    // The Arabic of English entries above (written, way, community, scientific, need, interesting, style).
    'مكتوب مكتوبه كتب بشكل شكل مجتمع المجتمع علمي العلمي العلميه يحتاج تحتاج مثير مثيره اهتمام الاهتمام اسلوب صياغه',
);

/** Words with a positive judgement (a review's sentiment). */
export const POSITIVE_WORDS = keysOf(
  'excellent outstanding strong convincing convincingly novel impressive clear clearly elegant thorough solid great ' +
    'remarkable valuable insightful rigorous compelling significant important interesting enjoyed sound well-written ' +
    'well-motivated comprehensive careful carefully original creative useful strengths strength nice good exciting ' +
    'timely welcome commendable accept brilliant superb polished ' +
    'ممتاز ممتازه رايع رايعه قوي قويه مقنع مقنعه مبتكر مبتكره واضح واضحه متميز متميزه مهم مهمه قيم قيمه دقيق ' +
    'دقيقه متين متينه شامل شامله جيد جيده اصيل اصيله متقن متقنه مفيد مفيده قبول',
);

/** Words with a negative judgement (a review's sentiment). */
export const NEGATIVE_WORDS = keysOf(
  'weak weakly unclear flawed poor poorly incorrect wrong unconvincing insufficient lacks lacking missing fails fail ' +
    'failure reject rejection confusing incremental misleading problematic unsupported questionable inadequate ' +
    'severe serious doubtful unjustified vague sloppy limited shallow naive invalid overclaims overclaim ' +
    'disappointing unfortunately error errors mistake mistakes broken ' +
    'ضعيف ضعيفه غامض غامضه خاطي خاطيه ناقص ناقصه محدود محدوده يفتقر تفتقر رفض مشكله قصور ثغرات ثغره مربك ' +
    'مربكه سطحي سطحيه مضلل مضلله خطا اخطاء مخيب',
);

/** Words that turn the judgement of the next words around ("not convincing", "غير مقنع"). */
export const NEGATIONS = keysOf(
  "not no never hardly barely isn't aren't doesn't don't cannot can't لا ليس ليست لم لن غير",
);

/** How many words after a negation it turns around. */
export const NEGATION_REACH = 3;

/** Dismissive or personal wording, which hurts the authors and never helps them (en and ar). */
export const TONE_PHRASES: string[][] = phrasesOf([
  "clearly don't understand",
  "don't understand",
  'do not understand',
  'does not understand',
  "doesn't understand",
  'no idea',
  'trivial',
  'waste of time',
  'waste of my time',
  'nonsense',
  'ridiculous',
  'stupid',
  'incompetent',
  'incompetence',
  'lazy',
  'laughable',
  'joke',
  'garbage',
  'junk',
  'pointless',
  'embarrassing',
  'amateurish',
  'worthless',
  'absurd',
  'should never have been submitted',
  'any first-year student',
  'any student knows',
  'obviously wrong',
  'clueless',
  'pathetic',
  'careless authors',
  'did not bother',
  "didn't bother",
  'لا يفهم',
  'لا يفهمون',
  'لا يفقهون',
  'تافه',
  'تافهه',
  'مضيعه للوقت',
  'مضيعه لوقت',
  'سخيف',
  'سخيفه',
  'هراء',
  'عديم القيمه',
  'لا قيمه له',
  'لا قيمه لها',
  'جاهل',
  'جهل المولفين',
  'غبي',
  'كسول',
  'مثير للسخريه',
  'لم يكلفوا انفسهم',
  'اي طالب',
]);

/** What makes a weakness a suggestion: a modal, a request, or an instruction ("consider", "should", "أقترح"). */
export const SUGGESTION_PHRASES: string[][] = phrasesOf([
  'could',
  'should',
  'consider',
  'would benefit',
  'would help',
  'would be',
  'would strengthen',
  'would make',
  'suggest',
  'recommend',
  'please',
  'need to',
  'needs to',
  'might',
  'perhaps',
  'try',
  'ought',
  'it is worth',
  'encourage',
  'instead',
  'يمكن',
  'يمكنهم',
  'ينبغي',
  'اقترح',
  'نقترح',
  'يجب',
  'يفضل',
  'يستحسن',
  'من الافضل',
  'حبذا',
  'ارجو',
  'يرجي',
  'اوصي',
  'لعل',
  'بدلا',
]);

/**
 * Instructions that read as suggestions when they open a sentence ("Add a baseline", "Report the variance"): the
 * imperative itself, compared as written (lower case, Arabic folded), so "Measuring…" or "Reported…" are not one.
 */
export const SUGGESTION_VERBS = new Set(
  (
    'add include clarify compare discuss report provide explain cite run evaluate release measure state describe ' +
    'justify extend test show quantify analyse analyze revise rewrite move shorten define ablate ' +
    'اضف اضيفوا وضح وضحوا قارن قارنوا ناقش اذكر اشرح'
  )
    .split(/\s+/)
    .map((word) => normalizeArabic(word.toLowerCase())),
);

/** A reference to a place of the paper: a section, figure, table, equation, page, line, algorithm or theorem. */
export const PAPER_REFERENCE =
  /\b(?:sec(?:tion|t)?s?\.?|§|fig(?:ure)?s?\.?|tab(?:le)?s?\.?|eq(?:uation)?s?\.?|page|p\.|line|lines|algorithm|alg\.|theorem|lemma|appendix|def(?:inition)?\.?)\s*\(?[0-9ivx]+|(?:القسم|قسم|الفصل|الشكل|شكل|الجدول|جدول|المعادله|المعادلة|معادله|معادلة|الصفحه|الصفحة|صفحه|صفحة|السطر|الخوارزميه|الخوارزمية|المبرهنه|المبرهنة|الملحق)\s*\(?[0-9٠-٩]+/iu;
