import { randomBytes } from 'node:crypto';
import { DOUBLE_CLICK_SECONDS, isDoubleClick, itemOf, requestExclusion, visitorOf } from './partner-counting';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The COUNTER decisions of a partner's figures (docs/product/rules.md#R1005). */
describe('partner counting', () => {
  const key = randomBytes(32);

  it('leaves out a HEAD and the robots of the maintained list, counts a browser and a request without user agent', () => {
    expect(requestExclusion({ method: 'HEAD', userAgent: FIREFOX })).toBe('head');
    expect(requestExclusion({ method: 'GET', userAgent: GOOGLEBOT })).toBe('bot');
    expect(requestExclusion({ method: 'GET', userAgent: 'curl/8.5.0' })).toBe('bot');
    expect(requestExclusion({ method: 'GET', userAgent: FIREFOX })).toBeNull();
    expect(requestExclusion({ method: 'POST', userAgent: undefined })).toBeNull();
  });

  it('takes a second click within 30 seconds of a counted one as the same click, not one at 30 seconds', () => {
    const at = new Date('2026-03-02T10:00:00Z');
    const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);
    expect(isDoubleClick(null, at)).toBe(false);
    expect(isDoubleClick(at, later(0))).toBe(true);
    expect(isDoubleClick(at, later(29.9))).toBe(true);
    expect(isDoubleClick(at, later(DOUBLE_CLICK_SECONDS))).toBe(false);
    expect(isDoubleClick(at, later(3600))).toBe(false);
  });

  it('makes one visitor of a network and user agent within a day, another the next day, and stores neither', () => {
    const facts = { network: '203.0.113.7', userAgent: FIREFOX };
    const monday = visitorOf(key, '2026-03-02', facts);
    expect(visitorOf(key, '2026-03-02', { ...facts })).toBe(monday);
    expect(visitorOf(key, '2026-03-03', facts)).not.toBe(monday);
    // Another day's salt (docs/product/rules.md#R1005): the same person is another visitor.
    expect(visitorOf(randomBytes(32), '2026-03-02', facts)).not.toBe(monday);
    expect(visitorOf(key, '2026-03-02', { ...facts, userAgent: `${FIREFOX} Edg/1` })).not.toBe(monday);
    expect(visitorOf(key, '2026-03-02', { ...facts, network: '203.0.113.8' })).not.toBe(monday);
    expect(monday).not.toContain('203.0.113');
    expect(monday).not.toContain('Firefox');
    expect(visitorOf(key, '2026-03-02', { ...facts, userAgent: 'a|b' })).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('names the tool for sheets and downloads only', () => {
    expect(itemOf('sheet', 12)).toBe('12');
    expect(itemOf('download', 12)).toBe('12');
    expect(itemOf('view', 12)).toBe('');
    expect(itemOf('signup', null)).toBe('');
  });
});
