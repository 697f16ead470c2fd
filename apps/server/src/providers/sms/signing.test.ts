/**
 * The SMS signers against the examples the vendors publish in their documentation:
 * - Alibaba Cloud SMS "签名机制" (RPC, HMAC-SHA1): the SendSms request of AccessKeyId testId / secret testSecret, whose
 *   StringToSign and Signature `zJDF+Lrzhj/ThnlvIToysFRq6t4=` the page prints; and the ECS RPC signature page's
 *   DescribeRegions example (testid / testsecret → `OLeaidS1JvxuMvnyHOwuJ+uX5qY=`).
 * - Tencent Cloud API 3.0 "Signature v3" (TC3-HMAC-SHA256): the CVM DescribeInstances POST of 2019-02-25 (timestamp
 *   1551113065, SecretKey Gu5t9xGARNpq86cd98joQYCN3EXAMPLE), with the payload hash, canonical-request hash and the
 *   signature `72e494ea…5168` the page prints.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALIYUN_SENDSMS_EXAMPLE } from '../../../test/auth/sms-doc-examples.js';
import { aliyunPercentEncode, aliyunSignature, aliyunStringToSign } from './aliyun.js';
import { tc3CanonicalRequest, tc3Signature } from './tencent.js';

describe('Alibaba Cloud RPC signature', () => {
  const sendSms = ALIYUN_SENDSMS_EXAMPLE;

  it('the SMS documentation example: StringToSign and Signature', () => {
    expect(aliyunStringToSign('GET', sendSms)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001' +
        '%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF%25A1' +
        '%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0%26TemplateCode%3DSMS_71390007' +
        '%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D%26Timestamp%3D2017-07-12T02%253A42%253A19Z' +
        '%26Version%3D2017-05-25',
    );
    expect(aliyunSignature('GET', sendSms, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    // a Signature already among the parameters is not signed over
    expect(aliyunSignature('GET', { ...sendSms, Signature: 'x' }, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(aliyunSignature('GET', sendSms, 'testSecreT')).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('the RPC signature page example (DescribeRegions)', () => {
    const p = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunSignature('GET', p, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encoding follows RFC 3986 as the page says: space %20, * %2A, ~ kept, UTF-8 bytes upper-case', () => {
    expect(aliyunPercentEncode("a b*~!'()+/=&")).toBe('a%20b%2A~%21%27%28%29%2B%2F%3D%26');
    expect(aliyunPercentEncode('验证')).toBe('%E9%AA%8C%E8%AF%81');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  const payload = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
  const headers = { 'Content-Type': 'application/json; charset=utf-8', Host: 'cvm.tencentcloudapi.com' };

  it('the Signature v3 page example: payload hash, canonical request, its hash and the signature', () => {
    expect(createHash('sha256').update(payload).digest('hex')).toBe('35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064');
    const { canonicalRequest, signedHeaders } = tc3CanonicalRequest(headers, payload);
    expect(canonicalRequest).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n' +
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(signedHeaders).toBe('content-type;host');
    expect(createHash('sha256').update(canonicalRequest).digest('hex')).toBe('5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    const s = tc3Signature({ secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE', service: 'cvm', timestamp: 1551113065, headers, payload });
    expect(s.credentialScope).toBe('2019-02-25/cvm/tc3_request');
    expect(s.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
  });

  it('the credential date is the UTC date of the timestamp (00:44 in Beijing is still the day before)', () => {
    // 1551113065 is 2019-02-26 00:44:25 in UTC+8
    const s = tc3Signature({ secretKey: 'k', service: 'sms', timestamp: 1551113065, headers, payload: '{}' });
    expect(s.credentialScope).toBe('2019-02-25/sms/tc3_request');
  });
});
