import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildJourneyScript,
  JOURNEY_SCRIPT_FILE,
  JOURNEY_SCRIPT_MAX_GZIP_BYTES,
} from '../../../server/build/journeyScript.ts';
import { createTestApp, type TestApp } from '../../helpers/testApp.ts';

let script = '';
beforeAll(async () => {
  script = await buildJourneyScript();
});

describe('the website tracking script', () => {
  it('weighs at most 3 KB gzipped', () => {
    const gzipped = gzipSync(Buffer.from(script)).length;
    expect(gzipped).toBeGreaterThan(200);
    expect(gzipped).toBeLessThanOrEqual(JOURNEY_SCRIPT_MAX_GZIP_BYTES);
  });

  it('is one classic script that sets no cookie and exports nothing', () => {
    expect(script).not.toMatch(/\bimport\s*[{("'*]|\bexport\s/);
    expect(script).not.toContain('cookie');
    expect(script).toContain('wbJourney');
  });
});

describe('GET /j/journey.js', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'journey-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'public', 'j'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'public', JOURNEY_SCRIPT_FILE), script);
    t = await createTestApp({ DIST_DIR: dist });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the built script to any site, as JavaScript', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/j/journey.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.body).toBe(script);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
