import { useEffect, useState } from 'react';
import { App, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';

export const MSG_NO_FULLSCREEN = '您的浏览器不支持全屏';

/** Full-screen toggle (desktop only); warns when the browser cannot do it (spec §5). */
export function Screenfull() {
  const { message } = App.useApp();
  const [full, setFull] = useState(() => !!document.fullscreenElement);

  useEffect(() => {
    const onChange = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      void message.warning(MSG_NO_FULLSCREEN);
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };

  return (
    <Tooltip title={full ? '退出全屏' : '全屏'} placement="bottom">
      <button type="button" className="pdz-nav-action" aria-label={full ? '退出全屏' : '全屏'} onClick={toggle}>
        {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}
