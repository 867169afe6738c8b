import { describe, expect, it } from 'vitest';
import type { ModelPointRow } from '@pdz/contracts';
import { copyModelPoints, droppedPoints, modelPointsToForm, newModelPoint, toModelPointsRequest } from './modelPoints';

const row = (over: Partial<ModelPointRow>): ModelPointRow => ({ id: 1, modelId: 3, pointKey: 'T', name: '温度', kind: 'yc', unit: '℃', precision: 1, ratio: null, isTag: true, orderNum: 1, ...over });

describe('model point set editor', () => {
  it('maps rows to the savePoints body: ids kept, blanks normalised', () => {
    const forms = modelPointsToForm([row({})]);
    forms.push({ ...newModelPoint(forms), pointKey: ' RH ', name: '湿度', unit: '%RH' });
    const r = toModelPointsRequest(3, forms);
    expect(r).toEqual({
      ok: true,
      points: [
        { id: 1, pointKey: 'T', name: '温度', kind: 'yc', unit: '℃', precision: 1, ratio: null, isTag: true, orderNum: 1 },
        { pointKey: 'RH', name: '湿度', kind: 'yc', unit: '%RH', precision: 2, ratio: null, isTag: false, orderNum: 2 },
      ],
    });
  });

  it('refuses duplicate keys and bad keys with the contract words', () => {
    const forms = [...modelPointsToForm([row({})]), { ...newModelPoint([]), pointKey: 'T', name: '温度2' }];
    expect(toModelPointsRequest(3, forms)).toEqual({ ok: false, message: '测点标识“T”重复' });
    expect(toModelPointsRequest(3, [{ ...newModelPoint([]), pointKey: '1a', name: 'x' }])).toEqual({ ok: false, message: '第 1 行：测点标识只能以字母开头，包含字母、数字和 _ + -' });
  });

  it('copies another model’s points as new rows and lists what a save drops', () => {
    expect(copyModelPoints([row({ id: 9 })])[0]).not.toHaveProperty('id');
    const saved = [row({ id: 1 }), row({ id: 2, pointKey: 'RH' })];
    expect(droppedPoints(saved, modelPointsToForm([saved[0]])).map((p) => p.id)).toEqual([2]);
  });
});
