// File fields (web/src/components/form/file-drop.tsx) as a person uses them beyond the picker:
// dropping files on the drop zone, and an upload slow enough to watch its progress.
import { expect, type Locator, type Page } from '@playwright/test';

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Drags `files` over `zone` (a FileDrop's `file-drop` test id) and drops them, as the browser
 * does for files dragged from the desktop: dragenter lights the zone up, drop hands them over.
 */
export async function dropFiles(zone: Locator, files: FilePayload[]): Promise<void> {
  const dataTransfer = await zone.page().evaluateHandle(
    (payloads) => {
      const transfer = new DataTransfer();
      for (const { name, mimeType, base64 } of payloads) {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], name, { type: mimeType }));
      }
      return transfer;
    },
    files.map(({ name, mimeType, buffer }) => ({
      name,
      mimeType,
      base64: buffer.toString('base64'),
    })),
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveAttribute('data-dragging', 'true');
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).not.toHaveAttribute('data-dragging');
  await dataTransfer.dispose();
}

/**
 * Holds POST requests to `url` until the returned `release` is called, so a test sees the page
 * while an upload is under way (its progress bar); the requests then go on to the server.
 */
export async function holdUploads(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (route.request().method() === 'POST') await released;
    await route.fallback();
  });
  return release;
}

/**
 * Slows the page's uploads to `bytesPerSecond` (Chromium's network emulation), so an upload's
 * progress can be watched as it climbs; returns the function that lifts the limit.
 */
export async function throttleUploads(
  page: Page,
  bytesPerSecond: number,
): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const emulate = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await emulate(bytesPerSecond);
  return async () => {
    await emulate(-1);
    await cdp.detach();
  };
}
