import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { OK, adminToken, api, btn, createCustomer, createSite, openMenu, pickOption, rowWith, signIn, uid } from './fixtures';

/**
 * Asset registry journeys through the console: a station, a cabinet and an equipment made in the
 * forms (the equipment's points come from its model), and the equipment Excel import (template
 * download, per-row error report with nothing imported, then the corrected file imported).
 */

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const toolbarAdd = (page: Page) => page.getByRole('button', { name: btn('新增') }).first();
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/pdz-e2e/${name}.png` });

test('a station, a cabinet in it and an equipment from the three-phase meter model: its points appear', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  const customer = await createCustomer(request, token);
  const s = uid().toUpperCase();
  const station = { code: `ST${s}`, name: `东区配电房${s}` };
  const cabinet = { code: `AH${s}`, name: `1#进线柜${s}` };
  const equipment = { code: `M${s}`, name: `进线多功能表${s}` };
  await signIn(page);

  // 站点: nothing typed is refused in Chinese; then the customer, code and name.
  await openMenu(page, '资产管理', '站点');
  await toolbarAdd(page).click();
  const stationForm = dialog(page, '新增站点');
  await expect(stationForm).toBeVisible();
  await stationForm.getByRole('button', { name: OK }).click();
  await expect(stationForm.getByText('请选择所属客户')).toBeVisible();
  await pickOption(page, stationForm.getByLabel('所属客户'), customer.name);
  await stationForm.getByLabel('站点编号').fill(station.code);
  await stationForm.getByLabel('站点名称').fill(station.name);
  await shot(page, 'asset-station-form');
  await stationForm.getByRole('button', { name: OK }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(stationForm).toBeHidden();
  await expect(rowWith(page, station.name)).toBeVisible();
  await expect(rowWith(page, station.name)).toContainText(customer.name);

  // 柜体 in that station.
  await openMenu(page, '资产管理', '柜体');
  await toolbarAdd(page).click();
  const cabinetForm = dialog(page, '新增柜体');
  await expect(cabinetForm).toBeVisible();
  await pickOption(page, cabinetForm.getByLabel('所属站点'), station.name);
  await cabinetForm.getByLabel('柜体编号').fill(cabinet.code);
  await cabinetForm.getByLabel('柜体名称').fill(cabinet.name);
  await pickOption(page, cabinetForm.getByLabel('柜体类型'), '进线柜');
  await cabinetForm.getByRole('button', { name: OK }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(cabinetForm).toBeHidden();
  await expect(rowWith(page, cabinet.name)).toBeVisible();
  await expect(rowWith(page, cabinet.name)).toContainText(station.name);

  // 设备 from the model: saving creates the model's 33 points and opens its 测点 tab.
  await openMenu(page, '资产管理', '设备');
  await toolbarAdd(page).click();
  const equipmentForm = dialog(page, '新增设备');
  await expect(equipmentForm).toBeVisible();
  await pickOption(page, equipmentForm.getByLabel('所属站点'), station.name);
  await pickOption(page, equipmentForm.getByLabel('柜体'), cabinet.name);
  await pickOption(page, equipmentForm.getByLabel('设备型号', { exact: true }), '三相多功能电力仪表');
  await expect(equipmentForm.getByText(/33 个标准测点/)).toBeVisible();
  await equipmentForm.getByLabel('设备编号').fill(equipment.code);
  await equipmentForm.getByLabel('设备名称').fill(equipment.name);
  await shot(page, 'asset-equipment-form');
  await equipmentForm.getByRole('button', { name: OK }).click();
  await expect(page.getByText('新增成功，已按型号生成 33 个测点')).toBeVisible();
  await expect(equipmentForm).toBeHidden();

  const drawer = page.getByRole('dialog').filter({ hasText: equipment.name });
  await expect(drawer).toBeVisible();
  const pointsTab = drawer.getByRole('tab', { name: '测点（33）' });
  await expect(pointsTab).toHaveAttribute('aria-selected', 'true');
  const points = drawer.getByRole('tabpanel');
  for (const name of ['A相电压', 'B相电压', 'C相电压', 'A相电流', '总有功功率', '正向有功电能']) {
    await expect(points.getByRole('cell', { name, exact: true })).toBeVisible();
  }
  await expect(points.getByRole('cell', { name: 'Ua', exact: true })).toBeVisible();
  await shot(page, 'asset-equipment-points');

  // The list shows it with its model, station, cabinet and point count; the server agrees.
  await drawer.getByRole('button', { name: /close|关闭/i }).first().click();
  await expect(drawer).toBeHidden();
  const listed = rowWith(page, equipment.code);
  await expect(listed).toBeVisible();
  await expect(listed).toContainText(station.name);
  await expect(listed).toContainText(cabinet.name);
  await expect(listed).toContainText('三相多功能电力仪表');
  await expect(listed.getByRole('cell', { name: '33', exact: true })).toBeVisible();
  const stations = await api<{ list: { id: number; code: string }[] }>(request, token, 'GET', `/api/station/pageList?keyword=${station.code}`);
  const stationId = stations.list.find((x) => x.code === station.code)!.id;
  const saved = await api<{ list: { id: number; code: string; pointCount: number; cabinetName: string }[] }>(request, token, 'POST', '/api/pdfznjkpt/bjequipment/pageList', { stationId });
  expect(saved.list.map((e) => [e.code, e.pointCount, e.cabinetName])).toEqual([[equipment.code, 33, cabinet.name]]);
});

