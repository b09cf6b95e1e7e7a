/**
 * The name every copy of the template database `templateName` starts with: test/database.ts
 * names the files' copies so, and the global setup's teardown drops them all at once.
 */
export function templateCopyPrefix(templateName: string): string {
  return `${templateName}_copy_`;
}
