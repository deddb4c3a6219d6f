/*
 * Labelled abstracts for the highlights (bench/insights/README.md): unstructured abstracts (and, for some, the
 * introduction and related work that follow them), every sentence labelled with its rhetorical role. A highlight slot
 * is on target when it holds a sentence of its role, or stays empty when the paper has no sentence of that role.
 * Written for this bench; `heldOut` cases were not looked at while the cue phrases were set.
 */

export type Role = 'problem' | 'gap' | 'contribution' | 'method' | 'finding' | 'background' | 'related' | 'other';

export type Labelled = readonly [Role, string];

export type HighlightCase = {
  id: string;
  abstract: readonly Labelled[];
  /** The introduction (after an "Introduction" heading) and, when present, the section that follows it. */
  introduction?: readonly Labelled[];
  nextSection?: { heading: string; sentences: readonly Labelled[] };
  heldOut: boolean;
};

export const HIGHLIGHT_CASES: readonly HighlightCase[] = [
  {
    id: 'ml-curriculum',
    abstract: [
      ['problem', 'Training deep neural networks on small data sets is difficult and often leads to overfitting.'],
      ['gap', 'However, little prior work studies how the order of training examples affects feature learning.'],
      [
        'contribution',
        'We propose a stage-wise training framework that presents images from coarse to fine resolution.',
      ],
      ['method', 'We trained convolutional networks on CIFAR-10 and Tiny ImageNet with five random seeds each.'],
      [
        'finding',
        'Our results show that stage-wise training reduces the test error by 12% compared with standard training.',
      ],
    ],
    heldOut: false,
  },
  {
    id: 'ecology-preliminary',
    abstract: [
      ['background', 'Urban lakes receive large loads of road salt every winter.'],
      ['related', 'Smith et al. (2019) reported limited effects of salt on zooplankton in a single mesocosm study.'],
      [
        'problem',
        'How chronic salinisation changes the food webs of urban lakes remains an open question for managers.',
      ],
      [
        'method',
        'We sampled zooplankton, algae and fish in 24 lakes along a gradient of chloride concentration over three years.',
      ],
      ['other', 'We also report preliminary experiments on the tolerance of two cladoceran species.'],
      [
        'finding',
        'Zooplankton biomass fell by half above 250 mg of chloride per litre, and algal blooms became twice as frequent.',
      ],
    ],
    heldOut: false,
  },
  {
    id: 'hci-no-gap',
    abstract: [
      ['background', 'Older adults increasingly use video calls to stay in touch with their families.'],
      ['contribution', 'This paper presents a tablet application that simplifies joining a call to a single tap.'],
      [
        'method',
        'We conducted a four-week field study with 18 older adults living alone, with interviews before and after.',
      ],
      [
        'finding',
        'Participants made three times as many calls with the application, and most of them found it easy to use.',
      ],
    ],
    heldOut: false,
  },
  {
    id: 'medicine-cohort',
    abstract: [
      ['problem', 'Delirium after surgery is a frequent and costly complication in older patients.'],
      ['gap', 'Whether the depth of anaesthesia affects the risk of delirium remains unclear.'],
      ['method', 'We analysed a cohort of 4,200 patients aged over 65 who underwent major surgery in six hospitals.'],
      [
        'finding',
        'Deep anaesthesia was associated with a 30% higher risk of delirium after adjustment for age and frailty.',
      ],
      ['other', 'These observations are consistent with earlier reports from single centres.'],
    ],
    heldOut: false,
  },
  {
    id: 'se-with-intro',
    abstract: [
      ['problem', 'Dependency updates break builds in many software projects.'],
      [
        'contribution',
        'We present a tool that predicts which updates of a package will break the build of its dependents.',
      ],
      [
        'finding',
        'On 3,000 updates from the npm ecosystem, the tool finds 80% of breaking updates with few false alarms.',
      ],
    ],
    introduction: [
      ['background', 'Modern applications depend on hundreds of open-source packages.'],
      ['related', 'Previous studies [3, 4] measured how often dependencies are updated in the npm ecosystem.'],
      ['gap', 'However, no existing tool tells a maintainer in advance whether an update will break their build.'],
      [
        'method',
        'We trained a classifier on the changes of the public API between versions and on the test results of dependents.',
      ],
    ],
    nextSection: {
      heading: '2 Related Work',
      sentences: [
        ['related', 'Semantic versioning was proposed to signal breaking changes, but many packages do not follow it.'],
        [
          'related',
          'Mezzetti et al. [7] developed type regression testing, which finds some breaking changes automatically.',
        ],
      ],
    },
    heldOut: false,
  },
  {
    id: 'physics-measure',
    abstract: [
      ['background', 'Twisted bilayer graphene becomes superconducting near a magic twist angle.'],
      ['gap', 'The pairing mechanism behind this superconductivity is not yet understood.'],
      [
        'method',
        'We measured electronic transport and its dependence on magnetic field in twelve devices at millikelvin temperatures.',
      ],
      [
        'finding',
        'The critical temperature did not depend on the isotope of carbon, which points to a mechanism beyond electron-phonon coupling.',
      ],
    ],
    heldOut: false,
  },
  {
    id: 'sociology-interviews',
    abstract: [
      [
        'background',
        'Migrant families increasingly rely on grandparents who travel between countries to care for children.',
      ],
      ['related', 'Earlier research has described such arrangements mainly from the point of view of the parents.'],
      ['contribution', 'This study examines transnational care from the perspective of the grandparents themselves.'],
      ['method', 'We interviewed 45 grandparents who spent at least three months a year with their children abroad.'],
      ['finding', 'We find that care arrangements followed migration rules more than family preferences.'],
      ['other', 'Implications for family reunification policy are discussed.'],
    ],
    heldOut: false,
  },
  {
    id: 'security-fuzzing',
    abstract: [
      ['problem', 'Parsers of network protocols are a common source of memory-safety vulnerabilities.'],
      ['gap', 'Existing fuzzers cannot generate messages that pass the checks of stateful protocols.'],
      [
        'contribution',
        'We introduce a coverage-guided fuzzer that learns the message grammar and the protocol state machine from traffic.',
      ],
      [
        'finding',
        'The fuzzer found 14 new vulnerabilities in six open-source libraries and covered 35% more code than the baselines.',
      ],
    ],
    heldOut: true,
  },
  {
    id: 'education-survey',
    abstract: [
      ['background', 'Universities moved much of their teaching online during the pandemic.'],
      ['related', 'Several surveys (Lee, 2021; Ortiz, 2022) documented the difficulties of students in that period.'],
      ['problem', 'Little is known about how teachers adapted their assessment practices in the long run.'],
      ['method', 'We surveyed 1,200 university teachers in four countries in 2020 and again in 2023.'],
      ['finding', 'The results indicate that open-book assessments remained twice as common as before the pandemic.'],
    ],
    heldOut: true,
  },
  {
    id: 'chemistry-no-finding',
    abstract: [
      ['problem', 'Separating rare earth elements requires large volumes of organic solvents.'],
      [
        'contribution',
        'In this work we describe a membrane process that separates neodymium from dysprosium in water.',
      ],
      ['method', 'The membranes were prepared by grafting a selective ligand onto porous polymer supports.'],
      ['other', 'We report preliminary experiments with synthetic solutions.'],
    ],
    heldOut: true,
  },
  {
    id: 'economics-related-gap',
    abstract: [
      ['background', 'Higher capital requirements may reduce the lending of banks.'],
      ['related', 'Aiyar et al. (2014) found limited effects of capital requirements on aggregate credit.'],
      ['gap', 'However, the effect on small firms, which depend most on bank credit, has not been measured.'],
      [
        'method',
        'Using loan-level data from 120 banks, we estimate how lending to small firms responded to the 2014 reform.',
      ],
      ['finding', 'Banks closest to the new threshold reduced lending to small firms by 8%.'],
    ],
    heldOut: true,
  },
  {
    id: 'robotics-intro',
    abstract: [
      ['problem', 'Legged robots fall when they step on surfaces that deform under their weight.'],
      [
        'contribution',
        'We develop a controller that estimates the stiffness of the ground from the first contact of each foot.',
      ],
      ['finding', 'In experiments on sand, foam and gravel, the robot fell in 2 of 300 trials instead of 41.'],
    ],
    introduction: [
      ['background', 'Legged robots are being deployed for inspection in mines and on construction sites.'],
      ['related', 'Hwangbo et al. [2] trained locomotion policies in simulation that transfer to rigid terrain.'],
      ['gap', 'These policies, however, do not adapt to ground that yields, and no controller measures it online.'],
      [
        'method',
        'We model the ground as a spring and damper and fit their parameters during the first 20 ms of contact.',
      ],
    ],
    nextSection: {
      heading: '2 Background',
      sentences: [
        ['related', 'Model predictive control has been applied to quadrupeds with great success [5, 6].'],
        ['related', 'However, the controllers in [5] assume a rigid ground and a known friction coefficient.'],
      ],
    },
    heldOut: true,
  },
];

/** The paper text a case stands for: its abstract, then its introduction and next section under their headings. */
export function caseFullText(entry: HighlightCase): string {
  const text = (sentences: readonly Labelled[]) => sentences.map(([, sentence]) => sentence).join(' ');
  const parts = ['A Paper Title', 'Abstract', text(entry.abstract)];
  if (entry.introduction) parts.push('1 Introduction', text(entry.introduction));
  if (entry.nextSection) parts.push(entry.nextSection.heading, text(entry.nextSection.sentences));
  return parts.join('\n');
}
