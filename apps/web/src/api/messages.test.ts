import { describe, expect, it } from 'vitest';
import { STATUS_TEXT, TEXT } from '@btz/shared';
import { messageFor, serverMessage } from './messages';

describe('message source order (spec §8): code table, server msg, default', () => {
  it('uses the code table first', () => {
    expect(messageFor(403, '别的')).toBe(STATUS_TEXT[403]);
    expect(messageFor(404)).toBe(STATUS_TEXT[404]);
    expect(messageFor(401, 'x')).toBe(TEXT.loginExpired);
  });
  it('then the server message, then the default', () => {
    expect(messageFor(400, '手机号格式不正确')).toBe('手机号格式不正确');
    expect(messageFor(500, '')).toBe(STATUS_TEXT.default);
    expect(messageFor(601)).toBe(STATUS_TEXT.default);
  });
  it('reads msg, error_description or message from a body', () => {
    expect(serverMessage({ msg: 'a' })).toBe('a');
    expect(serverMessage({ success: false, error_description: '验证码错误' })).toBe('验证码错误');
    expect(serverMessage({ message: 'm' })).toBe('m');
    expect(serverMessage(null)).toBeUndefined();
  });
});
