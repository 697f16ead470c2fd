/**
 * Requests the SMS vendors publish with their signatures (documentation examples, not our data): used by the adapters'
 * signer tests (src/providers/sms/signing.test.ts) and by the fakes' own, independent signers (sms-fakes.ts).
 */

/** Alibaba Cloud SMS "签名机制": SendSms of AccessKeyId testId, secret testSecret → Signature ALIYUN_SENDSMS_SIGNATURE. */
export const ALIYUN_SENDSMS_EXAMPLE = {
  AccessKeyId: 'testId',
  Action: 'SendSms',
  Format: 'XML',
  OutId: '123',
  PhoneNumbers: '15300000001',
  RegionId: 'cn-hangzhou',
  SignName: '阿里云短信测试专用',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
  SignatureVersion: '1.0',
  TemplateCode: 'SMS_71390007',
  TemplateParam: '{"customer":"test"}',
  Timestamp: '2017-07-12T02:42:19Z',
  Version: '2017-05-25',
} as const;
export const ALIYUN_SENDSMS_SIGNATURE = 'zJDF+Lrzhj/ThnlvIToysFRq6t4=';
