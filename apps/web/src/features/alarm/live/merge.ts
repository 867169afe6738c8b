import type { AlarmEventKind, AlarmRow, Page } from '@pdz/contracts';
import type { AlarmListParams } from '../api';

/**
 * Live events into the page on screen, without a reload:
 * - raised: a new alarm that passes the page's filters goes on top when the operator looks at the
 *   first page sorted newest first (the default); any other page or sort keeps its rows (they
 *   would jump under the operator's hand) and only its total grows.
 * - confirmed / recovered: the row is replaced where it stands. It stays even when it no longer
 *   passes the filters (a closed alarm on 实时告警): vanishing rows are worse than one stale row,
 *   and the next refetch drops it.
 * Answers the same object when nothing changed, so react-query does not re-render.
 */
export function mergeAlarmEvent(page: Page<AlarmRow>, kind: AlarmEventKind, alarm: AlarmRow, params: AlarmListParams): Page<AlarmRow> {
  const at = page.list.findIndex((r) => r.id === alarm.id);
  if (at >= 0) {
    // A late or repeated "raised" never brings back an older state.
    if (kind === 'raised') return page;
    const list = page.list.slice();
    list[at] = alarm;
    return { ...page, list };
  }
  if (kind !== 'raised' || !matchesFilters(alarm, params)) return page;
  if (!showsNewestFirst(params)) return { ...page, total: page.total + 1 };
  const list = [alarm, ...page.list].slice(0, params.pageSize);
  return { ...page, list, total: page.total + 1 };
}

/** Page 1, sorted by raise time descending (or the server's default, which is the same). */
export function showsNewestFirst(params: AlarmListParams): boolean {
  if (params.pageNum !== 1) return false;
  if (!params.orderBy) return true;
  return params.orderBy === 'raisedAt' && params.order !== 'asc';
}

const contains = (hay: string | null | undefined, needle: string) => !!hay && hay.toLowerCase().includes(needle);

/** The list call's filters, as the server applies them (keyword: in the title or the equipment code). */
export function matchesFilters(a: AlarmRow, p: AlarmListParams): boolean {
  if (p.active === 'true' && a.state === 'closed') return false;
  if (p.state && a.state !== p.state) return false;
  if (p.level !== undefined && a.level !== Number(p.level)) return false;
  if (p.ruleType && a.ruleType !== p.ruleType) return false;
  if (p.customerId !== undefined && a.customerId !== Number(p.customerId)) return false;
  if (p.stationId !== undefined && a.stationId !== Number(p.stationId)) return false;
  if (p.equipmentId !== undefined && a.equipmentId !== Number(p.equipmentId)) return false;
  if (p.from !== undefined && a.raisedAt < Number(p.from)) return false;
  if (p.to !== undefined && a.raisedAt > Number(p.to)) return false;
  const kw = p.keyword?.trim().toLowerCase();
  if (kw && !contains(a.title, kw) && !contains(a.equipmentCode, kw)) return false;
  return true;
}
