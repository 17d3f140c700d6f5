/** Hands a downloaded file to the browser to save under `fileName` (its download bar or folder). */
export function saveFile(blob: Blob, fileName: string): void {
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
