import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDataFolder } from '../../../../test/fixtures/shared-data.ts';
import { extractMetadata } from './index.ts';

/**
 * Real papers from the dev part of the PDF metadata data set (see bench/extraction): the title and the first
 * author must come out exactly, so that a regression in the layout code shows here before it shows in the bench.
 */
const devFolder = sharedDataFolder('pdf-metadata/dev', {
  required: 'manifest.json',
  skipping: 'the real-PDF extraction checks',
});

const cases = [
  {
    id: 'sp_P14-1059',
    layout: 'ACL, two columns, grouped e-mail',
    title: 'How to make words with vectors: Phrase generation in distributional semantics',
    first: { first_name: 'Georgiana', last_name: 'Dinu', email: 'georgiana.dinu@unitn.it', country: 'IT' },
  },
  {
    id: 'norma_pmc4632522',
    layout: 'Royal Society Open Science, sidebar, abstract without heading over two pages',
    title:
      'Prolonged transition time between colostrum and mature milk in a bear, the giant panda, Ailuropoda melanoleuca',
    first: { first_name: 'Kate', last_name: 'Griffiths', email: '', country: 'GB' },
  },
  {
    id: 'jabref_fritzsch2022',
    layout: 'Wiley, names separated by markers only, a name wrapped over two lines',
    title: 'Adopting microservices and DevOps in the cyber-physical systems domain: A rapid review and case study',
    first: { first_name: 'Jonas', last_name: 'Fritzsch', email: 'jonas.fritzsch@iste.uni-stuttgart.de', country: 'DE' },
  },
];

describe.skipIf(!devFolder)('extraction from real papers', () => {
  it.each(cases)('$id ($layout): exact title and first author', async ({ id, title, first }) => {
    const result = await extractMetadata(new Uint8Array(fs.readFileSync(path.join(devFolder ?? '', `${id}.pdf`))));
    expect(result.title).toBe(title);
    expect(result.authors[0]).toMatchObject(first);
  });
});
