import type { ResearchAreaCatalogueDto } from '@confero/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { createClient, signedInClient } from '../../../test/http.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => app.close());

describe('GET /api/research-areas/', () => {
  it('answers the whole catalogue with English and Arabic labels to signed-in users', async () => {
    const client = await signedInClient(app, await buildUser(app));
    const response = await client.get('/api/research-areas/');
    expect(response.statusCode).toBe(200);
    const catalogue = response.json() as ResearchAreaCatalogueDto;
    expect(catalogue).toHaveLength(27);
    expect(catalogue[0]).toMatchObject({
      key: 'natural_sciences',
      name_en: 'Natural Sciences',
      name_ar: 'العلوم الطبيعية',
    });
    const computing = catalogue.find((area) => area.key === 'computer_science');
    expect(computing?.subcategories).toContainEqual({
      key: 'artificial_intelligence_machine_learning',
      name_en: 'Artificial Intelligence & Machine Learning',
      name_ar: 'الذكاء الاصطناعي وتعلّم الآلة',
    });
    expect(catalogue.reduce((sum, area) => sum + area.subcategories.length, 0)).toBeGreaterThan(27 * 6);
  });

  it('refuses anonymous callers', async () => {
    const response = await createClient(app).get('/api/research-areas/');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
  });
});
