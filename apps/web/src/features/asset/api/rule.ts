import { useQuery } from '@tanstack/react-query';
import type { RawRuleRow } from '@pdz/contracts';
import { get, post } from '@/api/request';

/** Raw rules show inside the point list too, so their mutations invalidate POINT_KEY as well. */
export const RULE_KEY = ['asset', 'rawRule'] as const;

export interface RawRuleBody {
  pointId: number;
  gatewayId: number;
  rawTag: string;
  scale: number;
  offset: number;
  enabled: boolean;
}

/** The rule of a point, null while the point is not bound. */
export const fetchRuleOfPoint = (pointId: number) => get<RawRuleRow | null>('/api/pdfznjkpt/iotdatarawrule/getById', { pointId });
export const saveRule = (body: RawRuleBody) => post<RawRuleRow>('/api/pdfznjkpt/iotdatarawrule/edit', body);
export const removeRule = (pointId: number) => get<null>('/api/pdfznjkpt/iotdatarawrule/remove', { pointId });

/**
 * The current rule, read fresh when the dialog opens: the point list may be minutes old and
 * another operator may have rebound the tag since.
 */
export function useRuleOfPoint(pointId: number | undefined) {
  return useQuery({ queryKey: [...RULE_KEY, pointId], queryFn: () => fetchRuleOfPoint(pointId!), enabled: pointId !== undefined, staleTime: 0 });
}
