import { Readable } from 'node:stream';
import { FileReply } from './file-reply';

describe('FileReply (docs/product/rules.md#R884)', () => {
  it('names a download in ASCII and in UTF-8 (RFC 5987), with its length and caching', () => {
    const reply = new FileReply(Readable.from(['x']), { contentType: 'application/pdf', fileName: 'Plan été.pdf', length: 12, caching: 'private' });
    expect(reply.headers()).toEqual({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="Plan__t_.pdf"; filename*=UTF-8''Plan%20%C3%A9t%C3%A9.pdf`,
      'Cache-Control': 'private, no-store',
      'Content-Length': '12',
    });
  });

  it('measures bytes itself, shows a stored image in place and cached for a year, and adds its own headers', () => {
    expect(new FileReply(Buffer.from('abc'), { contentType: 'application/zip', caching: 'no-store', headers: { 'Referrer-Policy': 'no-referrer' } }).headers())
      .toEqual({ 'Content-Type': 'application/zip', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'Content-Length': '3' });
    expect(FileReply.stored({ stream: Readable.from([]), contentType: 'image/png' }, 'immutable').headers())
      .toEqual({ 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
});
