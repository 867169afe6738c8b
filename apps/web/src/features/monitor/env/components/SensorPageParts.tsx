import type { ReactNode } from 'react';
import { Card, Empty, Input, Result, Skeleton, Space, Typography } from 'antd';
import type { SensorStationGroup } from '@pdz/contracts';
import styles from './env.module.css';

/** The search box of the sensor pages (station, sensor name or code). */
export function SensorSearch({ onSearch, placeholder }: { onSearch: (v: string) => void; placeholder: string }) {
  return <Input.Search allowClear placeholder={placeholder} style={{ width: 280 }} onSearch={(v) => onSearch(v.trim())} />;
}

/** Loading, error and empty states shared by 温湿度监测 and 环境监测. */
export function SensorStates({ loading, error, empty, emptyText }: { loading: boolean; error: unknown; empty: boolean; emptyText: ReactNode }) {
  if (error) return <Result status="error" title="加载失败" subTitle={(error as Error)?.message} />;
  if (loading) return <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>;
  if (empty) return <Card><Empty description={emptyText} /></Card>;
  return null;
}

/** One station's sensors under its name. */
export function StationSection({ group, children, extra }: { group: SensorStationGroup; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card size="small">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={5} className={styles.stationTitle}>
          {group.stationName}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12, marginLeft: 8 }}>
            {group.customerName} · {group.sensors.length} 个传感器
          </Typography.Text>
        </Typography.Title>
        {extra}
      </Space>
      <div className={styles.sensorGrid}>{children}</div>
    </Card>
  );
}
