// Prints a development access token for the API of a local `npm start` (embedded defaults), signed with the key the
// all-in-one process keeps in ./.data/dev-signing-key (or AUTH_DEV_SIGNING_KEY). Development only: the gateway
// accepts these tokens only while such a key is configured.
//   npm run dev:token -- [subject] [username] [email]
import { existsSync, readFileSync } from 'node:fs';
import { mintDevAccessToken } from '@castbase/platform-auth';

const [subject = 'dev-user', username = 'dev', email = `${username}@localhost`] = process.argv.slice(2);
const keyFile = './.data/dev-signing-key';
const key =
  process.env.AUTH_DEV_SIGNING_KEY ??
  (existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : undefined);
if (!key) {
  console.error(
    `No development key: start Castbase once with \`npm start\` (it writes ${keyFile}) or set AUTH_DEV_SIGNING_KEY.`,
  );
  process.exit(1);
}
console.log(
  await mintDevAccessToken(key, { sub: subject, preferred_username: username, email }, { expiresIn: '12h' }),
);
