import { useState } from 'react';
import { FilePdfOutlined } from '@ant-design/icons';
import { PERMS } from '@pdz/contracts';
import { RowAction } from '@/components/crud';
import { downloadStationPdf } from '../api/station';

/** 台账PDF of one station (basic data, cabinets, equipment, points); a spinner while it is made. */
export function SitePdfButton({ station, asLink = true }: { station: { id: number; name: string }; asLink?: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <RowAction
      perms={[PERMS.station.list, PERMS.station.query, PERMS.station.export]}
      icon={<FilePdfOutlined />}
      loading={busy}
      type={asLink ? 'link' : 'default'}
      size="small"
      style={asLink ? { paddingInline: 4 } : undefined}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadStationPdf(station);
        } catch {
          // Shown by the HTTP client.
        } finally {
          setBusy(false);
        }
      }}
    >
      台账PDF
    </RowAction>
  );
}
