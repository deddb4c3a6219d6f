/*
 * Labelled relevance cases for the local insights (bench/insights/README.md): an event (its call: title, description,
 * research areas), a paper (title, abstract, keywords) and the band a programme chair would expect — high (≥ 4: the
 * paper is squarely within the call), medium (2.5–4: an adjacent field or a part of the call's scope), low (< 2.5:
 * another field). Written for this bench, across fields and in English and Arabic. Cases marked `heldOut` were never
 * looked at while the score scale was set (apps/api/src/modules/ai/insights/README.md).
 */

export type Band = 'high' | 'medium' | 'low';

export type CaseEvent = {
  title: string;
  description: string;
  primaryResearchArea: string;
  secondaryResearchAreas: string[];
};

export type RelevanceCase = {
  id: string;
  event: CaseEvent;
  paper: { title: string; abstract: string; keywords: string[] };
  band: Band;
  heldOut: boolean;
};

const ML: CaseEvent = {
  title: 'Conference on Machine Learning and Neural Computation',
  description:
    'Deep learning, neural networks, representation learning, reinforcement learning, optimisation for training, ' +
    'and applications of machine learning to vision and language.',
  primaryResearchArea: 'computer_science',
  secondaryResearchAreas: ['artificial_intelligence_machine_learning'],
};
const ECOLOGY: CaseEvent = {
  title: 'Symposium on Freshwater Ecology and Biodiversity',
  description:
    'Ecology of rivers, lakes and wetlands: species distributions, biodiversity loss, invasive species, habitat ' +
    'restoration and the conservation of freshwater ecosystems.',
  primaryResearchArea: 'environmental_sciences',
  secondaryResearchAreas: ['ecology_biodiversity_conservation'],
};
const ONCOLOGY: CaseEvent = {
  title: 'Clinical Oncology Summit',
  description: 'Cancer treatment, chemotherapy, radiotherapy, immunotherapy, clinical trials and patient outcomes.',
  primaryResearchArea: 'medical_health_sciences',
  secondaryResearchAreas: ['clinical_medicine'],
};
const PHYSICS: CaseEvent = {
  title: 'Workshop on Quantum Materials and Condensed Matter Physics',
  description:
    'Superconductivity, magnetism, topological phases, electronic structure of crystals and quantum transport in ' +
    'low-dimensional materials.',
  primaryResearchArea: 'natural_sciences',
  secondaryResearchAreas: ['condensed_matter_physics'],
};
const SOCIAL: CaseEvent = {
  title: 'Conference on Migration, Families and Social Change',
  description:
    'Sociology of migration, family life, social networks of migrants, inequality, integration and social policy.',
  primaryResearchArea: 'social_sciences',
  secondaryResearchAreas: ['sociology'],
};
const SECURITY: CaseEvent = {
  title: 'Symposium on Software Security',
  description:
    'Vulnerability detection, fuzzing, malware analysis, secure software engineering, authentication and privacy.',
  primaryResearchArea: 'computer_science',
  secondaryResearchAreas: ['security_privacy', 'software_engineering'],
};
const ARABIC_EDUCATION: CaseEvent = {
  title: 'المؤتمر الدولي للتعليم الإلكتروني وتقنيات التعلم',
  description:
    'التعليم الإلكتروني، التعلم عن بعد، المنصات التعليمية، تصميم المقررات الرقمية، وتقويم التعلم في الجامعات والمدارس.',
  primaryResearchArea: 'education_pedagogy',
  secondaryResearchAreas: ['educational_technology'],
};
const ARABIC_WATER: CaseEvent = {
  title: 'ندوة الموارد المائية والري في المناطق الجافة',
  description: 'إدارة الموارد المائية، المياه الجوفية، الري بالتنقيط، تحلية المياه، والجفاف في المناطق الجافة.',
  primaryResearchArea: 'environmental_sciences',
  secondaryResearchAreas: ['oceanography_hydrology_water_resources'],
};

