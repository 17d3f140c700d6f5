import { dataExportFileName } from '@castbase/contracts';
import type { ApiClient } from '../shared/api/api-client.js';

/**
 * Downloads the account's data export (`GET /api/account/export`, a file rather than JSON to read) and hands it to
 * the browser as a file named for today.
 */
export async function downloadDataExport(api: ApiClient): Promise<void> {
  saveFile(await api.download('/account/export'), dataExportFileName(new Date()));
}

function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL once the click's download starts, after this task; free it on the next one.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
