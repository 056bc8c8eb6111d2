import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { login, ROOT_PASSWORD } from './support/flows.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function contextWith(theme: 'dark' | 'light', language: 'zh_cn' | 'en'): Promise<BrowserContext> {
  const context = await newContext(browser, language === 'en' ? 'en-US' : 'zh-CN');
  await context.addInitScript((prefs: { theme: string; language: string }) => {
    localStorage.setItem('theme', prefs.theme);
    localStorage.setItem('language', prefs.language);
  }, { theme, language });
  return context;
}

/** ROOT signs in, enters the demo factory (project 1) from the platform home and opens 模型管理. */
async function openModelManage(page: Page, projectName: string): Promise<void> {
  await login(page, server.url, 'ROOT', ROOT_PASSWORD);
  await page.getByTestId('platform-home').waitFor();
  await page.locator('tr', { hasText: projectName }).getByTestId('enter-project').click();
  await page.getByTestId('project-home').waitFor();
  // the menu groups of the project module start closed after switching from the platform
  const item = page.getByTestId('menu-item-modelManage');
  if (!(await item.isVisible())) await page.getByTestId('menu-group-operations').click();
  await item.click();
  await page.getByTestId('model-manage').waitFor();
  await treeNode(page, projectName).waitFor();
}

const tree = (page: Page) => page.getByTestId('model-tree');
const treeNode = (page: Page, name: string): Locator => tree(page).locator('.ant-tree-treenode', { has: page.getByText(name, { exact: true }) });
/** Names in the tree now, top to bottom (only expanded branches show). */
const treeNames = (page: Page) => tree(page).locator('.ant-tree-title').allInnerTexts();
/** Indentation level of a visible node (project 0). */
const levelOf = async (page: Page, name: string) => treeNode(page, name).locator('.ant-tree-indent-unit').count();

async function select(page: Page, name: string): Promise<void> {
  await treeNode(page, name).locator('.ant-tree-node-content-wrapper').click();
  await expect(page.getByTestId('detail-name').innerText()).resolves.toBe(name);
}

/** Opens a node's branch once it has children (after a save, when the refreshed tree has arrived). */
async function expand(page: Page, name: string): Promise<void> {
  const node = treeNode(page, name);
  await node.locator('.ant-tree-switcher_close, .ant-tree-switcher_open').waitFor();
  if ((await node.locator('.ant-tree-switcher_close').count()) > 0) await node.locator('.ant-tree-switcher').click();
}

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

const dialogOk = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();

async function addChild(page: Page, label: string, name: string, numbers: Record<string, string> = {}): Promise<void> {
  await page.getByTestId('model-add').click();
  await page.getByTestId(`model-add-${label}`).click();
  await page.getByTestId('node-form').waitFor();
  await page.getByTestId('node-name').fill(name);
  for (const [attr, value] of Object.entries(numbers)) await page.getByTestId(`attr-${attr}`).fill(value);
  await dialogOk(page);
  await toast(page, '保存成功!');
  await page.getByTestId('node-form').waitFor({ state: 'hidden' });
}

