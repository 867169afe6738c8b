import { Button, Descriptions, Modal, Typography } from 'antd';
import type { CameraRow } from '@pdz/contracts';
import { orDash } from '@/components/crud';
import { SiteStreamPlayer } from './SiteStreamPlayer';

/** 预览: the camera's stream (HLS plays here) with where it is and its address. */
export function SiteCameraPreview({ camera, onClose }: { camera: CameraRow | undefined; onClose: () => void }) {
  return (
    <Modal
      title={camera ? `预览：${camera.name}` : '预览'}
      open={!!camera}
      onCancel={onClose}
      width={800}
      destroyOnHidden
      footer={<Button onClick={onClose}>关闭</Button>}
    >
      {camera && (
        <>
          <SiteStreamPlayer url={camera.streamUrl} height={420} />
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            style={{ marginTop: 12 }}
            items={[
              { key: 'station', label: '站点', children: camera.stationName },
              { key: 'cabinet', label: '监视柜体', children: orDash(camera.cabinetName) },
              { key: 'brand', label: '品牌', children: orDash(camera.brand) },
              { key: 'ip', label: 'IP地址', children: orDash(camera.ip) },
              {
                key: 'url',
                label: '视频流地址',
                span: 2,
                children: camera.streamUrl ? (
                  <Typography.Text copyable={{ tooltips: ['复制地址', '已复制'] }} style={{ wordBreak: 'break-all' }}>
                    {camera.streamUrl}
                  </Typography.Text>
                ) : (
                  '-'
                ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
