import { memo } from 'react';
import { Tag } from 'antd';
import { keyPointLabel, type MonitorCabinet, type MonitorEquipment } from '@pdz/contracts';
import { CommDot, PointValue } from './LiveBits';

/**
 * One equipment inside a cabinet card: name, comm dot, key values. A click (or Enter) opens the
 * equipment detail page.
 */
export const EquipmentBlock = memo(function EquipmentBlock({ e, onOpen }: { e: MonitorEquipment; onOpen: (id: number) => void }) {
  return (
    <div
      className={`mon-eq ${e.commState === 'online' ? '' : 'mon-stale'}`}
      role="button"
      tabIndex={0}
      aria-label={`${e.name} 详情`}
      onClick={() => onOpen(e.id)}
      onKeyDown={(ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          onOpen(e.id);
        }
      }}
    >
      <div className="mon-eq-title">
        <CommDot id={e.id} state={e.commState} lastSeenAt={e.lastSeenAt} />
        <span className="mon-eq-name" title={`${e.name}（${e.code}）`}>
          {e.name}
        </span>
        <span className="mon-eq-type">{e.equipmentTypeName}</span>
      </div>
      {e.points.length ? (
        <div className="mon-points">
          {e.points.map((p) => (
            // Accumulators (kWh) carry long numbers: they take the whole row.
            <div className={`mon-point ${p.kind === 'ym' ? 'mon-point-wide' : ''}`} key={p.pointId}>
              <span className="mon-point-name" title={p.name}>
                {keyPointLabel(p)}
              </span>
              <PointValue point={p} />
            </div>
          ))}
        </div>
      ) : (
        <div className="mon-point-name" style={{ fontSize: 12 }}>
          没有配置关键测点
        </div>
      )}
    </div>
  );
});

function voltageText(v: string | null) {
  if (!v) return '';
  return /kv$/i.test(v) ? v : `${v}kV`;
}

/** A cabinet as a card: name, type and voltage, then each of its equipment. */
export const CabinetCard = memo(function CabinetCard({ cabinet, onOpen }: { cabinet: MonitorCabinet; onOpen: (id: number) => void }) {
  return (
    <section className="mon-cabinet" aria-label={cabinet.name}>
      <div className="mon-cabinet-head">
        <span className="mon-cabinet-name" title={`${cabinet.name}（${cabinet.code}）`}>
          {cabinet.name}
        </span>
        <span className="mon-cabinet-meta">{[cabinet.code, voltageText(cabinet.voltageLevel)].filter(Boolean).join(' · ')}</span>
        <Tag bordered={false} color="blue" style={{ marginInlineEnd: 0 }}>
          {cabinet.cabinetTypeName}
        </Tag>
      </div>
      {cabinet.equipment.length ? (
        cabinet.equipment.map((e) => <EquipmentBlock key={e.id} e={e} onOpen={onOpen} />)
      ) : (
        <div className="mon-cabinet-empty">柜内没有接入监测设备</div>
      )}
    </section>
  );
});
