import { beforeAll, describe, expect, it } from '@jest/globals';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { ISecret } from 'kubernetes-models/v1/Secret';
import { chartPath, helmTemplate, renderChart, runHelm } from './helm-cli.js';
import { resolveHelmBinary } from './helm-binary.js';
import { type KubernetesManifest, parseManifests, schemaErrors } from './kubernetes-validation.js';

const SERVICES = ['analytics', 'catalog', 'feeds', 'gateway', 'identity', 'media', 'monetization', 'social'];
const SITE = 'deploy/site.example.yaml';
const RELEASE_PREFIX = 'castbase'; // release "castbase" of chart "castbase": full name is just "castbase"

const PUBLIC_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['/', 'gateway'],
  ['/api', 'gateway'],
  ['/storage', 'gateway'],
  ['/oidc', 'identity'],
  ['/feeds', 'feeds'],
  ['/e', 'analytics'],
];

const VALUE_SETS = [
  { name: 'the chart defaults', files: [SITE], autoscaled: ['analytics', 'feeds', 'gateway'], replicas: 2 },
  {
    name: 'deploy/values-small.yaml',
    files: ['deploy/values-small.yaml', SITE],
    autoscaled: [],
    replicas: 1,
  },
  {
    name: 'deploy/values-large.yaml',
    files: ['deploy/values-large.yaml', SITE],
    autoscaled: ['analytics', 'feeds', 'gateway', 'media'],
    replicas: 3,
  },
];

let helm: string;

beforeAll(() => {
  helm = resolveHelmBinary();
});

function ofKind<T>(manifests: readonly KubernetesManifest[], kind: string): T[] {
  return manifests.filter((manifest) => manifest.kind === kind) as unknown as T[];
}

function named<T extends { metadata?: { name?: string } }>(items: readonly T[], name: string): T {
  const found = items.find((item) => item.metadata?.name === name);
  if (!found) throw new Error(`no ${name} among ${items.map((item) => item.metadata?.name).join(', ')}`);
  return found;
}

