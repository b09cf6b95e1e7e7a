import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../db/client.js';
import { templateCopyPrefix } from './template-copies.js';

/** The migrated database every test file starts from (see test/database.ts). */
export type DatabaseTemplate =
  { kind: 'postgres'; name: string } | { kind: 'pglite'; dumpFile: string };

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/**
 * Runs all migrations once per test run, instead of once per test file: on the PostgreSQL server
 * of TEST_DATABASE_URL a template database each file copies with CREATE DATABASE … TEMPLATE, and
 * otherwise a dump of a migrated embedded database each file loads.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `coop_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString() });
    await handle.close();
    project.provide('databaseTemplate', { kind: 'postgres', name });
    return async () => {
      await dropCopies(serverUrl, templateCopyPrefix(name));
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const pglite = new PGlite();
  await migrate(drizzle(pglite), { migrationsFolder });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'coop-template-'));
  const dumpFile = path.join(dir, 'pgdata.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', dumpFile });
  return async () => rmSync(dir, { recursive: true, force: true });
}

/**
 * Drops every copy of the template the files made (test/database.ts leaves them to this), a few
 * at a time: the drops waiting at once share the checkpoint each one asks for.
 */
async function dropCopies(serverUrl: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [prefix],
    );
    names = rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
  const dropNext = async (): Promise<void> => {
    const name = names.pop();
    if (name === undefined) return;
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    await dropNext();
  };
  await Promise.all(Array.from({ length: 8 }, dropNext));
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
