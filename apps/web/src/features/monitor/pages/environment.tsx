import { useMemo, useState } from 'react';
import { Card, Segmented, Space, Typography } from 'antd';
import { useChannels } from '@/realtime';
import { useEnvironment } from '../env/api';
import { sensorChannels } from '../env/climate';
import { envTypeLabel, filterByType, missingTypes } from '../env/environment';
import { EnvSensorCard } from '../env/components/EnvSensorCard';
import { SensorSearch, SensorStates, StationSection } from '../env/components/SensorPageParts';

/** 环境监测: water, smoke, door (and SF6 / noise where such models exist) sensors by station, live. */
export default function EnvironmentPage() {
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState('all');
  const q = useEnvironment({ keyword: keyword || undefined });
  const channels = useMemo(() => sensorChannels(q.data), [q.data]);
  useChannels(channels);
  const stations = useMemo(() => filterByType(q.data, type), [q.data, type]);
  const total = q.data?.types.reduce((n, t) => n + t.count, 0) ?? 0;
  const missing = missingTypes(q.data);

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size={[12, 8]}>
          <SensorSearch placeholder="搜索站点、传感器名称或编号" onSearch={setKeyword} />
          {q.data && q.data.types.length > 0 && (
            <Segmented
              value={type}
              onChange={(v) => setType(String(v))}
              options={[{ value: 'all', label: `全部 ${total}` }, ...q.data.types.map((t) => ({ value: t.type, label: `${t.label} ${t.count}` }))]}
            />
          )}
        </Space>
        {q.data && missing.length > 0 && (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {total > 0 ? '已接入：' + q.data.types.map((t) => `${t.label}传感器 ${t.count} 个`).join('，') + '。' : ''}
            暂无{missing.join('、')}类传感器{missing.some((m) => m === 'SF6' || m === '噪声') ? '（需先在设备型号中添加对应类型的型号）' : ''}。
          </Typography.Paragraph>
        )}
      </Card>
      <SensorStates loading={q.isLoading} error={q.error} empty={!!q.data && stations.length === 0} emptyText={keyword ? '没有找到匹配的环境传感器' : '暂无环境传感器'} />
      {stations.map((g) => (
        <StationSection key={g.stationId} group={g}>
          {g.sensors.map((s) => (
            <EnvSensorCard key={s.id} sensor={s} typeLabel={envTypeLabel(s.equipmentType)} />
          ))}
        </StationSection>
      ))}
    </Space>
  );
}
