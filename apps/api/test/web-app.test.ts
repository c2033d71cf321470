import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppPlugin } from '../src/plugins/web-app';

// A dist folder as `vite build` leaves it: each compressible file with its .br and .gz beside it.
const INDEX_HTML =
  '<!doctype html><title>Paydesk</title><div id="root"></div><script src="/assets/app-abc123.js"></script>';
const APP_JS = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const STYLE_CSS = `body { color: ${'red '.repeat(500)}; }`;

function writeWithVariants(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

const distDir = mkdtempSync(join(tmpdir(), 'paydesk-web-dist-'));
mkdirSync(join(distDir, 'assets'));
writeWithVariants(join(distDir, 'index.html'), INDEX_HTML);
writeWithVariants(join(distDir, 'assets', 'app-abc123.js'), APP_JS);
writeWithVariants(join(distDir, 'assets', 'style-def456.css'), STYLE_CSS);
// Too small to be worth compressing: the build leaves no variants.
writeFileSync(join(distDir, 'assets', 'tiny-0a1b2c.js'), 'export {};');

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(webAppPlugin, { distDir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(distDir, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
}

describe('precompressed assets', () => {
  it('sends brotli when the browser accepts it', async () => {
    const response = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const response = await get('/assets/style-def456.css', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(STYLE_CSS);
  });

  it('sends the file as it is when no compression is accepted', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/assets/app-abc123.js', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(APP_JS);
    }
  });

  it('sends the file as it is when the build left no compressed variant', async () => {
    const response = await get('/assets/tiny-0a1b2c.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export {};');
  });
});

describe('cache headers', () => {
  it('caches fingerprinted assets for a year, whatever the encoding', async () => {
    for (const acceptEncoding of ['br', 'gzip', undefined]) {
      const response = await get('/assets/app-abc123.js', acceptEncoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes the browser revalidate index.html, also when compressed', async () => {
    const response = await get('/index.html', 'br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('app routes and misses', () => {
  it('answers an app route with index.html (compressed, no-cache)', async () => {
    for (const url of ['/', '/login?next=%2Fmerchants', '/merchants/123/settings/users']) {
      const response = await get(url, 'gzip, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    }
    const plain = await get('/merchants');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX_HTML);
  });

  it('answers / and every client route with index.html whatever encodings the request accepts', async () => {
    for (const url of ['/', '/merchants', '/login?next=%2F', '/merchants/123/settings/users/']) {
      for (const acceptEncoding of [undefined, 'identity', 'gzip', 'br']) {
        const response = await get(url, acceptEncoding);
        expect(response.statusCode, `${url} ${acceptEncoding}`).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        const body =
          response.headers['content-encoding'] === 'br'
            ? brotliDecompressSync(response.rawPayload).toString()
            : response.headers['content-encoding'] === 'gzip'
              ? gunzipSync(response.rawPayload).toString()
              : response.body;
        expect(body).toBe(INDEX_HTML);
      }
    }
  });

  it('answers the assets folder itself with a JSON 404', async () => {
    for (const url of ['/assets/', '/assets']) {
      for (const acceptEncoding of [undefined, 'identity', 'br']) {
        const response = await get(url, acceptEncoding);
        expect(response.statusCode, `${url} ${acceptEncoding}`).toBe(404);
        expect(response.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
      }
    }
  });

  it('answers a missing asset with a JSON 404, not the app page', async () => {
    const response = await get('/assets/x.js', 'br, gzip');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBeUndefined();
    expect(response.json()).toEqual({ detail: expect.any(String), code: 'not_found' });
  });

  it('answers unknown API paths and non-GET app paths with a JSON 404', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/nothing-here/' },
      { method: 'POST' as const, url: '/merchants' },
    ]) {
      const response = await app.inject(request);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found' });
    }
  });
});