describe.each(VALUE_SETS)('the castbase chart with $name', ({ files, autoscaled, replicas }) => {
  let manifests: KubernetesManifest[];

  beforeAll(() => {
    manifests = parseManifests(renderChart(helm, files));
  });

  it('passes helm lint --strict', () => {
    const lint = runHelm(helm, [
      'lint',
      chartPath,
      '--strict',
      ...files.flatMap((file) => ['--values', file]),
    ]);
    expect(lint.stderr + lint.stdout).toContain('1 chart(s) linted, 0 chart(s) failed');
    expect(lint.status).toBe(0);
  });

  it('renders only manifests that are valid against the Kubernetes API schemas', async () => {
    const problems: string[] = [];
    for (const manifest of manifests) {
      for (const error of await schemaErrors(manifest))
        problems.push(`${manifest.kind} ${manifest.metadata.name}: ${error}`);
    }
    expect(problems).toEqual([]);
    expect(manifests.length).toBeGreaterThan(20);
  });

  it('gives every service a Deployment and a Service running its process from the one image', () => {
    const deployments = ofKind<IDeployment>(manifests, 'Deployment');
    expect(deployments.map((d) => d.metadata?.name).sort()).toEqual(
      SERVICES.map((s) => `${RELEASE_PREFIX}-${s}`),
    );
    expect(
      ofKind<KubernetesManifest>(manifests, 'Service')
        .map((s) => s.metadata.name)
        .sort(),
    ).toEqual(SERVICES.map((s) => `${RELEASE_PREFIX}-${s}`));
    const images = new Set(deployments.map((d) => d.spec?.template.spec?.containers[0]?.image));
    expect(images).toEqual(new Set(['ghcr.io/castbase/castbase:0.1.0']));
    for (const service of SERVICES) {
      const container = named(deployments, `${RELEASE_PREFIX}-${service}`).spec?.template.spec?.containers[0];
      expect(container?.args).toEqual([service]);
      expect(container?.ports).toEqual([{ name: 'http', containerPort: 3000, protocol: 'TCP' }]);
    }
  });

  it('probes /health/live for startup and liveness and /health/ready for readiness', () => {
    for (const deployment of ofKind<IDeployment>(manifests, 'Deployment')) {
      const container = deployment.spec?.template.spec?.containers[0];
      expect(container?.startupProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect(container?.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect(container?.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    }
  });

  it('runs every pod as non-root on a read-only root filesystem with /tmp on an emptyDir', () => {
    const pods = [
      ...ofKind<IDeployment>(manifests, 'Deployment').map((d) => d.spec?.template.spec),
      ...ofKind<IJob>(manifests, 'Job').map((j) => j.spec?.template.spec),
    ];
    for (const pod of pods) {
      expect(pod?.securityContext?.runAsNonRoot).toBe(true);
      const container = pod?.containers[0];
      expect(container?.securityContext?.readOnlyRootFilesystem).toBe(true);
      expect(container?.securityContext?.allowPrivilegeEscalation).toBe(false);
      expect(container?.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod?.volumes?.find((v) => v.name === 'tmp')?.emptyDir).toBeDefined();
    }
  });

  it("keeps analytics' download journal on a volume of its own, named by ANALYTICS_SPILL_DIR", () => {
    for (const deployment of ofKind<IDeployment>(manifests, 'Deployment')) {
      const pod = deployment.spec?.template.spec;
      const container = pod?.containers[0];
      const journal = pod?.volumes?.find((volume) => volume.name === 'journal');
      const spillDir = container?.env?.find((variable) => variable.name === 'ANALYTICS_SPILL_DIR');
      if (deployment.metadata?.name === `${RELEASE_PREFIX}-analytics`) {
        expect(journal?.emptyDir?.sizeLimit).toBe('1Gi');
        expect(container?.volumeMounts).toContainEqual({
          name: 'journal',
          mountPath: '/var/lib/castbase/journal',
        });
        expect(spillDir?.value).toBe('/var/lib/castbase/journal');
      } else {
        expect([journal, spillDir]).toEqual([undefined, undefined]);
      }
    }
  });

  it('annotates every service pod for Prometheus to scrape /metrics on port 3000', () => {
    for (const deployment of ofKind<IDeployment>(manifests, 'Deployment')) {
      expect(deployment.spec?.template.metadata?.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': '3000',
        'prometheus.io/path': '/metrics',
      });
    }
  });

  it('routes the public paths through one Ingress to the right services', () => {
    const [ingress, ...others] = ofKind<IIngress>(manifests, 'Ingress');
    expect(others).toHaveLength(0);
    const rule = ingress?.spec?.rules?.[0];
    expect(rule?.host).toBe('podcasts.example.com');
    expect(ingress?.spec?.ingressClassName).toBe('nginx');
    expect(ingress?.spec?.tls).toEqual([{ secretName: 'castbase-tls', hosts: ['podcasts.example.com'] }]);
    const routes = rule?.http?.paths.map((p) => [
      p.path,
      p.pathType,
      p.backend.service?.name,
      p.backend.service?.port?.number,
    ]);
    expect(routes).toEqual(
      PUBLIC_ROUTES.map(([path, service]) => [path, 'Prefix', `${RELEASE_PREFIX}-${service}`, 80]),
    );
  });

  it('migrates in a pre-install,pre-upgrade hook Job and never on service start', () => {
    const [job, ...others] = ofKind<IJob>(manifests, 'Job');
    expect(others).toHaveLength(0);
    expect(job?.metadata?.annotations).toMatchObject({
      'helm.sh/hook': 'pre-install,pre-upgrade',
      'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded',
    });
    const pod = job?.spec?.template.spec;
    expect(pod?.restartPolicy).toBe('Never');
    expect(pod?.containers[0]?.args).toEqual(['migrate']);
    // The Job's ServiceAccount is itself a hook created before it: the release's own does not exist yet.
    const account = named(
      ofKind<KubernetesManifest>(manifests, 'ServiceAccount'),
      pod?.serviceAccountName ?? '',
    );
    expect(account.metadata.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(Number(account.metadata.annotations?.['helm.sh/hook-weight'])).toBeLessThan(
      Number(job?.metadata?.annotations?.['helm.sh/hook-weight']),
    );
    const env = pod?.containers[0]?.env ?? [];
    expect(env.find((e) => e.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: 'castbase-database',
      key: 'DATABASE_URL',
    });
    const config = named(ofKind<IConfigMap>(manifests, 'ConfigMap'), RELEASE_PREFIX);
    expect(config.data).toMatchObject({
      MIGRATE_ON_START: 'false',
      PUBLIC_URL: 'https://podcasts.example.com',
    });
  });

  it(`autoscales exactly ${autoscaled.join(', ') || 'nothing'} and fixes the others at ${replicas} replicas`, () => {
    const hpas = ofKind<IHorizontalPodAutoscaler>(manifests, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec?.scaleTargetRef.name).sort()).toEqual(
      autoscaled.map((s) => `${RELEASE_PREFIX}-${s}`),
    );
    for (const hpa of hpas) expect(hpa.spec?.maxReplicas).toBeGreaterThan(hpa.spec?.minReplicas ?? Infinity);
    for (const service of SERVICES) {
      const deployment = named(ofKind<IDeployment>(manifests, 'Deployment'), `${RELEASE_PREFIX}-${service}`);
      expect(deployment.spec?.replicas).toBe(autoscaled.includes(service) ? undefined : replicas);
    }
  });
});

describe("the castbase chart's analytics journal", () => {
  it('can be a ReadWriteMany claim shared by the replicas instead of an emptyDir', () => {
    const manifests = parseManifests(
      renderChart(
        helm,
        [SITE],
        ['--set', 'services.analytics.journal.persistentVolumeClaim=castbase-journal'],
      ),
    );
    const pod = named(ofKind<IDeployment>(manifests, 'Deployment'), `${RELEASE_PREFIX}-analytics`).spec
      ?.template.spec;
    expect(pod?.volumes?.find((volume) => volume.name === 'journal')).toEqual({
      name: 'journal',
      persistentVolumeClaim: { claimName: 'castbase-journal' },
    });
  });
});

describe('the castbase chart values schema', () => {
  it('rejects an install without the site values, naming each missing one', () => {
    const run = helmTemplate(helm, []);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("values don't meet the specifications of the schema");
    for (const path of [
      '/publicUrl',
      '/postgresql/url',
      '/postgresql/existingSecret/name',
      '/nats/url',
      '/s3/bucket',
      '/s3/region',
    ]) {
      expect(run.stderr).toContain(`at '${path}'`);
    }
  });

  it.each([
    ['publicUrl', ['--set', 'publicUrl='], "at '/publicUrl'"],
    ['a public URL without scheme', ['--set', 'publicUrl=podcasts.example.com'], "at '/publicUrl'"],
    ['the database', ['--set', 'postgresql.existingSecret.name='], "at '/postgresql'"],
    ['NATS', ['--set', 'nats.url='], "at '/nats'"],
    ['the bucket', ['--set', 's3.bucket='], "at '/s3/bucket'"],
    ['a misspelt top-level value', ['--set', 'postgress.url=postgres://db/castbase'], 'postgress'],
  ])('rejects values where %s is wrong', (_what, args, message) => {
    const run = helmTemplate(helm, [SITE], args);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("values don't meet the specifications of the schema");
    expect(run.stderr).toContain(message);
  });

  it('rejects a database given both inline and by existing Secret', () => {
    const run = helmTemplate(helm, [SITE], ['--set', 'postgresql.url=postgres://castbase@db/castbase']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('postgresql: set url or existingSecret.name, not both');
  });

  it('keeps inline credentials in a Secret, shared by the services and, as a hook, by the migration Job', () => {
    const manifests = parseManifests(
      renderChart(
        helm,
        [SITE],
        [
          '--set',
          'postgresql.existingSecret.name=',
          '--set',
          'postgresql.url=postgres://castbase:pw@db:5432/castbase',
          '--set',
          's3.existingSecret.name=',
          '--set',
          's3.accessKeyId=AKIAEXAMPLE,s3.secretAccessKey=secret-example',
        ],
      ),
    );
    const secrets = ofKind<ISecret>(manifests, 'Secret');
    const releaseSecret = named(secrets, RELEASE_PREFIX);
    expect(releaseSecret.stringData).toEqual({
      DATABASE_URL: 'postgres://castbase:pw@db:5432/castbase',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-example',
    });
    const hookSecret = named(secrets, `${RELEASE_PREFIX}-migrate`);
    expect(hookSecret.stringData).toEqual(releaseSecret.stringData);
    expect(hookSecret.metadata?.annotations?.['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    const configText = JSON.stringify(named(ofKind<IConfigMap>(manifests, 'ConfigMap'), RELEASE_PREFIX).data);
    expect(configText).not.toContain('secret-example');
    expect(configText).not.toContain('pw@db');
    for (const deployment of ofKind<IDeployment>(manifests, 'Deployment')) {
      expect(deployment.spec?.template.spec?.containers[0]?.envFrom).toContainEqual({
        secretRef: { name: RELEASE_PREFIX },
      });
    }
    const job = ofKind<IJob>(manifests, 'Job')[0];
    expect(job?.spec?.template.spec?.containers[0]?.envFrom).toEqual([
      { secretRef: { name: `${RELEASE_PREFIX}-migrate` } },
    ]);
  });
});

describe('the castbase chart sign-in settings', () => {
  const envOf = (manifests: KubernetesManifest[], service: string) =>
    named(ofKind<IDeployment>(manifests, 'Deployment'), `${RELEASE_PREFIX}-${service}`).spec?.template.spec
      ?.containers[0]?.env ?? [];

  it("has the gateway fetch the built-in provider's keys from the identity Service inside the cluster", () => {
    const manifests = parseManifests(renderChart(helm, [SITE]));
    expect(envOf(manifests, 'gateway')).toContainEqual({
      name: 'OIDC_JWKS_URL',
      value: `http://${RELEASE_PREFIX}-identity:80/oidc/jwks`,
    });
    expect(envOf(manifests, 'identity').find((e) => e.name === 'OIDC_JWKS_URL')).toBeUndefined();
    expect(envOf(manifests, 'identity')).toContainEqual({
      name: 'SMTP_URL',
      valueFrom: { secretKeyRef: { name: 'castbase-smtp', key: 'SMTP_URL' } },
    });
  });

  it('passes an external issuer to every service, and keeps provider keys and SMTP credentials in the Secret', () => {
    const manifests = parseManifests(
      renderChart(
        helm,
        [SITE],
        [
          '--set',
          'oidc.issuerUrl=https://tenant.eu.auth0.com/,oidc.audience=https://api.podcasts.example.com',
          '--set',
          'oidc.clientId=spa-client,oidc.extraOrigins={http://localhost:5173}',
          '--set',
          'mail.existingSecret.name=,mail.smtpUrl=smtps://mailer:pw@smtp.example.com',
          '--set-string',
          'oidc.cookieKeys=first-cookie-key-of-32-characters',
        ],
      ),
    );
    expect(named(ofKind<IConfigMap>(manifests, 'ConfigMap'), RELEASE_PREFIX).data).toMatchObject({
      OIDC_ISSUER_URL: 'https://tenant.eu.auth0.com/',
      OIDC_AUDIENCE: 'https://api.podcasts.example.com',
      OIDC_CLIENT_ID: 'spa-client',
      OIDC_EXTRA_ORIGINS: 'http://localhost:5173',
      MAIL_FROM: 'Castbase <no-reply@podcasts.example.com>',
    });
    expect(named(ofKind<ISecret>(manifests, 'Secret'), RELEASE_PREFIX).stringData).toMatchObject({
      OIDC_COOKIE_KEYS: 'first-cookie-key-of-32-characters',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com',
    });
    expect(envOf(manifests, 'gateway').find((e) => e.name === 'OIDC_JWKS_URL')).toBeUndefined();
  });

  it('rejects an SMTP server given both inline and by existing Secret', () => {
    const run = helmTemplate(helm, [SITE], ['--set', 'mail.smtpUrl=smtp://smtp.example.com']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('mail: set smtpUrl or existingSecret.name, not both');
  });
});

describe('the Kubernetes schema check used on the chart', () => {
  const validDeployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web' },
    spec: {
      selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: { containers: [{ name: 'web', image: 'nginx' }] },
      },
    },
  };

  it('accepts a valid manifest', async () => {
    expect(await schemaErrors(validDeployment)).toEqual([]);
  });

  it('rejects wrong types and missing required fields', async () => {
    const wrongType = { ...validDeployment, spec: { ...validDeployment.spec, replicas: 'two' } };
    expect((await schemaErrors(wrongType)).join()).toContain('replicas');
    const noSelector = { ...validDeployment, spec: { template: validDeployment.spec.template } };
    expect((await schemaErrors(noSelector)).join()).toContain('selector');
  });

  it('rejects kinds it has no schema for instead of passing them', async () => {
    const errors = await schemaErrors({
      apiVersion: 'monitoring.coreos.com/v1',
      kind: 'ServiceMonitor',
      metadata: { name: 'x' },
    });
    expect(errors.join()).toContain('no Kubernetes schema for monitoring.coreos.com/v1 ServiceMonitor');
  });
});
