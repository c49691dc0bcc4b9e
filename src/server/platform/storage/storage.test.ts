import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domains/errors';
import { createDiskStore, IMAGE_TYPES, inspectUpload, MB, PDF_TYPES, reencodeImage, responsiveImages } from '.';
import { storedFileResponse } from './serve';

const photoRule = { label: 'photo', types: IMAGE_TYPES, maxBytes: 2 * MB };
const pdfRule = { label: 'certificate', types: PDF_TYPES, maxBytes: 5 * MB };

async function jpegWithMetadata(): Promise<Uint8Array> {
  const image = sharp({ create: { width: 1200, height: 800, channels: 3, background: '#336699' } }).jpeg();
  const withExif = image.withExif({ IFD0: { ImageDescription: 'secret place', Copyright: 'someone' } });
  return new Uint8Array(await withExif.toBuffer());
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('the disk store', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'nipm-store-'));
  const store = createDiskStore(root);

  it('keeps bytes under a random key, private to the server user, and forgets them', async () => {
    const key = await store.put(new Uint8Array([1, 2, 3]));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await store.put(new Uint8Array([1]))).not.toBe(key);
    expect([...((await store.get(key)) ?? [])]).toEqual([1, 2, 3]);
    const file = path.join(root, key.slice(0, 2), key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.dirname(file)).some((name) => name.endsWith('.partial'))).toBe(false);
    await store.remove(key);
    expect(await store.get(key)).toBeNull();
    await store.remove(key);
  });

  it('reads nothing outside its folder whatever key it is given', async () => {
    for (const key of ['../../etc/passwd', '..', '', 'ABCDEF0123456789ABCDEF0123456789', `${'a'.repeat(32)}/x`]) {
      expect(await store.get(key)).toBeNull();
    }
  });
});

describe('checking an upload by its content', () => {
  it('takes a real picture and names its type from the bytes', async () => {
    expect(await inspectUpload(await jpegWithMetadata(), photoRule)).toEqual({ mime: 'image/jpeg', ext: 'jpg' });
  });

  it('refuses text dressed as a picture and a program dressed as a PDF with 415', async () => {
    const text = await refusal(inspectUpload(new TextEncoder().encode('<script>alert(1)</script>'), photoRule));
    expect(text.kind).toBe('unsupported');
    expect(text.message).toBe('The photo must be a JPEG, PNG or WebP file; this one is not.');
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(60).fill(0)]);
    const program = await refusal(inspectUpload(elf, pdfRule));
    expect(program.kind).toBe('unsupported');
    expect(program.fields).toEqual({ file: 'Choose a PDF file.' });
  });

  it('refuses a file over the limit with 413 before reading it, and an empty one with 400', async () => {
    const big = await refusal(inspectUpload(new Uint8Array(2 * MB + 1), photoRule));
    expect(big.kind).toBe('too_large');
    expect(big.message).toBe('The photo is larger than 2 MB.');
    const empty = await refusal(inspectUpload(new Uint8Array(0), { ...pdfRule, field: 'certificate' }));
    expect(empty.kind).toBe('invalid');
    expect(empty.fields).toEqual({ certificate: 'The certificate is empty.' });
  });
});

describe('re-encoding pictures', () => {
  it('drops every piece of metadata and keeps to the width asked', async () => {
    const original = await jpegWithMetadata();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const clean = await reencodeImage(original, { maxWidth: 600 });
    const meta = await sharp(clean.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect([clean.width, clean.height, clean.mime]).toEqual([600, 400, 'image/webp']);
  });

  it('refuses bytes that are not a picture with 415', async () => {
    const error = await refusal(reencodeImage(new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2]), { maxWidth: 100 }));
    expect(error.kind).toBe('unsupported');
  });

  it('makes each width once per format, never wider than the original', async () => {
    const variants = await responsiveImages(await jpegWithMetadata(), {
      widths: [480, 960, 1600],
      formats: ['avif', 'webp'],
    });
    expect(variants.map((v) => `${v.mime} ${v.width}`)).toEqual([
      'image/avif 480',
      'image/avif 960',
      'image/avif 1200',
      'image/webp 480',
      'image/webp 960',
      'image/webp 1200',
    ]);
  });
});

describe('serving a stored file', () => {
  const app = new Hono();
  app.get('/file', (c) => {
    c.header('Cache-Control', 'no-store');
    return storedFileResponse(c, {
      bytes: new TextEncoder().encode('%PDF-1.7'),
      contentType: 'application/pdf',
      filename: '../../Receipt "2026".pdf',
    });
  });

  it('answers as a private attachment with nosniff and a sandbox', async () => {
    const response = await app.request('/file');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Receipt-2026-.pdf"');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(await response.text()).toBe('%PDF-1.7');
  });
});
