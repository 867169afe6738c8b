import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Input, Space, Tooltip, Typography } from 'antd';
import { AimOutlined, ExpandOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { feedback } from '@/app/feedback';
import {
  coordinateError,
  distanceKm,
  fitView,
  formatDistance,
  gridLines,
  gridStep,
  panBy,
  parseCoordinatePair,
  placeLabels,
  project,
  roundCoord,
  scaleBar,
  stepDecimals,
  unproject,
  zoomAt,
  type LngLat,
  type MapView,
} from './siteGeo';

export interface MapStation extends LngLat {
  id: number;
  name: string;
  city?: string | null;
}

export interface SiteMapPickerProps {
  value: LngLat | null;
  onChange: (v: LngLat) => void;
  /** The other stations, drawn as neighbours (the one being edited left out by the caller). */
  stations: MapStation[];
  /** The city typed in the form: the first view shows that city's stations. */
  city?: string | null;
  height?: number;
  /** False while the neighbours load: the first view waits for them. */
  ready?: boolean;
}

const HEIGHT = 320;
/** Neighbours farther than this from the chosen point are left out of its first view. */
const NEAR_KM = 8;

function firstView(value: LngLat | null, stations: MapStation[], city: string | null | undefined, size: { width: number; height: number }): MapView {
  if (value) return fitView([value, ...stations.filter((s) => distanceKm(s, value) <= NEAR_KM)], size, 48);
  const sameCity = city ? stations.filter((s) => s.city && s.city.includes(city)) : [];
  return fitView(sameCity.length ? sameCity : stations, size, 48);
}

/**
 * An offline coordinate picker: a degree grid with a scale bar, the other stations as dots with
 * their names, the chosen point as a red pin. Click to place, drag to pan, wheel or +/− to zoom,
 * or paste "经度, 纬度". Nothing is fetched: no tiles, no map data, so it works on a closed
 * network, and neighbouring stations are the landmarks an operator actually knows.
 */
export function SiteMapPicker({ value, onChange, stations, city, height = HEIGHT, ready = true }: SiteMapPickerProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(0);
  const [view, setView] = useState<MapView | null>(null);
  const drag = useRef<{ x: number; y: number; moved: boolean; id: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const size = useMemo(() => ({ width, height }), [width, height]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(box.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(box);
    return () => ro.disconnect();
  }, []);

  // The first view waits for the width (and the neighbours, which may still be loading).
  useEffect(() => {
    if (width > 0 && ready && view === null) setView(firstView(value, stations, city, { width, height }));
  }, [width, height, ready, view, value, stations, city]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling meanwhile.
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      setView((v) => (v ? zoomAt(v, size, e.clientX - r.left, e.clientY - r.top, e.deltaY < 0 ? 1.25 : 0.8) : v));
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => svg.removeEventListener('wheel', onWheel);
  }, [size]);

  const zoom = (factor: number) => setView((v) => (v ? zoomAt(v, size, width / 2, height / 2, factor) : v));
  const fitAll = () => setView(fitView(value ? [value, ...stations] : stations, size, 48));
  const centre = () => value && setView((v) => (v ? { ...v, lng: value.longitude, lat: value.latitude } : v));

  const nearest = useMemo(() => {
    if (!value || stations.length === 0) return null;
    let best: { s: MapStation; km: number } | null = null;
    for (const s of stations) {
      const km = distanceKm(s, value);
      if (!best || km < best.km) best = { s, km };
    }
    return best;
  }, [value, stations]);

  const paste = (text: string) => {
    const p = parseCoordinatePair(text);
    const problem = p ? (coordinateError('longitude', p.longitude) ?? coordinateError('latitude', p.latitude)) : '请输入“经度, 纬度”，如 120.7319, 31.3052';
    if (problem || !p) {
      feedback.message.warning(problem ?? '坐标格式不正确');
      return;
    }
    onChange(p);
    setView((v) => (v ? { ...v, lng: p.longitude, lat: p.latitude } : v));
  };

  let drawing: React.ReactNode = null;
  if (view && width > 0) {
    const tl = unproject(view, size, 0, 0);
    const br = unproject(view, size, width, height);
    const lngStep = gridStep(br.longitude - tl.longitude, Math.max(2, Math.round(width / 110)));
    const latStep = gridStep(tl.latitude - br.latitude, Math.max(2, Math.round(height / 80)));
    const inView = stations
      .map((s) => ({ s, label: s.name.length > 14 ? `${s.name.slice(0, 14)}…` : s.name, ...project(view, size, s) }))
      .filter((p) => p.x >= -20 && p.x <= width + 20 && p.y >= -20 && p.y <= height + 20);
    // Stations close together (or the whole city seen from afar) would pile their names up.
    const labelled = placeLabels(inView);
    const bar = scaleBar(view);
    const pin = value ? project(view, size, value) : null;
    drawing = (
      <>
        {gridLines(tl.longitude, br.longitude, lngStep).map((lng) => {
          const x = project(view, size, { longitude: lng, latitude: view.lat }).x;
          return (
            <g key={`x${lng}`}>
              <line x1={x} x2={x} y1={0} y2={height} stroke="#dbe3ec" />
              <text x={x + 3} y={height - 6} fontSize={10} fill="#8c9bab">
                {lng.toFixed(stepDecimals(lngStep))}°E
              </text>
            </g>
          );
        })}
        {gridLines(br.latitude, tl.latitude, latStep).map((lat) => {
          const y = project(view, size, { longitude: view.lng, latitude: lat }).y;
          return (
            <g key={`y${lat}`}>
              <line x1={0} x2={width} y1={y} y2={y} stroke="#dbe3ec" />
              <text x={4} y={y - 3} fontSize={10} fill="#8c9bab">
                {lat.toFixed(stepDecimals(latStep))}°N
              </text>
            </g>
          );
        })}
        {inView.map((p) => (
          <g key={p.s.id}>
            <title>{`${p.s.name}（${p.s.longitude}, ${p.s.latitude}）`}</title>
            <circle cx={p.x} cy={p.y} r={5} fill="#1677ff" fillOpacity={0.85} stroke="#fff" strokeWidth={1.5} />
            {labelled.has(p) && (
              <text x={p.x + 8} y={p.y + 4} fontSize={11} fill="#33475b" stroke="#f4f7fa" strokeWidth={3} paintOrder="stroke">
                {p.label}
              </text>
            )}
          </g>
        ))}
        {pin && (
          <g transform={`translate(${pin.x},${pin.y})`} data-testid="map-pin">
            <path d="M0 0 C-3 -7 -9 -11 -9 -17 A9 9 0 1 1 9 -17 C9 -11 3 -7 0 0 Z" fill="#f5222d" stroke="#fff" strokeWidth={1.5} />
            <circle cx={0} cy={-17} r={3.2} fill="#fff" />
          </g>
        )}
        <g transform={`translate(${width - bar.px - 16},${16})`}>
          <rect x={-6} y={-10} width={bar.px + 12} height={22} rx={3} fill="#fff" fillOpacity={0.85} />
          <line x1={0} x2={bar.px} y1={6} y2={6} stroke="#33475b" strokeWidth={2} />
          <line x1={0} x2={0} y1={2} y2={8} stroke="#33475b" strokeWidth={2} />
          <line x1={bar.px} x2={bar.px} y1={2} y2={8} stroke="#33475b" strokeWidth={2} />
          <text x={bar.px / 2} y={1} fontSize={10} textAnchor="middle" fill="#33475b">
            {bar.label}
          </text>
        </g>
      </>
    );
  }

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 6 }}>
        <Input.Search
          placeholder="粘贴“经度, 纬度”后回车"
          enterButton="定位"
          size="small"
          style={{ maxWidth: 280 }}
          onSearch={(t) => t.trim() && paste(t)}
          aria-label="粘贴坐标"
        />
        <Space size={4}>
          <Tooltip title="放大">
            <Button size="small" icon={<PlusOutlined />} onClick={() => zoom(1.6)} aria-label="放大" />
          </Tooltip>
          <Tooltip title="缩小">
            <Button size="small" icon={<MinusOutlined />} onClick={() => zoom(1 / 1.6)} aria-label="缩小" />
          </Tooltip>
          <Tooltip title="显示全部站点">
            <Button size="small" icon={<ExpandOutlined />} onClick={fitAll} aria-label="显示全部站点" />
          </Tooltip>
          <Tooltip title="回到所选位置">
            <Button size="small" icon={<AimOutlined />} onClick={centre} disabled={!value} aria-label="回到所选位置" />
          </Tooltip>
        </Space>
      </Flex>
      <div ref={boxRef} style={{ position: 'relative', height, border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden', background: '#f4f7fa' }}>
        <svg
          ref={svgRef}
          width={width}
          height={height}
          role="application"
          aria-label="坐标选点：单击放置站点位置，拖动平移，滚轮缩放"
          style={{ display: 'block', cursor: dragging ? 'grabbing' : 'crosshair', touchAction: 'none', userSelect: 'none' }}
          onPointerDown={(e) => {
            drag.current = { x: e.clientX, y: e.clientY, moved: false, id: e.pointerId };
            e.currentTarget.setPointerCapture?.(e.pointerId);
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (!d || d.id !== e.pointerId) return;
            const dx = e.clientX - d.x;
            const dy = e.clientY - d.y;
            if (!d.moved && Math.hypot(dx, dy) < 4) return;
            if (!d.moved) setDragging(true);
            d.moved = true;
            d.x = e.clientX;
            d.y = e.clientY;
            setView((v) => (v ? panBy(v, dx, dy) : v));
          }}
          onPointerUp={(e) => {
            const d = drag.current;
            drag.current = null;
            setDragging(false);
            if (!d || d.moved || !view) return;
            const r = e.currentTarget.getBoundingClientRect();
            const p = unproject(view, size, e.clientX - r.left, e.clientY - r.top);
            onChange({ longitude: roundCoord(p.longitude), latitude: roundCoord(p.latitude) });
          }}
          onPointerCancel={() => {
            drag.current = null;
            setDragging(false);
          }}
        >
          {drawing}
        </svg>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {value
          ? `已选：${value.longitude}, ${value.latitude}${nearest ? `；离最近的“${nearest.s.name}”约 ${formatDistance(nearest.km)}` : ''}`
          : stations.length
            ? `蓝点为已有的 ${stations.length} 个站点；单击地图放置本站点`
            : '单击地图放置站点位置'}
      </Typography.Text>
    </div>
  );
}
