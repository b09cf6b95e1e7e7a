import { expect, test } from '@playwright/test';

test('the built app is served with hashed, long-cached, precompressed assets', async ({
  request,
}) => {
  // A client route reloads into index.html.
  const page = await request.get('/notifications');
  expect(page.headers()['content-type']).toContain('text/html');
  const entry = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"/.exec(
    await page.text(),
  )?.[1];
  expect(entry).toBeTruthy();

  for (const [accepted, encoding] of [
    ['br', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const asset = await request.get(entry as string, { headers: { 'Accept-Encoding': accepted } });
    expect(asset.ok()).toBe(true);
    expect(asset.headers()['content-encoding']).toBe(encoding);
    expect(asset.headers()['cache-control']).toContain('immutable');
  }

  // The servers run with NODE_ENV=development (playwright.config.ts), and still serve React's
  // production build: the development one is three times larger and greets with this line.
  const script = await (await request.get(entry as string)).text();
  expect(script).not.toContain('Download the React DevTools');
});
