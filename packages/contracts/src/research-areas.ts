import { z } from 'zod';

/*
 * The research-area catalogue (`docs/domain.md#research-areas`): 27 primary areas with fixed keys, each with 6 to 17
 * subcategories. An event has one primary area and any number of secondary areas, chosen among the primary area's
 * subcategories.
 *
 * Where the subcategories come from:
 * - the OECD Fields of Science and Technology (FOS) classification, 2007 revision (Frascati Manual), its fields
 *   and their detailed lists, for the natural, formal, engineering, medical, agricultural, social, economic,
 *   legal, educational, media, library and humanities areas;
 * - the top level of the ACM Computing Classification System (CCS) 2012 for computer science, plus "Artificial
 *   Intelligence & Machine Learning", which the product names as an example;
 * - for the applied areas the OECD scheme does not name (energy, transport, tourism, emergency management,
 *   military studies, manufacturing…), the disciplines those communities name their journals and conference
 *   tracks after, kept at the same level of detail.
 * Keys are stable snake_case identifiers, unique within their area; labels exist in English and Arabic.
 */

export type ResearchSubcategory = { key: string; name_en: string; name_ar: string };
export type ResearchArea = { key: string; name_en: string; name_ar: string; subcategories: ResearchSubcategory[] };

type Row = readonly [key: string, en: string, ar: string];

function area(key: string, en: string, ar: string, rows: readonly Row[]): ResearchArea {
  return {
    key,
    name_en: en,
    name_ar: ar,
    subcategories: rows.map(([k, e, a]) => ({ key: k, name_en: e, name_ar: a })),
  };
}

/** The primary area keys, in their fixed order. */
export const RESEARCH_AREA_KEYS = [
  'natural_sciences',
  'formal_sciences',
  'computer_science',
  'engineering',
  'applied_sciences',
  'medical_health_sciences',
  'agricultural_food_sciences',
  'environmental_sciences',
  'energy_utilities',
  'transportation_logistics',
  'social_sciences',
  'economics_finance',
  'arts_humanities',
  'sports_recreation',
  'business_management',
  'law_legal_studies',
  'education_pedagogy',
  'communication_media_studies',
  'architecture_design_urban_planning',
  'library_information_science',
  'public_administration_policy',
  'emergency_management_safety',
  'interdisciplinary_studies',
  'space_planetary_sciences',
  'military_security_studies',
  'tourism_hospitality',
  'manufacturing_industrial',
] as const;
export type ResearchAreaKey = (typeof RESEARCH_AREA_KEYS)[number];

