import { dataExportFileName } from '@castbase/contracts';
import { API_BASE_PATH } from '../shared/api/api-client.js';
import { apiErrorFromNetworkFailure, apiErrorFromResponse } from '../shared/api/api-error.js';

/**
 * Downloads the account's data export (`GET /api/account/export`, a file rather than JSON to read, hence not the
 * JSON API client) and hands it to the browser as a file named for today.
 */
export async function downloadDataExport(accessToken: string | undefined): Promise<void> {
  const headers = new Headers({ Accept: 'application/json' });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  let answer: Response;
  try {
    answer = await fetch(`${API_BASE_PATH}/account/export`, { headers });
  } catch (cause) {
    throw apiErrorFromNetworkFailure(cause);
  }
  if (!answer.ok) throw apiErrorFromResponse(answer.status, await answer.json().catch(() => undefined));
  saveFile(await answer.blob(), dataExportFileName(new Date()));
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
