import { describe, expect, it } from 'vitest';
import { workerBuild, workerSource, type BuiltFile } from './service-worker';

/**
 * The worker's version and precache list (docs/decisions/166-service-worker-and-offline.md): a
 * release is a new worker, an unchanged build is not, and the list holds the member portal's
 * files without the back office's pages.
 */

const file = (fileName: string, more: Partial<BuiltFile> = {}): BuiltFile => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  css: [],
  ...more,
});

const build = (dashboardHash: string) => [
  file('assets/index-A1.js', {
    isEntry: true,
    imports: ['assets/vendor-V1.js'],
    dynamicImports: [`assets/dashboard-${dashboardHash}.js`, 'assets/overview-O1.js'],
    css: ['assets/index-C1.css'],
  }),
  file('assets/vendor-V1.js'),
  file(`assets/dashboard-${dashboardHash}.js`, {
    facadeModuleId: '/repo/apps/web/src/app/routes/member/dashboard.tsx',
    imports: ['assets/card-K1.js'],
  }),
  file('assets/card-K1.js'),
  file('assets/overview-O1.js', {
    facadeModuleId: '/repo/apps/web/src/app/routes/admin/overview.tsx',
    imports: ['assets/officer-table-T1.js', 'assets/card-K1.js'],
  }),
  file('assets/officer-table-T1.js'),
];

describe('the service worker build', () => {
  it('saves the member portal’s files and leaves the back office’s pages to the network', () => {
    expect(workerBuild(build('D1'), 'code').precache).toEqual([
      '/assets/card-K1.js',
      '/assets/dashboard-D1.js',
      '/assets/index-A1.js',
      '/assets/index-C1.css',
      '/assets/vendor-V1.js',
    ]);
  });

  it('is a new version when any file or the worker changes, and the same one when nothing does', () => {
    const first = workerBuild(build('D1'), 'code').version;
    expect(workerBuild(build('D1'), 'code').version).toBe(first);
    expect(workerBuild(build('D2'), 'code').version).not.toBe(first);
    expect(workerBuild(build('D1'), 'code changed').version).not.toBe(first);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
  });

  it('puts the version and the list in front of the worker’s code', () => {
    const built = workerBuild(build('D1'), 'run()');
    const source = workerSource(built, 'run()');
    expect(source.startsWith(`self.__COOP_BUILD__ = {"version":"${built.version}"`)).toBe(true);
    expect(source.endsWith('\nrun()')).toBe(true);
  });
});
