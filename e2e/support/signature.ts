import type { Page } from '@playwright/test';

/** Draws a short zigzag over the consent form's signature canvas with the pointer. */
export async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 18, box.y + box.height * (i % 2 ? 0.35 : 0.65), { steps: 4 });
  await page.mouse.up();
}
