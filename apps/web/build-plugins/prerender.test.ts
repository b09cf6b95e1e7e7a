// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderPage } from '../src/prerender';
import { fillShell, paintFirstLoader } from './prerender';

const TEMPLATE = `<!doctype html><html><head><title>Coop Portal</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-abc.js">
<link rel="stylesheet" crossorigin href="/assets/index-abc.css">
</head><body><div id="root"></div></body></html>`;

describe('fillShell', () => {
  it("puts the markup in #root, its title in the head, and the stylesheet's rules inline", async () => {
    const html = await fillShell(
      TEMPLATE,
      '<title>Sign in · Coop Portal</title><main>form</main>',
      (href) => Promise.resolve(href === '/assets/index-abc.css' ? '.a{color:red}' : ''),
    );
    expect(html).toContain('<title>Sign in · Coop Portal</title>');
    expect(html).not.toContain('<title>Coop Portal</title>');
    expect(html).toContain('<div id="root"><main>form</main></div>');
    expect(html).toContain('<style>.a{color:red}</style>');
    expect(html).not.toContain('index-abc.css');
    // The app's script starts after the first paint, from the inline loader.
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(html).toContain(paintFirstLoader(['/assets/index-abc.js', '/assets/react-abc.js']));
    expect(html).not.toContain('<link rel="modulepreload"');
  });

  it('refuses a template without the empty #root', async () => {
    await expect(
      fillShell('<body></body>', '<main></main>', () => Promise.resolve('')),
    ).rejects.toThrow('index.html must contain');
  });
});

describe('the prerendered sign-in page', () => {
  it('is the sign-in form of the route table, with its labels, fields and wording', async () => {
    const html = await renderPage('/auth/login');

    expect(html).toMatch(/^<title>Sign in · Coop Portal<\/title>/);
    expect(html).toContain('<h1 class="text-xl leading-tight font-semibold">Sign in</h1>');
    expect(html).toContain('Welcome back. Sign in to manage your savings and loans.');
    expect(html).toContain(
      '<label class="text-sm leading-none font-medium select-none" for="identifier">Email, phone number or membership ID</label>',
    );
    expect(html).toMatch(
      /<input type="text"[^>]* autoComplete="username"[^>]* id="identifier" name="identifier"\/>/,
    );
    expect(html).toMatch(/<label [^>]*for="password">Password<\/label>/);
    expect(html).toMatch(/<input type="password"[^>]* id="password" name="password"\/>/);
    expect(html).toMatch(/<button [^>]*type="submit">Sign In<\/button>/);
    expect(html).toContain('href="/auth/forgot-password"');
    // Sent without JavaScript, the form must not put the password in the address.
    expect(html).toMatch(/<form [^>]*method="post"/);
    // The page itself, not the spinner shown while a route's code loads.
    expect(html).not.toContain('role="status"');
  });
});
