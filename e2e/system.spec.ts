import { expect, test, type Locator, type Page } from '@playwright/test';
import { CANCEL, OK, confirmDialog, USER_PASSWORD, adminToken, api, btn, menuItem, openMenu, signIn, signOut, uid } from './fixtures';

/** The dialog (modal or drawer) with this title. */
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** The toolbar's 新增 (rows may have their own 新增, e.g. a sub-department). */
const addButton = (page: Page) => page.getByRole('button', { name: btn('新增') }).first();

/** Opens an antd select or tree select in a dialog field and picks an entry by its text. */
async function pick(page: Page, field: Locator, text: string) {
  await field.click();
  const popup = page.locator('.ant-select-dropdown:visible');
  await popup.locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper', { hasText: text }).first().click();
}

/** A table row by a cell's exact text. */
const row = (page: Page, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

test('system administration: a department, a role and a user made through the forms; the new user sees only the granted menu', async ({ page }) => {
  // Three forms and two sign-ins: longer than the default on a busy machine.
  test.setTimeout(150_000);
  const s = uid();
  const deptName = `运维班${s}`;
  const roleName = `值班员${s}`;
  const userName = `duty_${s}`;
  await signIn(page);

  // Department.
  await openMenu(page, '系统管理', '部门管理');
  await expect(page).toHaveURL(/\/system\/dept$/);
  await addButton(page).click();
  const deptForm = dialog(page, '新增部门');
  await expect(deptForm).toBeVisible();
  // Nothing typed: the form says what is missing, in Chinese, and stays open.
  await deptForm.getByRole('button', { name: OK }).click();
  await expect(deptForm.getByText('请输入部门名称')).toBeVisible();
  await pick(page, deptForm.getByLabel('上级部门'), '总部');
  await deptForm.getByLabel('部门名称').fill(deptName);
  await deptForm.getByLabel('联系电话').fill('0571');
  await deptForm.getByRole('button', { name: OK }).click();
  await expect(deptForm.getByText('请输入正确的联系电话')).toBeVisible();
  await deptForm.getByLabel('联系电话').fill('13800138000');
  await deptForm.getByRole('button', { name: OK }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(deptForm).toBeHidden();
  await expect(row(page, deptName)).toBeVisible();

  // Role: only 系统管理 → 用户管理 (with its buttons, by the tree's parent-child linkage).
  await openMenu(page, '系统管理', '角色管理');
  await expect(page).toHaveURL(/\/system\/role$/);
  await addButton(page).click();
  const roleForm = dialog(page, '新增角色');
  await expect(roleForm).toBeVisible();
  await roleForm.getByLabel('角色名称').fill(roleName);
  await roleForm.getByLabel(/权限字符/).fill(`duty_${s}`);
  const usersNode = roleForm.locator('.ant-tree-treenode', { has: page.getByTitle('用户管理', { exact: true }) });
  await usersNode.locator('.ant-tree-checkbox').click();
  await expect(usersNode.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await page.screenshot({ path: '/tmp/pdz-e2e/role-form.png' });
  await roleForm.getByRole('button', { name: OK }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(roleForm).toBeHidden();
  await expect(row(page, roleName)).toBeVisible();

  // User: a bad phone number is refused with the spec's message before anything is sent.
  await openMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/\/system\/user$/);
  await addButton(page).click();
  const userForm = dialog(page, '新增用户');
  await expect(userForm).toBeVisible();
  await userForm.getByLabel('用户名').fill(userName);
  await userForm.getByLabel('姓名').fill(`值班员${s}`);
  await userForm.getByLabel('密码').fill(USER_PASSWORD);
  await pick(page, userForm.getByLabel('归属部门'), deptName);
  await pick(page, userForm.getByLabel('角色'), roleName);
  await userForm.getByLabel('手机号码').fill('1380013');
  await userForm.getByRole('button', { name: OK }).click();
  await expect(userForm.getByText('请输入正确的手机号码')).toBeVisible();
  await page.screenshot({ path: '/tmp/pdz-e2e/user-form-invalid.png' });
  await userForm.getByLabel('手机号码').fill(`136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
  await userForm.getByRole('button', { name: OK }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(userForm).toBeHidden();
  const created = row(page, userName);
  await expect(created).toBeVisible();
  await expect(created).toContainText(deptName);
  await expect(created).toContainText(roleName);

  // The new user signs in and sees 用户管理 only.
  await signOut(page);
  await signIn(page, userName, USER_PASSWORD);
  await openMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(menuItem(page, '角色管理')).toHaveCount(0);
  await expect(menuItem(page, '部门管理')).toHaveCount(0);
  // With linkage the role got every button of 用户管理, so 新增 is offered.
  await expect(page.getByRole('button', { name: btn('新增') })).toBeVisible();
});

test('deleting asks first: 取消 keeps the record, 确定 removes it', async ({ page, request }) => {
  const token = await adminToken(request);
  const userName = `del_${uid()}`;
  await api(request, token, 'POST', '/api/system/user/add', { userName, password: USER_PASSWORD });

  await signIn(page);
  await openMenu(page, '系统管理', '用户管理');
  await page.getByRole('textbox', { name: /用户名/ }).fill(userName);
  await page.getByRole('button', { name: btn('搜索') }).click();
  const target = row(page, userName);
  await expect(target).toBeVisible();

  await target.getByRole('button', { name: btn('删除') }).click();
  const confirm = page.getByRole('dialog', { name: '系统提示' });
  await expect(confirm).toContainText(`是否确认删除用户“${userName}”？`);
  await page.screenshot({ path: '/tmp/pdz-e2e/delete-confirm.png' });
  await confirm.getByRole('button', { name: CANCEL }).click();
  await expect(confirm).toBeHidden();
  await expect(target).toBeVisible();

  await target.getByRole('button', { name: btn('删除') }).click();
  await confirmDialog(page.getByRole('dialog', { name: '系统提示' }));
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(target).toHaveCount(0);
  const left = await api<{ total: number }>(request, token, 'GET', `/api/system/user/pageList?userName=${userName}`);
  expect(left.total).toBe(0);
});