test('equipment import: the template downloads, a file with a bad row is refused row by row with nothing imported, the corrected file imports', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const token = await adminToken(request);
  const site = await createSite(request, token);
  const s = uid().toUpperCase();
  await signIn(page);
  await openMenu(page, '资产管理', '设备');

  // The template, through the page's 下载模板.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: btn('下载模板') }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('设备导入模板.xlsx');
  const templatePath = testInfo.outputPath('template.xlsx');
  await download.saveAs(templatePath);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(templatePath);
  const sheet = wb.getWorksheet('设备导入')!;
  expect(sheet, 'sheet 设备导入').toBeTruthy();
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(headers).toEqual(expect.arrayContaining(['设备编号*', '设备名称*', '所属站点编号*', '柜体编号', '设备型号编码*']));
  // The options sheet lists the station just made (the drop-down lists point at it).
  const options = wb.getWorksheet('可选值')!;
  const optionText: string[] = [];
  options.eachRow((r) => r.eachCell((c) => optionText.push(String(c.value))));
  expect(optionText).toContain(site.stationCode);
  expect(optionText).toContain(site.cabinetCode);
  expect(optionText).toContain('MFM-3P');

  // Three rows under the example row; the third names a cabinet the station does not have.
  const column = (title: string) => headers.indexOf(title) + 1;
  const rows = [
    { code: `IM${s}-1`, name: `导入电表${s}-1`, model: 'MFM-3P', cabinet: site.cabinetCode },
    { code: `IM${s}-2`, name: `导入温湿度${s}-2`, model: 'THS-485', cabinet: '' },
    { code: `IM${s}-3`, name: `导入电表${s}-3`, model: 'MFM-3P', cabinet: 'NO-SUCH-CAB' },
  ];
  const firstRow = sheet.rowCount + 1;
  const write = (r: (typeof rows)[number], at: number) => {
    const row = sheet.getRow(at);
    row.getCell(column('设备编号*')).value = r.code;
    row.getCell(column('设备名称*')).value = r.name;
    row.getCell(column('所属站点编号*')).value = site.stationCode;
    row.getCell(column('柜体编号')).value = r.cabinet;
    row.getCell(column('设备型号编码*')).value = r.model;
    row.getCell(column('安装日期')).value = '2025-03-01';
    row.commit();
  };
  rows.forEach((r, i) => write(r, firstRow + i));
  const badPath = testInfo.outputPath('设备导入-有误.xlsx');
  await wb.xlsx.writeFile(badPath);

  await page.getByRole('button', { name: btn('导入') }).first().click();
  const importDialog = dialog(page, '导入设备');
  await expect(importDialog).toBeVisible();
  await importDialog.locator('input[type=file]').setInputFiles(badPath);
  await expect(importDialog.getByText('设备导入-有误.xlsx')).toBeVisible();
  await importDialog.getByRole('button', { name: btn('开始导入') }).click();
  await expect(importDialog.getByText('导入失败，未导入任何数据')).toBeVisible();
  const badLine = firstRow + 2;
  const report = importDialog.getByRole('table');
  const badReportRow = report.getByRole('row').filter({ hasText: `第 ${badLine} 行` });
  await expect(badReportRow).toBeVisible();
  await expect(badReportRow).toContainText('柜体编号');
  await expect(badReportRow).toContainText('NO-SUCH-CAB');
  // Only the bad row is reported (a header row and one line).
  await expect(report.getByRole('row')).toHaveCount(2);
  await shot(page, 'asset-import-errors');
  // All or nothing: the two good rows were not imported either.
  const none = await api<{ total: number }>(request, token, 'POST', '/api/pdfznjkpt/bjequipment/pageList', { stationId: site.stationId });
  expect(none.total).toBe(0);

  // Corrected: the third row goes into the station's cabinet.
  write({ ...rows[2], cabinet: site.cabinetCode }, badLine);
  const goodPath = testInfo.outputPath('设备导入-已更正.xlsx');
  await wb.xlsx.writeFile(goodPath);
  await importDialog.locator('input[type=file]').setInputFiles(goodPath);
  await expect(importDialog.getByText('设备导入-已更正.xlsx')).toBeVisible();
  await importDialog.getByRole('button', { name: /开始导入|重新导入/ }).click();
  await expect(importDialog.getByText('成功导入 3 台设备')).toBeVisible();
  // 33 (meter) + 33 (meter) + the sensor's points.
  await expect(importDialog.getByText(/已按型号生成 \d+ 个测点/)).toBeVisible();
  await shot(page, 'asset-import-done');
  await importDialog.getByRole('button', { name: btn('完成') }).click();
  await expect(importDialog).toBeHidden();

  // The list, filtered by the station, shows the three.
  await page.getByRole('textbox', { name: /关键字/ }).fill(`IM${s}`);
  await page.getByRole('button', { name: btn('搜索') }).click();
  for (const r of rows) {
    const listed = rowWith(page, r.code);
    await expect(listed).toBeVisible();
    await expect(listed).toContainText(site.stationName);
  }
  await expect(rowWith(page, rows[0].code)).toContainText(site.cabinetName);
  await expect(rowWith(page, rows[2].code)).toContainText(site.cabinetName);
  const imported = await api<{ total: number; list: { code: string; pointCount: number }[] }>(request, token, 'POST', '/api/pdfznjkpt/bjequipment/pageList', { stationId: site.stationId });
  expect(imported.total).toBe(3);
  expect(imported.list.find((e) => e.code === rows[0].code)!.pointCount).toBe(33);
});
