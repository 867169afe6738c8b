import { useMemo, useState, useSyncExternalStore } from 'react';
import { Card, Space, Tag, Typography } from 'antd';
import { CLIMATE_LIMITS } from '@pdz/contracts';
import { useChannels } from '@/realtime';
import { useClimate } from '../env/api';
import { createLevelStore, LEVEL_COLORS, sensorChannels, type LevelStore } from '../env/climate';
import { ClimateCard } from '../env/components/ClimateCard';
import { SensorSearch, SensorStates, StationSection } from '../env/components/SensorPageParts';

function LevelSummary({ store, total }: { store: LevelStore; total: number }) {
  const c = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return (
    <Space size={4} wrap>
      <Typography.Text>共 {total} 个传感器</Typography.Text>
      <Tag color="success">正常 {c.normal}</Tag>
      <Tag color="warning">预警 {c.warning}</Tag>
      <Tag color="error">告警 {c.alarm}</Tag>
      {c.unknown > 0 && <Tag>无数据 {c.unknown}</Tag>}
    </Space>
  );
}

/** 温湿度监测: every temperature/humidity sensor in scope by station, live, coloured by the room limits. */
export default function ClimatePage() {
  const [keyword, setKeyword] = useState('');
  const q = useClimate({ keyword: keyword || undefined });
  const channels = useMemo(() => sensorChannels(q.data), [q.data]);
  useChannels(channels);
  const [store] = useState(createLevelStore);
  const total = q.data?.stations.reduce((n, s) => n + s.sensors.length, 0) ?? 0;
  // The sparkline window: the last 24 h as of this answer.
  const sparkWindow = useMemo(() => ({ to: q.dataUpdatedAt || 0, from: (q.dataUpdatedAt || 0) - 86_400_000 }), [q.dataUpdatedAt]);

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space wrap>
            <SensorSearch placeholder="搜索站点、传感器名称或编号" onSearch={setKeyword} />
            {q.data && <LevelSummary store={store} total={total} />}
          </Space>
          <Space size={12} wrap>
            <Typography.Text type="secondary">
              <span style={{ color: LEVEL_COLORS.warning }}>■</span> 温度 &gt; {CLIMATE_LIMITS.tempWarn} ℃ 或湿度 &gt; {CLIMATE_LIMITS.rhWarn}% 预警
            </Typography.Text>
            <Typography.Text type="secondary">
              <span style={{ color: LEVEL_COLORS.alarm }}>■</span> 湿度 &gt; {CLIMATE_LIMITS.rhAlarm}% 告警
            </Typography.Text>
            <Typography.Text type="secondary">
              曲线：<span style={{ color: '#fa8c16' }}>温度</span> / <span style={{ color: '#1677ff' }}>湿度</span>（近24小时）
            </Typography.Text>
          </Space>
        </Space>
      </Card>
      <SensorStates loading={q.isLoading} error={q.error} empty={!!q.data && total === 0} emptyText={keyword ? '没有找到匹配的温湿度传感器' : '暂无温湿度传感器'} />
      {q.data?.stations.map((g) => (
        <StationSection key={g.stationId} group={g}>
          {g.sensors.map((s) => (
            <ClimateCard key={s.id} sensor={s} store={store} sparkFrom={sparkWindow.from} sparkTo={sparkWindow.to} />
          ))}
        </StationSection>
      ))}
    </Space>
  );
}
