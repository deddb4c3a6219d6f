import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  type PDFRef,
  StandardFonts,
  setFontAndSize,
  showText,
} from 'pdf-lib';

/**
 * Test papers for the extraction heuristics, each typeset with pdf-lib to carry one layout feature that real
 * publishers' first pages have: a text layer behind a broken character map (Latin and Arabic), a journal banner
 * set larger than the title, a structured abstract running into a two-column body, keywords split by middle dots
 * and squares, an author list over wrapped affiliations with multi-part given names. Test helpers only.
 */

const A4 = { width: 595.28, height: 841.89 };

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont };

async function newDocument(): Promise<{ pdf: PDFDocument; page: PDFPage; fonts: Fonts }> {
  const pdf = await PDFDocument.create();
  pdf.setProducer('Confero extraction tests');
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.TimesRoman),
    bold: await pdf.embedFont(StandardFonts.TimesRomanBold),
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
  };
  return { pdf, page: pdf.addPage([A4.width, A4.height]), fonts };
}

/** Greedy line breaking at spaces, by the font's widths. */
function wrap(text: string, width: (line: string) => number, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && width(candidate) > max) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

/** Draws a paragraph from the first baseline `y` down; returns the next free baseline. */
function paragraph(
  page: PDFPage,
  text: string,
  at: { x: number; y: number; width: number; size: number; font: PDFFont },
) {
  let y = at.y;
  for (const line of wrap(text, (value) => at.font.widthOfTextAtSize(value, at.size), at.width)) {
    page.drawText(line, { x: at.x, y, size: at.size, font: at.font });
    y -= at.size * 1.25;
  }
  return y;
}

type Section = { x: number; y: number; width: number; size: number; headingSize: number; fonts: Fonts };

/** A heading in bold and its paragraph under it; returns the next free baseline. */
function section(page: PDFPage, heading: string, text: string, at: Section): number {
  page.drawText(heading, { x: at.x, y: at.y, size: at.headingSize, font: at.fonts.bold });
  const body = { x: at.x, y: at.y - at.headingSize - 6, width: at.width, size: at.size, font: at.fonts.regular };
  return paragraph(page, text, body);
}

const save = async (pdf: PDFDocument) => new Uint8Array(await pdf.save());

// ---------------------------------------------------------------------------------------------------------------
// Text layers behind a character map of our own: the glyphs drawn are Helvetica's, the text pdf.js reads is what
// the ToUnicode map says. With the right map the text reads as written; with every entry shifted by a constant it
// is the garbage a broken font gives.

type MappedFont = { name: string; encode: (text: string) => string };

