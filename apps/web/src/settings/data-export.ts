import { dataExportFileName } from '@castbase/contracts';
import type { ApiClient } from '../shared/api/api-client.js';
import { saveFile } from '../shared/api/save-file.js';

/**
 * Downloads the account's data export (`GET /api/account/export`, a file rather than JSON to read) and hands it to
 * the browser as a file named for today.
 */
export async function downloadDataExport(api: ApiClient): Promise<void> {
  saveFile(await api.download('/account/export'), dataExportFileName(new Date()));
}
