/*
 * The labelled review drafts of the review assistant's bench (README.md). Each draft reviews one of the project's
 * test papers (apps/api/test/fixtures/pdf/papers.ts, read by their truth: title, abstract, keywords) on the default
 * review form, and lists the findings a careful reader expects: the kind, the question, and for the kinds bound to a
 * sentence (too_short, generic, tone, no_suggestion) the sentence (the first sentence of the entry for
 * no_suggestion). The labels were written with the drafts, before the checks were run on them, by what the finding
 * means (docs/domain.md#review-assistant), not by what the heuristics do. `heldOut` drafts are never looked at when
 * the lexicons are tuned; their figures are printed apart.
 */

export type Expected = { kind: string; question_key: string; sentence?: string };

export type LabelledDraft = {
  id: string;
  paper: string;
  language: 'en' | 'ar';
  heldOut?: boolean;
  answers: {
    overall_score: number | null;
    strengths: string[];
    weaknesses: string[];
    justification: string;
    confidence: number | null;
    confidence_comment: string;
  };
  expected: Expected[];
};

type Short = {
  s: number | null;
  st: string[];
  wk: string[];
  j: string;
  c?: number | null;
  cc?: string;
};
type Label = [kind: string, key: string, sentence?: string];

const draft = (
  id: string,
  paper: string,
  language: 'en' | 'ar',
  a: Short,
  labels: Label[],
  heldOut = false,
): LabelledDraft => ({
  id,
  paper,
  language,
  ...(heldOut ? { heldOut } : {}),
  answers: {
    overall_score: a.s,
    strengths: a.st,
    weaknesses: a.wk,
    justification: a.j,
    confidence: a.c === undefined ? 4 : a.c,
    confidence_comment: a.cc ?? 'I have published on this topic and reviewed for related venues.',
  },
  expected: labels.map(([kind, question_key, sentence]) => ({
    kind,
    question_key,
    ...(sentence === undefined ? {} : { sentence }),
  })),
});

const P1 = 'preprint-single-column';
const P2 = 'ieee-two-column';
const P3 = 'elsevier-article-info';
const P4 = 'lncs-abstract-over-pages';
const P5 = 'abstract-without-heading';
const P6 = 'plos-structured-abstract';
const P7 = 'journal-sharks';
const P8 = 'journal-dogs';

