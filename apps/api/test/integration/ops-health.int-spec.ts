import request from 'supertest';
import { useTestApp } from '../support/suite-app';

describe('GET /health and /health/ready (real PostgreSQL and Redis)', () => {
  const t = useTestApp();

  it('keeps /health as the liveness check with the database and redis keys', async () => {
    const res = await request(t.http).get('/health').expect(200);
    expect(res.body.info).toEqual({ database: { status: 'up' }, redis: { status: 'up' } });
  });

  it('reports ready when PostgreSQL, Redis, storage and migrations are fine', async () => {
    const res = await request(t.http).get('/health/ready').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info).toEqual({
      database: { status: 'up' },
      redis: { status: 'up' },
      storage: { status: 'up' },
      migrations: { status: 'up' },
    });
  });

  it('is not ready while a migration of this build is missing', async () => {
    const [last] = await t.dataSource.query(`SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1`);
    await t.dataSource.query(`DELETE FROM migrations WHERE id = $1`, [last.id]);
    try {
      const res = await request(t.http).get('/health/ready').expect(503);
      // Down, without the reason (pending migration names are for the logs, not the public).
      expect(res.body.details.migrations).toEqual({ status: 'down' });
      expect(JSON.stringify(res.body)).not.toContain(last.name);
      await request(t.http).get('/health').expect(200);
    } finally {
      await t.dataSource.query(`INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)`, [last.id, last.timestamp, last.name]);
    }
  });
});
