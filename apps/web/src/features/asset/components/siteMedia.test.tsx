import { describe, expect, it } from 'vitest';

/** antd's first render in jsdom is slow on a busy machine. */
const RENDER_TIMEOUT = 20_000;
import { render, screen } from '@testing-library/react';
import { testWrapper } from '@/components/crud/test-utils';
import { describeHlsError, SiteStreamPlayer } from './SiteStreamPlayer';
import { imageProblem } from './SiteLogoUpload';
import { SiteGatewaySecretDialog } from './SiteGatewaySecretDialog';

describe('camera streams', () => {
  it('says what a fatal HLS error means for the operator', () => {
    expect(describeHlsError('networkError', 'manifestLoadError')).toContain('播放列表加载失败');
    expect(describeHlsError('networkError', 'fragLoadError')).toBe('视频流网络中断，请检查网络连接');
    expect(describeHlsError('mediaError', 'bufferAppendError')).toContain('H.264');
    expect(describeHlsError('otherError', 'internalException')).toBe('视频流无法播放（internalException）');
  });

  it('shows RTSP as an address to copy, plain http as a link, nothing as a hint', () => {
    const Wrapper = testWrapper();
    const { unmount } = render(<SiteStreamPlayer url="rtsp://10.0.0.5:554/h264" />, { wrapper: Wrapper });
    expect(screen.getByText('浏览器无法直接播放 RTSP 视频流')).toBeTruthy();
    unmount();
    const r2 = render(<SiteStreamPlayer url="http://10.0.0.5/view" />, { wrapper: Wrapper });
    expect(screen.getByRole('link', { name: /在新窗口打开/ }).getAttribute('href')).toBe('http://10.0.0.5/view');
    r2.unmount();
    render(<SiteStreamPlayer url={null} />, { wrapper: Wrapper });
    expect(screen.getByText('未配置视频流地址')).toBeTruthy();
  }, RENDER_TIMEOUT);
});

describe('customer logos', () => {
  it('refuses other formats and large files before sending', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/svg+xml', size: 1000 })).toBe('只能上传 PNG、JPEG、GIF 或 WEBP 格式的图片');
    expect(imageProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBe('图片大小不能超过2MB');
  });
});

describe('gateway secret dialog', () => {
  it('shows the secret once with the warning and the MQTT topic', () => {
    render(<SiteGatewaySecretDialog secret={{ id: 1, code: 'GW-1', secret: 's3cr3t-XYZ', secretRotatedAt: Date.now() }} reason="created" onClose={() => undefined} />, {
      wrapper: testWrapper(),
    });
    expect(screen.getByText('密钥仅显示一次，请立即保存')).toBeTruthy();
    expect(screen.getByTestId('gateway-secret').textContent).toContain('s3cr3t-XYZ');
    expect(screen.getByText('gw/GW-1/up')).toBeTruthy();
    expect(screen.getByRole('button', { name: /我已保存/ })).toBeTruthy();
  }, RENDER_TIMEOUT);
});
