import { useState } from 'react';
import { Form, Input, Space, Tag, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { PERMS, type CameraRow } from '@pdz/contracts';
import {
  CrudPage,
  CrudTable,
  CrudToolbar,
  DeleteAction,
  EditAction,
  QueryBar,
  RowAction,
  actionsColumn,
  createdAtColumn,
  idColumn,
  orDash,
  orderNumColumn,
  quoted,
  remarkColumn,
  useCrudList,
  useCrudRemove,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { CAMERA_EXPORT_URL, CAMERA_KEY, fetchCameras, removeCameras } from '../api/camera';
import { STATION_KEY } from '../api/station';
import { SiteCameraFormModal } from '../components/SiteCameraFormModal';
import { SiteCameraPreview } from '../components/SiteCameraPreview';
import { siteScopeFilters } from '../components/SiteScopeFilters';
import { streamKind } from '../components/siteForms';

interface CameraQuery extends Record<string, unknown> {
  keyword?: string;
  customerId?: number;
  stationId?: number;
}

const P = PERMS.camera;
const DEFAULT_HIDDEN = ['id', 'customerName', 'brand', 'remark', 'createdAt', 'orderNum'];

/** The address as a tag of its kind plus the text (HLS opens in the preview; others are links). */
function StreamCell({ url }: { url: string | null }) {
  const kind = streamKind(url);
  if (!url || !kind) return <>-</>;
  const tag = kind === 'hls' ? <Tag color="processing">HLS</Tag> : <Tag>{kind.toUpperCase()}</Tag>;
  return (
    <Space size={4}>
      {tag}
      {kind === 'http' ? (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 260 }}>
          {url}
        </Typography.Link>
      ) : (
        <Typography.Text copyable={{ text: url, tooltips: ['复制地址', '已复制'] }} ellipsis style={{ maxWidth: 260 }}>
          {url}
        </Typography.Text>
      )}
    </Space>
  );
}

/** 摄像头: the station cameras and their stream addresses, with a 预览 that plays HLS in the page. */
export default function CamerasPage() {
  const list = useCrudList<CameraRow, CameraQuery>(CAMERA_KEY, fetchCameras, {});
  const [showSearch, setShowSearch] = useState(true);
  const editor = useEditor<CameraRow>();
  const [preview, setPreview] = useState<CameraRow | undefined>();
  const remove = useCrudRemove(list, removeCameras, [CAMERA_KEY, STATION_KEY]);

  const columns: CrudColumn<CameraRow>[] = [
    idColumn(),
    { key: 'code', title: '摄像头编号', dataIndex: 'code', sorter: true },
    { key: 'name', title: '摄像头名称', dataIndex: 'name', sorter: true, ellipsis: true },
    { key: 'stationName', title: '所属站点', dataIndex: 'stationName', sorter: true, ellipsis: true },
    { key: 'cabinetName', title: '监视柜体', dataIndex: 'cabinetName', render: orDash },
    { key: 'customerName', title: '所属客户', dataIndex: 'customerName', ellipsis: true },
    { key: 'streamUrl', title: '视频流地址', dataIndex: 'streamUrl', render: (v: string | null) => <StreamCell url={v} /> },
    { key: 'brand', title: '品牌', dataIndex: 'brand', render: orDash },
    { key: 'ip', title: 'IP地址', dataIndex: 'ip', render: orDash },
    orderNumColumn(),
    remarkColumn(),
    createdAtColumn(),
    actionsColumn((c) => (
      <>
        <RowAction perms={[P.list, P.query]} icon={<PlayCircleOutlined />} disabled={!c.streamUrl} onClick={() => setPreview(c)}>
          预览
        </RowAction>
        <EditAction perms={[P.edit]} onClick={() => editor.openEdit(c)} />
        <DeleteAction perms={[P.remove]} what={`摄像头${quoted(c.name)}`} onConfirm={() => remove.mutateAsync([c.id])} />
      </>
    )),
  ];

  return (
    <CrudPage>
      <QueryBar<CameraQuery> hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="摄像头名称或编号" allowClear style={{ width: 180 }} />
        </Form.Item>
        {siteScopeFilters()}
      </QueryBar>
      <CrudTable<CameraRow>
        pageKey="asset/cameras"
        defaultHidden={DEFAULT_HIDDEN}
        columns={columns}
        state={list}
        selectable
        onToggleSearch={() => setShowSearch((s) => !s)}
        toolbar={
          <CrudToolbar
            list={list}
            perms={P}
            onAdd={() => editor.openAdd()}
            remove={{ noun: '摄像头', name: (c) => c.name, onConfirm: (ids) => remove.mutateAsync(ids) }}
            exportTo={{ url: CAMERA_EXPORT_URL, baseName: '摄像头数据' }}
          />
        }
      />
      <SiteCameraFormModal open={editor.open} id={editor.record?.id} stationId={list.filters.stationId} onClose={editor.close} />
      <SiteCameraPreview camera={preview} onClose={() => setPreview(undefined)} />
    </CrudPage>
  );
}
