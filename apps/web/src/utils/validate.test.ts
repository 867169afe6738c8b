import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { EMAIL_PATTERN } from '@pdz/contracts';
import { emailRule, ipRule, isEmail, isExternal, isIP, isPhone, MSG_EMAIL, MSG_IP, MSG_PHONE, phoneRule } from './validate';

/** Runs an antd rule's validator the way Form does; resolves to the error text or null. */
async function check(rule: RuleObject, value: unknown): Promise<string | null> {
  try {
    await rule.validator!(rule, value, () => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('isPhone', () => {
  it('accepts 11 digits starting with 1, any second digit', () => {
    expect(isPhone('13800138000')).toBe(true);
    expect(isPhone('10000000000')).toBe(true);
    expect(isPhone('11111111111')).toBe(true);
    expect(isPhone('19999999999')).toBe(true);
  });
  it('rejects wrong length, wrong first digit, non-digits, spaces and non-strings', () => {
    expect(isPhone('1380013800')).toBe(false);
    expect(isPhone('138001380001')).toBe(false);
    expect(isPhone('23800138000')).toBe(false);
    expect(isPhone('1380013800a')).toBe(false);
    expect(isPhone(' 13800138000')).toBe(false);
    expect(isPhone('13800138000\n')).toBe(false);
    expect(isPhone('+8613800138000')).toBe(false);
    expect(isPhone('')).toBe(false);
    expect(isPhone(13800138000)).toBe(false);
    expect(isPhone(undefined)).toBe(false);
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const v of ['a@b.cn', 'zhang.san@example.com', 'ops+alarm@grid.sgcc.com.cn', 'A_B-1@sub-domain.example.org']) expect(isEmail(v), v).toBe(true);
  });
  it('rejects malformed addresses', () => {
    for (const v of ['', 'plain', '@example.com', 'a@', 'a@b', 'a@b.c', 'a b@c.com', 'a@b..com', 'a@-b.com', 'a@b-.com', '.a@b.com', 'a.@b.com', 'a..b@c.com', 'a@b@c.com', 'a@b.com.', 'a!b@c.com', '张三@c.com'])
      expect(isEmail(v), v).toBe(false);
    expect(isEmail(null)).toBe(false);
    // Never looser than the server's contract pattern.
    expect(EMAIL_PATTERN.test('a!b@c.com')).toBe(false);
    expect(isEmail(`${'a'.repeat(65)}@b.com`)).toBe(false);
  });
});

describe('isIP', () => {
  it('accepts four dotted numbers 0–255 and the empty value', () => {
    for (const v of ['0.0.0.0', '255.255.255.255', '192.168.1.1', '10.0.0.254', '1.2.3.4', '', undefined, null]) expect(isIP(v), String(v)).toBe(true);
  });
  it('rejects out-of-range parts, wrong part counts, leading zeros and junk', () => {
    for (const v of ['256.0.0.1', '1.2.3.256', '1.2.3', '1.2.3.4.5', '1.2.3.', '.1.2.3', '01.2.3.4', '1.2.3.04', '1.2.3.a', ' 1.2.3.4', '1.2.3.4 ', '-1.2.3.4', '1..3.4', '300.300.300.300'])
      expect(isIP(v), v).toBe(false);
    expect(isIP(1234)).toBe(false);
  });
});

describe('isExternal', () => {
  it('recognises http, https, mailto and tel links', () => {
    for (const v of ['http://a.cn', 'https://a.cn/x', 'http:', 'mailto:ops@a.cn', 'tel:10086']) expect(isExternal(v), v).toBe(true);
  });
  it('treats router paths and other schemes as internal', () => {
    for (const v of ['/system/user', 'system/user', 'ftp://a.cn', 'HTTP://a.cn', ' https://a.cn', 'javascript:alert(1)', 'www.a.cn', '']) expect(isExternal(v), v).toBe(false);
    expect(isExternal(undefined)).toBe(false);
  });
});

describe('antd rules', () => {
  it('phoneRule: passes empty and valid values, fails with the Chinese message', async () => {
    expect(await check(phoneRule, '')).toBeNull();
    expect(await check(phoneRule, undefined)).toBeNull();
    expect(await check(phoneRule, '13800138000')).toBeNull();
    expect(await check(phoneRule, '1380013800')).toBe(MSG_PHONE);
    expect(MSG_PHONE).toBe('请输入正确的手机号码');
  });
  it('emailRule', async () => {
    expect(await check(emailRule, 'a@b.cn')).toBeNull();
    expect(await check(emailRule, 'a@b')).toBe('请输入正确的邮箱地址');
    expect(MSG_EMAIL).toBe('请输入正确的邮箱地址');
  });
  it('ipRule: empty allowed, message 请输入正确的IP地址', async () => {
    expect(await check(ipRule, '')).toBeNull();
    expect(await check(ipRule, '192.168.0.1')).toBeNull();
    expect(await check(ipRule, '192.168.0.256')).toBe('请输入正确的IP地址');
    expect(await check(ipRule, 123)).toBe(MSG_IP);
    expect(ipRule.message).toBe('请输入正确的IP地址');
  });
});
