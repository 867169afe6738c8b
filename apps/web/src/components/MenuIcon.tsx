import type { ComponentType } from 'react';
import {
  AccountBookOutlined,
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AreaChartOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  HistoryOutlined,
  NotificationOutlined,
  BugOutlined,
  CalendarOutlined,
  CameraOutlined,
  ClusterOutlined,
  CloudOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FireOutlined,
  FundOutlined,
  FundProjectionScreenOutlined,
  GlobalOutlined,
  HddOutlined,
  HomeOutlined,
  KeyOutlined,
  LineChartOutlined,
  LinkOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  MobileOutlined,
  MonitorOutlined,
  PayCircleOutlined,
  PieChartOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  SwapOutlined,
  TableOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WalletOutlined,
  WarningOutlined,
  WifiOutlined,
  SignalFilled,
} from '@ant-design/icons';

/**
 * Icon names that server menus may carry (sys_menu.icon) → icons. Several aliases per icon so
 * names from older menu data (e.g. "system", "peoples", "tree") still show something fitting.
 * Only these are bundled: importing every icon would add several hundred KB.
 */
const ICONS: Record<string, ComponentType> = {
  home: HomeOutlined,
  dashboard: DashboardOutlined,
  setting: SettingOutlined,
  system: SettingOutlined,
  user: UserOutlined,
  people: UserOutlined,
  team: TeamOutlined,
  peoples: TeamOutlined,
  menu: MenuOutlined,
  'tree-table': MenuOutlined,
  apartment: ApartmentOutlined,
  tree: ApartmentOutlined,
  dept: ApartmentOutlined,
  book: BookOutlined,
  dict: BookOutlined,
  audit: AuditOutlined,
  log: FileSearchOutlined,
  message: MessageOutlined,
  sms: MessageOutlined,
  mail: MailOutlined,
  email: MailOutlined,
  tool: ToolOutlined,
  monitor: MonitorOutlined,
  desktop: DesktopOutlined,
  alert: AlertOutlined,
  alarm: AlertOutlined,
  warning: WarningOutlined,
  bell: BellOutlined,
  history: HistoryOutlined,
  notification: NotificationOutlined,
  thunderbolt: ThunderboltOutlined,
  energy: ThunderboltOutlined,
  power: ThunderboltOutlined,
  'line-chart': LineChartOutlined,
  chart: LineChartOutlined,
  'bar-chart': BarChartOutlined,
  'pie-chart': PieChartOutlined,
  'area-chart': AreaChartOutlined,
  fund: FundOutlined,
  screen: FundProjectionScreenOutlined,
  'fund-projection-screen': FundProjectionScreenOutlined,
  camera: CameraOutlined,
  'video-camera': VideoCameraOutlined,
  video: VideoCameraOutlined,
  cluster: ClusterOutlined,
  api: ApiOutlined,
  gateway: ApiOutlined,
  wifi: WifiOutlined,
  signal: SignalFilled,
  network: WifiOutlined,
  database: DatabaseOutlined,
  server: HddOutlined,
  hdd: HddOutlined,
  file: FileTextOutlined,
  'file-text': FileTextOutlined,
  report: FileTextOutlined,
  form: ProfileOutlined,
  profile: ProfileOutlined,
  table: TableOutlined,
  schedule: ScheduleOutlined,
  calendar: CalendarOutlined,
  date: CalendarOutlined,
  'pay-circle': PayCircleOutlined,
  money: PayCircleOutlined,
  'account-book': AccountBookOutlined,
  wallet: WalletOutlined,
  safety: SafetyCertificateOutlined,
  lock: LockOutlined,
  password: KeyOutlined,
  key: KeyOutlined,
  environment: EnvironmentOutlined,
  cloud: CloudOutlined,
  fire: FireOutlined,
  experiment: ExperimentOutlined,
  control: ControlOutlined,
  'deployment-unit': DeploymentUnitOutlined,
  build: DeploymentUnitOutlined,
  appstore: AppstoreOutlined,
  global: GlobalOutlined,
  bug: BugOutlined,
  tags: TagsOutlined,
  link: LinkOutlined,
  swap: SwapOutlined,
  phone: MobileOutlined,
  mobile: MobileOutlined,
};

/** Names a menu editor can offer in an icon picker. */
export const MENU_ICON_NAMES = Object.keys(ICONS);

/** Shown for a missing or unknown name. */
export const FallbackMenuIcon = AppstoreOutlined;

/** "SettingOutlined", "setting-outlined", "Setting" → "setting". */
export function normaliseIconName(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/-?(outlined|filled|two-?tone)$/, '');
}

export function menuIconComponent(name: string | null | undefined): ComponentType {
  if (!name || name === '#') return FallbackMenuIcon;
  return ICONS[normaliseIconName(name)] ?? FallbackMenuIcon;
}

/** The icon for a server menu's icon name; unknown names get a neutral icon, never a crash. */
export function MenuIcon({ name }: { name: string | null | undefined }) {
  const Icon = menuIconComponent(name);
  return <Icon />;
}
