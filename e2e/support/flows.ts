import type { Page } from 'playwright-core';

export const DEMO_PASSWORD = 'Demo@12345';
export const ROOT_PASSWORD = 'Root@12345';

/** Opens the app's login page and signs in through the form, waiting for the frame. */
export async function login(page: Page, baseUrl: string, user: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/#/login`);
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('frame').waitFor({ timeout: 20_000 });
}

/** The text of the antd message toasts shown now (joined). */
/**
 * The texts of the messages on screen. With `expected`, waits (up to 10 s) for a message containing it, since an
 * earlier step's message may still be fading out; without it, for any message. Returns what is shown either way,
 * so the caller's `toContain` names the message that came instead.
 */
export async function toastText(page: Page, expected?: string): Promise<string> {
  const notice = page.locator('.ant-message-notice', expected === undefined ? undefined : { hasText: expected });
  await notice.first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  return (await page.locator('.ant-message-notice').allInnerTexts()).join(' | ');
}

export async function tabIds(page: Page): Promise<string[]> {
  return page.getByTestId('tab').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab-id') ?? ''));
}

/**
 * Waits until no antd motion (appear, enter, leave) is running, so a click lands where it aims. With
 * `scope` (a selector, e.g. '.ant-modal-root') only motion at or inside it counts: the header's badge
 * animates whenever a live notification arrives, which the whole page would wait on.
 */
export async function motionSettled(page: Page, timeout = 5000, scope?: string): Promise<void> {
  await page.waitForFunction(
    (within) => {
      const moving = '[class*="-appear"], [class*="-enter"], [class*="-leave"]';
      if (!within) return !document.querySelector(moving);
      return Array.from(document.querySelectorAll(within)).every((el) => !el.matches(moving) && !el.querySelector(moving));
    },
    scope,
    { timeout },
  );
}

/**
 * Waits until the dialogs themselves (each .ant-modal and its mask) have finished opening or closing.
 * Unlike motionSettled(page, t, '.ant-modal-root') it looks at those two elements only, not inside
 * them: a select closed inside a dialog can keep its leave class on a hidden dropdown for good.
 */
export async function dialogSettled(page: Page, timeout = 5000): Promise<void> {
  await page.waitForFunction(
    () => Array.from(document.querySelectorAll('.ant-modal, .ant-modal-mask')).every((el) => !el.matches('[class*="-appear"], [class*="-enter"], [class*="-leave"]')),
    undefined,
    { timeout },
  );
}

/** Presses OK of the dialog on top once the dialogs have settled (dialogSettled). */
export async function confirmDialog(page: Page): Promise<void> {
  await dialogSettled(page, 15_000);
  await page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary, .ant-modal-wrap:visible .ant-modal-confirm-btns .ant-btn-primary').last().click();
}
