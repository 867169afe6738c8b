import fs from 'node:fs';
import path from 'node:path';
import { DEMO_CUSTOMERS, type PlanStation } from './fleet-plan';

export const DEMO_GATEWAYS_FILE = 'demo-gateways.json';
/** How often the demo gateways report (stored on each gateway and read by the simulator). */
export const DEMO_REPORT_INTERVAL_S = 60;

/** The simulator's view of the fleet: gateway secrets and, per equipment, its tags. Owner-only. */
export function writeGatewaysFile(
  dataDir: string,
  plan: PlanStation[],
  secrets: Map<string, string>,
  modelByCode: Map<string, { id: number; equipment_type: string }>,
  pointsOfModel: Map<number, { point_key: string; kind: string; unit: string | null }[]>,
): string {
  const file = path.join(dataDir, DEMO_GATEWAYS_FILE);
  const doc = {
    generatedAt: new Date().toISOString(),
    topic: 'gw/{gatewayCode}/up',
    tagFormat: '<equipmentCode>.<pointKey>',
    gateways: plan.flatMap((s) =>
      s.gateways.map((g, gi) => ({
        code: g.code,
        secret: secrets.get(g.code)!,
        reportIntervalS: DEMO_REPORT_INTERVAL_S,
        customerCode: DEMO_CUSTOMERS[s.customer].code,
        stationCode: s.code,
        stationName: s.name,
        equipment: s.equipment
          .filter((e) => e.gateway === gi)
          .map((e) => {
            const model = modelByCode.get(e.model)!;
            return {
              code: e.code,
              name: e.name,
              model: e.model,
              equipmentType: model.equipment_type,
              ratedKva: e.ratedKva,
              ratedCurrent: e.ratedCurrent,
              ctRatio: e.ctRatio,
              ptRatio: e.ptRatio,
              points: (pointsOfModel.get(model.id) ?? []).map((p) => [p.point_key, p.kind, p.unit ?? '']),
            };
          }),
      })),
    ),
  };
  fs.mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(doc), { mode: 0o600 });
  fs.renameSync(tmp, file);
  fs.chmodSync(file, 0o600);
  return file;
}
