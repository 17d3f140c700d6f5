// Validates rendered Kubernetes manifests against the API's OpenAPI schemas, using the model
// classes of the kubernetes-models package (one module per apiVersion and kind, each with a
// validate() that throws on a type, enum, format or required-field error).
import { parseAllDocuments } from 'yaml';

export interface KubernetesManifest {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly annotations?: Record<string, string> };
  readonly [field: string]: unknown;
}

interface ValidatableModel {
  validate(): void;
}

type ModelClass = new (data: unknown) => ValidatableModel;

/** kubernetes-models module for an apiVersion/kind: `v1` + Service -> kubernetes-models/v1/Service. */
export function modelModulePath(apiVersion: string, kind: string): string {
  if (
    !/^([a-z0-9.-]+\/)?v[0-9]+((alpha|beta)[0-9]+)?$/.test(apiVersion) ||
    !/^[A-Z][A-Za-z0-9]*$/.test(kind)
  ) {
    throw new Error(`not a Kubernetes apiVersion/kind: ${apiVersion} ${kind}`);
  }
  return `kubernetes-models/${apiVersion}/${kind}`;
}

async function loadModel(apiVersion: string, kind: string): Promise<ModelClass> {
  const path = modelModulePath(apiVersion, kind);
  let module: Record<string, unknown>;
  try {
    module = (await import(path)) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`no Kubernetes schema for ${apiVersion} ${kind} (${path}): ${String(error)}`);
  }
  const model = module[kind];
  if (typeof model !== 'function') throw new Error(`${path} does not export ${kind}`);
  return model as ModelClass;
}

/** Problems with one manifest against its schema; empty when it is valid. */
export async function schemaErrors(manifest: unknown): Promise<string[]> {
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    return ['a manifest must be a YAML mapping'];
  }
  const { apiVersion, kind } = manifest as Partial<KubernetesManifest>;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return ['apiVersion and kind are required'];
  try {
    const Model = await loadModel(apiVersion, kind);
    new Model(manifest).validate();
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

/** Splits `helm template` output into manifests; YAML syntax errors throw. */
export function parseManifests(rendered: string): KubernetesManifest[] {
  const manifests: KubernetesManifest[] = [];
  for (const document of parseAllDocuments(rendered)) {
    if (document.errors.length > 0) {
      throw new Error(`invalid YAML in rendered output: ${document.errors.map((e) => e.message).join('; ')}`);
    }
    const value: unknown = document.toJS();
    if (value === null || value === undefined) continue; // an empty document (a template that rendered nothing)
    manifests.push(value as KubernetesManifest);
  }
  return manifests;
}
