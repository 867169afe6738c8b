import { useState } from 'react';
import { Form, Input, Space, Tag, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { PERMS, type CameraRow } from '@pdz/contracts';
import {
  AddButton,
  CrudPage,
  CrudTable,
  DeleteAction,
  EditAction,
  ExportButton,
  QueryBar,
  RemoveButton,
  RowAction,
  describeSelection,
  formatTime,
  orDash,
  quoted,
  useCrudList,
  useCrudMutation,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { CAMERA_EXPORT_URL, CAMERA_KEY, fetchCameras, removeCameras } from '../api/camera';
import { STATION_KEY } from '../api/station';
import { SiteCameraFormModal } from '../components/SiteCameraFormModal';
import { SiteCameraPreview } from '../components/SiteCameraPreview';
import { CustomerSelect, StationTreeSelect } from '../components/SitePickers';
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
  const [form] = Form.useForm<CameraQuery>();
  const customerId = Form.useWatch('customerId', form);
  const editor = useEditor<CameraRow>();
  const [preview, setPreview] = useState<CameraRow | undefined>();
  const remove = useCrudMutation((ids: number[]) => removeCameras(ids), {
    invalidate: [CAMERA_KEY, STATION_KEY],
    success: '删除成功',
    onSuccess: (_r, ids) => list.afterRemove(ids.length),
  });
  const selected = list.list.filter((c) => list.selectedRowKeys.includes(c.id));

  const columns: CrudColumn<CameraRow>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', sorter: true, width: 70 },
    { key: 'code', title: '摄像头编号', dataIndex: 'code', sorter: true },
    { key: 'name', title: '摄像头名称', dataIndex: 'name', sorter: true, ellipsis: true },
    { key: 'stationName', title: '所属站点', dataIndex: 'stationName', sorter: true, ellipsis: true },
    { key: 'cabinetName', title: '监视柜体', dataIndex: 'cabinetName', render: orDash },
    { key: 'customerName', title: '所属客户', dataIndex: 'customerName', ellipsis: true },
    { key: 'streamUrl', title: '视频流地址', dataIndex: 'streamUrl', render: (v: string | null) => <StreamCell url={v} /> },
    { key: 'brand', title: '品牌', dataIndex: 'brand', render: orDash },
    { key: 'ip', title: 'IP地址', dataIndex: 'ip', render: orDash },
    { key: 'orderNum', title: '显示顺序', dataIndex: 'orderNum', sorter: true, align: 'right' },
    { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true, render: orDash },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', sorter: true, render: (v: number) => formatTime(v) },
    {
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      render: (_v, c) => (
        <Space size={0}>
          <RowAction perms={[P.list, P.query]} icon={<PlayCircleOutlined />} disabled={!c.streamUrl} onClick={() => setPreview(c)}>
            预览
          </RowAction>
          <EditAction perms={[P.edit]} onClick={() => editor.openEdit(c)} />
          <DeleteAction perms={[P.remove]} what={`摄像头${quoted(c.name)}`} onConfirm={() => remove.mutateAsync([c.id])} />
        </Space>
      ),
    },
  ];

  return (
    <CrudPage>
      <QueryBar<CameraQuery> form={form} hidden={!showSearch} onSearch={(v) => list.replaceFilters(v)} onReset={list.reset}>
        <Form.Item name="keyword" label="关键字">
          <Input placeholder="摄像头名称或编号" allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="customerId" label="客户">
          <CustomerSelect style={{ width: 200 }} placeholder="全部客户" onChange={(v) => form.setFieldsValue({ customerId: v, stationId: undefined })} />
        </Form.Item>
        <Form.Item name="stationId" label="站点">
          <StationTreeSelect style={{ width: 220 }} placeholder="全部站点" customerId={customerId} />
        </Form.Item>
      </QueryBar>
      <CrudTable<CameraRow>
        pageKey="asset/cameras"
        defaultHidden={DEFAULT_HIDDEN}
        columns={columns}
        state={list}
        selectable
        onToggleSearch={() => setShowSearch((s) => !s)}
        toolbar={
          <>
            <AddButton perms={[P.add]} onClick={() => editor.openAdd()} />
            <RemoveButton
              perms={[P.remove]}
              count={selected.length}
              what={describeSelection('摄像头', selected.map((c) => c.name))}
              onConfirm={() => remove.mutateAsync(selected.map((c) => c.id))}
            />
            <ExportButton perms={[P.export]} url={CAMERA_EXPORT_URL} params={list.exportParams} baseName="摄像头数据" />
          </>
        }
      />
      <SiteCameraFormModal open={editor.open} id={editor.record?.id} stationId={list.filters.stationId} onClose={editor.close} />
      <SiteCameraPreview camera={preview} onClose={() => setPreview(undefined)} />
    </CrudPage>
  );
}
