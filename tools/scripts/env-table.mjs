// Prints the README's table of environment variables from the config schemas (run after `npm run build`).
import { allInOneEnv, describeVariables } from '@castbase/platform-config';

const defaults = allInOneEnv.safeParse({});
console.log('| variable | default | what it is |');
console.log('|---|---|---|');
for (const { name, description, sensitive } of describeVariables(allInOneEnv)) {
  const value = defaults.success ? defaults.data[name] : undefined;
  const unset = value === undefined || (Array.isArray(value) && value.length === 0);
  const shown = unset ? '—' : `\`${String(value)}\``;
  console.log(`| \`${name}\`${sensitive ? ' (secret)' : ''} | ${shown} | ${description} |`);
}
