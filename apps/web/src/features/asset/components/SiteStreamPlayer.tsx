import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { streamKind } from './siteForms';

export type PlayerState = { phase: 'loading' } | { phase: 'playing' } | { phase: 'error'; text: string };

/** hls.js error details → what an operator can act on. */
export function describeHlsError(type: string, details: string): string {
  if (type === 'networkError') {
    if (/manifest/i.test(details)) return '无法获取视频流（播放列表加载失败），请检查摄像头或流媒体服务是否在线、地址是否正确';
    return '视频流网络中断，请检查网络连接';
  }
  if (type === 'mediaError') return '视频数据无法解码，请确认摄像头输出为 H.264 编码';
  return `视频流无法播放（${details}）`;
}

/**
 * Plays an HLS (.m3u8) stream in the page through hls.js (loaded only here, so other pages do not
 * carry it), or natively where the browser has no Media Source Extensions. Fatal errors are shown, not retried
 * forever: a camera that is off should say so.
 */
export function HlsVideo({ url, height = 360 }: { url: string; height?: number }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>({ phase: 'loading' });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let disposed = false;
    let destroy: (() => void) | undefined;
    setState({ phase: 'loading' });
    const onPlaying = () => !disposed && setState({ phase: 'playing' });
    video.addEventListener('playing', onPlaying);
    video.addEventListener('loadeddata', onPlaying);

    const playNatively = () => {
      video.src = url;
      const onError = () => !disposed && setState({ phase: 'error', text: '视频流无法播放，请检查地址或摄像头状态' });
      video.addEventListener('error', onError);
      destroy = () => {
        video.removeEventListener('error', onError);
        video.removeAttribute('src');
        video.load();
      };
    };
    // hls.js first (the same behaviour and error texts in every browser with Media Source
    // Extensions); the browser's own HLS only where MSE is missing (iPhone Safari).
    void import('hls.js').then(({ default: Hls }) => {
      if (disposed) return;
      if (!Hls.isSupported()) {
        if (video.canPlayType('application/vnd.apple.mpegurl')) playNatively();
        else setState({ phase: 'error', text: '当前浏览器不支持 HLS 播放，请使用新版 Chrome、Edge 或 Firefox' });
        return;
      }
      // Live camera streams: stay near the live edge, give up on a dead source after a few tries.
      const hls = new Hls({ lowLatencyMode: true, manifestLoadingMaxRetry: 2, levelLoadingMaxRetry: 2, fragLoadingMaxRetry: 3 });
      hls.on(Hls.Events.ERROR, (_e, data) => {
        if (data.fatal && !disposed) {
          setState({ phase: 'error', text: describeHlsError(data.type, data.details) });
          hls.destroy();
        }
      });
      hls.loadSource(url);
      hls.attachMedia(video);
      destroy = () => hls.destroy();
    });
    return () => {
      disposed = true;
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('loadeddata', onPlaying);
      destroy?.();
    };
  }, [url]);

  return (
    <div style={{ position: 'relative', background: '#000', borderRadius: 6, overflow: 'hidden', height }}>
      <video ref={videoRef} controls autoPlay muted playsInline style={{ width: '100%', height: '100%', display: 'block' }} aria-label="摄像头画面" />
      {state.phase === 'loading' && (
        <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none' }}>
          <Spin description="正在连接视频流…">
            <div style={{ width: 160, height: 60 }} />
          </Spin>
        </div>
      )}
      {state.phase === 'error' && (
        <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
          <Alert type="error" showIcon title="无法播放" description={state.text} />
        </div>
      )}
    </div>
  );
}

/** The stream of a camera: HLS plays here; other addresses are links (browsers cannot play RTSP/RTMP). */
export function SiteStreamPlayer({ url, height }: { url: string | null; height?: number }) {
  const kind = streamKind(url);
  if (!url || !kind) return <Alert type="info" showIcon title="未配置视频流地址" />;
  if (kind === 'hls') return <HlsVideo url={url} height={height} />;
  if (kind === 'http')
    return (
      <Alert
        type="info"
        showIcon
        title="该地址不是 HLS（.m3u8）视频流，无法在页面内播放"
        description={
          <Button type="link" href={url} target="_blank" rel="noopener noreferrer" icon={<ExportOutlined />} style={{ padding: 0 }}>
            在新窗口打开
          </Button>
        }
      />
    );
  return (
    <Alert
      type="warning"
      showIcon
      title={`浏览器无法直接播放 ${kind.toUpperCase()} 视频流`}
      description={
        <Space orientation="vertical" size={4}>
          <span>请复制地址，用 VLC 等播放器打开，或由流媒体服务转为 HLS 后再配置。</span>
          <Typography.Text copyable={{ text: url, tooltips: ['复制地址', '已复制'] }} code>
            {url}
          </Typography.Text>
        </Space>
      }
    />
  );
}
