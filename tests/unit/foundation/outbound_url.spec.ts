import { test } from '@japa/runner'
import {
  OutboundUrlRefused,
  checkOutboundUrl,
  outboundRequest,
  parseAllowRanges,
  refusalOf,
} from '#modules/shared/index'
import { allowOutboundRanges, mapHost } from '#tests/helpers/outbound_hosts'

/**
 * The outbound-URL policy's decisions, made without connecting anywhere:
 * addresses are judged as text, names come from the tests' hosts map.
 */
test.group('Outbound-URL policy', () => {
  test('loopback, private, link-local, metadata, unspecified and other special ranges are refused', ({
    assert,
  }) => {
    const decisions = {
      '127.0.0.1': '127.0.0.1 is a loopback address',
      '127.255.0.9': '127.255.0.9 is a loopback address',
      '::1': '::1 is a loopback address',
      '10.1.2.3': '10.1.2.3 is a private address',
      '172.16.0.1': '172.16.0.1 is a private address',
      '172.31.255.254': '172.31.255.254 is a private address',
      '192.168.1.10': '192.168.1.10 is a private address',
      'fc00::1': 'fc00::1 is a private address',
      'fd12:3456::1': 'fd12:3456::1 is a private address',
      '169.254.10.20': '169.254.10.20 is a link-local (cloud metadata) address',
      'fe80::1': 'fe80::1 is a link-local address',
      '169.254.169.254': '169.254.169.254 is a cloud metadata address',
      'fd00:ec2::254': 'fd00:ec2::254 is a cloud metadata address',
      '0.0.0.0': '0.0.0.0 is an unspecified address',
      '::': ':: is an unspecified address',
      '::ffff:127.0.0.1': '::ffff:127.0.0.1 is a loopback address',
      '::ffff:7f00:1': '::ffff:7f00:1 is a loopback address',
      '::ffff:a9fe:a9fe': '::ffff:a9fe:a9fe is a link-local (cloud metadata) address',
      '64:ff9b::7f00:1': '64:ff9b::7f00:1 is a NAT64 (embedded IPv4) address',
      '100.64.0.1': '100.64.0.1 is a private (shared address space) address',
      '224.0.0.1': '224.0.0.1 is a multicast address',
    }
    for (const [address, reason] of Object.entries(decisions))
      assert.equal(refusalOf(address), reason, address)
  })

  test('public addresses pass, including neighbours of the blocked ranges', ({ assert }) => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.15.255.255',
      '172.32.0.1',
      '169.255.0.1',
      '11.0.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ]) {
      assert.isNull(refusalOf(address), address)
    }
  })

  test('OUTBOUND_ALLOW_RANGES lets an operator allow a range, and only that range', ({
    assert,
  }) => {
    const allowed = parseAllowRanges('10.20.0.0/16, ::1, 127.0.0.0/8')
    assert.isNull(refusalOf('10.20.3.4', allowed))
    assert.equal(refusalOf('10.21.0.1', allowed), '10.21.0.1 is a private address')
    assert.isNull(refusalOf('::1', allowed))
    assert.isNull(refusalOf('::ffff:127.0.0.1', allowed))
    assert.equal(
      refusalOf('169.254.169.254', allowed),
      '169.254.169.254 is a cloud metadata address'
    )
    assert.throws(
      () => parseAllowRanges('10.0.0.0/33'),
      'OUTBOUND_ALLOW_RANGES: "10.0.0.0/33" is not an address range (e.g. 127.0.0.0/8)'
    )
    assert.throws(
      () => parseAllowRanges('intranet'),
      'OUTBOUND_ALLOW_RANGES: "intranet" is not an address range (e.g. 127.0.0.0/8)'
    )
  })

  test('odd notations of loopback and metadata in a URL are refused when saved', async ({
    assert,
    cleanup,
  }) => {
    cleanup(allowOutboundRanges(''))
    const refused = {
      'http://127.0.0.1:3306/': '127.0.0.1 is a loopback address',
      'http://0x7f000001:3306/': '127.0.0.1 is a loopback address',
      'http://2130706433/': '127.0.0.1 is a loopback address',
      'http://127.1/': '127.0.0.1 is a loopback address',
      'http://0177.0.0.1/': '127.0.0.1 is a loopback address',
      'http://[::1]:3306/': '::1 is a loopback address',
      'http://[::ffff:127.0.0.1]/': '::ffff:7f00:1 is a loopback address',
      'http://169.254.169.254/latest/meta-data/': '169.254.169.254 is a cloud metadata address',
      'http://[fd00:ec2::254]/': 'fd00:ec2::254 is a cloud metadata address',
      'http://0/': '0.0.0.0 is an unspecified address',
      'ftp://files.example.com/': 'must use http or https',
      'file:///etc/passwd': 'must use http or https',
      'not a url': 'is not a valid URL',
    }
    for (const [url, reason] of Object.entries(refused)) {
      const error = await checkOutboundUrl(url).then(
        () => null,
        (caught) => caught
      )
      assert.instanceOf(error, OutboundUrlRefused, url)
      assert.equal(error.message, reason, url)
    }
  })

  test('a name is judged by every address it resolves to; a name that does not resolve yet is accepted when saved', async ({
    assert,
    cleanup,
  }) => {
    cleanup(allowOutboundRanges(''))
    cleanup(mapHost('metadata.test', '169.254.169.254'))
    cleanup(mapHost('mixed.test', '93.184.216.34', '10.0.0.5'))
    cleanup(mapHost('public.test', '93.184.216.34'))
    await assert.rejects(
      () => checkOutboundUrl('http://metadata.test/latest/'),
      'metadata.test resolves to 169.254.169.254, a cloud metadata address'
    )
    await assert.rejects(
      () => checkOutboundUrl('https://mixed.test/'),
      'mixed.test resolves to 10.0.0.5, a private address'
    )
    await checkOutboundUrl('https://public.test/enrol')
    await checkOutboundUrl('https://unknown-name.test/enrol')
  })

  test('a request to a refused address is refused before anything is sent, also when the name stops resolving', async ({
    assert,
    cleanup,
  }) => {
    cleanup(allowOutboundRanges(''))
    cleanup(mapHost('rebound.test', '10.9.8.7'))
    await assert.rejects(
      () =>
        outboundRequest('http://rebound.test/enrol', {
          method: 'POST',
          body: '{}',
          timeoutMs: 1000,
          maxBytes: 1000,
        }),
      'rebound.test resolves to 10.9.8.7, a private address'
    )
    await assert.rejects(
      () =>
        outboundRequest('http://[::ffff:169.254.169.254]/', { timeoutMs: 1000, maxBytes: 1000 }),
      '::ffff:a9fe:a9fe is a link-local (cloud metadata) address'
    )
    await assert.rejects(
      () => outboundRequest('http://gone.test/', { timeoutMs: 1000, maxBytes: 1000 }),
      /ENOTFOUND gone.test/
    )
  })
})
