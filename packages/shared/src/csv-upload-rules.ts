/** CSV uploads in the back office: the size limit and the messages, zod-free for the pages. */

/** Largest CSV file the back office accepts (members import, payroll month). */
export const CSV_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const CSV_MESSAGES = {
  tooLarge: 'The file is larger than 10 MB',
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again',
  empty: 'The file has no rows',
} as const;
