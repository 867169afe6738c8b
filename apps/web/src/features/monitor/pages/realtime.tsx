import { useCallback, useEffect, useMemo } from 'react';
import { Button, Card, Col, Empty, Flex, Row, Select, Skeleton, Space, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useChannels } from '@/realtime';
import { useMonitorStations, useStationLayout } from '../api';
import { AlarmPanel } from '../components/AlarmPanel';
import { CabinetCard, EquipmentBlock } from '../components/CabinetCard';
import { ConnectionBadge } from '../components/ConnectionBadge';
import { CommTag } from '../components/LiveBits';
import { StationStrip } from '../components/StationStrip';
import { groupByBay } from '../components/stationGroups';
import { pickStation, recallStation, rememberStation, stationOptions } from '../components/monitorModel';
import '../components/monitor.css';

/**
 * 实时监控: one station at a glance — figures, every cabinet with its equipment's key values and
 * comm state, room sensors, gateways and the latest alarms. The page subscribes to the station's
 * channel once; each value cell follows its own point.
 */
export default function RealtimePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const stations = useMonitorStations();
  const fromUrl = Number(params.get('stationId')) || undefined;
  const stationId = useMemo(() => pickStation(fromUrl, recallStation(), stations.data ?? []), [fromUrl, stations.data]);
  const layout = useStationLayout(stationId);

  useEffect(() => {
    if (stationId !== undefined) rememberStation(stationId);
  }, [stationId]);
  const channels = useMemo(() => (stationId ? [`station:${stationId}`, 'alarms'] : []), [stationId]);
  useChannels(channels);

  const open = useCallback((id: number) => navigate(`/monitor/equipment?id=${id}`), [navigate]);
  const options = useMemo(() => stationOptions(stations.data ?? []), [stations.data]);
  const data = layout.data?.station.id === stationId ? layout.data : undefined;
  const groups = useMemo(() => groupByBay(data?.cabinets ?? []), [data]);

  if (stations.isLoading) return <Card variant="borderless"><Skeleton active /></Card>;
  if (stations.isError) {
    return (
      <Card variant="borderless">
        <Empty description="站点列表加载失败">
          <Button onClick={() => void stations.refetch()}>重新加载</Button>
        </Empty>
      </Card>
    );
  }
  if (!stations.data?.length) {
    return (
      <Card variant="borderless">
        <Empty description="还没有可以查看的站点，请先在资产管理中添加站点和设备" />
      </Card>
    );
  }

  const station = data?.station;
  return (
    <Flex vertical gap={12}>
      <Card variant="borderless" styles={{ body: { padding: 16 } }}>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
          <Space wrap size={12}>
            <Select
              aria-label="选择站点"
              style={{ width: 280 }}
              showSearch={{ optionFilterProp: 'label' }}
              value={stationId}
              options={options}
              onChange={(id: number) => setParams({ stationId: String(id) }, { replace: true })}
            />
            {station && (
              <Typography.Text type="secondary">
                {station.customerName} · {station.stationTypeName}
                {station.capacityKva ? ` · ${station.capacityKva} kVA` : ''}
                {station.address ? (
                  <>
                    {' · '}
                    <EnvironmentOutlined /> {station.address}
                  </>
                ) : null}
              </Typography.Text>
            )}
          </Space>
          <ConnectionBadge />
        </Flex>
        {station ? <StationStrip station={station} /> : <Skeleton active paragraph={{ rows: 1 }} title={false} />}
      </Card>

      <Row gutter={[12, 12]}>
        <Col xs={24} xl={18}>
          <Card variant="borderless" title="配电柜实时数据" size="small" styles={{ body: { padding: 12 } }}>
            {layout.isError && !data ? (
              <Empty description="站点数据加载失败">
                <Button onClick={() => void layout.refetch()}>重新加载</Button>
              </Empty>
            ) : !data ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : groups.length === 0 ? (
              <Empty description="该站点还没有配置柜体" />
            ) : (
              <Flex vertical gap={14}>
                {groups.map((g) => (
                  <div key={g.key}>
                    {groups.length > 1 || g.title ? (
                      <Typography.Text strong style={{ display: 'block', marginBottom: 8, color: '#595959' }}>
                        {g.title ?? '未分间隔'}
                      </Typography.Text>
                    ) : null}
                    <div className="mon-grid">
                      {g.cabinets.map((c) => (
                        <CabinetCard key={c.id} cabinet={c} onOpen={open} />
                      ))}
                    </div>
                  </div>
                ))}
              </Flex>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={6}>
          <Flex vertical gap={12}>
            {stationId !== undefined && <AlarmPanel stationId={stationId} />}
            <Card size="small" title="环境与安防" styles={{ body: { padding: 0 } }}>
              {!data ? (
                <Skeleton active paragraph={{ rows: 3 }} title={false} style={{ padding: 12 }} />
              ) : data.room.length ? (
                data.room.map((e) => <EquipmentBlock key={e.id} e={e} onOpen={open} />)
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有配置环境监测设备" />
              )}
            </Card>
            <Card size="small" title="采集网关">
              {!data ? (
                <Skeleton active paragraph={{ rows: 1 }} title={false} />
              ) : data.gateways.length ? (
                <Flex vertical gap={6}>
                  {data.gateways.map((g) => (
                    <Flex key={g.id} justify="space-between" align="center" gap={8}>
                      <Typography.Text ellipsis={{ tooltip: `${g.name}（${g.code}）` }} style={{ fontSize: 13 }}>
                        {g.name}
                      </Typography.Text>
                      <CommTag kind="gateway" id={g.id} state={g.commState} lastSeenAt={g.lastSeenAt} />
                    </Flex>
                  ))}
                </Flex>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该站点没有网关" />
              )}
            </Card>
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
