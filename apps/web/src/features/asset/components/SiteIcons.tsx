import type { CSSProperties } from 'react';
import { ApartmentOutlined, DashboardOutlined, DatabaseOutlined, HomeOutlined, IdcardOutlined } from '@ant-design/icons';
import { ASSET_LEVEL_LABELS, type AssetLevelType } from '@pdz/contracts';

/** One colour per level, so the eye finds stations among cabinets in a long tree. */
export const LEVEL_COLORS: Record<AssetLevelType, string> = {
  customer: '#722ed1',
  station: '#1677ff',
  bay: '#13a8a8',
  cabinet: '#d48806',
  equipment: '#389e0d',
};

const ICONS = {
  customer: IdcardOutlined,
  station: HomeOutlined,
  bay: ApartmentOutlined,
  cabinet: DatabaseOutlined,
  equipment: DashboardOutlined,
} as const;

/** The icon of a tree node's kind (客户/站点/间隔/柜体/设备), labelled for screen readers. */
export function LevelIcon({ levelType, style }: { levelType: AssetLevelType; style?: CSSProperties }) {
  const Icon = ICONS[levelType];
  return <Icon aria-label={ASSET_LEVEL_LABELS[levelType]} style={{ color: LEVEL_COLORS[levelType], ...style }} />;
}
