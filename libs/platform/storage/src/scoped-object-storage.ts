import {
  ObjectStorage,
  type GetObjectOptions,
  type ObjectBody,
  type ObjectHead,
  type PutObjectOptions,
  type ReadUrl,
  type SignedGetUrlOptions,
  type SignedPutUrlOptions,
  type SignedUpload,
  type StoredObject,
} from './object-storage.js';
import { assertListPrefix, assertStorageKey, toFolderPrefix } from './storage-key.js';

/**
 * A view of another storage with every key under one folder. Keys are checked on their own before
 * the folder is put in front, so `..` cannot climb out of the scope.
 */
export class ScopedObjectStorage extends ObjectStorage {
  private readonly folder: string;

  constructor(
    private readonly inner: ObjectStorage,
    prefix: string,
  ) {
    super();
    this.folder = toFolderPrefix(prefix);
  }

  private fullKey(key: string): string {
    assertStorageKey(key);
    return this.folder + key;
  }

  async put(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<void> {
    return this.inner.put(this.fullKey(key), body, options);
  }

  override putFile(key: string, filePath: string, options?: PutObjectOptions): Promise<void> {
    return this.inner.putFile(this.fullKey(key), filePath, options);
  }

  override getFile(key: string, filePath: string, options?: { signal?: AbortSignal }): Promise<void> {
    return this.inner.getFile(this.fullKey(key), filePath, options);
  }

  async get(key: string, options?: GetObjectOptions): Promise<StoredObject> {
    return this.inner.get(this.fullKey(key), options);
  }

  async head(key: string): Promise<ObjectHead | null> {
    return this.inner.head(this.fullKey(key));
  }

  async delete(key: string): Promise<void> {
    return this.inner.delete(this.fullKey(key));
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    return this.inner.deleteMany(keys.map((key) => this.fullKey(key)));
  }

  async *list(prefix: string): AsyncIterable<string> {
    assertListPrefix(prefix);
    for await (const key of this.inner.list(this.folder + prefix)) {
      yield key.slice(this.folder.length);
    }
  }

  async signedGetUrl(key: string, options?: SignedGetUrlOptions): Promise<string> {
    return this.inner.signedGetUrl(this.fullKey(key), options);
  }

  async signedPutUrl(key: string, options: SignedPutUrlOptions): Promise<SignedUpload> {
    return this.inner.signedPutUrl(this.fullKey(key), options);
  }

  publicUrl(key: string): string {
    return this.inner.publicUrl(this.fullKey(key));
  }

  async readUrl(key: string): Promise<ReadUrl> {
    return this.inner.readUrl(this.fullKey(key));
  }

  scoped(prefix: string): ObjectStorage {
    return new ScopedObjectStorage(this.inner, this.folder + toFolderPrefix(prefix));
  }

  describe(): string {
    return `${this.inner.describe()} under ${this.folder}`;
  }
}