export const RESEARCH_AREAS: readonly ResearchArea[] = [
  area('natural_sciences', 'Natural Sciences', 'العلوم الطبيعية', [
    ['physics', 'Physics', 'الفيزياء'],
    ['chemistry', 'Chemistry', 'الكيمياء'],
    ['biological_sciences', 'Biological Sciences', 'العلوم البيولوجية'],
    [
      'earth_environmental_sciences',
      'Earth and Related Environmental Sciences',
      'علوم الأرض والعلوم البيئية المرتبطة بها',
    ],
    ['astronomy_astrophysics', 'Astronomy and Astrophysics', 'علم الفلك والفيزياء الفلكية'],
    ['atomic_molecular_physics', 'Atomic, Molecular and Chemical Physics', 'الفيزياء الذرية والجزيئية والكيميائية'],
    ['condensed_matter_physics', 'Condensed Matter Physics', 'فيزياء المادة المكثفة'],
    ['particle_nuclear_physics', 'Particle and Nuclear Physics', 'فيزياء الجسيمات والفيزياء النووية'],
    ['optics_acoustics', 'Optics and Acoustics', 'البصريات والصوتيات'],
    ['organic_chemistry', 'Organic Chemistry', 'الكيمياء العضوية'],
    ['inorganic_nuclear_chemistry', 'Inorganic and Nuclear Chemistry', 'الكيمياء غير العضوية والكيمياء النووية'],
    ['physical_chemistry', 'Physical Chemistry', 'الكيمياء الفيزيائية'],
    ['analytical_chemistry', 'Analytical Chemistry', 'الكيمياء التحليلية'],
    ['biochemistry_molecular_biology', 'Biochemistry and Molecular Biology', 'الكيمياء الحيوية والبيولوجيا الجزيئية'],
    ['genetics_heredity', 'Genetics and Heredity', 'علم الوراثة'],
    ['ecology_evolutionary_biology', 'Ecology and Evolutionary Biology', 'علم البيئة وعلم الأحياء التطوري'],
    ['other_natural_sciences', 'Other Natural Sciences', 'علوم طبيعية أخرى'],
  ]),
  area('formal_sciences', 'Formal Sciences', 'العلوم الصورية', [
    ['pure_mathematics', 'Pure Mathematics', 'الرياضيات البحتة'],
    ['applied_mathematics', 'Applied Mathematics', 'الرياضيات التطبيقية'],
    ['statistics_probability', 'Statistics and Probability', 'الإحصاء والاحتمالات'],
    ['logic', 'Logic', 'المنطق'],
    ['discrete_mathematics_combinatorics', 'Discrete Mathematics and Combinatorics', 'الرياضيات المتقطعة والتوافقيات'],
    ['operations_research', 'Operations Research', 'بحوث العمليات'],
    ['theoretical_computer_science', 'Theoretical Computer Science', 'علوم الحاسوب النظرية'],
    ['systems_control_theory', 'Systems and Control Theory', 'نظرية النظم والتحكم'],
    ['decision_game_theory', 'Decision and Game Theory', 'نظرية القرار ونظرية الألعاب'],
  ]),
  area('computer_science', 'Computer Science', 'علوم الحاسوب', [
    ['general_reference', 'General and Reference', 'عام ومرجعي'],
    ['hardware', 'Hardware', 'العتاد الحاسوبي'],
    ['computer_systems_organization', 'Computer Systems Organization', 'تنظيم أنظمة الحاسوب'],
    ['networks', 'Networks', 'الشبكات'],
    ['software_engineering', 'Software and its Engineering', 'البرمجيات وهندستها'],
    ['theory_of_computation', 'Theory of Computation', 'نظرية الحوسبة'],
    ['mathematics_of_computing', 'Mathematics of Computing', 'رياضيات الحوسبة'],
    ['information_systems', 'Information Systems', 'نظم المعلومات'],
    ['security_privacy', 'Security and Privacy', 'الأمن والخصوصية'],
    ['human_centered_computing', 'Human-Centered Computing', 'الحوسبة المتمحورة حول الإنسان'],
    ['computing_methodologies', 'Computing Methodologies', 'منهجيات الحوسبة'],
    ['applied_computing', 'Applied Computing', 'الحوسبة التطبيقية'],
    ['social_professional_topics', 'Social and Professional Topics', 'الموضوعات الاجتماعية والمهنية'],
    [
      'artificial_intelligence_machine_learning',
      'Artificial Intelligence & Machine Learning',
      'الذكاء الاصطناعي وتعلّم الآلة',
    ],
  ]),
  area('engineering', 'Engineering', 'الهندسة', [
    ['civil_engineering', 'Civil Engineering', 'الهندسة المدنية'],
    [
      'electrical_electronic_information_engineering',
      'Electrical, Electronic and Information Engineering',
      'الهندسة الكهربائية والإلكترونية وهندسة المعلومات',
    ],
    ['mechanical_engineering', 'Mechanical Engineering', 'الهندسة الميكانيكية'],
    ['chemical_engineering', 'Chemical Engineering', 'الهندسة الكيميائية'],
    ['materials_engineering', 'Materials Engineering', 'هندسة المواد'],
    ['medical_engineering', 'Medical Engineering', 'الهندسة الطبية'],
    ['environmental_engineering', 'Environmental Engineering', 'الهندسة البيئية'],
    ['environmental_biotechnology', 'Environmental Biotechnology', 'التقنية الحيوية البيئية'],
    ['industrial_biotechnology', 'Industrial Biotechnology', 'التقنية الحيوية الصناعية'],
    ['nanotechnology', 'Nanotechnology', 'تقنية النانو'],
    ['aerospace_engineering', 'Aerospace Engineering', 'هندسة الطيران والفضاء'],
    ['other_engineering_technologies', 'Other Engineering and Technologies', 'هندسة وتقنيات أخرى'],
  ]),
  area('applied_sciences', 'Applied Sciences', 'العلوم التطبيقية', [
    ['applied_physics', 'Applied Physics', 'الفيزياء التطبيقية'],
    ['applied_chemistry', 'Applied Chemistry', 'الكيمياء التطبيقية'],
    ['biotechnology', 'Biotechnology', 'التقنية الحيوية'],
    ['materials_science', 'Materials Science', 'علم المواد'],
    ['instrumentation_metrology', 'Instrumentation and Metrology', 'الأجهزة العلمية وعلم القياس'],
    ['robotics_automation', 'Robotics and Automation', 'الروبوتات والأتمتة'],
    ['remote_sensing', 'Remote Sensing', 'الاستشعار عن بعد'],
    ['geomatics_surveying', 'Geomatics and Surveying', 'الجيوماتكس والمساحة'],
  ]),
  area('medical_health_sciences', 'Medical and Health Sciences', 'العلوم الطبية والصحية', [
    ['basic_medicine', 'Basic Medicine', 'الطب الأساسي'],
    ['clinical_medicine', 'Clinical Medicine', 'الطب السريري'],
    ['health_sciences', 'Health Sciences', 'العلوم الصحية'],
    ['medical_biotechnology', 'Medical Biotechnology', 'التقنية الحيوية الطبية'],
    ['public_environmental_health', 'Public and Environmental Health', 'الصحة العامة والصحة البيئية'],
    ['nursing', 'Nursing', 'التمريض'],
    ['pharmacology_pharmacy', 'Pharmacology and Pharmacy', 'علم الأدوية والصيدلة'],
    ['dentistry', 'Dentistry', 'طب الأسنان'],
    ['epidemiology', 'Epidemiology', 'علم الأوبئة'],
    ['neurosciences', 'Neurosciences', 'علوم الأعصاب'],
    ['other_medical_sciences', 'Other Medical Sciences', 'علوم طبية أخرى'],
  ]),
  area('agricultural_food_sciences', 'Agricultural and Food Sciences', 'العلوم الزراعية وعلوم الأغذية', [
    ['agriculture_forestry_fisheries', 'Agriculture, Forestry and Fisheries', 'الزراعة والغابات ومصايد الأسماك'],
    ['animal_dairy_science', 'Animal and Dairy Science', 'علوم الحيوان والألبان'],
    ['veterinary_science', 'Veterinary Science', 'العلوم البيطرية'],
    ['agricultural_biotechnology', 'Agricultural Biotechnology', 'التقنية الحيوية الزراعية'],
    ['food_science_technology', 'Food Science and Technology', 'علوم الأغذية وتقنيتها'],
    ['soil_science', 'Soil Science', 'علوم التربة'],
    ['horticulture', 'Horticulture', 'البستنة'],
    ['agricultural_economics', 'Agricultural Economics', 'الاقتصاد الزراعي'],
    ['other_agricultural_sciences', 'Other Agricultural Sciences', 'علوم زراعية أخرى'],
  ]),
  area('environmental_sciences', 'Environmental Sciences', 'العلوم البيئية', [
    ['climate_research', 'Climate Research', 'أبحاث المناخ'],
    ['meteorology_atmospheric_sciences', 'Meteorology and Atmospheric Sciences', 'الأرصاد الجوية وعلوم الغلاف الجوي'],
    [
      'oceanography_hydrology_water_resources',
      'Oceanography, Hydrology and Water Resources',
      'علوم المحيطات والهيدرولوجيا والموارد المائية',
    ],
    ['ecology_biodiversity_conservation', 'Ecology and Biodiversity Conservation', 'علم البيئة وصون التنوع الحيوي'],
    ['environmental_chemistry_pollution', 'Environmental Chemistry and Pollution', 'الكيمياء البيئية والتلوث'],
    ['geosciences', 'Geosciences', 'علوم الأرض'],
    [
      'environmental_management_sustainability',
      'Environmental Management and Sustainability',
      'الإدارة البيئية والاستدامة',
    ],
  ]),
  area('energy_utilities', 'Energy and Utilities', 'الطاقة والمرافق', [
    ['renewable_energy', 'Renewable Energy', 'الطاقة المتجددة'],
    ['power_systems_smart_grids', 'Power Systems and Smart Grids', 'أنظمة القدرة الكهربائية والشبكات الذكية'],
    ['oil_gas', 'Oil and Gas', 'النفط والغاز'],
    ['nuclear_energy', 'Nuclear Energy', 'الطاقة النووية'],
    ['energy_storage', 'Energy Storage', 'تخزين الطاقة'],
    ['energy_efficiency', 'Energy Efficiency', 'كفاءة الطاقة'],
    ['water_supply_wastewater', 'Water Supply and Wastewater', 'إمدادات المياه والصرف الصحي'],
    ['energy_policy_economics', 'Energy Policy and Economics', 'سياسات الطاقة واقتصادياتها'],
  ]),
  area('transportation_logistics', 'Transportation and Logistics', 'النقل والخدمات اللوجستية', [
    ['transportation_engineering', 'Transportation Engineering', 'هندسة النقل'],
    ['traffic_engineering_management', 'Traffic Engineering and Management', 'هندسة المرور وإدارته'],
    ['supply_chain_management', 'Supply Chain Management', 'إدارة سلاسل الإمداد'],
    ['maritime_transport', 'Maritime Transport', 'النقل البحري'],
    ['aviation_air_transport', 'Aviation and Air Transport', 'الطيران والنقل الجوي'],
    ['rail_transport', 'Rail Transport', 'النقل بالسكك الحديدية'],
    ['urban_mobility_public_transit', 'Urban Mobility and Public Transit', 'التنقل الحضري والنقل العام'],
    ['intelligent_transportation_systems', 'Intelligent Transportation Systems', 'أنظمة النقل الذكية'],
    ['freight_warehousing', 'Freight and Warehousing', 'الشحن والتخزين'],
  ]),
  area('social_sciences', 'Social Sciences', 'العلوم الاجتماعية', [
    ['psychology', 'Psychology', 'علم النفس'],
    ['sociology', 'Sociology', 'علم الاجتماع'],
    ['political_science', 'Political Science', 'العلوم السياسية'],
    ['social_economic_geography', 'Social and Economic Geography', 'الجغرافيا الاجتماعية والاقتصادية'],
    ['anthropology_ethnology', 'Anthropology and Ethnology', 'الأنثروبولوجيا وعلم الأعراق'],
    ['demography', 'Demography', 'علم السكان (الديموغرافيا)'],
    ['social_work', 'Social Work', 'الخدمة الاجتماعية'],
    ['gender_studies', 'Gender Studies', 'دراسات النوع الاجتماعي'],
    ['international_relations', 'International Relations', 'العلاقات الدولية'],
    ['other_social_sciences', 'Other Social Sciences', 'علوم اجتماعية أخرى'],
  ]),
  area('economics_finance', 'Economics and Finance', 'الاقتصاد والمالية', [
    ['economics', 'Economics', 'علم الاقتصاد'],
    ['econometrics', 'Econometrics', 'الاقتصاد القياسي'],
    ['finance', 'Finance', 'التمويل'],
    ['accounting', 'Accounting', 'المحاسبة'],
    ['banking_insurance', 'Banking and Insurance', 'الخدمات المصرفية والتأمين'],
    ['development_economics', 'Development Economics', 'اقتصاديات التنمية'],
    ['international_trade', 'International Trade', 'التجارة الدولية'],
    ['financial_technology', 'Financial Technology (FinTech)', 'التقنية المالية'],
    ['islamic_finance', 'Islamic Finance', 'التمويل الإسلامي'],
    ['public_finance', 'Public Finance', 'المالية العامة'],
  ]),
  area('arts_humanities', 'Arts and Humanities', 'الفنون والعلوم الإنسانية', [
    ['history_archaeology', 'History and Archaeology', 'التاريخ وعلم الآثار'],
    ['languages_literature', 'Languages and Literature', 'اللغات والآداب'],
    ['linguistics', 'Linguistics', 'اللسانيات'],
    ['philosophy_ethics_religion', 'Philosophy, Ethics and Religion', 'الفلسفة والأخلاق والدين'],
    ['arts_art_history', 'Arts and Art History', 'الفنون وتاريخ الفن'],
    ['performing_arts_music', 'Performing Arts and Music', 'فنون الأداء والموسيقى'],
    ['cultural_studies', 'Cultural Studies', 'الدراسات الثقافية'],
    ['other_humanities', 'Other Humanities', 'علوم إنسانية أخرى'],
  ]),
  area('sports_recreation', 'Sports and Recreation', 'الرياضة والترويح', [
    ['sport_fitness_sciences', 'Sport and Fitness Sciences', 'علوم الرياضة واللياقة البدنية'],
    ['exercise_physiology', 'Exercise Physiology', 'فسيولوجيا التمرين'],
    ['sports_medicine', 'Sports Medicine', 'الطب الرياضي'],
    ['sports_management', 'Sports Management', 'الإدارة الرياضية'],
    ['physical_education', 'Physical Education', 'التربية البدنية'],
    ['recreation_leisure_studies', 'Recreation and Leisure Studies', 'دراسات الترويح وأوقات الفراغ'],
    ['sport_psychology', 'Sport Psychology', 'علم النفس الرياضي'],
  ]),
  area('business_management', 'Business and Management', 'إدارة الأعمال', [
    ['strategic_management', 'Strategic Management', 'الإدارة الاستراتيجية'],
    ['marketing', 'Marketing', 'التسويق'],
    ['human_resource_management', 'Human Resource Management', 'إدارة الموارد البشرية'],
    ['operations_management', 'Operations Management', 'إدارة العمليات'],
    ['entrepreneurship_innovation', 'Entrepreneurship and Innovation', 'ريادة الأعمال والابتكار'],
    ['organizational_behavior', 'Organizational Behavior', 'السلوك التنظيمي'],
    ['management_information_systems', 'Management Information Systems', 'نظم المعلومات الإدارية'],
    ['project_management', 'Project Management', 'إدارة المشاريع'],
    ['international_business', 'International Business', 'الأعمال الدولية'],
  ]),
  area('law_legal_studies', 'Law and Legal Studies', 'القانون والدراسات القانونية', [
    ['constitutional_administrative_law', 'Constitutional and Administrative Law', 'القانون الدستوري والإداري'],
    ['criminal_law_criminology', 'Criminal Law and Criminology', 'القانون الجنائي وعلم الإجرام'],
    ['civil_commercial_law', 'Civil and Commercial Law', 'القانون المدني والتجاري'],
    ['international_law', 'International Law', 'القانون الدولي'],
    ['human_rights_law', 'Human Rights Law', 'قانون حقوق الإنسان'],
    ['islamic_law_jurisprudence', 'Islamic Law and Jurisprudence', 'الشريعة الإسلامية والفقه'],
    [
      'technology_intellectual_property_law',
      'Technology and Intellectual Property Law',
      'قانون التقنية والملكية الفكرية',
    ],
    ['labor_law', 'Labor Law', 'قانون العمل'],
  ]),
  area('education_pedagogy', 'Education and Pedagogy', 'التربية وأصول التدريس', [
    ['curriculum_instruction', 'Curriculum and Instruction', 'المناهج وطرق التدريس'],
    ['educational_technology', 'Educational Technology', 'تقنيات التعليم'],
    ['higher_education', 'Higher Education', 'التعليم العالي'],
    ['special_education', 'Special Education', 'التربية الخاصة'],
    ['educational_psychology', 'Educational Psychology', 'علم النفس التربوي'],
    ['educational_leadership_policy', 'Educational Leadership and Policy', 'القيادة والسياسات التربوية'],
    ['assessment_evaluation', 'Assessment and Evaluation', 'القياس والتقويم'],
    ['language_education', 'Language Education', 'تعليم اللغات'],
    ['early_childhood_education', 'Early Childhood Education', 'تعليم الطفولة المبكرة'],
  ]),
  area('communication_media_studies', 'Communication and Media Studies', 'دراسات الاتصال والإعلام', [
    ['journalism', 'Journalism', 'الصحافة'],
    ['mass_communication', 'Mass Communication', 'الاتصال الجماهيري'],
    ['digital_social_media', 'Digital and Social Media', 'الإعلام الرقمي ووسائل التواصل الاجتماعي'],
    ['public_relations_advertising', 'Public Relations and Advertising', 'العلاقات العامة والإعلان'],
    ['film_television_broadcasting', 'Film, Television and Broadcasting', 'السينما والتلفزيون والبث'],
    [
      'media_socio_cultural_communication',
      'Media and Socio-Cultural Communication',
      'الإعلام والاتصال الاجتماعي والثقافي',
    ],
    ['intercultural_communication', 'Intercultural Communication', 'الاتصال بين الثقافات'],
  ]),
  area(
    'architecture_design_urban_planning',
    'Architecture, Design and Urban Planning',
    'العمارة والتصميم والتخطيط العمراني',
    [
      ['architectural_design', 'Architectural Design', 'التصميم المعماري'],
      ['urban_regional_planning', 'Urban and Regional Planning', 'التخطيط الحضري والإقليمي'],
      ['landscape_architecture', 'Landscape Architecture', 'عمارة المناظر الطبيعية'],
      ['interior_design', 'Interior Design', 'التصميم الداخلي'],
      ['sustainable_green_building', 'Sustainable and Green Building', 'المباني المستدامة والخضراء'],
      ['industrial_product_design', 'Industrial and Product Design', 'التصميم الصناعي وتصميم المنتجات'],
      [
        'architectural_heritage_conservation',
        'Architectural Heritage and Conservation',
        'التراث المعماري والحفاظ عليه',
      ],
      ['building_technology_construction', 'Building Technology and Construction', 'تقنيات البناء والتشييد'],
    ],
  ),
  area('library_information_science', 'Library and Information Science', 'علم المكتبات والمعلومات', [
    ['library_science', 'Library Science', 'علم المكتبات'],
    ['information_science', 'Information Science', 'علم المعلومات'],
    ['archival_studies', 'Archival Studies', 'دراسات الأرشيف'],
    ['knowledge_organization_cataloguing', 'Knowledge Organization and Cataloguing', 'تنظيم المعرفة والفهرسة'],
    ['digital_libraries', 'Digital Libraries', 'المكتبات الرقمية'],
    ['scientometrics_bibliometrics', 'Scientometrics and Bibliometrics', 'القياسات العلمية والببليومترية'],
    ['information_services_literacy', 'Information Services and Literacy', 'خدمات المعلومات والثقافة المعلوماتية'],
  ]),
  area('public_administration_policy', 'Public Administration and Policy', 'الإدارة العامة والسياسات العامة', [
    ['public_administration', 'Public Administration', 'الإدارة العامة'],
    ['public_policy_analysis', 'Public Policy Analysis', 'تحليل السياسات العامة'],
    ['governance_public_management', 'Governance and Public Management', 'الحوكمة والإدارة الحكومية'],
    ['local_government_decentralization', 'Local Government and Decentralization', 'الحكم المحلي واللامركزية'],
    ['e_government', 'E-Government', 'الحكومة الإلكترونية'],
    ['nonprofit_management', 'Nonprofit Management', 'إدارة المنظمات غير الربحية'],
    [
      'public_budgeting_financial_management',
      'Public Budgeting and Financial Management',
      'الموازنة العامة والإدارة المالية',
    ],
  ]),
  area('emergency_management_safety', 'Emergency Management and Safety', 'إدارة الطوارئ والسلامة', [
    ['disaster_risk_reduction', 'Disaster Risk Reduction', 'الحد من مخاطر الكوارث'],
    ['emergency_preparedness_response', 'Emergency Preparedness and Response', 'التأهب للطوارئ والاستجابة لها'],
    ['occupational_health_safety', 'Occupational Health and Safety', 'الصحة والسلامة المهنية'],
    ['fire_safety_engineering', 'Fire Safety Engineering', 'هندسة السلامة من الحرائق'],
    ['crisis_management_communication', 'Crisis Management and Communication', 'إدارة الأزمات والاتصال أثناءها'],
    ['humanitarian_action', 'Humanitarian Action', 'العمل الإنساني'],
    ['industrial_safety_risk_assessment', 'Industrial Safety and Risk Assessment', 'السلامة الصناعية وتقييم المخاطر'],
  ]),
  area('interdisciplinary_studies', 'Interdisciplinary Studies', 'الدراسات البينية', [
    ['science_technology_society', 'Science, Technology and Society', 'العلم والتقنية والمجتمع'],
    ['sustainability_studies', 'Sustainability Studies', 'دراسات الاستدامة'],
    ['cognitive_science', 'Cognitive Science', 'العلوم المعرفية'],
    ['data_science', 'Data Science', 'علم البيانات'],
    ['digital_humanities', 'Digital Humanities', 'الإنسانيات الرقمية'],
    [
      'bioinformatics_computational_biology',
      'Bioinformatics and Computational Biology',
      'المعلوماتية الحيوية والبيولوجيا الحاسوبية',
    ],
    ['development_studies', 'Development Studies', 'دراسات التنمية'],
    ['area_regional_studies', 'Area and Regional Studies', 'الدراسات الإقليمية'],
  ]),
  area('space_planetary_sciences', 'Space and Planetary Sciences', 'علوم الفضاء والكواكب', [
    ['astronomy_astrophysics', 'Astronomy and Astrophysics', 'علم الفلك والفيزياء الفلكية'],
    ['planetary_science', 'Planetary Science', 'علوم الكواكب'],
    ['space_physics_heliophysics', 'Space Physics and Heliophysics', 'فيزياء الفضاء والفيزياء الشمسية'],
    ['cosmology', 'Cosmology', 'علم الكونيات'],
    ['astrobiology', 'Astrobiology', 'علم الأحياء الفلكي'],
    ['space_technology_satellites', 'Space Technology and Satellites', 'تقنيات الفضاء والأقمار الصناعية'],
    ['earth_observation', 'Earth Observation', 'رصد الأرض'],
    ['space_exploration', 'Space Exploration', 'استكشاف الفضاء'],
  ]),
  area('military_security_studies', 'Military and Security Studies', 'الدراسات العسكرية والأمنية', [
    ['strategic_studies', 'Strategic Studies', 'الدراسات الاستراتيجية'],
    ['defense_policy_management', 'Defense Policy and Management', 'السياسات الدفاعية وإدارتها'],
    ['national_security', 'National Security', 'الأمن الوطني'],
    ['cybersecurity_cyber_defense', 'Cybersecurity and Cyber Defense', 'الأمن السيبراني والدفاع السيبراني'],
    ['counterterrorism', 'Counterterrorism', 'مكافحة الإرهاب'],
    ['conflict_peace_studies', 'Conflict and Peace Studies', 'دراسات النزاع والسلام'],
    ['intelligence_studies', 'Intelligence Studies', 'دراسات الاستخبارات'],
    ['military_history', 'Military History', 'التاريخ العسكري'],
  ]),
  area('tourism_hospitality', 'Tourism and Hospitality', 'السياحة والضيافة', [
    ['tourism_management', 'Tourism Management', 'إدارة السياحة'],
    ['hospitality_management', 'Hospitality Management', 'إدارة الضيافة'],
    ['sustainable_tourism_ecotourism', 'Sustainable Tourism and Ecotourism', 'السياحة المستدامة والسياحة البيئية'],
    ['cultural_heritage_tourism', 'Cultural and Heritage Tourism', 'السياحة الثقافية وسياحة التراث'],
    ['events_conference_management', 'Events and Conference Management', 'إدارة الفعاليات والمؤتمرات'],
    ['tourism_marketing_travel_behavior', 'Tourism Marketing and Travel Behavior', 'التسويق السياحي وسلوك المسافرين'],
    ['religious_tourism', 'Religious Tourism', 'السياحة الدينية'],
  ]),
  area('manufacturing_industrial', 'Manufacturing and Industrial Engineering', 'التصنيع والهندسة الصناعية', [
    ['industrial_engineering', 'Industrial Engineering', 'الهندسة الصناعية'],
    ['manufacturing_processes', 'Manufacturing Processes', 'عمليات التصنيع'],
    ['quality_engineering_management', 'Quality Engineering and Management', 'هندسة الجودة وإدارتها'],
    ['lean_manufacturing', 'Lean Manufacturing', 'التصنيع الرشيق'],
    ['additive_manufacturing', 'Additive Manufacturing (3D Printing)', 'التصنيع بالإضافة (الطباعة ثلاثية الأبعاد)'],
    ['industry_4_0_smart_manufacturing', 'Industry 4.0 and Smart Manufacturing', 'الصناعة 4.0 والتصنيع الذكي'],
    ['production_planning_control', 'Production Planning and Control', 'تخطيط الإنتاج ومراقبته'],
    ['ergonomics_human_factors', 'Ergonomics and Human Factors', 'بيئة العمل والعوامل البشرية'],
  ]),
];

