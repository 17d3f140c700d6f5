{{/* Names ------------------------------------------------------------------------------------ */}}

{{- define "castbase.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "castbase.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* <fullname>-<suffix>, kept within 63 characters. Args: (dict "root" $ "suffix" "gateway") */}}
{{- define "castbase.componentName" -}}
{{- $prefix := include "castbase.fullname" .root | trunc (int (sub 62 (len .suffix))) | trimSuffix "-" }}
{{- printf "%s-%s" $prefix .suffix }}
{{- end }}

{{- define "castbase.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Labels. Args: (dict "root" $ "component" "gateway"); component may be empty. */}}
{{- define "castbase.labels" -}}
helm.sh/chart: {{ include "castbase.chart" .root }}
{{ include "castbase.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: castbase
{{- end }}

{{- define "castbase.selectorLabels" -}}
app.kubernetes.io/name: {{ include "castbase.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- if .component }}
app.kubernetes.io/component: {{ .component }}
{{- end }}
{{- end }}

{{- define "castbase.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}
{{- end }}

{{- define "castbase.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "castbase.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The ServiceAccount the migration Job runs as: a hook-created one when the chart creates
     ServiceAccounts (the release's own does not exist yet at pre-install), else the given one. */}}
{{- define "castbase.migrationServiceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- include "castbase.componentName" (dict "root" . "suffix" "migrate") }}
{{- else }}
{{- include "castbase.serviceAccountName" . }}
{{- end }}
{{- end }}

{{/* Environment -------------------------------------------------------------------------------- */}}

{{/* An environment value as a string: YAML numbers arrive as float64, so 5 must not become "5e+00". */}}
{{- define "castbase.envValue" -}}
{{- if kindIs "float64" . }}
{{- if eq . (float64 (int64 .)) }}{{ int64 . }}{{ else }}{{ . }}{{ end }}
{{- else }}
{{- toString . }}
{{- end }}
{{- end }}

{{- define "castbase.checkExclusive" -}}
{{- $v := .Values }}
{{- if and $v.postgresql.url $v.postgresql.existingSecret.name }}
{{- fail "postgresql: set url or existingSecret.name, not both" }}
{{- end }}
{{- if and $v.nats.url $v.nats.existingSecret.name }}
{{- fail "nats: set url or existingSecret.name, not both" }}
{{- end }}
{{- if and (or $v.s3.accessKeyId $v.s3.secretAccessKey) $v.s3.existingSecret.name }}
{{- fail "s3: set accessKeyId/secretAccessKey or existingSecret.name, not both" }}
{{- end }}
{{- if ne (empty $v.s3.accessKeyId) (empty $v.s3.secretAccessKey) }}
{{- fail "s3: accessKeyId and secretAccessKey go together (set both, or neither to use workload identity)" }}
{{- end }}
{{- if and (or $v.oidc.jwks $v.oidc.cookieKeys) $v.oidc.existingSecret.name }}
{{- fail "oidc: set jwks/cookieKeys or existingSecret.name, not both" }}
{{- end }}
{{- if and $v.mail.smtpUrl $v.mail.existingSecret.name }}
{{- fail "mail: set smtpUrl or existingSecret.name, not both" }}
{{- end }}
{{- end }}

{{/* Plain environment shared by every service: the ConfigMap's data (YAML map of strings). */}}
{{- define "castbase.configData" -}}
{{- include "castbase.checkExclusive" . }}
{{- $v := .Values }}
{{- $d := dict
  "NODE_ENV" $v.config.nodeEnv
  "PORT" "3000"
  "PUBLIC_URL" $v.publicUrl
  "LOG_LEVEL" $v.config.logLevel
  "BUS_NAMESPACE" $v.nats.busNamespace
  "S3_BUCKET" $v.s3.bucket
  "S3_REGION" $v.s3.region
  "S3_FORCE_PATH_STYLE" (toString $v.s3.forcePathStyle)
  "MIGRATE_ON_START" "false"
  "TRUST_PROXY" $v.config.trustProxy
  "MEDIA_URL" (printf "http://%s:%v" (include "castbase.componentName" (dict "root" . "suffix" "media")) $v.service.port)
}}
{{- if not $v.nats.existingSecret.name }}{{ $_ := set $d "NATS_URL" $v.nats.url }}{{ end }}
{{- $optional := dict
  "DATABASE_POOL_MAX" $v.postgresql.poolMax
  "BUS_REQUEST_TIMEOUT_MS" $v.nats.requestTimeoutMs
  "S3_ENDPOINT" $v.s3.endpoint
  "S3_PUBLIC_URL" $v.s3.publicUrl
  "OIDC_ISSUER_URL" $v.oidc.issuerUrl
  "OIDC_AUDIENCE" $v.oidc.audience
  "OIDC_JWKS_URL" $v.oidc.jwksUrl
  "OIDC_CLIENT_ID" $v.oidc.clientId
  "OIDC_SCOPE" $v.oidc.scope
  "OIDC_EXTRA_ORIGINS" (join "," $v.oidc.extraOrigins)
  "MAIL_FROM" $v.mail.from
  "OTEL_EXPORTER_OTLP_ENDPOINT" $v.otel.endpoint
  "RATE_LIMIT_PER_MINUTE" $v.config.rateLimitPerMinute
}}
{{- range $name, $value := $optional }}
{{- if not (or (kindIs "invalid" $value) (eq (toString $value) "")) }}
{{- $_ := set $d $name (include "castbase.envValue" $value) }}
{{- end }}
{{- end }}
{{- range $name, $value := $v.env }}
{{- $_ := set $d $name (include "castbase.envValue" $value) }}
{{- end }}
{{- toYaml $d }}
{{- end }}

{{/* Secret environment the chart itself stores (YAML map; empty when every secret comes from
     existing Secrets). */}}
{{- define "castbase.secretData" -}}
{{- include "castbase.checkExclusive" . }}
{{- $v := .Values }}
{{- $d := dict }}
{{- if $v.postgresql.url }}{{ $_ := set $d "DATABASE_URL" $v.postgresql.url }}{{ end }}
{{- if $v.s3.accessKeyId }}{{ $_ := set $d "S3_ACCESS_KEY_ID" $v.s3.accessKeyId }}{{ end }}
{{- if $v.s3.secretAccessKey }}{{ $_ := set $d "S3_SECRET_ACCESS_KEY" $v.s3.secretAccessKey }}{{ end }}
{{- if $v.oidc.jwks }}{{ $_ := set $d "OIDC_JWKS" $v.oidc.jwks }}{{ end }}
{{- if $v.oidc.cookieKeys }}{{ $_ := set $d "OIDC_COOKIE_KEYS" $v.oidc.cookieKeys }}{{ end }}
{{- if $v.mail.smtpUrl }}{{ $_ := set $d "SMTP_URL" $v.mail.smtpUrl }}{{ end }}
{{- range $name, $value := $v.secretEnv }}
{{- $_ := set $d $name (include "castbase.envValue" $value) }}
{{- end }}
{{- if $d }}{{ toYaml $d }}{{ end }}
{{- end }}

{{/* env entries read from Secrets the operator manages. */}}
{{- define "castbase.existingSecretEnv" -}}
{{- $v := .Values }}
{{- if $v.postgresql.existingSecret.name }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef: { name: {{ $v.postgresql.existingSecret.name | quote }}, key: {{ $v.postgresql.existingSecret.key | quote }} }
{{- end }}
{{- if $v.nats.existingSecret.name }}
- name: NATS_URL
  valueFrom:
    secretKeyRef: { name: {{ $v.nats.existingSecret.name | quote }}, key: {{ $v.nats.existingSecret.key | quote }} }
{{- end }}
{{- if $v.s3.existingSecret.name }}
- name: S3_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef: { name: {{ $v.s3.existingSecret.name | quote }}, key: {{ $v.s3.existingSecret.accessKeyIdKey | quote }} }
- name: S3_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef: { name: {{ $v.s3.existingSecret.name | quote }}, key: {{ $v.s3.existingSecret.secretAccessKeyKey | quote }} }
{{- end }}
{{- if $v.oidc.existingSecret.name }}
- name: OIDC_JWKS
  valueFrom:
    secretKeyRef: { name: {{ $v.oidc.existingSecret.name | quote }}, key: {{ $v.oidc.existingSecret.jwksKey | quote }}, optional: true }
- name: OIDC_COOKIE_KEYS
  valueFrom:
    secretKeyRef: { name: {{ $v.oidc.existingSecret.name | quote }}, key: {{ $v.oidc.existingSecret.cookieKeysKey | quote }}, optional: true }
{{- end }}
{{- if $v.mail.existingSecret.name }}
- name: SMTP_URL
  valueFrom:
    secretKeyRef: { name: {{ $v.mail.existingSecret.name | quote }}, key: {{ $v.mail.existingSecret.key | quote }} }
{{- end }}
{{- end }}

{{/* A service container's env list. Args: (dict "root" $ "component" "gateway" "svc" $svc) */}}
{{- define "castbase.serviceEnv" -}}
{{- $own := dict "OTEL_SERVICE_NAME" (printf "%s-%s" .root.Values.otel.serviceNamePrefix .component) }}
{{- $oidc := .root.Values.oidc }}
{{- if and (eq .component "gateway") (not $oidc.issuerUrl) (not $oidc.jwksUrl) }}
{{- /* The built-in provider's keys, fetched inside the cluster rather than through the public address. */}}
{{- $identity := include "castbase.componentName" (dict "root" .root "suffix" "identity") }}
{{- $_ := set $own "OIDC_JWKS_URL" (printf "http://%s:%v/oidc/jwks" $identity .root.Values.service.port) }}
{{- end }}
{{- if and .svc.journal (eq .component "analytics") }}
{{- $_ := set $own "ANALYTICS_SPILL_DIR" "/var/lib/castbase/journal" }}
{{- end }}
{{- range $name, $value := .svc.env }}
{{- $_ := set $own $name (include "castbase.envValue" $value) }}
{{- end }}
{{- range $name, $value := $own }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- include "castbase.existingSecretEnv" .root }}
{{- end }}

{{/* Pods --------------------------------------------------------------------------------------- */}}

{{- define "castbase.podAnnotations" -}}
checksum/config: {{ include "castbase.configData" .root | sha256sum }}
checksum/secret: {{ include "castbase.secretData" .root | sha256sum }}
{{- if .root.Values.metrics.scrapeAnnotations }}
prometheus.io/scrape: "true"
prometheus.io/port: "3000"
prometheus.io/path: /metrics
{{- end }}
{{- with .root.Values.podAnnotations }}
{{ toYaml . }}
{{- end }}
{{- with .svc.podAnnotations }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* nodeSelector, tolerations, affinity and topology spread of a service's pods.
     Args: (dict "root" $ "component" "gateway" "svc" $svc) */}}
{{- define "castbase.scheduling" -}}
{{- $s := .root.Values.scheduling }}
{{- $nodeSelector := ternary .svc.nodeSelector $s.nodeSelector (hasKey .svc "nodeSelector") }}
{{- $tolerations := ternary .svc.tolerations $s.tolerations (hasKey .svc "tolerations") }}
{{- $affinity := ternary .svc.affinity $s.affinity (hasKey .svc "affinity") }}
{{- $antiAffinity := ternary .svc.podAntiAffinity $s.podAntiAffinity (hasKey .svc "podAntiAffinity") }}
{{- $selector := include "castbase.selectorLabels" (dict "root" .root "component" .component) }}
{{- with $nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- if $affinity }}
affinity:
  {{- toYaml $affinity | nindent 2 }}
{{- else if eq $antiAffinity "soft" }}
affinity:
  podAntiAffinity:
    preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        podAffinityTerm:
          topologyKey: kubernetes.io/hostname
          labelSelector:
            matchLabels:
              {{- $selector | nindent 14 }}
{{- else if eq $antiAffinity "hard" }}
affinity:
  podAntiAffinity:
    requiredDuringSchedulingIgnoredDuringExecution:
      - topologyKey: kubernetes.io/hostname
        labelSelector:
          matchLabels:
            {{- $selector | nindent 12 }}
{{- end }}
{{- if $s.zoneSpread.enabled }}
topologySpreadConstraints:
  - maxSkew: {{ $s.zoneSpread.maxSkew }}
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: {{ $s.zoneSpread.whenUnsatisfiable }}
    labelSelector:
      matchLabels:
        {{- $selector | nindent 8 }}
    matchLabelKeys:
      - pod-template-hash
{{- end }}
{{- end }}