/** Papers that appear under two calls (in scope for one, off topic for the other). */
const SHARPNESS_PAPER: RelevanceCase['paper'] = {
  title: 'Sharpness-Aware Training of Deep Neural Networks',
  abstract:
    'Deep neural networks trained with stochastic gradient descent often converge to sharp minima that generalise ' +
    'poorly. We propose a training procedure that penalises the sharpness of the loss surface. Experiments on ' +
    'image classification and language modelling show that the networks generalise better than with standard ' +
    'optimisation.',
  keywords: ['deep learning', 'optimisation', 'generalisation', 'neural networks'],
};
const CRAYFISH_PAPER: RelevanceCase['paper'] = {
  title: 'Invasive Crayfish and the Decline of Native Amphibians in Alpine Lakes',
  abstract:
    'Invasive signal crayfish have spread through alpine lakes over the last two decades. We surveyed amphibian ' +
    'populations in 40 lakes with and without crayfish. Lakes with crayfish held 60 percent fewer tadpoles, and ' +
    'two native frog species had disappeared from most of them.',
  keywords: ['invasive species', 'amphibians', 'freshwater ecology', 'biodiversity'],
};
const MELANOMA_PAPER: RelevanceCase['paper'] = {
  title: 'Adjuvant Immunotherapy After Surgery for Stage III Melanoma: A Randomised Clinical Trial',
  abstract:
    'Patients with resected stage III melanoma have a high risk of recurrence. In this randomised clinical trial, ' +
    '612 patients received adjuvant immunotherapy or placebo for one year. Relapse-free survival at three years ' +
    'was 63 percent with immunotherapy and 47 percent with placebo, with acceptable toxicity.',
  keywords: ['melanoma', 'immunotherapy', 'cancer', 'clinical trial'],
};
const GRAPHENE_PAPER: RelevanceCase['paper'] = {
  title: 'Unconventional Superconductivity in Twisted Bilayer Graphene',
  abstract:
    'Twisted bilayer graphene becomes superconducting near a magic twist angle. We measured electronic transport ' +
    'and the magnetic field dependence of the critical temperature in twelve devices. The results point to a ' +
    'pairing mechanism beyond electron-phonon coupling.',
  keywords: ['superconductivity', 'graphene', 'condensed matter', 'quantum materials'],
};
const GRANDPARENTS_PAPER: RelevanceCase['paper'] = {
  title: 'Transnational Families: Grandparents Caring Across Borders',
  abstract:
    'Migrant families increasingly rely on grandparents who travel between countries to care for children. We ' +
    'interviewed 45 migrant families and the grandparents who visit them. Care arrangements followed migration ' +
    'rules more than family preferences, and they deepened gender inequality within the families.',
  keywords: ['migration', 'families', 'care', 'sociology'],
};
const FUZZING_PAPER: RelevanceCase['paper'] = {
  title: 'Coverage-Guided Fuzzing of Network Protocol Parsers',
  abstract:
    'Parsers of network protocols are a common source of memory-safety vulnerabilities. We present a ' +
    'coverage-guided fuzzer that learns the message grammar from traffic. It found 14 new vulnerabilities in ' +
    'six widely used open-source libraries.',
  keywords: ['fuzzing', 'software security', 'vulnerabilities', 'protocols'],
};
const ARABIC_ELEARNING_PAPER: RelevanceCase['paper'] = {
  title: 'أثر المنصات التعليمية الإلكترونية في تحصيل طلاب الجامعات',
  abstract:
    'انتقلت الجامعات إلى التعليم الإلكتروني والتعلم عن بعد. درسنا أثر المنصات التعليمية في تحصيل 400 طالب في ثلاث ' +
    'جامعات. ارتفع تحصيل الطلاب الذين استخدموا المنصات التعليمية بانتظام، وتحسن تقويم التعلم.',
  keywords: ['التعليم الإلكتروني', 'المنصات التعليمية', 'التعلم عن بعد'],
};
const ARABIC_GROUNDWATER_PAPER: RelevanceCase['paper'] = {
  title: 'تقدير تغذية المياه الجوفية في حوض وادي حنيفة',
  abstract:
    'تعاني المناطق الجافة من انخفاض مستوى المياه الجوفية. قدّرنا تغذية الخزان الجوفي من الأمطار والري خلال عشر ' +
    'سنوات. انخفضت التغذية بمقدار الثلث مع الجفاف وتوسع الري.',
  keywords: ['المياه الجوفية', 'الجفاف', 'الموارد المائية'],
};

