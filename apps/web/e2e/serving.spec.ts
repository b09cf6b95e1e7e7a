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

test('the sign-in page is in the HTML the server sends, and paints without JavaScript', async ({
  browser,
  request,
  baseURL,
}) => {
  // The built page itself (src/prerender.tsx), not an empty #root the JavaScript fills in.
  const html = await (await request.get('/auth/login?redirect=%2Floans')).text();
  expect(html).toContain('<title>Sign in · Coop Portal</title>');
  expect(html).toMatch(
    /<label [^>]*for="identifier">Email, phone number or membership ID<\/label>/,
  );
  expect(html).toMatch(/<input type="text"[^>]* id="identifier" name="identifier"\/>/);
  expect(html).toMatch(/<label [^>]*for="password">Password<\/label>/);
  expect(html).toMatch(/<input type="password"[^>]* id="password" name="password"\/>/);
  expect(html).toMatch(/<button [^>]*type="submit">Sign In<\/button>/);
  // Its stylesheet inline: the first response is all the first paint needs.
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  // Other pages still get the app's index.html.
  expect(await (await request.get('/dashboard')).text()).toContain('<div id="root"></div>');

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('Email, phone number or membership ID')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  // Sent without JavaScript, the form comes back to the page, the password in no address.
  await page.getByLabel('Email, phone number or membership ID').fill('ada@demo.coop');
  await page.getByLabel('Password', { exact: true }).fill('not-in-the-address');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await context.close();
});

test('a sign-in sent before the JavaScript has taken over the page is sent once it has', async ({
  page,
}) => {
  // Hold the app's scripts back until the form has been sent.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/auth/login', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Sign In' }).click();
  release();

  // The page did not reload (no POST); React, once there, validated what was sent.
  await expect(page.getByText('Email, phone number, or membership ID is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