const BY_KEY = new Map(RESEARCH_AREAS.map((entry) => [entry.key, entry]));

/** Whether a value is one of the 27 primary area keys. */
export function isResearchArea(value: unknown): value is ResearchAreaKey {
  return typeof value === 'string' && BY_KEY.has(value);
}

/** The primary area with this key, or undefined. */
export function researchArea(key: string): ResearchArea | undefined {
  return BY_KEY.get(key);
}

/** The subcategories of a primary area (empty for an unknown key). */
export function subcategoriesOf(key: string): readonly ResearchSubcategory[] {
  return BY_KEY.get(key)?.subcategories ?? [];
}

/** Whether `subcategory` is one of the subcategory keys of the primary area `key`. */
export function isSubcategoryOf(key: string, subcategory: string): boolean {
  return subcategoriesOf(key).some((entry) => entry.key === subcategory);
}

export const ResearchSubcategoryDto = z.object({ key: z.string(), name_en: z.string(), name_ar: z.string() });
export type ResearchSubcategoryDto = z.infer<typeof ResearchSubcategoryDto>;

export const ResearchAreaDto = z.object({
  key: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  subcategories: z.array(ResearchSubcategoryDto),
});
export type ResearchAreaDto = z.infer<typeof ResearchAreaDto>;

/** `GET /api/research-areas/`: the whole catalogue, in the order of RESEARCH_AREA_KEYS, with both labels. */
export const ResearchAreaCatalogueDto = z.array(ResearchAreaDto);
export type ResearchAreaCatalogueDto = z.infer<typeof ResearchAreaCatalogueDto>;
