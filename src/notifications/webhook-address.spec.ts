import { isPrivateAddress, webhookUrlProblem } from './webhook-address';
import { signature } from './webhooks.service';
import { createHmac } from 'node:crypto';

describe('webhook addresses and signatures', () => {
  it('loopback, private, link-local, CGNAT, unspecified and IPv4-mapped private addresses are private', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of ['93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('a webhook URL is http(s), without credentials, to a public address unless private ones are allowed', async () => {
    expect(await webhookUrlProblem('http://127.0.0.1:9/hook', false)).toMatch(/private address/);
    expect(await webhookUrlProblem('http://[::1]/hook', false)).toMatch(/private address/);
    expect(await webhookUrlProblem('http://127.0.0.1:9/hook', true)).toBeNull();
    expect(await webhookUrlProblem('ftp://example.com/', true)).toMatch(/https/);
    expect(await webhookUrlProblem('https://u:p@example.com/', true)).toMatch(/password/);
    expect(await webhookUrlProblem('not a url', true)).toMatch(/not a valid/);
    expect(await webhookUrlProblem('https://93.184.216.34/hook', false)).toBeNull();
  });

  it('the signature is HMAC-SHA256 over "<timestamp>.<body>" with the secret, hex', () => {
    const expected = createHmac('sha256', 'whsec_x').update('1700000000.{"a":1}').digest('hex');
    expect(signature('whsec_x', 1700000000, '{"a":1}')).toBe(expected);
    expect(signature('whsec_y', 1700000000, '{"a":1}')).not.toBe(expected);
  });
});
