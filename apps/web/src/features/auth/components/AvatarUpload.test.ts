import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from './AvatarUpload';

describe('avatarFileProblem', () => {
  it('accepts png, jpeg, gif and webp up to 2 MB', () => {
    expect(avatarFileProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
  });
  it('refuses other kinds and larger files', () => {
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe('只能上传 PNG、JPEG、GIF 或 WEBP 格式的图片');
    expect(avatarFileProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/只能上传/);
    expect(avatarFileProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('图片大小不能超过2MB');
  });
});
