import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { testWrapper } from '@/components/crud/test-utils';

const WAIT = { timeout: 20_000 };
import * as equipmentApi from '../api/equipment';
import { EquipmentImportModal } from './EquipmentImportModal';

vi.mock('../api/equipment', async (importOriginal) => {
  const real = await importOriginal<typeof import('../api/equipment')>();
  return { ...real, importEquipment: vi.fn() };
});

function pick(name: string) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
}

// The machine running the suite may be busy: antd dialogs take seconds to mount in jsdom.
describe('导入设备 dialog', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('shows every bad row as 行号 / 字段 / 原因 and says nothing was imported', async () => {
    vi.mocked(equipmentApi.importEquipment).mockRejectedValue(
      new equipmentApi.ImportRejectedError('导入失败', [
        { row: 4, field: '所属站点编号*', reason: '站点“ZZ”不存在或无权访问' },
        { row: 3, field: '设备编号*', reason: '设备编号“SZ01-M01”已存在' },
      ]),
    );
    render(<EquipmentImportModal open onClose={() => {}} />, { wrapper: testWrapper() });
    pick('设备.xlsx');
    fireEvent.click(await screen.findByRole('button', { name: '开始导入' }, WAIT));
    expect(await screen.findByText('导入失败，未导入任何数据', {}, WAIT)).toBeTruthy();
    const table = screen.getByRole('table');
    for (const h of ['行号', '字段', '原因']) expect(within(table).getByText(h)).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['第 3 行设备编号*设备编号“SZ01-M01”已存在', '第 4 行所属站点编号*站点“ZZ”不存在或无权访问']);
    // The upload button now offers a second try with the fixed file.
    expect(await screen.findByText('重新导入', {}, WAIT)).toBeTruthy();
  });

  it('shows the count on success', async () => {
    vi.mocked(equipmentApi.importEquipment).mockResolvedValue({ imported: 12, points: 240 });
    render(<EquipmentImportModal open onClose={() => {}} />, { wrapper: testWrapper() });
    pick('设备.xlsx');
    fireEvent.click(await screen.findByRole('button', { name: '开始导入' }, WAIT));
    expect(await screen.findByText('成功导入 12 台设备', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('已按型号生成 240 个测点。')).toBeTruthy();
  });

  it('keeps the upload button off until a .xlsx file is chosen', async () => {
    render(<EquipmentImportModal open onClose={() => {}} />, { wrapper: testWrapper() });
    const start = screen.getByRole('button', { name: '开始导入' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    pick('设备.csv');
    await waitFor(() => expect((screen.getByRole('button', { name: '开始导入' }) as HTMLButtonElement).disabled).toBe(true), WAIT);
    expect(equipmentApi.importEquipment).not.toHaveBeenCalled();
  });
});
