import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address.ts';

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, ULA and reserved addresses, also inside IPv6 forms', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '2002:7f00:1::1',
      '2001:0:7f00:1::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      'localhost',
      'no-es-una-direccion',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('takes public IPv4 and IPv6 addresses, and public IPv4 behind the NAT64 prefix', () => {
    for (const address of [
      '8.8.8.8',
      '142.250.0.1',
      '2606:4700:4700::1111',
      '2a00:1450:4001::200e',
      '64:ff9b::808:808',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });
});
