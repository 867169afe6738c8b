import { useMemo, useState } from 'react';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { LINK_QUALITY_LABELS, PERMS, type GatewayLinkRow, type GatewayLinkSettings, type LinkQuality } from '@pdz/contracts';
import { usePerm } from '@/access/Auth';
import { feedback } from '@/app/feedback';
import { formatTime } from '@/components/crud';
import { LINKS_KEY, saveCommLink, useCommLinks } from '../api';
import { agoText, durationText } from '../../asset/components/siteGateway';
import { QUALITY_COLORS, delayText, isDefaultSettings, settingsSummary } from '../links';
import { LinkSettingsModal } from '../components/LinkSettingsModal';
import { GatewayListFrame, TwoLine, useStateFilter } from '../components/GatewayListFrame';
import { useNow } from '@/hooks/useNow';

const FILTERS: { value: 'all' | LinkQuality; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'good', label: LINK_QUALITY_LABELS.good },
  { value: 'fair', label: LINK_QUALITY_LABELS.fair },
  { value: 'poor', label: LINK_QUALITY_LABELS.poor },
  { value: 'offline', label: LINK_QUALITY_LABELS.offline },
];
const QUALITY_HELP = '较差：实时消息平均延时 ≥ 10 秒；一般：延时 ≥ 2 秒，或 24 小时内断过线；离线：当前未连接。补发缓存数据本身不降低等级。';
const n = (v: number) => v.toLocaleString('zh-CN');
const qualityOf = (r: GatewayLinkRow) => r.quality;

/** 弱网优化: link quality per gateway (delay, backlog replays, disconnections) and the upload settings it reads. */
export default function WeakNetworkPage() {
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<GatewayLinkRow | null>(null);
  const q = useCommLinks({ keyword: keyword || undefined });
  const canEdit = usePerm([PERMS.telemetry.link]);
  const client = useQueryClient();
  const now = useNow(10_000);
  const rows = useMemo(() => q.data ?? [], [q.data]);
  const frame = useStateFilter(rows, qualityOf);

  const save = async (id: number, s: GatewayLinkSettings) => {
    await saveCommLink(id, s);
    feedback.message.success('已保存并下发到网关');
    await client.invalidateQueries({ queryKey: LINKS_KEY });
  };

  const columns: ColumnsType<GatewayLinkRow> = [
    {
      key: 'name',
      title: '网关',
      width: 190,
      ellipsis: true,
      render: (_, r) => <TwoLine main={<span title={r.name}>{r.name}</span>} note={`${r.code} · ${r.stationName}`} />,
    },
    {
      key: 'quality',
      title: (
        <Tooltip title={QUALITY_HELP}>
          <span>链路质量</span>
        </Tooltip>
      ),
      width: 100,
      render: (_, r) => <TwoLine main={<Tag color={QUALITY_COLORS[r.quality]}>{LINK_QUALITY_LABELS[r.quality]}</Tag>} note={r.lastSeenAt !== null && `${agoText(r.lastSeenAt, now)}上报`} />,
    },
    { key: 'delay', title: '平均延时', dataIndex: 'delayMs', width: 90, align: 'right', render: (v: number | null) => delayText(v) },
    {
      key: 'backlog',
      title: '补发记录',
      width: 190,
      render: (_, r) =>
        r.backlogRecords ? (
          <TwoLine
            main={`累计 ${n(r.backlogRecords)} 条`}
            note={r.lastBacklogAt !== null && `最近 ${formatTime(r.lastBacklogAt, 'MM-DD HH:mm')} 补发 ${n(r.lastBacklogRecords ?? 0)} 条${r.maxBacklogAgeMs ? `，最早滞后 ${durationText(r.maxBacklogAgeMs)}` : ''}`}
          />
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    {
      key: 'offline',
      title: '断线次数',
      width: 100,
      render: (_, r) =>
        r.offlineCount ? (
          <TwoLine main={`${n(r.offlineCount)} 次`} note={r.lastOfflineAt !== null && `最近 ${formatTime(r.lastOfflineAt, 'MM-DD HH:mm')}`} />
        ) : (
          0
        ),
    },
    { key: 'traffic', title: '消息 / 记录', width: 110, align: 'right', render: (_, r) => `${n(r.messages)} / ${n(r.records)}` },
    { key: 'interval', title: '上报周期', dataIndex: 'reportIntervalS', width: 80, align: 'right', render: (v: number) => `${v} 秒` },
    {
      key: 'settings',
      title: '上报设置',
      width: 230,
      render: (_, r) => (
        <TwoLine
          main={settingsSummary(r)}
          note={`补发 ${r.replayMaxRecords} 条/包 · ${isDefaultSettings(r) && r.settingsUpdatedAt === null ? '默认设置' : `${r.settingsUpdatedBy ?? ''} ${formatTime(r.settingsUpdatedAt, 'MM-DD HH:mm')} 修改`}`}
        />
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'action',
            title: '操作',
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, r: GatewayLinkRow) => (
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                上报设置
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <GatewayListFrame
      filters={FILTERS}
      {...frame}
      onSearch={setKeyword}
      updatedAt={q.dataUpdatedAt}
      loading={q.isLoading}
      columns={columns}
      width={1180}
      emptyText={keyword ? '没有找到匹配的网关' : frame.filter !== 'all' ? '没有该质量等级的网关' : '暂无网关'}
    >
      <LinkSettingsModal row={editing} onClose={() => setEditing(null)} onSave={save} />
    </GatewayListFrame>
  );
}
