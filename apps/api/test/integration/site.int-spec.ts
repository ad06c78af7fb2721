import request from 'supertest';
import { DEMO_PUBLISHER } from '@outils/server-config';
import { useTestApp } from '../support/suite-app';

const IDENTITY = {
  PUBLISHER_NAME: 'Conseil Numérique Lyonnais', PUBLISHER_LEGAL_FORM: 'SARL', PUBLISHER_SIRET: '123 456 789 00012',
  PUBLISHER_ADDRESS: '10 quai Saint-Antoine, 69002 Lyon', PUBLISHER_EMAIL: 'contact@conseil-numerique.fr',
  PUBLICATION_DIRECTOR: 'Le gérant de la société', HOSTING_NAME: 'Hébergeur SAS', HOSTING_ADDRESS: '5 rue du Serveur, 59100 Roubaix',
  HOSTING_PHONE: '03 00 00 00 00', PUBLISHER_SHARE_CAPITAL: '8 000 €',
  SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/conseil-numerique-lyonnais',
};

describe('GET /api/site (the publisher as configured)', () => {
  const t = useTestApp({ env: IDENTITY });

  it('answers the configured legal identity, social profiles only when set, cacheable', async () => {
    const res = await request(t.http).get('/api/site').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toEqual({
      publisher: {
        name: 'Conseil Numérique Lyonnais', legalForm: 'SARL', shareCapital: '8 000 €', siret: '123 456 789 00012',
        rcs: null, vatNumber: null, address: '10 quai Saint-Antoine, 69002 Lyon', phone: null,
        email: 'contact@conseil-numerique.fr', director: 'Le gérant de la société',
        hosting: { name: 'Hébergeur SAS', address: '5 rue du Serveur, 59100 Roubaix', phone: '03 00 00 00 00' },
        social: { linkedin: 'https://www.linkedin.com/company/conseil-numerique-lyonnais', instagram: null, facebook: null },
        demo: false,
      },
      retention: { downloadLogMonths: 13, activationHours: 48, newsletterConfirmationDays: 30, newsletterProofYears: 3, dataExportHours: 24 },
      // docs/product/rules.md#R990: Licence Ouverte 2.0 unless CATALOGUE_LICENCE_* say otherwise.
      licence: { name: 'Licence Ouverte 2.0 (Etalab)', url: 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/' },
    });
  });
});

describe('GET /api/site in production', () => {
  // The demonstration's own values, typed in by hand: still the operator's configuration.
  const t = useTestApp({ env: { ...DEMO_PUBLISHER, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1', DOWNLOAD_URL_SECRET: 'p'.repeat(40) } });

  it('never says demonstration, so the legal pages never name configuration variables there (R747)', async () => {
    const res = await request(t.http).get('/api/site').expect(200);
    expect(res.body.publisher).toMatchObject({ name: DEMO_PUBLISHER.PUBLISHER_NAME, demo: false });
    expect(JSON.stringify(res.body)).not.toMatch(/PUBLISHER_|HOSTING_|PUBLICATION_DIRECTOR/);
  });
});