function toUnicodeCMap(entries: [number, string][]): string {
  const hex4 = (text: string) =>
    [...text]
      .map((ch) => (ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0'))
      .join('')
      .toUpperCase();
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    blocks.push(
      `${chunk.length} beginbfchar\n${chunk.map(([code, text]) => `<${code.toString(16).padStart(2, '0').toUpperCase()}> <${hex4(text)}>`).join('\n')}\nendbfchar`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Confero-Test-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<00> <FF>',
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CIDInit /ProcSet findresource exec defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/**
 * A one-byte font over the characters of `alphabet` (codes from 0x21, space kept as 0x20), whose ToUnicode map
 * gives each code its character shifted by `shift` code points (0: the text as written).
 */
function mappedFont(pdf: PDFDocument, page: PDFPage, alphabet: string, shift: number, name = 'FMap'): MappedFont {
  const characters = [...new Set([...alphabet].filter((ch) => ch !== ' '))];
  if (characters.length > 200) throw new Error('too many characters for a one-byte font');
  const codes = new Map(characters.map((ch, i) => [ch, 0x21 + i]));
  const entries: [number, string][] = [
    [0x20, ' '],
    ...characters.map((ch, i): [number, string] => [0x21 + i, String.fromCodePoint((ch.codePointAt(0) ?? 0) + shift)]),
  ];
  const cmap: PDFRef = pdf.context.register(pdf.context.flateStream(toUnicodeCMap(entries)));
  const font = pdf.context.register(
    pdf.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: 'Helvetica', ToUnicode: cmap }),
  );
  page.node.setFontDictionary(PDFName.of(name), font);
  const encode = (text: string) =>
    [...text].map((ch) => (ch === ' ' ? 0x20 : (codes.get(ch) ?? 0x20)).toString(16).padStart(2, '0')).join('');
  return { name, encode };
}

function drawMapped(page: PDFPage, font: MappedFont, text: string, x: number, y: number, size: number): void {
  page.pushOperators(
    beginText(),
    setFontAndSize(font.name, size),
    moveText(x, y),
    showText(PDFHexString.of(font.encode(text))),
    endText(),
  );
}

export const MAPPED_LATIN = {
  title: 'Seasonal Drift of Phytoplankton Communities in Shallow Lakes',
  authors: 'Ingrid Halvorsen and Tomas Becker',
  affiliation: 'Department of Biology, University of Bergen, Bergen, Norway',
  abstract:
    'We followed the phytoplankton of four shallow lakes over three years and describe how the communities drift ' +
    'from one season to the next. The composition in spring depends on the winter before it, and the lakes with ' +
    'the most stable water level keep the most species through the summer. These results suggest that the ' +
    'management of water levels is a simple way to protect the diversity of small lakes in a warmer climate.',
  keywords: 'phytoplankton; shallow lakes; seasonal succession; water level',
  body:
    'Shallow lakes are common in the lowlands of northern Europe and they are sensitive to changes in nutrients ' +
    'and climate. In this paper we ask whether the order in which species appear in a year is the same from one ' +
    'year to the next, and what makes it change when it does.',
};

export const MAPPED_ARABIC = {
  title: 'أثر التعليم الإلكتروني على تحصيل طلاب الجامعات',
  authors: 'سارة المنصوري ويوسف الحداد',
  affiliation: 'قسم التربية، جامعة الملك سعود، الرياض',
  abstract:
    'تهدف هذه الدراسة إلى تحليل أثر التعليم الإلكتروني على أداء الطلاب في الجامعات العربية خلال فترة الجائحة، ' +
    'وقد اعتمدت الدراسة على المنهج الوصفي التحليلي من خلال استبانة وزعت على عينة من الطلاب في ثلاث جامعات، ' +
    'وأظهرت النتائج أن هناك علاقة إيجابية بين استخدام المنصات الرقمية والتحصيل الدراسي، وأن هذه العلاقة أقوى ' +
    'لدى الطلاب الذين تلقوا تدريبا مسبقا على استخدام هذه المنصات.',
  keywords: 'التعليم الإلكتروني، التحصيل الدراسي، الجامعات',
  body:
    'شهدت الجامعات في السنوات الأخيرة تحولا كبيرا نحو التعليم عن بعد، وقد فرضت الجائحة هذا التحول على جميع ' +
    'المؤسسات التعليمية في وقت قصير، مما طرح أسئلة كثيرة حول جودة هذا التعليم وأثره على الطلاب.',
};

/**
 * A one-page paper whose every line is set in a font with its own character map: `shift` 0 gives a readable text
 * layer, any other shift the garbage of a broken map. The title has a font of its own, shifted by `titleShift`. Arabic lines are stored in visual order (right to left), as
 * PDFs hold them; pdf.js gives them back in logical order.
 */
export async function buildMappedPaper(
  language: 'latin' | 'arabic',
  shift: number,
  titleShift = shift,
): Promise<Uint8Array> {
  const paper = language === 'latin' ? MAPPED_LATIN : MAPPED_ARABIC;
  const { pdf, page } = await newDocument();
  const font = mappedFont(pdf, page, Object.values(paper).join(''), shift);
  const visual = (text: string) => (language === 'arabic' ? [...text].reverse().join('') : text);
  const draw = (mapped: MappedFont, text: string, x: number, y: number, size: number) =>
    drawMapped(page, mapped, visual(text), x, y, size);
  const heading = language === 'latin' ? 'Abstract' : 'الملخص';
  const keywordsLabel = language === 'latin' ? 'Keywords: ' : 'الكلمات المفتاحية: ';
  const introduction = language === 'latin' ? '1 Introduction' : 'المقدمة';
  const labels = mappedFont(pdf, page, heading + keywordsLabel + introduction, shift, 'FLab');
  draw(mappedFont(pdf, page, paper.title, titleShift, 'FTit'), paper.title, 60, 740, 18);
  draw(font, paper.authors, 60, 710, 12);
  draw(font, paper.affiliation, 60, 694, 10);
  draw(labels, heading, 60, 660, 11);
  const width = (text: string) => text.length * 5;
  let y = 644;
  for (const line of wrap(paper.abstract, width, 470)) {
    draw(font, line, 60, y, 10);
    y -= 12.5;
  }
  draw(labels, keywordsLabel, 60, y - 8, 10);
  draw(font, paper.keywords, 60 + width(keywordsLabel), y - 8, 10);
  draw(labels, introduction, 60, y - 36, 11);
  y -= 52;
  for (const line of wrap(paper.body, width, 470)) {
    draw(font, line, 60, y, 10);
    y -= 12.5;
  }
  return save(pdf);
}

// ---------------------------------------------------------------------------------------------------------------

export const BANNER_PAPER = {
  journal: 'Ecological Indicators',
  title: 'Macroinvertebrate indices of river health under changing flow regimes',
  abstract:
    'River health is often judged from the macroinvertebrates living on the river bed. We compared five common ' +
    'indices on 140 sites sampled before and after a drought and found that two of them confuse low flow with ' +
    'pollution. We propose a correction that uses the discharge on the sampling day and restores the ranking of ' +
    'the sites in both periods.',
};

/**
 * Elsevier-style first page: a running header with the journal's volume, "Contents lists available at", the
 * journal's name set larger than the article's title, the journal homepage; then the title over two lines.
 */
export async function buildBannerPaper(): Promise<Uint8Array> {
  const { pdf, page, fonts } = await newDocument();
  page.drawText('Ecological Indicators 142 (2022) 109231', { x: 230, y: 810, size: 8, font: fonts.regular });
  page.drawText('Contents lists available at ScienceDirect', { x: 215, y: 785, size: 8, font: fonts.regular });
  page.drawText(BANNER_PAPER.journal, { x: 190, y: 760, size: 22, font: fonts.regular });
  page.drawText('journal homepage: www.elsevier.com/locate/ecolind', { x: 205, y: 742, size: 8, font: fonts.regular });
  page.drawText('Macroinvertebrate indices of river health under changing', {
    x: 48,
    y: 690,
    size: 16,
    font: fonts.regular,
  });
  page.drawText('flow regimes', { x: 48, y: 670, size: 16, font: fonts.regular });
  page.drawText('Lena Hoffmann, Pieter de Vries', { x: 48, y: 642, size: 11, font: fonts.regular });
  page.drawText('Department of Aquatic Ecology, University of Amsterdam, Amsterdam, The Netherlands', {
    x: 48,
    y: 628,
    size: 8,
    font: fonts.italic,
  });
  section(page, 'A B S T R A C T', BANNER_PAPER.abstract, {
    x: 48,
    y: 600,
    width: 500,
    size: 9,
    headingSize: 8,
    fonts,
  });
  section(page, '1. Introduction', MAPPED_LATIN.body, { x: 48, y: 500, width: 240, size: 9, headingSize: 9, fonts });
  return save(pdf);
}

// ---------------------------------------------------------------------------------------------------------------

export const STRUCTURED_PAPER = {
  sections: [
    ['Background', 'Falls are the main cause of injury among older adults living at home.'],
    ['Methods', 'We randomised 312 adults aged 70 or more to a home exercise programme or to usual care.'],
    ['Results', 'The exercise group fell 31 percent less often over twelve months than the control group.'],
    ['Conclusions', 'A short home programme prevents falls and can be delivered by community nurses.'],
    ['Trial registration', 'ISRCTN12345678, registered on 4 March 2019.'],
  ] as const,
  keywords: ['Falls', 'Older adults', 'Exercise', 'Primary care'],
};

/**
 * BMC-style first page: a structured abstract in the left column (each sub-heading on a line of its own, in bold,
 * or with `runIn` run into its text: "Background: Falls are …"), "Keywords:" with its list (or, with
 * `keywords: false`, none: they are printed elsewhere), then the body begins in the same column under a
 * "Background" heading of the same size as the sub-headings, and goes on in the right column.
 */
export async function buildStructuredAbstractPaper(options: {
  keywords: boolean;
  runIn?: boolean;
}): Promise<Uint8Array> {
  const { pdf, page, fonts } = await newDocument();
  page.drawText('Lindqvist et al. Trials (2021) 22:418', { x: 48, y: 810, size: 8, font: fonts.regular });
  page.drawText('RESEARCH', { x: 48, y: 780, size: 9, font: fonts.bold });
  page.drawText('Open Access', { x: 480, y: 780, size: 9, font: fonts.bold });
  page.drawText('A home exercise programme to prevent falls in older', { x: 48, y: 745, size: 17, font: fonts.bold });
  page.drawText('adults: a randomised controlled trial', { x: 48, y: 724, size: 17, font: fonts.bold });
  page.drawText('Karin Lindqvist, Omar Haddad and Mei Chen', { x: 48, y: 698, size: 11, font: fonts.regular });
  const column = { x: 48, width: 240, size: 9 };
  page.drawText('Abstract', { x: column.x, y: 665, size: 11, font: fonts.bold });
  let y = 650;
  for (const [label, text] of STRUCTURED_PAPER.sections) {
    if (options.runIn) {
      // The label in bold, its text after it on the same line and wrapped under it.
      const lead = `${label}: `;
      const indent = fonts.bold.widthOfTextAtSize(lead, column.size);
      page.drawText(lead, { x: column.x, y, size: column.size, font: fonts.bold });
      const [first = '', ...others] = wrap(
        text,
        (v) => fonts.regular.widthOfTextAtSize(v, column.size),
        column.width - indent,
      );
      page.drawText(first, { x: column.x + indent, y, size: column.size, font: fonts.regular });
      const more = others.join(' ');
      y = more ? paragraph(page, more, { ...column, y: y - 11.25, font: fonts.regular }) - 3 : y - 14.25;
      continue;
    }
    page.drawText(label, { x: column.x, y, size: column.size, font: fonts.bold });
    y = paragraph(page, text, { ...column, y: y - 11.25, font: fonts.regular }) - 3;
  }
  if (options.keywords) {
    const keywords = `Keywords: ${STRUCTURED_PAPER.keywords.join(', ')}`;
    page.drawText(keywords, { x: column.x, y: y - 6, size: 9, font: fonts.regular });
    y -= 30;
  } else y -= 8;
  page.drawText('Background', { x: column.x, y, size: column.size, font: fonts.bold });
  y = paragraph(page, `${MAPPED_LATIN.body} ${MAPPED_LATIN.body}`, { ...column, y: y - 11.25, font: fonts.regular });
  paragraph(page, `${MAPPED_LATIN.body} ${MAPPED_LATIN.body} ${MAPPED_LATIN.body}`, {
    ...column,
    x: 308,
    y: 650,
    font: fonts.regular,
  });
  page.drawText('* Correspondence: karin.lindqvist@ki.se', { x: 48, y: 90, size: 7, font: fonts.regular });
  return save(pdf);
}

export const STRUCTURED_ABSTRACT = STRUCTURED_PAPER.sections.map(([label, text]) => `${label}: ${text}`).join(' ');

// ---------------------------------------------------------------------------------------------------------------

/** The separators of a keyword list as publishers print them, each in a paper of its own. */
export const KEYWORD_SEPARATORS = ['·', '•', '▪', '⋅', '∙', ';', '—', '|'] as const;
export const SPRINGER_KEYWORDS = ['Peer review', 'Reviewer assignment', 'Topic models', 'Fairness'];

/** Springer-style keywords: "Keywords" in bold, then the list split by `separator` with spaces around it. */
export async function buildKeywordsPaper(separator: string): Promise<Uint8Array> {
  const { pdf, page, fonts } = await newDocument();
  page.drawText('Assigning reviewers with topic models and fairness', { x: 60, y: 740, size: 16, font: fonts.bold });
  page.drawText('Marta Rossi and Jun Park', { x: 60, y: 712, size: 11, font: fonts.regular });
  section(page, 'Abstract', MAPPED_LATIN.abstract, { x: 60, y: 680, width: 470, size: 9, headingSize: 10, fonts });
  page.drawText('Keywords', { x: 60, y: 590, size: 9, font: fonts.bold });
  const list = mappedFont(pdf, page, SPRINGER_KEYWORDS.join('') + separator, 0);
  drawMapped(page, list, SPRINGER_KEYWORDS.join(` ${separator} `), 110, 590, 9);
  section(page, '1 Introduction', MAPPED_LATIN.body, { x: 60, y: 560, width: 470, size: 10, headingSize: 11, fonts });
  return save(pdf);
}

// ---------------------------------------------------------------------------------------------------------------

export const AUTHORS_PAPER = {
  authors: [
    ['Ma Lourdes', 'Santos'],
    ['Maria del Carmen', 'Ruiz'],
    ['Md', 'Rahman'],
  ] as const,
};

/**
 * Authors over their affiliations, single column: one line of names with markers, then the affiliations, one of
 * them wrapped so that its second line ("Freshwater Ecology") reads like a name by itself.
 */
export async function buildAuthorsPaper(): Promise<Uint8Array> {
  const { pdf, page, fonts } = await newDocument();
  page.drawText('Nutrient limitation of algal growth in tropical reservoirs', {
    x: 60,
    y: 740,
    size: 16,
    font: fonts.bold,
  });
  let x = 60;
  AUTHORS_PAPER.authors.forEach(([first, last], i) => {
    const name = `${first} ${last}`;
    page.drawText(name, { x, y: 712, size: 11, font: fonts.regular });
    x += fonts.regular.widthOfTextAtSize(name, 11);
    page.drawText(String(i === 1 ? 2 : 1), { x, y: 716, size: 7, font: fonts.regular });
    x += 5;
    if (i < AUTHORS_PAPER.authors.length - 1) {
      page.drawText(i === AUTHORS_PAPER.authors.length - 2 ? ' and ' : ', ', {
        x,
        y: 712,
        size: 11,
        font: fonts.regular,
      });
      x += fonts.regular.widthOfTextAtSize(i === AUTHORS_PAPER.authors.length - 2 ? ' and ' : ', ', 11);
    }
  });
  page.drawText('1', { x: 60, y: 698, size: 6, font: fonts.italic });
  page.drawText('Institute of Limnology, Department of', { x: 64, y: 694, size: 9, font: fonts.italic });
  page.drawText('Freshwater Ecology', { x: 64, y: 683, size: 9, font: fonts.italic });
  page.drawText('University of the Philippines, Quezon City, Philippines', {
    x: 64,
    y: 672,
    size: 9,
    font: fonts.italic,
  });
  page.drawText('2', { x: 60, y: 665, size: 6, font: fonts.italic });
  page.drawText('Universidad de Granada, Granada, Spain', { x: 64, y: 661, size: 9, font: fonts.italic });
  section(page, 'Abstract', MAPPED_LATIN.abstract, { x: 60, y: 630, width: 470, size: 9, headingSize: 10, fonts });
  section(page, '1 Introduction', MAPPED_LATIN.body, { x: 60, y: 540, width: 470, size: 10, headingSize: 11, fonts });
  return save(pdf);
}
