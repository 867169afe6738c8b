/**
 * Daily load curves in China time (UTC+8, no daylight saving): the shape every simulated load
 * follows, as a fraction of its peak. Values are hourly knots, interpolated linearly; weekends and
 * seasons scale them. Shapes follow common practice: night valley 02:00–05:00, a morning rise to a
 * 10:00–11:00 peak, a lunch dip, an afternoon plateau and an evening peak (strong for shops and
 * homes, weak for offices).
 */

export const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export type ProfileKind = 'office' | 'factory' | 'commercial' | 'lighting' | 'hvac' | 'datacenter' | 'pump' | 'charging' | 'standby';

const CURVES: Record<ProfileKind, { weekday: number[]; weekend: number[] }> = {
  // 园区办公: working hours, weak evening, quiet weekends.
  office: {
    weekday: [0.3, 0.28, 0.26, 0.25, 0.25, 0.27, 0.33, 0.48, 0.78, 0.94, 1.0, 0.98, 0.84, 0.9, 0.97, 1.0, 0.96, 0.88, 0.74, 0.62, 0.52, 0.43, 0.36, 0.32],
    weekend: [0.28, 0.26, 0.25, 0.24, 0.24, 0.25, 0.27, 0.3, 0.36, 0.42, 0.45, 0.45, 0.42, 0.42, 0.44, 0.44, 0.42, 0.4, 0.38, 0.36, 0.34, 0.32, 0.3, 0.29],
  },
  // 制造: two shifts, a night shift at half load, lunch and shift-change dips.
  factory: {
    weekday: [0.56, 0.53, 0.5, 0.48, 0.48, 0.5, 0.6, 0.78, 0.95, 1.0, 1.0, 0.97, 0.8, 0.94, 1.0, 1.0, 0.97, 0.9, 0.82, 0.8, 0.79, 0.73, 0.66, 0.6],
    weekend: [0.42, 0.4, 0.38, 0.37, 0.37, 0.38, 0.42, 0.52, 0.62, 0.65, 0.66, 0.64, 0.55, 0.62, 0.65, 0.65, 0.62, 0.56, 0.5, 0.48, 0.47, 0.45, 0.44, 0.43],
  },
  // 商业: opens at 10:00, evening peak 18:00–21:00, busier at weekends.
  commercial: {
    weekday: [0.3, 0.25, 0.22, 0.2, 0.2, 0.22, 0.25, 0.3, 0.42, 0.66, 0.84, 0.9, 0.93, 0.91, 0.88, 0.88, 0.9, 0.95, 1.0, 1.0, 0.96, 0.86, 0.6, 0.4],
    weekend: [0.32, 0.26, 0.23, 0.21, 0.21, 0.23, 0.26, 0.32, 0.46, 0.72, 0.9, 0.96, 1.0, 1.0, 0.98, 0.97, 0.98, 1.0, 1.0, 1.0, 0.98, 0.9, 0.64, 0.42],
  },
  lighting: {
    weekday: [0.12, 0.1, 0.1, 0.1, 0.1, 0.15, 0.4, 0.75, 0.9, 0.9, 0.88, 0.88, 0.85, 0.88, 0.88, 0.9, 0.92, 1.0, 1.0, 0.95, 0.8, 0.55, 0.3, 0.18],
    weekend: [0.12, 0.1, 0.1, 0.1, 0.1, 0.12, 0.2, 0.35, 0.45, 0.5, 0.5, 0.5, 0.48, 0.5, 0.5, 0.5, 0.55, 0.7, 0.72, 0.65, 0.5, 0.35, 0.2, 0.14],
  },
  hvac: {
    weekday: [0.15, 0.12, 0.1, 0.1, 0.1, 0.12, 0.3, 0.65, 0.85, 0.92, 0.96, 1.0, 0.98, 1.0, 1.0, 0.98, 0.94, 0.86, 0.7, 0.5, 0.35, 0.25, 0.2, 0.17],
    weekend: [0.12, 0.1, 0.1, 0.1, 0.1, 0.1, 0.15, 0.25, 0.35, 0.4, 0.45, 0.45, 0.45, 0.45, 0.45, 0.42, 0.4, 0.35, 0.3, 0.25, 0.2, 0.16, 0.14, 0.12],
  },
  datacenter: { weekday: new Array(24).fill(1), weekend: new Array(24).fill(1) },
  // 生活水泵: morning and evening demand.
  pump: {
    weekday: [0.2, 0.15, 0.12, 0.12, 0.15, 0.35, 0.8, 1.0, 0.85, 0.6, 0.5, 0.55, 0.65, 0.5, 0.45, 0.45, 0.5, 0.7, 0.9, 0.95, 0.8, 0.6, 0.4, 0.28],
    weekend: [0.22, 0.16, 0.12, 0.12, 0.14, 0.25, 0.5, 0.8, 0.9, 0.85, 0.7, 0.7, 0.7, 0.6, 0.55, 0.55, 0.6, 0.75, 0.9, 0.92, 0.8, 0.6, 0.42, 0.3],
  },
  // 充电桩: cars charge in the cheap valley and after arriving at work.
  charging: {
    weekday: [0.85, 0.95, 1.0, 1.0, 0.95, 0.8, 0.5, 0.45, 0.7, 0.8, 0.65, 0.5, 0.45, 0.5, 0.45, 0.4, 0.4, 0.45, 0.55, 0.6, 0.55, 0.55, 0.7, 0.8],
    weekend: [0.7, 0.8, 0.85, 0.85, 0.8, 0.65, 0.4, 0.3, 0.35, 0.45, 0.5, 0.5, 0.45, 0.45, 0.45, 0.45, 0.45, 0.5, 0.55, 0.55, 0.5, 0.5, 0.55, 0.65],
  },
  // 消防水泵, 应急照明: energised, almost idle.
  standby: { weekday: new Array(24).fill(1), weekend: new Array(24).fill(1) },
};