export const RELEVANCE_CASES: readonly RelevanceCase[] = [
  // Computer science: machine learning
  {
    id: 'ml-in-1',
    event: ML,
    paper: SHARPNESS_PAPER,
    band: 'high',
    heldOut: false,
  },
  {
    id: 'ml-in-2',
    event: ML,
    paper: {
      title: 'Sample-Efficient Reinforcement Learning with Learned World Models',
      abstract:
        'Reinforcement learning agents need millions of interactions to learn control policies. We learn a world ' +
        'model with a recurrent neural network and train the policy on imagined trajectories. On continuous control ' +
        'benchmarks the agent reaches the performance of model-free methods with ten times fewer interactions.',
      keywords: ['reinforcement learning', 'world models', 'machine learning'],
    },
    band: 'high',
    heldOut: true,
  },
  {
    id: 'ml-adjacent',
    event: ML,
    paper: {
      title: 'A Query Optimiser for Column-Store Databases',
      abstract:
        'Analytical queries on column stores spend most of their time scanning compressed columns. We present a ' +
        'query optimiser that chooses scan orders from column statistics and a learned cost model. On the TPC-H ' +
        'benchmark the optimiser reduces query latency by 30 percent.',
      keywords: ['databases', 'query optimisation', 'column store'],
    },
    band: 'medium',
    heldOut: false,
  },
  {
    id: 'ml-out-ecology',
    event: ML,
    paper: CRAYFISH_PAPER,
    band: 'low',
    heldOut: false,
  },
  // Ecology
  {
    id: 'eco-in-1',
    event: ECOLOGY,
    paper: CRAYFISH_PAPER,
    band: 'high',
    heldOut: false,
  },
  {
    id: 'eco-in-2',
    event: ECOLOGY,
    paper: {
      title: 'Wetland Restoration Restores Macroinvertebrate Diversity Within a Decade',
      abstract:
        'Drained wetlands lose most of their aquatic invertebrate species. We compared macroinvertebrate communities ' +
        'in 25 restored wetlands, 10 natural wetlands and 10 drained sites. Species richness in restored wetlands ' +
        'reached that of natural wetlands after eight years, although community composition still differed.',
      keywords: ['wetland restoration', 'macroinvertebrates', 'biodiversity', 'conservation'],
    },
    band: 'high',
    heldOut: true,
  },
  {
    id: 'eco-medium',
    event: ECOLOGY,
    paper: {
      title: 'Nitrate Leaching from Fertilised Fields into Groundwater',
      abstract:
        'Nitrate from fertilisers leaches into groundwater and later reaches streams. We measured nitrate in soil ' +
        'water and wells under three fertiliser regimes over four years. Leaching doubled under the highest regime, ' +
        'and nitrate loads in a nearby river followed with a lag of two years.',
      keywords: ['nitrate', 'groundwater', 'water pollution', 'agriculture'],
    },
    band: 'medium',
    heldOut: false,
  },
  {
    id: 'eco-out-ml',
    event: ECOLOGY,
    paper: SHARPNESS_PAPER,
    band: 'low',
    heldOut: false,
  },
  {
    id: 'eco-out-finance',
    event: ECOLOGY,
    paper: {
      title: 'Bank Capital Requirements and Lending to Small Firms',
      abstract:
        'Higher capital requirements may reduce bank lending. Using loan-level data from 120 banks, we estimate how ' +
        'lending to small firms responded to the 2014 capital reform. Banks closest to the new threshold cut lending ' +
        'to small firms by eight percent.',
      keywords: ['banking', 'capital requirements', 'credit supply'],
    },
    band: 'low',
    heldOut: true,
  },
  // Medicine
  {
    id: 'onc-in-1',
    event: ONCOLOGY,
    paper: MELANOMA_PAPER,
    band: 'high',
    heldOut: false,
  },
  {
    id: 'onc-in-2',
    event: ONCOLOGY,
    paper: {
      title: 'Hypofractionated Radiotherapy for Early Breast Cancer: Five-Year Outcomes',
      abstract:
        'Hypofractionated radiotherapy shortens treatment for women with early breast cancer. We report five-year ' +
        'outcomes of 1,410 patients treated in a multicentre trial with five fractions or fifteen fractions. Local ' +
        'recurrence and late toxicity did not differ between the arms.',
      keywords: ['breast cancer', 'radiotherapy', 'clinical trial', 'patient outcomes'],
    },
    band: 'high',
    heldOut: true,
  },
  {
    id: 'onc-medium',
    event: ONCOLOGY,
    paper: {
      title: 'Hospital Readmissions After Heart Failure: A Cohort Study',
      abstract:
        'Patients discharged after heart failure are often readmitted within a month. We followed 8,000 patients ' +
        'from 30 hospitals and studied which treatments at discharge predicted readmission. Patients discharged ' +
        'without follow-up appointments were readmitted twice as often.',
      keywords: ['heart failure', 'readmission', 'cohort', 'patients'],
    },
    band: 'medium',
    heldOut: false,
  },
  {
    id: 'onc-out-physics',
    event: ONCOLOGY,
    paper: GRAPHENE_PAPER,
    band: 'low',
    heldOut: false,
  },
  // Physics
  {
    id: 'phys-in-1',
    event: PHYSICS,
    paper: GRAPHENE_PAPER,
    band: 'high',
    heldOut: false,
  },
  {
    id: 'phys-in-2',
    event: PHYSICS,
    paper: {
      title: 'Topological Surface States and Magnetism in a Layered Crystal',
      abstract:
        'Magnetic topological insulators host surface states with a gap opened by magnetic order. We grew layered ' +
        'crystals and measured their electronic structure with photoemission and their magnetism with neutron ' +
        'scattering. The surface gap closes at the magnetic transition, as the theory of topological phases predicts.',
      keywords: ['topological insulator', 'magnetism', 'electronic structure', 'crystal'],
    },
    band: 'high',
    heldOut: true,
  },
  {
    id: 'phys-medium',
    event: PHYSICS,
    paper: {
      title: 'Laser Cooling of Molecules in an Optical Trap',
      abstract:
        'Cooling molecules to microkelvin temperatures opens quantum chemistry to precise control. We laser-cooled ' +
        'calcium monofluoride molecules and held them in an optical trap for two seconds. The trapped molecules ' +
        'reached 5 microkelvin, cold enough to observe collisions between single molecules.',
      keywords: ['laser cooling', 'molecules', 'optical trap', 'atomic physics'],
    },
    band: 'medium',
    heldOut: false,
  },
  {
    id: 'phys-out-social',
    event: PHYSICS,
    paper: GRANDPARENTS_PAPER,
    band: 'low',
    heldOut: true,
  },
  // Social science
  {
    id: 'soc-in-1',
    event: SOCIAL,
    paper: GRANDPARENTS_PAPER,
    band: 'high',
    heldOut: false,
  },
  {
    id: 'soc-in-2',
    event: SOCIAL,
    paper: {
      title: 'Social Networks and the Labour Market Integration of Refugees',
      abstract:
        'Refugees often find work through acquaintances rather than public agencies. Using a panel survey of 3,000 ' +
        'refugees, we relate the size and composition of their social networks to employment after three years. ' +
        'Ties to natives, not to co-ethnics, predicted stable employment, and the effect was larger for women.',
      keywords: ['refugees', 'social networks', 'integration', 'migration'],
    },
    band: 'high',
    heldOut: true,
  },
  {
    id: 'soc-medium',
    event: SOCIAL,
    paper: {
      title: 'Remittances and Household Consumption in Rural Nepal',
      abstract:
        'Remittances from migrant workers are a large share of income in rural Nepal. Using household survey data, ' +
        'we estimate how remittances change consumption and schooling. Households receiving remittances spent more ' +
        'on education, but not on health.',
      keywords: ['remittances', 'development economics', 'households'],
    },
    band: 'medium',
    heldOut: false,
  },
  {
    id: 'soc-out-security',
    event: SOCIAL,
    paper: FUZZING_PAPER,
    band: 'low',
    heldOut: false,
  },
  // Security
  {
    id: 'sec-in-1',
    event: SECURITY,
    paper: FUZZING_PAPER,
    band: 'high',
    heldOut: false,
  },
  {
    id: 'sec-in-2',
    event: SECURITY,
    paper: {
      title: 'Detecting Malware in Android Applications from Permission and API Usage',
      abstract:
        'Malicious Android applications hide among millions of benign ones. We extract permission requests and API ' +
        'calls from application code and train a classifier to detect malware. On 90,000 applications the detector ' +
        'finds 97 percent of malware with one percent false alarms.',
      keywords: ['malware detection', 'android', 'security', 'privacy'],
    },
    band: 'high',
    heldOut: true,
  },
  {
    id: 'sec-medium',
    event: SECURITY,
    paper: {
      title: 'Test Flakiness in Continuous Integration Pipelines',
      abstract:
        'Flaky tests pass and fail on the same code and waste developer time. We studied 2,000 flaky tests in 50 ' +
        'open-source projects and their fixes. Most flakiness came from asynchronous waits and test order, and a ' +
        'simple rerun policy hid half of the failures.',
      keywords: ['software testing', 'flaky tests', 'continuous integration'],
    },
    band: 'medium',
    heldOut: true,
  },
  {
    id: 'sec-out-onc',
    event: SECURITY,
    paper: MELANOMA_PAPER,
    band: 'low',
    heldOut: true,
  },
  // Arabic-language calls and papers
  {
    id: 'ar-edu-in',
    event: ARABIC_EDUCATION,
    paper: ARABIC_ELEARNING_PAPER,
    band: 'high',
    heldOut: false,
  },
  {
    id: 'ar-edu-out',
    event: ARABIC_EDUCATION,
    paper: ARABIC_GROUNDWATER_PAPER,
    band: 'low',
    heldOut: true,
  },
  {
    id: 'ar-water-in',
    event: ARABIC_WATER,
    paper: ARABIC_GROUNDWATER_PAPER,
    band: 'high',
    heldOut: true,
  },
  {
    id: 'ar-water-out',
    event: ARABIC_WATER,
    paper: ARABIC_ELEARNING_PAPER,
    band: 'low',
    heldOut: false,
  },
];

/**
 * The body of a paper stands for its full text in the "with full text" regime: the paper's title and abstract followed by
 * this field-neutral prose (methods, tables, limitations), as long as a short paper's body is in words that no call
 * uses. A paper squarely within the call must stay high with it.
 */
export const NEUTRAL_BODY = (
  'The remainder of this article is organised as follows. The next section describes the setting and the material, ' +
  'the procedure followed, and the measures recorded at each stage. All records were checked twice by two members of ' +
  'the team, and disagreements were settled by discussion. Table 1 summarises the characteristics of the material; ' +
  'Table 2 lists the outcomes at each stage of the procedure. Figures 1 to 3 show the main quantities over time. ' +
  'Missing values were rare and were left out of the summaries. The limitations of this design are discussed at the ' +
  'end of the article, together with directions for further work and the availability of the material. '
).repeat(6);

/** The band of a score. */
export function bandOf(score: number): Band {
  return score >= 4 ? 'high' : score >= 2.5 ? 'medium' : 'low';
}