export const DRAFTS: LabelledDraft[] = [
  // ---- good, specific drafts: nothing to find
  draft(
    'en-good-1',
    P1,
    'en',
    {
      s: 2,
      st: [
        'The study of 2,400 reviewers across six editions gives a rare view of how bids concentrate on popular submissions.',
        'The calibration of bids by reviewer expertise raises expert reviews by 18 percent in the controlled experiment.',
      ],
      wk: [
        'The calibration needs an expertise estimate; the authors could report how it behaves for reviewers without publications.',
        'Load is only measured as papers per reviewer; please also report the bidding effort per reviewer.',
      ],
      j: 'A careful empirical study of bidding with a simple calibration that works in a controlled experiment. The load analysis is thin, but the result on expert reviews is useful to any conference that assigns by bids.',
    },
    [],
  ),
  draft(
    'en-good-2',
    P2,
    'en',
    {
      s: 3,
      st: [
        'The index answers a conflict query in 3 ms over 1.2 million publications, which makes checks at assignment time practical.',
        'Finding 97 percent of the conflicts that chairs flagged by hand is a strong result against e-mail domain rules.',
      ],
      wk: [
        'Advisor relations are inferred from co-authorship alone; the authors should say how many of the flagged conflicts were advisor relations.',
      ],
      j: 'The co-authorship and affiliation index is fast and accurate on a large bibliographic corpus, and the comparison with e-mail domain rules is convincing. A breakdown of the advisor relations would make the recall figure easier to trust.',
    },
    [],
  ),
  draft(
    'en-good-3',
    P3,
    'en',
    {
      s: 1,
      st: ['Twelve journals over eight years of review records is a large base for a workload comparison.'],
      wk: [
        'The time per review is taken from the journals’ systems; the authors could discuss whether reviewers open a double-blind submission later than a single-blind one.',
        'The reduced gap in acceptance rates between well-known and lesser-known institutions may come from a change of editors; consider controlling for the editor.',
      ],
      j: 'The finding that double-blind reviewing adds no measurable time per review is useful and rests on many records. The fairness result is interesting but needs a control for editors before it can carry the conclusion.',
    },
    [],
  ),
  draft(
    'en-good-4',
    P4,
    'en',
    {
      s: 2,
      st: [
        'Separating weights from judgements of each aspect is a clean way to explain reviewer disagreement.',
        'The released tool that shows area chairs where two reviews part ways is directly useful for discussions.',
      ],
      wk: [
        'The 40,000 reviews come from venues with aspect scores; it would help to say whether those venues differ from others in how reviewers weigh novelty.',
      ],
      j: 'The paper shows with 40,000 aspect-scored reviews that disagreement lies mostly in the judgement of novelty. The analysis is sound and the tool for area chairs makes the result usable.',
    },
    [],
  ),
  draft(
    'en-good-5',
    P6,
    'en',
    {
      s: 2,
      st: [
        'Raising 40 nestlings with tutor songs of both kinds separates learning from a fixed response to urban noise.',
        'Recording 120 males in six cities and six forests gives a balanced comparison of song pitch.',
      ],
      wk: ['The 300 Hz difference is reported without the spread across cities; please add the per-city values.'],
      j: 'The tutoring experiment shows that great tits learn higher songs rather than shifting pitch in response to noise, which is the central claim. The field recordings agree with it. Per-city values would let readers judge the variation.',
    },
    [],
  ),
  draft(
    'en-good-6',
    P7,
    'en',
    {
      s: 1,
      st: [
        'Combining tag and recapture data with vertebral band counts gives two independent estimates of longevity for both species.',
      ],
      wk: [
        'Vertebral band counts may underestimate the age of old blacknose sharks; the authors could compare with a validated ageing method.',
      ],
      j: 'A useful update on the longevity of Atlantic sharpnose and blacknose sharks with two kinds of data. The comparison with other coastal elasmobranchs is brief and could say more about growth rates, but the estimates are sound.',
    },
    [],
  ),
  draft(
    'en-good-7',
    P8,
    'en',
    {
      s: 1,
      st: [
        'The canine cooperation hypothesis links the cooperation of dogs with humans to the cooperation of wolves with each other, which is testable.',
      ],
      wk: [
        'The experiments that compare dogs and wolves are only outlined; the authors should state which outcome would refute the hypothesis.',
      ],
      j: 'The review of attention, social cognition and domestication is balanced and the hypothesis is clearly stated. The outlined experiments need predictions that could fail before the hypothesis can be judged.',
    },
    [],
  ),
  // ---- generic drafts
  draft(
    'en-generic-1',
    P1,
    'en',
    {
      s: 1,
      st: ['The paper is well written and easy to follow.', 'The topic is important for the community.'],
      wk: ['The evaluation could be more thorough, for example with more baselines.'],
      j: 'Overall this is a reasonable paper on an important topic. The writing is clear and the results are interesting, although the evaluation could be stronger in places.',
    },
    [
      ['generic', 'strengths', 'The paper is well written and easy to follow.'],
      ['generic', 'strengths', 'The topic is important for the community.'],
      ['generic', 'weaknesses', 'The evaluation could be more thorough, for example with more baselines.'],
    ],
  ),
  draft(
    'en-generic-2',
    P2,
    'en',
    {
      s: -1,
      st: ['Good idea.', 'The approach is novel.'],
      wk: ['The experiments are not convincing.', 'Related work is missing.'],
      j: 'The idea is interesting but the experiments are not convincing and related work is missing, so I lean towards rejection at this stage of the work.',
    },
    [
      ['too_short', 'strengths', 'Good idea.'],
      ['generic', 'strengths', 'The approach is novel.'],
      ['generic', 'weaknesses', 'The experiments are not convincing.'],
      ['generic', 'weaknesses', 'Related work is missing.'],
      ['no_suggestion', 'weaknesses', 'The experiments are not convincing.'],
      ['no_suggestion', 'weaknesses', 'Related work is missing.'],
    ],
  ),
  draft(
    'en-generic-3',
    P5,
    'en',
    {
      s: 2,
      st: [
        'Measuring review speed in four open review journals against four closed ones is a clean design.',
        'The results are significant and the presentation is good.',
      ],
      wk: ['Some parts of the paper are hard to understand.'],
      j: 'The comparison of open and closed review journals shows that reports take two days longer and grow by a quarter. The interpretation that reviewers write with more care is plausible. A solid paper.',
    },
    [
      ['generic', 'strengths', 'The results are significant and the presentation is good.'],
      ['generic', 'weaknesses', 'Some parts of the paper are hard to understand.'],
      ['no_suggestion', 'weaknesses', 'Some parts of the paper are hard to understand.'],
    ],
  ),
  draft(
    'en-generic-4',
    P6,
    'en',
    {
      s: -1,
      st: ['Interesting study with a lot of data.'],
      wk: ['The methodology has several limitations.', 'The conclusions are not fully supported by the results.'],
      j: 'The study collects a lot of data but the methodology has several limitations and the conclusions go beyond what the results support. I would need to see a clearer analysis.',
    },
    [
      ['generic', 'strengths', 'Interesting study with a lot of data.'],
      ['generic', 'weaknesses', 'The methodology has several limitations.'],
      ['generic', 'weaknesses', 'The conclusions are not fully supported by the results.'],
      ['no_suggestion', 'weaknesses', 'The methodology has several limitations.'],
      ['no_suggestion', 'weaknesses', 'The conclusions are not fully supported by the results.'],
    ],
  ),
  draft(
    'en-generic-5',
    P3,
    'en',
    {
      s: 1,
      st: [
        'Double-blind review added no measurable time per review, which answers a common objection to it.',
        'Nice work overall.',
      ],
      wk: ['The paper would benefit from a more detailed discussion of limitations.'],
      j: 'An informative study of reviewer workload under double-blind reviewing across 12 journals. The fairness result deserves more caution, but the workload finding stands.',
    },
    [
      ['generic', 'strengths', 'Nice work overall.'],
      ['generic', 'weaknesses', 'The paper would benefit from a more detailed discussion of limitations.'],
    ],
  ),
  // ---- score contradictions
  draft(
    'en-contra-1',
    P4,
    'en',
    {
      s: -3,
      st: ['Aspect scores from 40,000 reviews support the claim that disagreement lies in the judgement of novelty.'],
      wk: ['The tool for area chairs is described in one paragraph; a screenshot would help.'],
      j: 'This is an excellent and convincing paper. The analysis is rigorous, the writing is clear and the released data are valuable. I enjoyed reading it and the contribution is important.',
    },
    [['score_contradiction', 'overall_score']],
  ),
  draft(
    'en-contra-2',
    P5,
    'en',
    {
      s: 3,
      st: ['Comparing open and closed review journals of the same fields controls for the field.'],
      wk: [
        'Only four journals of each kind are compared, which is few; the authors should add journals or temper the claims.',
      ],
      j: 'The analysis is flawed and the claims are unsupported. The sample is weak, the writing is confusing and the interpretation that reviewers write with more care is questionable and misleading.',
    },
    [['score_contradiction', 'overall_score']],
  ),
  draft(
    'en-contra-3',
    P7,
    'en',
    {
      s: -2,
      st: ['Two independent kinds of data on Atlantic sharpnose sharks.'],
      wk: ['The vertebral band counts are not validated; please cite a validation for blacknose sharks.'],
      j: 'A strong, thorough and well-written study with impressive data and clear, important results on shark longevity. The comparison with other elasmobranchs is valuable.',
    },
    [['score_contradiction', 'overall_score']],
  ),
  draft(
    'en-contra-4',
    P1,
    'en',
    {
      s: 2,
      st: ['The bidding data of 2,400 reviewers is a valuable resource.'],
      wk: ['The calibration is only tested in one controlled experiment; a second edition would help.'],
      j: 'The calibration of bids is a modest idea but the controlled experiment shows an 18 percent gain in expert reviews. Some details are unclear, yet I think the paper should be accepted.',
    },
    [],
  ),
  draft(
    'en-contra-5',
    P2,
    'en',
    {
      s: -2,
      st: ['The index is fast: a conflict query takes 3 ms.'],
      wk: [
        'The recall of 97 percent is measured against conflicts flagged by chairs, who miss many; the authors should build a second ground truth.',
        'False alarms are compared only with e-mail domain rules; consider comparing with affiliation matching too.',
      ],
      j: 'The index is fast, but the evaluation of conflicts against chairs’ flags cannot show recall, and the comparison of false alarms is against the weakest rule. The claims need another ground truth before the paper can be accepted.',
    },
    [],
  ),
  // ---- tone
  draft(
    'en-tone-1',
    P3,
    'en',
    {
      s: -3,
      st: ['The data cover 12 journals.'],
      wk: [
        'The authors clearly don’t understand how editors assign papers to reviewers.',
        'Measuring time from the journals’ systems is naive; any first-year student knows reviewers do not read a paper the moment they open it.',
      ],
      j: 'This paper is a waste of time. The conclusions about fairness are drawn from data that cannot support them, and the workload measure is wrong. Reject.',
    },
    [
      ['tone', 'weaknesses', 'The authors clearly don’t understand how editors assign papers to reviewers.'],
      [
        'tone',
        'weaknesses',
        'Measuring time from the journals’ systems is naive; any first-year student knows reviewers do not read a paper the moment they open it.',
      ],
      ['tone', 'justification', 'This paper is a waste of time.'],
      ['no_suggestion', 'weaknesses', 'The authors clearly don’t understand how editors assign papers to reviewers.'],
      [
        'no_suggestion',
        'weaknesses',
        'Measuring time from the journals’ systems is naive; any first-year student knows reviewers do not read a paper the moment they open it.',
      ],
    ],
  ),
  draft(
    'en-tone-2',
    P8,
    'en',
    {
      s: -2,
      st: ['The review of canine cognition cites the main studies of attention in dogs.'],
      wk: [
        'The hypothesis is trivial: obviously dogs cooperate because wolves do.',
        'The outlined experiments are vague; the authors should specify the tasks and the number of wolves.',
      ],
      j: 'The canine cooperation hypothesis restates what is known about wolves and dogs, and the experiments are too vague to test it. A sharper set of predictions is needed before this can be published.',
    },
    [
      ['tone', 'weaknesses', 'The hypothesis is trivial: obviously dogs cooperate because wolves do.'],
      ['no_suggestion', 'weaknesses', 'The hypothesis is trivial: obviously dogs cooperate because wolves do.'],
    ],
  ),
  draft(
    'en-tone-3',
    P6,
    'en',
    {
      s: -1,
      st: ['The tutoring of nestlings is a good experimental control.'],
      wk: [
        'Whoever analysed the recordings was careless; the frequency measure is ridiculous.',
        'The 300 Hz shift could be an artefact of recording distance; please report the distances.',
      ],
      j: 'The experiment with tutored nestlings is promising, but the acoustic analysis must be redone with documented recording distances before the claim about learned pitch can be accepted.',
    },
    [
      ['tone', 'weaknesses', 'Whoever analysed the recordings was careless; the frequency measure is ridiculous.'],
      [
        'no_suggestion',
        'weaknesses',
        'Whoever analysed the recordings was careless; the frequency measure is ridiculous.',
      ],
    ],
  ),
  // ---- no suggestions
  draft(
    'en-nosugg-1',
    P4,
    'en',
    {
      s: 0,
      st: ['The distinction between aspect weights and aspect judgements is well argued.'],
      wk: [
        'The aspect scores of different venues use different scales, and the paper pools them.',
        'The tool for area chairs is not evaluated with area chairs.',
      ],
      j: 'The paper makes a clear distinction between weights and judgements and supports it with a large set of aspect scores, but pooling scales and the untested tool weaken the conclusions.',
    },
    [
      [
        'no_suggestion',
        'weaknesses',
        'The aspect scores of different venues use different scales, and the paper pools them.',
      ],
      ['no_suggestion', 'weaknesses', 'The tool for area chairs is not evaluated with area chairs.'],
    ],
  ),
  draft(
    'en-nosugg-2',
    P7,
    'en',
    {
      s: 0,
      st: ['The estimates for blacknose sharks are the first from tag and recapture data.'],
      wk: [
        'Recaptures of old sharks are rare in the data set.',
        'Growth studies of other coastal elasmobranchs are compared only in a table.',
      ],
      j: 'New longevity estimates for two coastal sharks from two kinds of data. The small number of old recaptures limits the longevity estimate, which is the paper’s main result.',
    },
    [
      ['no_suggestion', 'weaknesses', 'Recaptures of old sharks are rare in the data set.'],
      ['no_suggestion', 'weaknesses', 'Growth studies of other coastal elasmobranchs are compared only in a table.'],
    ],
  ),
  draft(
    'en-nosugg-3',
    P1,
    'en',
    {
      s: 1,
      st: ['The finding that bids concentrate on a small set of popular submissions is well documented.'],
      wk: [
        'Reviewer expertise is estimated from past papers, which favours senior reviewers.',
        'The controlled experiment ran in one edition only; repeating it in a second edition would show whether the 18 percent holds.',
      ],
      j: 'The bidding analysis is informative and the calibration is simple enough to adopt, though the expertise estimate may favour senior reviewers and the experiment has not been repeated.',
    },
    [
      [
        'no_suggestion',
        'weaknesses',
        'Reviewer expertise is estimated from past papers, which favours senior reviewers.',
      ],
    ],
  ),
  // ---- missing and too short
  draft(
    'en-missing-1',
    P2,
    'en',
    {
      s: 1,
      st: ['The conflict index handles shared affiliations as well as co-authorship.'],
      wk: [],
      j: '',
      c: null,
      cc: '',
    },
    [
      ['missing_answer', 'weaknesses'],
      ['missing_answer', 'justification'],
      ['missing_answer', 'confidence'],
      ['missing_answer', 'confidence_comment'],
    ],
  ),
  draft(
    'en-missing-2',
    P5,
    'en',
    {
      s: null,
      st: [],
      wk: ['Closed review journals may differ in editorial policy; the authors could match journals by publisher.'],
      j: 'The paper measures review speed in open and closed journals.',
      cc: 'Expert.',
    },
    [
      ['missing_answer', 'overall_score'],
      ['missing_answer', 'strengths'],
      ['too_short', 'justification', 'The paper measures review speed in open and closed journals.'],
      ['too_short', 'confidence_comment', 'Expert.'],
    ],
  ),
  draft(
    'en-short-1',
    P8,
    'en',
    {
      s: -1,
      st: ['Testable hypothesis.', 'The comparison of dogs and wolves in attention tasks is well chosen.'],
      wk: ['Weak.', 'No experiments are run; the authors could run at least a pilot of the outlined comparison.'],
      j: 'Not ready yet.',
      cc: 'I know it.',
    },
    [
      ['too_short', 'strengths', 'Testable hypothesis.'],
      ['too_short', 'weaknesses', 'Weak.'],
      ['too_short', 'justification', 'Not ready yet.'],
      ['too_short', 'confidence_comment', 'I know it.'],
    ],
  ),
  draft(
    'en-short-2',
    P3,
    'en',
    {
      s: 2,
      st: ['The eight years of review records from 12 journals make the workload result credible.'],
      wk: ['The fairness result rests on institution prestige, which the authors could define more precisely.'],
      j: 'Good paper, accept it.',
    },
    [['too_short', 'justification', 'Good paper, accept it.']],
  ),
  // ---- mixed drafts
  draft(
    'en-mixed-1',
    P4,
    'en',
    {
      s: -2,
      st: ['The paper is interesting.', 'Releasing the data of 40,000 reviews helps others reproduce the analysis.'],
      wk: [
        'The judgement of novelty is itself a vague notion.',
        'Honestly this is junk science dressed up with numbers.',
      ],
      j: 'The release of data is welcome, but I am not convinced that novelty judgements can be separated from weights with the scores available. The paper overstates its results.',
    },
    [
      ['generic', 'strengths', 'The paper is interesting.'],
      ['tone', 'weaknesses', 'Honestly this is junk science dressed up with numbers.'],
      ['generic', 'weaknesses', 'Honestly this is junk science dressed up with numbers.'],
      ['no_suggestion', 'weaknesses', 'The judgement of novelty is itself a vague notion.'],
      ['no_suggestion', 'weaknesses', 'Honestly this is junk science dressed up with numbers.'],
    ],
  ),
  draft(
    'en-mixed-2',
    P6,
    'en',
    {
      s: 3,
      st: ['City birds singing 300 Hz higher is a clear effect.'],
      wk: ['The paper has some weaknesses.', 'Only great tits are studied.'],
      j: 'A clear and convincing demonstration that song pitch in cities is learned. The tutoring experiment is elegant and the field data agree. Strong accept.',
      cc: '',
    },
    [
      ['missing_answer', 'confidence_comment'],
      ['generic', 'weaknesses', 'The paper has some weaknesses.'],
      ['no_suggestion', 'weaknesses', 'The paper has some weaknesses.'],
      ['no_suggestion', 'weaknesses', 'Only great tits are studied.'],
    ],
  ),
  draft(
    'en-mixed-3',
    P2,
    'en',
    {
      s: 0,
      st: ['The e-mail domain rules are a fair baseline for conflict detection.'],
      wk: [
        'The writing needs improvement.',
        'Advisor relations are detected from co-authorship only, which misses advisors who never co-authored; the authors should use thesis records.',
      ],
      j: 'A fast conflict index with good recall on chairs’ flags. Advisor detection is the weak part and the writing could be tightened, so I am on the fence about this submission.',
    },
    [
      ['generic', 'weaknesses', 'The writing needs improvement.'],
      ['no_suggestion', 'weaknesses', 'The writing needs improvement.'],
    ],
  ),
  draft(
    'en-mixed-4',
    P7,
    'en',
    {
      s: -3,
      st: ['The sampling of Carcharhinus acronotus covers several years.'],
      wk: [
        'The longevity estimate for Rhizoprionodon terraenovae relies on few old animals.',
        'The comparison with other elasmobranchs is superficial; please add growth parameters.',
      ],
      j: 'The question is worth asking, but the estimates rest on too few old sharks and the comparison with other species adds little. The paper is not ready.',
    },
    [
      [
        'no_suggestion',
        'weaknesses',
        'The longevity estimate for Rhizoprionodon terraenovae relies on few old animals.',
      ],
    ],
    true,
  ),
  // ---- Arabic drafts
  draft(
    'ar-good-1',
    P1,
    'ar',
    {
      s: 2,
      st: [
        'تحليل سلوك المزايدة لدى 2,400 محكّم عبر ست دورات يقدّم صورة نادرة عن تركّز العروض على أوراق قليلة.',
        'رفعت المعايرة المقترحة نسبة المراجعات الخبيرة بمقدار 18 بالمئة في التجربة المضبوطة.',
      ],
      wk: ['لم يُقَس العبء إلا بعدد الأوراق لكل محكّم، وأقترح إضافة الجهد المبذول في المزايدة.'],
      j: 'دراسة تجريبية متأنية لسلوك المزايدة مع معايرة بسيطة أثبتت فائدتها في تجربة مضبوطة. تحليل العبء محدود، لكن النتيجة على المراجعات الخبيرة مفيدة لأي مؤتمر يوزّع الأوراق بالمزايدة.',
      cc: 'نشرت أبحاثًا في توزيع الأوراق على المحكّمين.',
    },
    [],
  ),
  draft(
    'ar-good-2',
    P2,
    'ar',
    {
      s: 2,
      st: ['يجيب الفهرس عن استعلام التعارض في 3 ms على 1.2 مليون منشور.'],
      wk: ['يُستنتج الإشراف من التأليف المشترك وحده، وينبغي بيان عدد حالات الإشراف بين التعارضات المكتشفة.'],
      j: 'فهرس سريع ودقيق لكشف تعارض المصالح، ومقارنته بقواعد نطاق البريد الإلكتروني مقنعة. تفصيل حالات الإشراف يجعل نسبة الاستدعاء أوثق عند القارئ.',
      cc: 'عملت على أنظمة إدارة المؤتمرات.',
    },
    [],
  ),
  draft(
    'ar-generic-1',
    P3,
    'ar',
    {
      s: 1,
      st: ['الورقة مكتوبة بشكل جيد وواضح.', 'الموضوع مهم للمجتمع العلمي.'],
      wk: ['التجارب غير كافية.'],
      j: 'ورقة جيدة بشكل عام في موضوع مهم، والكتابة واضحة والنتائج مثيرة للاهتمام، لكن التقييم يحتاج إلى مزيد من التعمق في بعض المواضع.',
      cc: 'أعرف هذا المجال جيدًا.',
    },
    [
      ['generic', 'strengths', 'الورقة مكتوبة بشكل جيد وواضح.'],
      ['generic', 'strengths', 'الموضوع مهم للمجتمع العلمي.'],
      ['generic', 'weaknesses', 'التجارب غير كافية.'],
      ['no_suggestion', 'weaknesses', 'التجارب غير كافية.'],
    ],
  ),
  draft(
    'ar-tone-1',
    P4,
    'ar',
    {
      s: -3,
      st: ['البيانات المنشورة من 40,000 مراجعة مفيدة.'],
      wk: ['المؤلفون لا يفهمون معنى الأصالة أصلًا.', 'هذا البحث مضيعة للوقت.'],
      j: 'لا أرى في الورقة ما يستحق النشر؛ الفصل بين الأوزان والأحكام غير مقنع والأداة غير مختبرة.',
    },
    [
      ['tone', 'weaknesses', 'المؤلفون لا يفهمون معنى الأصالة أصلًا.'],
      ['tone', 'weaknesses', 'هذا البحث مضيعة للوقت.'],
      ['generic', 'weaknesses', 'هذا البحث مضيعة للوقت.'],
      ['no_suggestion', 'weaknesses', 'المؤلفون لا يفهمون معنى الأصالة أصلًا.'],
      ['no_suggestion', 'weaknesses', 'هذا البحث مضيعة للوقت.'],
      [
        'too_short',
        'justification',
        'لا أرى في الورقة ما يستحق النشر؛ الفصل بين الأوزان والأحكام غير مقنع والأداة غير مختبرة.',
      ],
    ],
  ),
  draft(
    'ar-contra-1',
    P6,
    'ar',
    {
      s: -3,
      st: ['تسجيل 120 ذكرًا في ست مدن وست غابات يعطي مقارنة متوازنة.'],
      wk: ['لم يُذكر بُعد التسجيل عن الطيور، ويُستحسن ذكره لكل تسجيل.'],
      j: 'دراسة ممتازة ومقنعة، والتجربة متقنة والنتائج واضحة ومهمة، وأرى أنها إسهام قيم في فهم تعلّم التغريد.',
    },
    [
      ['score_contradiction', 'overall_score'],
      [
        'too_short',
        'justification',
        'دراسة ممتازة ومقنعة، والتجربة متقنة والنتائج واضحة ومهمة، وأرى أنها إسهام قيم في فهم تعلّم التغريد.',
      ],
    ],
  ),
  draft(
    'ar-nosugg-1',
    P5,
    'ar',
    {
      s: 0,
      st: ['المقارنة بين أربع مجلات مفتوحة وأربع مغلقة من المجالات نفسها تضبط أثر المجال.'],
      wk: ['عدد المجلات قليل.', 'لم يُقَس مضمون التقارير بل طولها فقط.'],
      j: 'تقيس الورقة مدة التحكيم في المجلات المفتوحة والمغلقة وتجد أن التقارير تستغرق يومين أطول، لكن تفسير ذلك بعناية المحكّمين يحتاج إلى دليل على المضمون لا على الطول وحده.',
    },
    [
      ['no_suggestion', 'weaknesses', 'عدد المجلات قليل.'],
      ['no_suggestion', 'weaknesses', 'لم يُقَس مضمون التقارير بل طولها فقط.'],
    ],
  ),
  // ---- held out: never looked at while tuning
  draft(
    'en-held-1',
    P5,
    'en',
    {
      s: 1,
      st: ['Reports in open review growing by a quarter is a striking finding.'],
      wk: [
        'Length is a poor proxy for care; the authors could code a sample of reports for substance.',
        'The paper lacks clarity.',
      ],
      j: 'The measurement of review time and length in open review is useful, and the design pairs journals by field. The claim about care needs a measure of substance rather than length.',
    },
    [
      ['generic', 'weaknesses', 'The paper lacks clarity.'],
      ['no_suggestion', 'weaknesses', 'The paper lacks clarity.'],
    ],
    true,
  ),
  draft(
    'en-held-2',
    P8,
    'en',
    {
      s: -3,
      st: ['A very well written, insightful and important review.'],
      wk: ['The domestication literature is covered selectively; please add the studies of village dogs.'],
      j: 'An outstanding and thorough synthesis. The hypothesis is elegant, the review of wolves and dogs is excellent and the proposed experiments are compelling and valuable.',
    },
    [
      ['generic', 'strengths', 'A very well written, insightful and important review.'],
      ['score_contradiction', 'overall_score'],
    ],
    true,
  ),
  draft(
    'en-held-3',
    P1,
    'en',
    {
      s: -2,
      st: ['The bids of 2,400 reviewers are analysed across six editions.'],
      wk: [
        'The authors are incompetent at statistics; the calibration results are laughable.',
        'Popular submissions are defined by bid counts, which makes the concentration result circular.',
      ],
      j: 'The data are valuable but the statistical treatment of the calibration experiment is not adequate and the concentration result is circular as defined. Not acceptable in this form.',
    },
    [
      ['tone', 'weaknesses', 'The authors are incompetent at statistics; the calibration results are laughable.'],
      [
        'no_suggestion',
        'weaknesses',
        'The authors are incompetent at statistics; the calibration results are laughable.',
      ],
      [
        'no_suggestion',
        'weaknesses',
        'Popular submissions are defined by bid counts, which makes the concentration result circular.',
      ],
    ],
    true,
  ),
  draft(
    'en-held-4',
    P2,
    'en',
    {
      s: 2,
      st: ['Excellent contribution.', 'Answering a query in 3 ms allows checks during manual assignment.'],
      wk: ['More experiments would be nice.'],
      j: 'Fast and accurate conflict detection.',
      cc: '',
    },
    [
      ['missing_answer', 'confidence_comment'],
      ['too_short', 'strengths', 'Excellent contribution.'],
      ['too_short', 'justification', 'Fast and accurate conflict detection.'],
      ['generic', 'weaknesses', 'More experiments would be nice.'],
    ],
    true,
  ),
  draft(
    'en-held-5',
    P3,
    'en',
    {
      s: 0,
      st: ['The comparison of single-blind and double-blind submissions within the same journals is well designed.'],
      wk: [
        'Lesser-known institutions are not defined.',
        'The acceptance gap could also shrink because of changes in submission volume; the authors should model submission volume per year.',
      ],
      j: 'Solid evidence on workload under double-blind reviewing from 12 journals; the fairness result is suggestive but needs a definition of institution standing and a control for submission volume.',
    },
    [['no_suggestion', 'weaknesses', 'Lesser-known institutions are not defined.']],
    true,
  ),
  draft(
    'en-held-6',
    P7,
    'en',
    {
      s: 1,
      st: ['Longevity estimates for both sharpnose and blacknose sharks are presented with their uncertainty.'],
      wk: ['The statistical analysis could be improved.'],
      j: 'New data on shark longevity from tag and recapture and vertebral counts; the estimates are plausible and compared with other coastal species. Minor revisions.',
    },
    [['generic', 'weaknesses', 'The statistical analysis could be improved.']],
    true,
  ),
  draft(
    'ar-held-1',
    P8,
    'ar',
    {
      s: 1,
      st: ['فرضية التعاون الكلبي قابلة للاختبار.'],
      wk: ['التجارب المقترحة غير محددة، ويمكن للمؤلفين تحديد المهام وعدد الذئاب.', 'الورقة تحتاج إلى تحسين.'],
      j: 'مراجعة متوازنة للانتباه والإدراك الاجتماعي عند الكلاب والذئاب مع فرضية واضحة، لكن التجارب المقترحة تحتاج إلى تنبؤات قابلة للدحض قبل الحكم على الفرضية.',
      cc: 'أعمل في الإدراك الحيواني.',
    },
    [
      ['generic', 'weaknesses', 'الورقة تحتاج إلى تحسين.'],
      ['no_suggestion', 'weaknesses', 'الورقة تحتاج إلى تحسين.'],
    ],
    true,
  ),
  draft(
    'ar-held-2',
    P4,
    'ar',
    {
      s: 2,
      st: ['الفكرة جديدة ومثيرة للاهتمام.'],
      wk: ['البحث سخيف ولا قيمة له.'],
      j: 'ضعيف.',
      cc: 'خبير.',
    },
    [
      ['generic', 'strengths', 'الفكرة جديدة ومثيرة للاهتمام.'],
      ['tone', 'weaknesses', 'البحث سخيف ولا قيمة له.'],
      ['generic', 'weaknesses', 'البحث سخيف ولا قيمة له.'],
      ['no_suggestion', 'weaknesses', 'البحث سخيف ولا قيمة له.'],
      ['too_short', 'justification', 'ضعيف.'],
      ['score_contradiction', 'overall_score'],
      ['too_short', 'confidence_comment', 'خبير.'],
    ],
    true,
  ),
  draft(
    'ar-held-3',
    P6,
    'ar',
    {
      s: 1,
      st: ['ارتفاع تغريد طيور المدن 300 هرتز نتيجة واضحة.'],
      wk: ['لم تُذكر قيم كل مدينة على حدة.'],
      j: 'تُظهر تجربة تعليم الفراخ أن ارتفاع التغريد في المدن مكتسب لا ثابت، والتسجيلات الميدانية تؤيد ذلك، وإن كانت قيم كل مدينة ستساعد القارئ على تقدير التباين.',
      cc: 'درست سلوك الطيور في المدن.',
    },
    [['no_suggestion', 'weaknesses', 'لم تُذكر قيم كل مدينة على حدة.']],
    true,
  ),
];