describe('model management as ROOT in the demo factory (dark, zh)', () => {
  let context: BrowserContext;
  let page: Page;
  const building = 'E2E测试楼';
  const floor = 'E2E-1F';
  const renamed = 'E2E-一层';
  const room = 'E2E-101';

  beforeAll(async () => {
    context = await contextWith('dark', 'zh_cn');
    page = await context.newPage();
    await openModelManage(page, '华东示范工厂');
  });
  afterAll(async () => context?.close());

  it('shows the project selected with its details and the labels allowed under it', async () => {
    await expect(page.getByTestId('detail-name').innerText()).resolves.toBe('华东示范工厂');
    expect(await page.getByTestId('model-edit').count()).toBe(0); // project fields belong to project configuration
    await page.getByTestId('model-add').click();
    await page.getByTestId('model-add-building').waitFor();
    expect(await page.getByTestId('model-add-floor').count()).toBe(0); // a floor is not allowed directly under the project
    await page.keyboard.press('Escape');
  });

  it('adds a building under the project; the tree shows it under the project, selected', async () => {
    await addChild(page, 'building', building, { floorCount: '3', buildYear: '2020' });
    await treeNode(page, building).waitFor();
    expect(await levelOf(page, building)).toBe(1);
    // the new node is selected after the save
    await expect.poll(() => page.getByTestId('detail-name').innerText()).toBe(building);
  });

  it('adds a floor under the building: an invalid form first shows the spec-5 messages and stays open', async () => {
    await select(page, building);
    await page.getByTestId('model-add').click();
    await page.getByTestId('model-add-floor').click();
    await page.getByTestId('node-name').fill('1F@');
    await page.getByTestId('attr-floorNo').fill('1.5');
    await dialogOk(page);
    await page.getByText('请不要输入特殊字符').waitFor();
    await page.getByText('请输入整数').waitFor();
    expect(await page.getByTestId('node-form').isVisible()).toBe(true);
    await page.getByTestId('node-name').fill(floor);
    await page.getByTestId('attr-floorNo').fill('1');
    await page.getByTestId('attr-areaM2').fill('1200.5');
    await dialogOk(page);
    await toast(page, '保存成功!');
    await page.getByTestId('node-form').waitFor({ state: 'hidden' });
    // the tree opens the path to the new floor, which is selected
    await treeNode(page, floor).waitFor();
    expect(await levelOf(page, floor)).toBe(2);
    await expect.poll(() => page.getByTestId('detail-name').innerText()).toBe(floor);
    const details = await page.getByTestId('model-details').innerText();
    expect(details).toContain('楼层号');
    expect(details).toContain('1200.5 m²');
  });

  it('edits the floor’s name; the tree refreshes and keeps the selection', async () => {
    await page.getByTestId('model-edit').click();
    await page.getByTestId('node-form').waitFor();
    await expect(page.getByTestId('node-name').inputValue()).resolves.toBe(floor);
    await page.getByTestId('node-name').fill(renamed);
    await dialogOk(page);
    await toast(page, '保存成功!');
    await treeNode(page, renamed).waitFor();
    expect(await treeNames(page)).not.toContain(floor);
    await expect(page.getByTestId('detail-name').innerText()).resolves.toBe(renamed);
    await expect(tree(page).locator('.ant-tree-node-selected').innerText()).resolves.toBe(renamed);
  });

  it('moves a room from the floor to the building (a tree-select of allowed parents, moveFrom)', async () => {
    await addChild(page, 'room', room);
    await treeNode(page, room).waitFor(); // shown and selected under its floor
    expect(await levelOf(page, room)).toBe(3);
    await select(page, room);
    await page.getByTestId('model-move').click();
    await page.getByTestId('move-dialog-title').waitFor();
    await page.locator('.ant-modal-wrap:visible .ant-select').click();
    await page.keyboard.type('E2E'); // the list is virtual: search brings the test nodes into view
    const dropdown = page.locator('.ant-select-dropdown:visible');
    // the current parent and labels that do not allow rooms are disabled
    await expect.poll(() => dropdown.locator('.ant-select-tree-treenode-disabled', { hasText: renamed }).count()).toBe(1);
    await dropdown.locator('.ant-select-tree-node-content-wrapper', { hasText: building }).click();
    await screenshot(page, 'model-manage-move-dark-zh_cn');
    await dialogOk(page);
    await toast(page, '保存成功!');
    await expect.poll(() => levelOf(page, room)).toBe(2);
    await expect(page.getByTestId('detail-name').innerText()).resolves.toBe(room);
    await screenshot(page, 'model-manage-dark-zh_cn');
  });

  it('cancelling the delete keeps the building (取消删除！)', async () => {
    await select(page, building);
    await page.getByTestId('model-delete').click();
    await page.getByTestId('delete-confirm').waitFor();
    await page.locator('.ant-modal-confirm-btns .ant-btn').first().click();
    await toast(page, '取消删除！');
    await treeNode(page, building).waitFor();
    await page.getByTestId('delete-confirm').waitFor({ state: 'detached' });
    await select(page, building);
  });

  it('deletes the building after a confirmation naming it and its subtree; the tree drops it', async () => {
    await page.getByTestId('model-delete').click();
    const confirm = page.getByTestId('delete-confirm');
    await confirm.waitFor();
    const text = await confirm.innerText();
    expect(text).toContain('确定要删除所选项吗？');
    expect(text).toContain(building);
    expect(text).toContain('2 个节点');
    await expect(page.locator('.ant-modal-confirm-title').innerText()).resolves.toBe('提示');
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').waitFor(); // settled before the picture
    await page.waitForTimeout(300);
    await screenshot(page, 'model-manage-delete-dark-zh_cn');
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await toast(page, '删除成功!');
    await expect.poll(async () => (await treeNames(page)).includes(building)).toBe(false);
    expect(await treeNames(page)).not.toContain(room);
    // the selection falls back to the deleted node's parent
    await expect(page.getByTestId('detail-name').innerText()).resolves.toBe('华东示范工厂');
  });
});

describe('model management in light theme and English', () => {
  it('shows the tree, a device’s details with units and enum texts, and an attribute form', async () => {
    const context = await contextWith('light', 'en');
    const page = await context.newPage();
    await openModelManage(page, 'East China Demo Factory');
    await expect(page.getByTestId('model-details').innerText()).resolves.toContain('Node details');
    // open the first branch under the project and select its first child
    const first = tree(page).locator('.ant-tree-treenode').nth(1);
    const name = await first.locator('.ant-tree-title').innerText();
    await expand(page, name);
    await select(page, name);
    await screenshot(page, 'model-manage-light-en');
    await page.getByTestId('model-add').click();
    const labels = page.locator('.ant-dropdown:visible [data-testid^="model-add-"]');
    await labels.first().waitFor();
    const meter = page.getByTestId('model-add-meter');
    await ((await meter.count()) > 0 ? meter : labels.first()).click();
    await page.getByTestId('node-form').waitFor();
    await dialogOk(page);
    await page.getByText('Name cannot be empty').waitFor();
    await screenshot(page, 'model-manage-form-light-en');
    await context.close();
  });
});
