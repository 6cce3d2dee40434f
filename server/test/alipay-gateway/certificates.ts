/**
 * Alipay's certificate mode for the local gateway, made at test time with the openssl CLI: a
 * root CA, the app's public-key certificate and "Alipay's" public-key certificate, both issued by
 * that root for the key pairs the gateway already uses. The root file also holds an EC root, as
 * Alipay's alipayRootCert.crt does: only RSA-signed roots count towards alipay_root_cert_sn.
 *
 * A certificate's SN is Alipay's: MD5 of the issuer written from its last attribute to its first
 * (`CN=…,OU=…,O=…,C=…`) followed by the serial number in decimal. It is computed here with
 * node:crypto, independently of the SDK's own code, so each side checks the other.
 */
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface AlipayCertificates {
  dir: string;
  appCertPath: string;
  alipayPublicCertPath: string;
  alipayRootCertPath: string;
  appCertSn: string;
  alipayCertSn: string;
  /** The RSA root's SN (the EC root is not counted). */
  rootCertSn: string;
}

/** Alipay's SN of a certificate. */
export function certificateSn(pem: string): string {
  const certificate = new X509Certificate(pem);
  const issuer = certificate.issuer.split('\n').reverse().join(',');
  const serial = BigInt(`0x${certificate.serialNumber}`).toString(10);
  return createHash('md5').update(`${issuer}${serial}`, 'utf8').digest('hex');
}

/** A fresh positive serial number: two sets of certificates never share an SN. */
const serial = () => `0x1${randomBytes(8).toString('hex')}`;

const openssl = (dir: string, args: string[]) =>
  execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });

/** Certificates for the app's and Alipay's key pairs (PEM private keys), in a new folder. */
export function makeAlipayCertificates(keys: {
  appPrivateKey: string;
  alipayPrivateKey: string;
}): AlipayCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-certs-'));
  fs.writeFileSync(path.join(dir, 'app.key'), keys.appPrivateKey, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'alipay.key'), keys.alipayPrivateKey, { mode: 0o600 });
  openssl(dir, [
    'genpkey',
    '-algorithm',
    'RSA',
    '-pkeyopt',
    'rsa_keygen_bits:2048',
    '-out',
    'root.key',
  ]);
  openssl(dir, [
    'req',
    '-x509',
    '-new',
    '-key',
    'root.key',
    '-sha256',
    '-days',
    '3650',
    '-set_serial',
    serial(),
    '-subj',
    '/C=CN/O=Ant Financial Test/OU=Certification Authority/CN=Test Alipay Root CA',
    '-out',
    'root-rsa.crt',
  ]);
  openssl(dir, ['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'root-ec.key']);
  openssl(dir, [
    'req',
    '-x509',
    '-new',
    '-key',
    'root-ec.key',
    '-sha256',
    '-days',
    '3650',
    '-subj',
    '/C=CN/O=Ant Financial Test/CN=Test Alipay EC Root',
    '-out',
    'root-ec.crt',
  ]);
  const issue = (key: string, subject: string, serial: string, out: string) => {
    openssl(dir, ['req', '-new', '-key', key, '-subj', subject, '-out', `${out}.csr`]);
    openssl(dir, [
      'x509',
      '-req',
      '-in',
      `${out}.csr`,
      '-CA',
      'root-rsa.crt',
      '-CAkey',
      'root.key',
      '-set_serial',
      serial,
      '-sha256',
      '-days',
      '365',
      '-out',
      `${out}.crt`,
    ]);
  };
  issue('app.key', '/C=CN/O=Test Rental Co/OU=Alipay/CN=2021000000000000', serial(), 'app');
  issue(
    'alipay.key',
    '/C=CN/O=Ant Financial/OU=Alipay/CN=Test Alipay Public Key',
    serial(),
    'alipay',
  );
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  const rootRsa = read('root-rsa.crt');
  // The EC root first: the SDK must pass over it by its signature algorithm.
  fs.writeFileSync(path.join(dir, 'alipayRootCert.crt'), `${read('root-ec.crt')}${rootRsa}`);
  for (const name of ['app.key', 'alipay.key', 'root.key', 'root-ec.key'])
    fs.rmSync(path.join(dir, name));
  return {
    dir,
    appCertPath: path.join(dir, 'app.crt'),
    alipayPublicCertPath: path.join(dir, 'alipay.crt'),
    alipayRootCertPath: path.join(dir, 'alipayRootCert.crt'),
    appCertSn: certificateSn(read('app.crt')),
    alipayCertSn: certificateSn(read('alipay.crt')),
    rootCertSn: certificateSn(rootRsa),
  };
}
