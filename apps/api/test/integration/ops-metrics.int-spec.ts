import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { Queues } from '@outils/server-jobs';
import { useTestApp } from '../support/suite-app';

describe('GET /metrics (real PostgreSQL and Redis)', () => {
  describe('without METRICS_TOKEN', () => {
    const t = useTestApp();

    it('answers loopback callers in Prometheus text format', async () => {
      const res = await request(t.http).get('/metrics').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
      expect(res.text).toContain('# TYPE outils_http_requests_total counter');
      expect(res.text).toContain('# TYPE outils_http_request_duration_seconds histogram');
    });

    it('refuses a request that came through a proxy, in French', async () => {
      const res = await request(t.http).get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
      expect(res.body.message).toMatch(/métriques/);
    });

    it('labels requests by route pattern and status, with a latency histogram', async () => {
      await request(t.http).get('/tools/un-outil-qui-n-existe-pas');
      await request(t.http).get('/tools/un-autre-outil');
      await request(t.http).get('/health').expect(200);
      await request(t.http).get('/pas/de/route/ici').expect(404);
      const text = (await request(t.http).get('/metrics').expect(200)).text;

      expect(text).toMatch(/outils_http_requests_total\{method="GET",route="\/health",status="200"\} [1-9]/);
      expect(text).toMatch(/outils_http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/health",status="200"\} \d/);
      expect(text).toMatch(/outils_http_requests_total\{method="GET",route="\/tools\/:idOrSlug",status="\d+"\} 2/);
      expect(text).toMatch(/outils_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} [1-9]/);
      expect(text).toMatch(/route="unmatched",status="404"/);
      // Never the raw URL: no slug, no query string in any label.
      expect(text).not.toContain('un-outil-qui-n-existe-pas');
      expect(text).not.toContain('/pas/de/route/ici');
    });

    it('shows queue depths, the outbox and the downloads counted', async () => {
      const mail = t.app.get<Queue>(getQueueToken(Queues.mail), { strict: false });
      const job = await mail.add('send-activation-mail', { to: 'x@example.com', firstName: 'X', activationUrl: 'http://x' }, { delay: 60_000 });
      await t.dataSource.query(`INSERT INTO outbox_message (job_name, payload, created_at) VALUES ('send-activation-mail', '{}', now() - interval '90 seconds')`);
      try {
        const text = (await request(t.http).get('/metrics').expect(200)).text;
        for (const queue of Object.values(Queues)) {
          for (const state of ['waiting', 'active', 'failed']) expect(text).toContain(`outils_queue_jobs{queue="${queue}",state="${state}"}`);
        }
        expect(text).toMatch(/outils_queue_jobs\{queue="mail",state="delayed"\} [1-9]/);
        expect(text).toMatch(/^outils_outbox_pending [1-9]/m);
        expect(Number(/^outils_outbox_oldest_pending_age_seconds ([\d.]+)/m.exec(text)?.[1])).toBeGreaterThanOrEqual(89);
        expect(text).toMatch(/^outils_downloads_recorded \d+/m);
      } finally {
        await job.remove();
        await t.dataSource.query(`DELETE FROM outbox_message WHERE job_name = 'send-activation-mail' AND payload = '{}'`);
      }
    });
  });

  describe('with METRICS_TOKEN', () => {
    const t = useTestApp({ env: { METRICS_TOKEN: 'jeton-de-metriques-de-test' } });

    it('requires the bearer token, even from loopback', async () => {
      expect((await request(t.http).get('/metrics').expect(403)).body.message).toMatch(/METRICS_TOKEN/);
      await request(t.http).get('/metrics').set('Authorization', 'Bearer mauvais').expect(403);
      const res = await request(t.http).get('/metrics').set('Authorization', 'Bearer jeton-de-metriques-de-test').expect(200);
      expect(res.text).toContain('outils_queue_jobs');
    });
  });
});