export interface ChinaTime {
  /** Hour of day with fraction, 0 ≤ h < 24. */
  hour: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  weekend: boolean;
  /** Day number since 1970-01-01 in China time (a day key). */
  day: number;
  /** Day of year 0–365. */
  dayOfYear: number;
}

export function chinaTime(ts: number): ChinaTime {
  const local = ts + CHINA_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  const hour = (local - day * DAY_MS) / 3_600_000;
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday
  const d = new Date(day * DAY_MS);
  const dayOfYear = Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS);
  return { hour, weekday, weekend: weekday === 0 || weekday === 6, day, dayOfYear };
}

/** Summer (AC) raises loads most, winter a little (heating); 1.0 in spring and autumn. */
export function seasonFactor(dayOfYear: number, kind: ProfileKind): number {
  const summer = Math.max(0, Math.cos((2 * Math.PI * (dayOfYear - 205)) / 365)); // peak late July
  const winter = Math.max(0, Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365)); // peak mid January
  if (kind === 'hvac') return 0.35 + 0.65 * summer + 0.35 * winter;
  if (kind === 'datacenter' || kind === 'standby' || kind === 'charging') return 1;
  return 0.9 + 0.15 * summer + 0.05 * winter;
}

/** The curve value (fraction of peak, before season) at a China-time moment. */
export function profileAt(kind: ProfileKind, t: ChinaTime): number {
  const c = t.weekend ? CURVES[kind].weekend : CURVES[kind].weekday;
  const i = Math.floor(t.hour);
  const f = t.hour - i;
  return c[i] + (c[(i + 1) % 24] - c[i]) * f;
}

/** Picks a feeder's curve from the load named in its circuit name (e.g. "AA5-2 空调机组回路"). */
export function profileOfName(name: string, fallback: ProfileKind): ProfileKind {
  if (/应急照明|消防/.test(name)) return 'standby';
  if (/照明|插座/.test(name)) return 'lighting';
  if (/空调|冷水|冷却塔|排风/.test(name)) return 'hvac';
  if (/数据机房/.test(name)) return 'datacenter';
  if (/水泵/.test(name)) return 'pump';
  if (/充电桩/.test(name)) return 'charging';
  return fallback;
}

/** The customer's business decides the station's overall curve. */
export function profileOfCustomer(customerCode: string): ProfileKind {
  if (customerCode === 'SZJM') return 'factory';
  if (customerCode === 'GSWY') return 'commercial';
  return 'office';
}
